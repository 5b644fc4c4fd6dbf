import CommandCodec
import ReplayCore

extension ConformanceSuite {
  /// The suite with the cases generated for each widget of `widgets` (`--widgets FILE`) after its
  /// own (``widgetCases(_:)``); without a schema, the suite as it is.
  ///
  /// ```swift
  /// let suite = ConformanceSuite.standard.adding(widgets: schema)
  /// ```
  public func adding(widgets: WidgetSchema?) -> ConformanceSuite {
    guard let widgets else { return self }
    return ConformanceSuite(cases: cases + Self.widgetCases(widgets))
  }

  /// The cases of a widget schema (docs/WIDGETS.md §6.5, docs/CONFORMANCE.md §2), per widget in
  /// the schema's order, each under a linear layout:
  ///
  /// - `Required.Widgets.<Widget>.Create`: created with every default; `.CreateWithAttributes`:
  ///   with a valid value for each attribute;
  /// - `Required.Widgets.<Widget>.Property.<property>`: each property set through its wire form;
  /// - `Recommended.Widgets.<Widget>.InvalidValue.<property>` and `.InvalidAttribute.<attribute>`:
  ///   a value the schema refuses changes nothing (widget-invalid-value);
  /// - `Recommended.Widgets.<Widget>.ImmutableAttribute.<attribute>.<SetStyle|SetTextValue|SetIntValue>`:
  ///   an attribute does not change after creation (widget-immutable-attribute);
  /// - visibility: `Required.Widgets.<Widget>.Visibility.HideAndShow` or
  ///   `Recommended.….Visibility.NotHideable` (widget-not-hideable), and for a widget with
  ///   `displayableAfter` `Required.….Visibility.DisplayableAfter` and
  ///   `Recommended.….Visibility.ShownBeforeDisplayable` (widget-not-displayable);
  /// - `Recommended.Widgets.<Widget>.NotCreated.<Setter>` and `.UnknownProperty.<Setter>` for the
  ///   schema's own setters (widget-not-created, widget-unknown-property);
  /// - `Required.Widgets.<Widget>.Delete`.
  ///
  /// Each case's header names the schema (``ConformanceCase/widgets``): a testee that has not
  /// loaded it answers `unsupported` and the case is skipped (docs/CONFORMANCE.md §1.2).
  public static func widgetCases(_ schema: WidgetSchema) -> [ConformanceCase] {
    schema.widgets.flatMap { WidgetCaseMaker(schema: schema, definition: $0).cases }
  }
}

/// The cases of one widget of a schema.
struct WidgetCaseMaker {
  let schema: WidgetSchema
  let definition: WidgetDefinition
  /// The linear layout every widget is created in, and the widget's id.
  let layout: Int32 = 3
  let widget: Int32 = 4

  var kind: String { definition.name }
  /// `a PieChart`, `an AirportWidget`.
  func a(_ noun: String) -> String { Format.withArticle(noun) }
  var settable: [WidgetProperty] { definition.properties.filter { !$0.isCreationAttribute } }

  var cases: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    let required = "Required.Widgets.\(kind)"
    let recommended = "Recommended.Widgets.\(kind)"
    let model = "WIDGETS.md §6.2"

    do {
      var b = start()
      b.send(create())
      cases.append(named(b, "\(required).Create", "the creation command makes \(a(kind)) whose attributes and properties hold their defaults", model))
    }
    let givenAttributes = definition.attributes.compactMap { attribute in WidgetValues.valid(attribute).map { (attribute, $0) } }
    if !givenAttributes.isEmpty {
      var b = start()
      b.send(create(givenAttributes))
      cases.append(named(b, "\(required).CreateWithAttributes", "the creation command's fields give the \(kind)'s attributes (\(givenAttributes.map(\.0.name).joined(separator: ", ")))", model))
    }
    for property in settable {
      guard let value = WidgetValues.valid(property), let command = set(property, to: value) else { continue }
      var b = start()
      b.send(create())
      b.send(command)
      cases.append(named(b, "\(required).Property.\(property.name)", "\(property.wire) sets \(property.name) of \(a(kind)) (\(value))", model))
    }
    for property in settable {
      guard let good = WidgetValues.valid(property), let bad = WidgetValues.invalid(property), let setGood = set(property, to: good), let setBad = set(property, to: bad) else { continue }
      var b = start()
      b.send([create(), setGood])
      b.send(setBad)
      cases.append(named(b, "\(recommended).InvalidValue.\(property.name)", "\(property.name) of \(a(kind)) refuses \(bad): the value stays \(good)", "PROTOCOL.md §7 widget-invalid-value"))
    }
    for attribute in definition.attributes {
      guard let bad = WidgetValues.invalid(attribute) else { continue }
      var b = start()
      b.send(create([(attribute, bad)]))
      cases.append(named(b, "\(recommended).InvalidAttribute.\(attribute.name)", "\(a(kind)) created with \(attribute.name) \(bad) takes its default \(attribute.defaultValue ?? "(unset)")", "PROTOCOL.md §7 widget-invalid-value"))
    }
    cases += immutableAttributes(recommended)
    cases += visibility(required, recommended)
    cases += setters(recommended)
    cases += interaction(required)
    cases += containerCases(required, recommended)
    cases += namedEvents(required)
    cases += spellingCases(required)
    do {
      var b = start()
      b.send(createDisplayable())
      b.send(.to(widget, .deleteElement))
      cases.append(named(b, "\(required).Delete", "DELETE_ELEMENT removes \(a(kind))", "WIDGETS.md §6.2, PROTOCOL.md §3 38"))
    }
    return cases
  }

  /// SET_STYLE with an attribute's name, and SET_TEXT_VALUE or SET_INT_VALUE on the field it came
  /// from, change nothing.
  private func immutableAttributes(_ recommended: String) -> [ConformanceCase] {
    var cases: [ConformanceCase] = []
    let reference = "PROTOCOL.md §7 widget-immutable-attribute"
    for attribute in definition.attributes {
      let given = WidgetValues.valid(attribute)
      let other = WidgetValues.valid(attribute, avoiding: given) ?? given ?? "x"
      let initial: [(WidgetProperty, String)] = given.map { [(attribute, $0)] } ?? []
      // SET_STYLE with the attribute's name, unless a property is set by that key.
      if definition.properties(setBy: .style(key: attribute.name)).isEmpty {
        var b = start()
        b.send(create(initial))
        b.send(.style(widget, attribute.name, other))
        cases.append(named(b, "\(recommended).ImmutableAttribute.\(attribute.name).SetStyle", "SET_STYLE \(attribute.name) does not change \(a(kind))'s creation-time attribute", reference))
      }
      // The built-in setter of the attribute's field, unless some property is set by it.
      for type in [CommandType.setTextValue, .setIntValue] where type.fields.contains(attribute.wire.field) {
        let setsProperty = definition.properties.contains { property in
          if case .builtIn(let setter, _) = property.wire { return setter == type }
          return false
        }
        guard !setsProperty else { continue }
        var command = Command(type, internalId: widget)
        WidgetValues.write(other, into: attribute.wire.field, of: &command)
        var b = start()
        b.send(create(initial))
        b.send(command)
        cases.append(named(b, "\(recommended).ImmutableAttribute.\(attribute.name).\(ConformanceSuite.camel(type))", "\(type.name) does not change \(a(kind))'s creation-time attribute \(attribute.name)", reference))
      }
    }
    return cases
  }

  /// Hiding and showing, a widget that cannot be hidden, one that shows only once its
  /// `displayableAfter` properties are set.
  private func visibility(_ required: String, _ recommended: String) -> [ConformanceCase] {
    var cases: [ConformanceCase] = []
    let rules = definition.visibility
    if rules.isHideable {
      var b = start()
      b.send(createDisplayable())
      b.send(.to(widget, .setVisibility, value: 0))
      b.send(.to(widget, .setVisibility, value: 1))
      cases.append(named(b, "\(required).Visibility.HideAndShow", "SET_VISIBILITY hides and shows \(a(kind))", "WIDGETS.md §2.8, PROTOCOL.md §3", about: [.tree, .visibility]))
    } else {
      var b = start()
      b.send(createDisplayable())
      b.send(.to(widget, .setVisibility, value: 0))
      cases.append(named(b, "\(recommended).Visibility.NotHideable", "SET_VISIBILITY 0 does not hide \(a(kind)), which its schema says cannot be hidden", "PROTOCOL.md §7 widget-not-hideable", about: [.tree, .visibility]))
    }
    let waitsFor = rules.displayableAfter.compactMap { name in definition.property(named: name) }
    if !waitsFor.isEmpty {
      var b = start()
      b.send(create())
      for property in waitsFor {
        if let value = WidgetValues.valid(property), let command = set(property, to: value) { b.send(command) }
      }
      cases.append(named(b, "\(required).Visibility.DisplayableAfter", "\(a(kind)) becomes displayable once \(waitsFor.map(\.name).joined(separator: ", ")) \(waitsFor.count == 1 ? "is" : "are") set", "WIDGETS.md §2.8, §6.2"))
      var shown = start()
      shown.send(create())
      shown.send(.to(widget, .setVisibility, value: 1))
      // Blanked to "" where its type takes it, else set back to its default (both count as unset).
      if rules.blankHides, let property = waitsFor.first, !WidgetPropertyWire.isIntegerField(property.wire.field),
        let blankText = property.validate("") == nil ? "" : property.defaultValue,
        let value = WidgetValues.valid(property, avoiding: blankText), let give = set(property, to: value), let blank = set(property, to: blankText)
      {
        var hidden = start()
        hidden.send(createDisplayable() + [give])
        hidden.send(blank)
        cases.append(named(hidden, "\(required).Visibility.BlankHides", "\(a(kind)) whose \(property.name) is blanked to \(blankText.isEmpty ? "\"\"" : blankText) is not displayable again (blankHides)", "WIDGETS.md §2.8", about: [.tree, .visibility]))
      }
      // About the tree: what it judges is the widget's `displayable` (its snapshot's `widget`
      // member), false though shown; its visibility stays at the default, judged only for a
      // testee that reports it, so a testee that does not is not skipped.
      cases.append(named(shown, "\(recommended).Visibility.ShownBeforeDisplayable", "\(a(kind)) shown before \(waitsFor.map(\.name).joined(separator: ", ")) \(waitsFor.count == 1 ? "is" : "are") set stays not displayable (its widget's displayable is false)", "PROTOCOL.md §7 widget-not-displayable", about: .tree))
    }
    return cases
  }

  /// A tap: the widget's click, with its typed payloads at their first valid values, or a
  /// CommandEvent for a widget declaring no events (WIDGETS.md §6.5).
  private func interaction(_ required: String) -> [ConformanceCase] {
    var cases: [ConformanceCase] = []
    let state = ReferenceModel(widgets: schema).state
    // The event a tap sends depends on the schema alone, not on the widget's values.
    var withWidget = Element(id: widget, kind: .custom, parent: layout)
    withWidget.widget = CustomWidget(kind: kind)
    if case .success(let event)? = state.tapEvent(for: withWidget) {
      var b = start()
      b.send(createDisplayable())
      b.later(100)
      b.act(.tap(widget))
      let payloads = definition.events.first { $0.matches(event) }?.payloads.map(\.payload.name) ?? []
      let what = payloads.isEmpty ? "\(event.kind.name)" : "\(event.kind.name) with \(payloads.joined(separator: ", "))"
      cases.append(named(b, "\(required).Event.Tap", "a tap on \(a(kind)) sends its click, \(what)", "WIDGETS.md §2.6, §6.5", about: .tree, events: .user))
    }
    return cases
  }

  /// Each declared event asked for by name with chosen payloads (the `event` request,
  /// docs/CONFORMANCE.md §1.3): the widget sends exactly that event. The event a plain tap sends
  /// without typed payloads has none: `Event.Tap` is that case already.
  private func namedEvents(_ required: String) -> [ConformanceCase] {
    var cases: [ConformanceCase] = []
    var withWidget = Element(id: widget, kind: .custom, parent: layout)
    withWidget.widget = CustomWidget(kind: kind)
    let state = ReferenceModel(widgets: schema).state
    let tapped = try? state.tapEvent(for: withWidget)?.get()
    for event in definition.events {
      if event.payloads.isEmpty, let tapped, event.matches(tapped) { continue }
      guard let payloads = WidgetEventValues.chosen(for: event) else { continue }
      var b = start()
      b.send(createDisplayable())
      b.later(100)
      b.act(.widgetEvent(widget, name: event.name, payloads: payloads))
      let given = event.payloads.map { field in
        let value = payloads[field.payload.name]!
        return "\(field.payload.name) " + (field.payload.type == .string ? JSONText.quoted(value) : value)
      }
      let with = given.isEmpty ? "" : " with " + given.joined(separator: ", ")
      // `Event.Tap` is the plain tap's case; an event named Tap gets a name of its own.
      let name = event.name == "Tap" ? "Tap.Named" : event.name
      cases.append(named(b, "\(required).Event.\(name)", "asked for \(event.name)\(with), \(a(kind)) sends exactly that \(event.kind.name)", "CONFORMANCE.md §1.3 event, WIDGETS.md §2.6", about: .tree, events: .user))
    }
    return cases
  }

  /// The schema's own setters: sent to an element that is no such widget, and with a field no
  /// property uses.
  private func setters(_ recommended: String) -> [ConformanceCase] {
    var cases: [ConformanceCase] = []
    for setter in definition.setters {
      let carried = settable.filter { property in
        if case .custom(let name, _) = property.wire { return name == setter.name }
        return false
      }
      let camel = setter.name.split(separator: "_").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined()
      if let property = carried.first, let value = WidgetValues.valid(property) {
        var command = Command(custom: setter.name, internalId: layout)
        WidgetValues.write(value, into: property.wire.field, of: &command)
        var b = start()
        b.send(createDisplayable())
        b.send(command)
        cases.append(named(b, "\(recommended).NotCreated.\(camel)", "\(setter.name) to a linear layout, which is no \(kind), changes nothing", "PROTOCOL.md §7 widget-not-created"))
      }
      let used = Set(carried.map(\.wire.field))
      if let unused = [Command.Field.row, .column, .width, .height, .childInternalId].first(where: { !used.contains($0) }),
        let property = carried.first, let value = WidgetValues.valid(property), let current = set(property, to: value)
      {
        // The setter first sets every property it carries, then comes again with the same
        // values and the unused field: the case is about that field alone (a setter sets every
        // property of its fields, so absent ones would blank or zero them; WIDGETS.md §6.2).
        var command = current
        WidgetValues.write("1", into: unused, of: &command)
        var b = start()
        b.send(createDisplayable() + [current])
        b.send(command)
        cases.append(named(b, "\(recommended).UnknownProperty.\(camel)", "\(setter.name) carrying \(unused.rawValue), which no property of \(a(kind)) uses, and its properties' current values changes nothing", "PROTOCOL.md §7 widget-unknown-property"))
      }
    }
    return cases
  }

  // MARK: - Pieces

  /// An application with a frame view, and the linear layout the widget goes in.
  func start() -> CaseBuilder {
    var b = CaseBuilder.app()
    b.send(.create(.createLinearLayout, in: CaseBuilder.view, id: layout, value: 1))
    return b
  }

  /// The creation command, with `attributes` in their fields (none: every default).
  func create(_ attributes: [(WidgetProperty, String)] = []) -> Command {
    var command = Command(custom: definition.creation.name, internalId: layout, childInternalId: widget)
    for (attribute, value) in attributes { WidgetValues.write(value, into: attribute.wire.field, of: &command) }
    return command
  }

  /// The creation, and the properties `displayableAfter` waits for set, in one batch.
  func createDisplayable() -> [Command] {
    [create()] + definition.visibility.displayableAfter.compactMap { name in
      definition.property(named: name).flatMap { property in WidgetValues.valid(property).flatMap { set(property, to: $0) } }
    }
  }

  /// The command that sets `property` of the widget to `text` through its wire form.
  func set(_ property: WidgetProperty, to text: String) -> Command? {
    var command: Command
    switch property.wire {
    case .style(let key): return .style(widget, key, text)
    case .builtIn(let type, _): command = Command(type, internalId: widget)
    case .custom(let name, _):
      // A setter of the schema's own sets every property of its fields (WIDGETS.md §6.2): the
      // others get valid values, as an engine sends all of a setter's fields.
      command = Command(custom: name, internalId: widget)
      for other in settable where other.name != property.name {
        if case .custom(name, _) = other.wire, let value = WidgetValues.valid(other) {
          WidgetValues.write(value, into: other.wire.field, of: &command)
        }
      }
    case .creation: return nil
    }
    WidgetValues.write(text, into: property.wire.field, of: &command)
    return command
  }

  func named(_ builder: CaseBuilder, _ name: String, _ summary: String, _ reference: String, about: StateParts = .tree, events: EventKinds = []) -> ConformanceCase {
    builder.named(name, summary, reference, about: about, events: events).with(widgets: schema)
  }
}

/// Values for the generated cases, fixed (no randomness: a case's name means one thing).
enum WidgetValues {
  /// A value `property` accepts and its field carries, other than its default (and `avoiding`)
  /// where there is one; nil when the field can carry no valid value.
  static func valid(_ property: WidgetProperty, avoiding: String? = nil) -> String? {
    let usable = candidates(property).filter { property.validate($0) == nil && carries($0, property) }
    return usable.first { $0 != property.defaultValue && $0 != avoiding } ?? (avoiding == nil ? usable.first : nil)
  }

  /// A value `property` refuses that its field can carry: out of its range where it has one,
  /// else of the wrong form; nil when there is none (a string takes anything).
  static func invalid(_ property: WidgetProperty) -> String? {
    var values: [String] = []
    switch property.type {
    case .int, .double:
      if let maximum = property.maximum { values.append(number(maximum + 1)) }
      if let minimum = property.minimum { values.append(number(minimum - 1)) }
      values.append(property.type == .int ? "twelve" : "1.2.3")
    case .bool: values = ["2", "maybe"]
    case .string: values = []
    case .colour: values = ["banana"]
    case .enumeration: values = ["not-a-value"]
    case .url: values = ["no scheme here"]
    case .size: values = ["12 x 4"]
    case .point: values = ["1, 2"]
    case .rect: values = ["0,0,-1x2"]
    }
    return values.first { property.validate($0) != nil && carries($0, property) }
  }

  private static func candidates(_ property: WidgetProperty) -> [String] {
    switch property.type {
    case .int, .double:
      var values: [Double] = []
      if let value = property.defaultValue.flatMap(Double.init) { values += [value + 1, value - 1] }
      values += [property.maximum, property.minimum].compactMap { $0 }
      values += [42, 1, 2]
      if property.type == .double { values.insert(1.5, at: values.count - 3) }
      return values.map(number)
    case .bool: return ["false", "true"]
    case .string: return ["Conformance", "Ünïcode ✓"]
    case .colour: return ["#ff8800", "#123456"]
    case .enumeration(let values): return values
    case .url: return ["https://example.com/conformance.png", "https://example.com/other.png"]
    case .size: return ["200x100", "64x64"]
    case .point: return ["10,20", "-1.5,0"]
    case .rect: return ["0,0,320x44", "8,8,100x50"]
    }
  }

  /// `45` for a whole number, `1.5` otherwise.
  private static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// Whether the property's field carries `text` (an integer field holds integers and booleans
  /// within its range), and carries it as a value: in a creation command or a setter of the
  /// schema's own, a field at its default (0, "") is absent (docs/WIDGETS.md §6.2).
  static func carries(_ text: String, _ property: WidgetProperty) -> Bool {
    let field = property.wire.field
    let absentAtDefault: Bool
    switch property.wire {
    case .creation, .custom: absentAtDefault = true
    case .style, .builtIn: absentAtDefault = false
    }
    guard WidgetPropertyWire.isIntegerField(field) else { return !(absentAtDefault && text.isEmpty) }
    guard let value = integer(text) else { return false }
    let range: ClosedRange<Int64>
    switch field {
    case .flags: range = 0...Int64(UInt32.max)
    case .sheet: range = 0...Int64(UInt16.max)
    default: range = Int64(Int32.min)...Int64(Int32.max)
    }
    return range.contains(value) && !(absentAtDefault && value == 0)
  }

  /// `text` as an integer field's value: a decimal, or `true`/`false` as 1/0.
  private static func integer(_ text: String) -> Int64? {
    text == "true" ? 1 : text == "false" ? 0 : Int64(text)
  }

  /// Writes `text` into `field`: as text in a string field, as a number in an integer one.
  static func write(_ text: String, into field: Command.Field, of command: inout Command) {
    let value = integer(text) ?? 0
    switch field {
    case .key: command.key = text
    case .textValue: command.textValue = text
    case .textValue2: command.textValue2 = text
    case .internalId: break
    case .childInternalId: command.childInternalId = Int32(clamping: value)
    case .value: command.value = Int32(clamping: value)
    case .row: command.row = Int32(clamping: value)
    case .column: command.column = Int32(clamping: value)
    case .sheet: command.sheet = UInt16(clamping: value)
    case .width: command.width = Int32(clamping: value)
    case .height: command.height = Int32(clamping: value)
    case .flags: command.flags = UInt32(clamping: value)
    }
  }
}
