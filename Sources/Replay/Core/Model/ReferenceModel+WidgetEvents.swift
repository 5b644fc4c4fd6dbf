import CommandCodec

extension ReferenceModel {
  /// Checks an event a platform sent to a custom widget against the events its schema declares
  /// (docs/WIDGETS.md §2.6): `widget-unknown-event` when none matches its class and `match`,
  /// `widget-invalid-event-value` for each typed field outside its type or range. A widget that
  /// declares no events is not checked: its schema says nothing about them.
  mutating func checkWidgetEvent(_ event: Event, to target: Int32) {
    guard let widgets = state.widgets, let widget = state.elements.read(target, { $0.widget }).flatMap({ $0 }),
      let definition = widgets.widget(named: widget.kind), !definition.events.isEmpty
    else { return }
    guard let declared = definition.events.first(where: { $0.matches(event) }) else {
      let list = definition.events.map { declared in
        declared.name + " (" + ([declared.kind.name] + declared.match.map { "\($0.field)=\($0.value)" }).joined(separator: " ") + ")"
      }
      return report(.widgetUnknownEvent, "\(event.kind.name) to \(definition.name) \(target) is no event its schema declares (it declares \(list.joined(separator: ", ")))")
    }
    for (field, payload) in declared.payloads {
      guard let descriptor = event.kind.fields.first(where: { $0.name == field }), let text = event.fieldText(field),
        let problem = payload.problem(wire: text, in: descriptor.type)
      else { continue }
      report(.widgetInvalidEventValue, "\(declared.name) to \(definition.name) \(target): \(payload.name) (\(field)): \(problem.message)")
    }
  }
}
