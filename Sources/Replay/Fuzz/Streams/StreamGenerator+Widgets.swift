import CommandCodec
import ReplayCore

/// Custom widgets in generated streams (docs/WIDGETS.md §6.5): each declared widget created with
/// valid attributes, its properties set through their declared wire forms with values of their
/// type and range, and, as labelled violations, every widget-* rule the schema allows broken once.
extension StreamGenerator {
  /// Creates a widget of a random declared kind under `parent`, with the properties its
  /// `displayableAfter` lists already set (a shown widget is then displayable), and a few more.
  @discardableResult
  mutating func createWidget(under parent: Int32, of chosen: WidgetDefinition? = nil, displayable: Bool = true) -> Int32? {
    guard let widgets = configuration.widgets, !widgets.widgets.isEmpty else { return nil }
    let definition = chosen ?? widgets.widgets[random.below(widgets.widgets.count)]
    let id = takeId()
    var command = Command(custom: definition.creation.name, internalId: parent, childInternalId: id)
    for attribute in definition.attributes where random.chance(80) {
      set(attribute, to: validValue(attribute), in: &command)
    }
    send(command)
    tree.create(id, kind: .custom, under: parent)
    widgetKinds[id] = definition.name
    fixGivenSize(of: id, definition)
    // Not displayable on purpose: nothing may set what it waits for before it is shown.
    guard displayable else { return id }
    for name in definition.visibility.displayableAfter {
      if let property = definition.properties.first(where: { $0.name == name }) { setProperty(property, of: id, to: validValue(property, of: definition)) }
    }
    for _ in 0..<random.below(3) { updateWidget(id) }
    return id
  }

  /// Sets one property of widget `id` to a valid value.
  mutating func updateWidget(_ id: Int32) {
    guard let definition = liveWidget(id), !definition.properties.isEmpty else { return }
    let property = definition.properties[random.below(definition.properties.count)]
    setProperty(property, of: id, to: validValue(property, of: definition))
  }

  /// The constructor's size on each `given` axis the rules bound (a TripWidget's 320–400): a
  /// random parent may offer any room, and a valid stream must not break a size rule
  /// (`widget-size`, docs/WIDGETS.md §2.7), so the engine sizes the widget within its rules, as
  /// an engine calling CWIWidget's `setFrame` with a size its widget accepts does.
  mutating func fixGivenSize(of id: Int32, _ definition: WidgetDefinition) {
    let rules = definition.size
    for (key, given, low, high) in [("width", rules.widthIsGiven, rules.minWidth, rules.maxWidth), ("height", rules.heightIsGiven, rules.minHeight, rules.maxHeight)]
    where given && (low != nil || high != nil) {
      send(Command(.setStyle, internalId: id, textValue: key, textValue2: Format.number(sizeWithin(low, high))))
    }
  }

  /// A whole size within `low`…`high` (either may be open).
  mutating func sizeWithin(_ low: Double?, _ high: Double?) -> Double {
    let from = (low ?? 0).rounded(.up)
    let to = max(from, (high ?? from + 100).rounded(.down))
    return from + Double(random.below(Int(min(to - from, 10_000)) + 1))
  }

  /// A value `property` of a `definition` widget accepts: a property set through a sizing style
  /// key (an IBInspectable `width` set by `SET_STYLE width`) sizes the box (docs/WIDGETS.md
  /// §2.7), so its value lies within the size rules too, else a valid stream would break them.
  mutating func validValue(_ property: WidgetProperty, of definition: WidgetDefinition) -> String {
    let rules = definition.size
    guard case .style(let key) = property.wire, property.type == .int || property.type == .double else { return validValue(property) }
    let bounds: (Double?, Double?)
    switch key {
    case "width", "min-width", "max-width": bounds = (rules.minWidth, rules.maxWidth)
    case "height", "min-height", "max-height": bounds = (rules.minHeight, rules.maxHeight)
    default: return validValue(property)
    }
    guard bounds.0 != nil || bounds.1 != nil else { return validValue(property) }
    let low = [bounds.0, property.minimum].compactMap { $0 }.max()
    let high = [bounds.1, property.maximum].compactMap { $0 }.min()
    return Format.number(sizeWithin(low, high.map { max($0, low ?? $0) }))
  }

  /// The definition of the live widget `id`.
  func liveWidget(_ id: Int32) -> WidgetDefinition? {
    guard tree.kind(of: id) == .custom, let kind = widgetKinds[id] else { return nil }
    return configuration.widgets?.widget(named: kind)
  }

  /// The live widgets under `root` whose kinds declare events, in id order.
  func widgetsWithEvents(under root: Int32) -> [Int32] {
    widgetKinds.keys.sorted().filter { id in
      guard let definition = liveWidget(id), !definition.events.isEmpty else { return false }
      var current = tree.parent(of: id)
      while let parent = current {
        if parent == root { return true }
        current = tree.parent(of: parent)
      }
      return false
    }
  }

  /// The platform's record of a user's gesture on widget `id`: one of the events its schema
  /// declares, chosen evenly, with valid typed payloads drawn by the engine monkey's rule
  /// (``WidgetEvent/samplePayloads(_:)``); prose fields as a script step sends them, a click's
  /// `value` 1 (docs/WIDGETS.md §6.5). `fuzz platform` plays it as the `event` request, or as a
  /// tap when a plain tap sends exactly it.
  mutating func widgetEvent(_ id: Int32) {
    guard let definition = liveWidget(id), !definition.events.isEmpty else { return }
    let declared = definition.events[random.below(definition.events.count)]
    let payloads = declared.samplePayloads { random.below($0) }.mapValues { JSONValue.string($0) }
    // Refused only if the sampling rule and the model's checks disagreed; a test holds them equal.
    guard case .success(let event) = UIState.event(declared, of: definition, payloads: payloads, fields: [:]) else { return }
    record(.event(target: id, event))
  }

  /// A live widget, of `kind` when given; nil when there is none.
  mutating func randomWidget(of kind: String? = nil) -> Int32? {
    widgetKinds = widgetKinds.filter { tree.kind(of: $0.key) == .custom }
    let ids = widgetKinds.filter { kind == nil || $0.value == kind }.keys.sorted()
    return ids.isEmpty ? nil : ids[random.below(ids.count)]
  }

  /// The command that sets `property` of `id` to `text`, through its declared wire form.
  ///
  /// A setter of the schema's own sets every property of its fields (docs/WIDGETS.md §6.2), so
  /// the others get valid values too, as an engine sends all of a setter's fields.
  mutating func setProperty(_ property: WidgetProperty, of id: Int32, to text: String) {
    var command: Command
    switch property.wire {
    case .style(let key):
      command = Command(.setStyle, internalId: id, textValue: key)
    case .builtIn(let type, _):
      command = Command(type, internalId: id)
    case .custom(let name, _):
      command = customSetter(name, of: id)
    case .creation:
      return
    }
    set(property, to: text, in: &command)
    send(command)
  }

  /// A setter of the schema's own with a valid value in every field a property of it uses.
  mutating func customSetter(_ name: String, of id: Int32) -> Command {
    var command = Command(custom: name, internalId: id)
    let properties = configuration.widgets?.widgets.flatMap(\.properties) ?? []
    for other in properties {
      if case .custom(name, _) = other.wire { set(other, to: validValue(other), in: &command) }
    }
    return command
  }

  /// Writes `text` into the property's field: as text in a string field, as a number in an
  /// integer one (`true`/`false` as 1/0).
  func set(_ property: WidgetProperty, to text: String, in command: inout Command) {
    let field = property.wire.field
    let number: Int32 = text == "true" ? 1 : text == "false" ? 0 : Int32(text) ?? 0
    switch field {
    case .key: command.key = text
    case .textValue: command.textValue = text
    case .textValue2: command.textValue2 = text
    case .internalId: break
    case .childInternalId: command.childInternalId = number
    case .value: command.value = number
    case .row: command.row = number
    case .column: command.column = number
    case .sheet: command.sheet = UInt16(clamping: number)
    case .width: command.width = number
    case .height: command.height = number
    case .flags: command.flags = UInt32(clamping: number)
    }
  }

  /// A value `property` accepts, as its text form (docs/WIDGETS.md §3).
  mutating func validValue(_ property: WidgetProperty) -> String {
    let integerField = WidgetPropertyWire.isIntegerField(property.wire.field)
    switch property.type {
    case .int:
      // Within the range and the field (an integer field holds an Int32, a sheet a UInt16).
      var low = max(property.minimum ?? -1000, integerField ? 0 : -1_000_000)
      var high = min(property.maximum ?? (low + 1000), 1_000_000)
      if property.wire.field == .flags || property.wire.field == .sheet { low = max(low, 0); high = min(high, 65_535) }
      if high < low { high = low }
      // Field 0 is "absent" for a custom setter: it would set nothing; keep such values off.
      var value = Int64(low) + Int64(random.below(Int(Int64(high) - Int64(low)) + 1))
      if value == 0 && integerField && high >= 1 { value = 1 }
      return String(value)
    case .double:
      let low = property.minimum ?? 0
      let high = property.maximum ?? (low + 100)
      let whole = Int(low.rounded(.up)) + random.below(max(1, Int(high.rounded(.down)) - Int(low.rounded(.up)) + 1))
      return Format.number(Double(min(max(Double(whole), low), high)))
    case .bool:
      return integerField || random.chance(50) ? "true" : "false"
    case .string:
      let text = text()
      return text.isEmpty ? "x" : text
    case .colour:
      return "#" + [random.below(256), random.below(256), random.below(256)].map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
    case .enumeration(let values):
      return values[random.below(values.count)]
    case .url:
      return "https://example.com/\(random.below(1000)).png"
    case .size:
      return "\(1 + random.below(400))x\(1 + random.below(400))" + (random.chance(20) ? ".5" : "")
    case .point:
      return "\(random.below(400)),-\(random.below(400)).25"
    case .rect:
      return "\(random.below(400)),\(random.below(400)),\(1 + random.below(400))x\(1 + random.below(400))"
    }
  }

  /// A value `property` refuses and its field can carry, or nil (a string takes anything).
  mutating func invalidValue(_ property: WidgetProperty) -> String? {
    let integerField = WidgetPropertyWire.isIntegerField(property.wire.field)
    switch property.type {
    case .int:
      if let maximum = property.maximum, maximum < 1_000_000 { return String(Int64(maximum) + 1 + Int64(random.below(50))) }
      if let minimum = property.minimum, minimum > -1_000_000 && (!integerField || minimum > 1) {
        return String(Int64(minimum) - 1 - Int64(random.below(minimum > 1 ? Int(minimum) - 1 : 50)))
      }
      return integerField ? nil : "twelve"
    case .double:
      if let maximum = property.maximum { return Format.number(maximum + 1 + Double(random.below(50))) }
      return integerField ? nil : "1.2.3"
    case .bool: return integerField ? "2" : "maybe"
    case .string: return nil
    case .colour: return integerField ? nil : ["banana", "#12", "reddish", "#gggggg"][random.below(4)]
    case .enumeration: return integerField ? nil : "not-a-value"
    case .url: return integerField ? nil : "no scheme here"
    case .size: return integerField ? nil : ["12", "12 x 4", "-1x2"][random.below(3)]
    case .point: return integerField ? nil : ["12", "1, 2", "1,2,3"][random.below(3)]
    case .rect: return integerField ? nil : ["0,0", "0,0,-1x2", "0,0,12"][random.below(3)]
    }
  }

  /// Breaks one widget-* rule; false when the schema or the state offers no way to.
  mutating func breakWidgetRule(_ rule: DiagnosticRule) -> Bool {
    guard let widgets = configuration.widgets, !widgets.widgets.isEmpty else { return false }
    let container = descendContainer()
    switch rule {
    case .widgetInvalidValue:
      let candidates = widgets.widgets.filter { definition in definition.properties.contains { $0.wire.isSettable && refusable($0) } }
      guard !candidates.isEmpty else { return false }
      let definition = candidates[random.below(candidates.count)]
      guard let id = randomWidget(of: definition.name) ?? createWidget(under: container, of: definition) else { return false }
      let properties = definition.properties.filter { $0.wire.isSettable && refusable($0) }
      let property = properties[random.below(properties.count)]
      guard let bad = invalidValue(property) else { return false }
      setProperty(property, of: id, to: bad)
    case .widgetImmutableAttribute:
      let candidates = widgets.widgets.filter { !$0.attributes.isEmpty }
      guard !candidates.isEmpty else { return false }
      let definition = candidates[random.below(candidates.count)]
      guard let id = randomWidget(of: definition.name) ?? createWidget(under: container, of: definition) else { return false }
      let attribute = definition.attributes[random.below(definition.attributes.count)]
      guard !definition.properties.contains(where: { $0.wire == .style(key: attribute.name) }) else { return false }
      send(Command(.setStyle, internalId: id, textValue: attribute.name, textValue2: validValue(attribute)))
    case .widgetNotCreated:
      let setters = widgets.widgets.flatMap { definition in definition.properties.filter { if case .custom = $0.wire { return true } else { return false } } }
      guard !setters.isEmpty else { return false }
      let property = setters[random.below(setters.count)]
      // A built-in element: the layout the widget would have gone in.
      guard tree.kind(of: container) != .custom else { return false }
      var value = validValue(property)
      if value == "0" || value == "false" || value.isEmpty { value = property.type == .bool ? "true" : "1" }
      setProperty(property, of: container, to: value)
    case .widgetUnknownProperty:
      for definition in widgets.widgets.shuffled(using: &random) {
        for setter in definition.setters {
          let used = Set(definition.properties.compactMap { property -> Command.Field? in
            if case .custom(let name, let field) = property.wire, name == setter.name { return field }
            return nil
          })
          let unused: [Command.Field] = [.row, .column, .width, .height, .childInternalId].filter { !used.contains($0) }
          guard let field = unused.first else { continue }
          guard let id = randomWidget(of: definition.name) ?? createWidget(under: container, of: definition) else { return false }
          var command = customSetter(setter.name, of: id)
          switch field {
          case .row: command.row = 1
          case .column: command.column = 1
          case .width: command.width = 1
          case .height: command.height = 1
          default: command.childInternalId = 1
          }
          send(command)
          return true
        }
      }
      return false
    case .widgetNotDisplayable:
      let candidates = widgets.widgets.filter { !$0.visibility.displayableAfter.isEmpty }
      guard !candidates.isEmpty else { return false }
      guard let id = createWidget(under: container, of: candidates[random.below(candidates.count)], displayable: false) else { return false }
      send(Command(.setVisibility, internalId: id, value: 1))
    case .widgetNotHideable:
      let candidates = widgets.widgets.filter { !$0.visibility.isHideable }
      guard !candidates.isEmpty else { return false }
      let definition = candidates[random.below(candidates.count)]
      guard let id = randomWidget(of: definition.name) ?? createWidget(under: container, of: definition) else { return false }
      send(Command(.setVisibility, internalId: id, value: 0))
    default:
      return false
    }
    return true
  }

  /// Whether some value of the property's type is refused and fits its field; asking draws
  /// nothing from the stream's random numbers, so the stream stays what it was.
  private mutating func refusable(_ property: WidgetProperty) -> Bool {
    let saved = random
    defer { random = saved }
    return invalidValue(property) != nil
  }

  /// A live built-in container on the front screen (or the application's first screen) to put a
  /// widget in.
  mutating func descendContainer() -> Int32 {
    var id = descend(from: pickRoot())
    while let kind = tree.kind(of: id), !kind.canHaveChildren || kind == .application, let parent = tree.parent(of: id) {
      id = parent
    }
    return id
  }
}

extension WidgetPropertyWire {
  /// Whether a command after creation sets it (every form but a creation field).
  var isSettable: Bool {
    if case .creation = self { return false }
    return true
  }
}
