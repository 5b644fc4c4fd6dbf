import CommandCodec

extension UIState {
  /// The event a plain tap on the custom widget `element` sends (docs/SCRIPT_FORMAT.md §2): the
  /// event its schema names `tap`; else the first (in sorted order) whose `match` is `value` 1;
  /// else the first without a `match` that is a `ValueEvent`, the class a tap on a built-in
  /// element sends (so a chart's `tapped`, not the `rangeChanged` TouchEvent beside it, sorted
  /// first); else the first without a `match`; a
  /// `CommandEvent` when it declares no events. An event told apart by another match (a long
  /// press's `value` 2) is sent only when a step names it.
  ///
  /// - Returns: nil for built-in elements; a failure naming the events to choose from when every
  ///   declared event is told apart by a match other than a click.
  public func tapEvent(for element: Element) -> Result<Event, WidgetEventRefusal>? {
    guard let widget = element.widget else { return nil }
    guard let definition = widgets?.widget(named: widget.kind), !definition.events.isEmpty else {
      return Event.make(.command, fields: ["value": .number(1)]).mapError { WidgetEventRefusal(message: $0.message) }
    }
    let click = [WidgetEvent.Match(field: "value", value: "1")]
    guard
      let declared = definition.events.first(where: { $0.name == "tap" }) ?? definition.events.first(where: { $0.match == click })
        ?? definition.events.first(where: { $0.match.isEmpty && $0.kind == .value })
        ?? definition.events.first(where: { $0.match.isEmpty })
    else {
      return .failure(WidgetEventRefusal(message: "\(definition.name) declares no plain tap (an event named tap, one matching value 1, or one without match): name one with \"event\": \(definition.events.map(\.name).joined(separator: ", "))"))
    }
    return Self.event(declared, of: definition, payloads: [:], fields: [:])
  }

  /// The event `name` that the custom widget `element` declares, with every typed payload given
  /// by payload name as its value's text form: what the conformance request `event` asks a
  /// platform to make its widget send (docs/CONFORMANCE.md §1.3). Prose fields take what a
  /// script step without fields gives them (an untyped `value` is 1), matched fields their values.
  ///
  /// - Returns: a failure when the element is no custom widget of the schema, declares no such
  ///   event, or a payload is unknown, missing, or refused by its type or range.
  public func widgetEvent(_ name: String, payloads: [String: String], for element: Element) -> Result<Event, WidgetEventRefusal> {
    guard let widget = element.widget, let definition = widgets?.widget(named: widget.kind) else {
      return .failure(WidgetEventRefusal(message: "\(Format.withArticle(element.kindName)) is no custom widget of the schema: it sends no named events"))
    }
    guard let declared = definition.events.first(where: { $0.name == name }) else {
      let names = definition.events.map(\.name)
      return .failure(WidgetEventRefusal(message: "\(definition.name) declares no event \(WidgetValueSyntax.quoted(name)); it declares \(names.isEmpty ? "none" : names.joined(separator: ", "))"))
    }
    let typed = declared.payloads.map(\.payload.name)
    if let extra = payloads.keys.sorted().first(where: { !typed.contains($0) }) {
      return .failure(WidgetEventRefusal(message: "\(definition.name)'s \(name) has no payload \(WidgetValueSyntax.quoted(extra)) (it has \(typed.isEmpty ? "none" : typed.joined(separator: ", ")))"))
    }
    if let missing = typed.first(where: { payloads[$0] == nil }) {
      return .failure(WidgetEventRefusal(message: "\(definition.name)'s \(name) needs its payload \(missing)"))
    }
    return Self.event(declared, of: definition, payloads: payloads.mapValues { .string($0) }, fields: [:])
  }

  /// `record` with an event to a custom widget of this state compared by type: the typed
  /// payloads in string fields spelt canonically (``WidgetEvent/canonical(_:)``), so that a
  /// platform sending `#FF8800` where the model sends `#ff8800` sends the same event. Any other
  /// record is returned as it is.
  public func typedForComparison(_ record: TraceRecord) -> TraceRecord {
    guard case .event(let target, let event) = record.body, let kind = elements[target]?.widget?.kind,
      let declared = widgets?.widget(named: kind)?.events.first(where: { $0.matches(event) })
    else { return record }
    return TraceRecord(time: record.time, .event(target: target, declared.canonical(event)))
  }

  /// The event `declared` of `definition`, with the typed payloads given by payload name (JSON
  /// values as a script writes them), the prose fields given by class field name, the matched
  /// fields at their fixed values, and every payload not given at its first valid value
  /// (``WidgetEventPayload/sample(_:)``). A plain tap sets an untyped `value` to 1, a click.
  ///
  /// Each value is checked by type and range, then the whole event by the trace decoder.
  package static func event(_ declared: WidgetEvent, of definition: WidgetDefinition, payloads: [String: JSONValue], fields given: [String: JSONValue]) -> Result<Event, WidgetEventRefusal> {
    let kindFields = declared.kind.fields
    func type(of field: String) -> EventFieldType { kindFields.first { $0.name == field }?.type ?? .string }
    var fields = given
    if given.isEmpty, payloads.isEmpty, kindFields.contains(where: { $0.name == "value" }) { fields["value"] = .number(1) }
    for match in declared.match {
      switch type(of: match.field) {
      case .string, .bytes: fields[match.field] = .string(match.value)
      case .bool: fields[match.field] = .bool(match.value == "true")
      default: fields[match.field] = .number(WidgetValueSyntax.number(match.value) ?? 0)
      }
    }
    for (field, payload) in declared.payloads {
      var text = payload.sample { _ in 0 }
      if let value = payloads[payload.name] {
        switch value {
        case .number(let number): text = WidgetValueSyntax.canonicalNumber(number)
        case .bool(let flag): text = flag ? "true" : "false"
        case .string(let string): text = string
        default: break
        }
        if let problem = payload.validate(text) {
          return .failure(WidgetEventRefusal(message: "\(definition.name)'s \(declared.name): \(payload.name): \(problem.message)"))
        }
      }
      fields[field] = payload.wireValue(text, in: type(of: field))
    }
    return Event.make(declared.kind, fields: fields).mapError { WidgetEventRefusal(message: "\(definition.name)'s \(declared.name): \($0.message)") }
  }
}

/// Why a custom widget's event cannot be sent as asked: what a script step is told.
public struct WidgetEventRefusal: Error, Sendable {
  public var message: String
}
