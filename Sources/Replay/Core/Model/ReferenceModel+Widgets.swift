import CommandCodec

/// Custom widgets (docs/WIDGETS.md §6.2): creation, properties by their declared wire forms,
/// the widget-* rules and the lifecycle hooks a platform runs.
extension ReferenceModel {
  /// A command of the widget schema: a creation or a setter of the schema's own.
  mutating func applyCustom(_ command: Command) {
    guard let widgets = state.widgets, let custom = widgets.command(named: command.customType),
      let definition = widgets.widget(named: custom.widget)
    else {
      return report(.notModelled, "\(command.typeName) is a custom command without a widget schema that declares it")
    }
    switch custom.role {
    case .create: createWidget(definition, command)
    case .set: setWithCustomCommand(definition, command)
    }
  }

  private mutating func createWidget(_ definition: WidgetDefinition, _ command: Command) {
    let id = command.childInternalId
    let existed = state.elements.contains(id)
    createElement(.custom, command, kindName: definition.name)
    guard !existed, state.elements.contains(id) else { return }  // refused: missing id, duplicate, cycle
    var widget = CustomWidget(
      kind: definition.name, isDisplayable: definition.visibility.displayableAfter.isEmpty,
      bareValues: Set((definition.attributes + definition.properties).filter(\.type.isBare).map(\.name)))
    var attributeFields: Set<Command.Field> = [.internalId, .childInternalId]
    for attribute in definition.attributes {
      guard case .creation(let field) = attribute.wire else { continue }
      attributeFields.insert(field)
      if command.hasValue(field) {
        let text = Self.text(of: field, in: command, as: attribute.type)
        if let problem = attribute.validate(text) {
          report(.widgetInvalidValue, "\(attribute.name) of \(definition.name) \(id): \(problem); \(attribute.defaultValue.map { "the default \($0) applies" } ?? "left unset")")
        } else {
          widget.attributes[attribute.name] = attribute.canonicalValue(text)
          continue
        }
      }
      if let value = attribute.defaultValue { widget.attributes[attribute.name] = Self.canonical(value, attribute.type) }
    }
    // A creation field no attribute reads is refused like a setter's (§6.2): the engine meant
    // something the schema does not say.
    for field in Command.Field.allCases where !attributeFields.contains(field) && command.hasValue(field) {
      report(.widgetUnknownProperty, "\(command.typeName) carries \(field.rawValue) for \(definition.name) \(id), which no attribute of \(definition.name) uses; ignored")
    }
    for property in definition.properties {
      if let value = property.defaultValue { widget.properties[property.name] = Self.canonical(value, property.type) }
    }
    let attributes = widget.attributes
    state.elements.update(id) { element in
      // The creation command's fields are the widget's attributes, not a label or a value.
      element.text = ""
      element.secondaryText = ""
      element.value = 0
      element.flags = 0
      element.widget = widget
    }
    customElements.insert(id)
    emit(.widget(target: id, .created(kind: definition.name, attributes: attributes)))
    // Its frame comes from the layout, which the model does not run: logged after the record
    // when the model has a layout (ReferenceModel+WidgetFrames), never made up from the schema.
  }

  /// A setter of the schema's own: it sets every property declared for one of its fields, to that
  /// field's value, a default (0, "") included: both codecs leave defaults out, so on the wire an
  /// absent field and a field at its default are one (an engine turns a bool off with 0). A field
  /// set that no property uses is `widget-unknown-property`.
  private mutating func setWithCustomCommand(_ definition: WidgetDefinition, _ command: Command) {
    let id = command.internalId
    guard let kind = state.elements.read(id, { $0.widget?.kind ?? $0.kind.rawValue }) else {
      return reportUnknownTarget(command)
    }
    guard kind == definition.name else {
      return report(.widgetNotCreated, "\(command.typeName) sets properties of \(Format.withArticle(definition.name)), but element \(id) is \(Format.withArticle(kind))")
    }
    for field in Command.Field.allCases where field != .internalId {
      guard let property = definition.properties(setBy: .custom(command: command.customType, field: field)).first else {
        if command.hasValue(field) {
          report(.widgetUnknownProperty, "\(command.typeName) carries \(field.rawValue) on \(definition.name) \(id), which no property of \(definition.name) uses; ignored")
        }
        continue
      }
      setProperty(property, of: definition, id, to: Self.text(of: field, in: command, as: property.type))
    }
    // One command, one change: the platform's widget becomes displayable after all of it.
    updateDisplayability(definition, id)
  }

  /// A built-in command to a custom widget: true when it set (or was refused for) a property or
  /// attribute; false to apply it as to any element (a plain style, a visibility).
  mutating func applyToWidget(_ command: Command) -> Bool {
    let id = command.internalId
    guard let widgets = state.widgets, let widget = state.elements.read(id, { $0.widget }).flatMap({ $0 }),
      let definition = widgets.widget(named: widget.kind)
    else { return false }
    switch command.type {
    case .setStyle:
      if let property = definition.properties(setBy: .style(key: command.textValue)).first {
        let accepted = setProperty(property, of: definition, id, to: command.textValue2)
        updateDisplayability(definition, id)
        // A property on a sizing key (an IBInspectable `width` set by SET_STYLE width) still sizes
        // the box, within the size rules: the style applies too (docs/WIDGETS.md §2.7).
        return !(accepted && Self.sizingStyleKeys.contains(command.textValue))
      }
      if definition.attributes.contains(where: { $0.name == command.textValue }) {
        report(.widgetImmutableAttribute, "SET_STYLE would change \(command.textValue) of \(definition.name) \(id), a creation-time attribute; ignored")
        return true
      }
      return false
    case .setVisibility:
      if command.value == 0 && !definition.visibility.isHideable {
        report(.widgetNotHideable, "SET_VISIBILITY hides \(definition.name) \(id), which its schema says cannot be hidden; ignored")
        return true
      }
      if command.value != 0 && !widget.isDisplayable {
        let missing = definition.visibility.displayableAfter.filter { !Self.isShown($0, in: widget, definition) }
        report(.widgetNotDisplayable, "\(definition.name) \(id) is shown before \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") set; drawn hidden until then")
      }
      return false
    default:
      var setFields: Set<Command.Field> = []
      for field in command.type.fields where field != .internalId {
        if let property = definition.properties(setBy: .builtIn(command.type, field: field)).first {
          setProperty(property, of: definition, id, to: Self.text(of: field, in: command, as: property.type))
          setFields.insert(field)
        }
      }
      if !setFields.isEmpty { updateDisplayability(definition, id) }
      guard command.type == .setTextValue || command.type == .setIntValue else { return !setFields.isEmpty }
      // An attribute's creation field that this command carries and no property takes: the
      // command would change the attribute, even when it sets a property through another field.
      let touched = definition.attributes.filter { attribute in
        let field = attribute.wire.field
        return field != .internalId && command.type.fields.contains(field) && !setFields.contains(field)
          && (setFields.isEmpty || command.hasValue(field))
      }
      if !touched.isEmpty {
        let names = touched.map(\.name).joined(separator: ", ")
        let what = touched.count == 1 ? "a creation-time attribute" : "creation-time attributes"
        report(.widgetImmutableAttribute, "\(command.type.name) would change \(names) of \(definition.name) \(id), \(what); \(setFields.isEmpty ? "ignored" : "that part is ignored")")
      }
      return !setFields.isEmpty || !touched.isEmpty
    }
  }

  /// Validates and stores one property value as its canonical text, logging the change a
  /// platform's widget would see (none when the value is the one it had, however spelt). The
  /// caller settles displayability once its command is done (``updateDisplayability(_:_:)``).
  ///
  /// - Returns: whether the value was accepted (false: refused as `widget-invalid-value`).
  @discardableResult
  private mutating func setProperty(_ property: WidgetProperty, of definition: WidgetDefinition, _ id: Int32, to text: String) -> Bool {
    if let problem = property.validate(text) {
      report(.widgetInvalidValue, "\(property.name) of \(definition.name) \(id): \(problem); ignored")
      return false
    }
    let value = property.canonicalValue(text)
    var old: String?
    state.elements.update(id) { element in
      old = element.widget!.properties[property.name]
      element.widget!.properties[property.name] = value
    }
    touch(id)
    if old.map({ !property.type.sameValue($0, value) }) ?? true {
      emit(.widget(target: id, .property(name: property.name, old: old, new: value)))
    }
    return true
  }

  /// The SET_STYLE keys that size a box (docs/WIREFRAME.md §3): a property set through one is
  /// kept as a style too, so that declaring it never stops it sizing the widget.
  static let sizingStyleKeys: Set<String> = ["width", "height", "min-width", "max-width", "min-height", "max-height"]

  /// Whether the `displayableAfter` property `name` counts as given: set, and with
  /// `blankHides`, neither "" nor its default (docs/WIDGETS.md §2.8).
  static func isShown(_ name: String, in widget: CustomWidget, _ definition: WidgetDefinition) -> Bool {
    guard let value = widget.properties[name] else { return false }
    guard definition.visibility.blankHides, let property = definition.properties.first(where: { $0.name == name }) else { return true }
    return !value.isEmpty && !(property.defaultValue.map { property.type.sameValue($0, value) } ?? false)
  }

  /// After a command set properties of widget `id`: it becomes displayable when every
  /// `displayableAfter` property is given, logged `displayable`; with `blankHides`, a blanked one
  /// makes it not displayable again, logged `not displayable`.
  private mutating func updateDisplayability(_ definition: WidgetDefinition, _ id: Int32) {
    guard let widget = state.elements.read(id, { $0.widget }).flatMap({ $0 }) else { return }
    let given = definition.visibility.displayableAfter.allSatisfy { Self.isShown($0, in: widget, definition) }
    guard given != widget.isDisplayable, given || definition.visibility.blankHides else { return }
    state.elements.update(id) { $0.widget!.isDisplayable = given }
    emit(.widget(target: id, given ? .displayable : .notDisplayable))
  }

  /// `text`, a valid value of `type`, as its canonical text.
  static func canonical(_ text: String, _ type: WidgetPropertyType) -> String {
    type.canonicalText(text) ?? text
  }

  /// DELETE_ELEMENT removed a custom widget.
  mutating func destroyWidget(_ id: Int32, kind: String?) {
    customElements.remove(id)
    emit(.widget(target: id, .destroyed(kind: kind ?? "custom")))
  }

  /// A field's value as the text form of `type` (docs/WIDGETS.md §3): integers as decimals,
  /// a bool in an integer field as `true` or `false`.
  static func text(of field: Command.Field, in command: Command, as type: WidgetPropertyType) -> String {
    let integer: Int64
    switch field {
    case .key: return command.key
    case .textValue: return command.textValue
    case .textValue2: return command.textValue2
    case .internalId: integer = Int64(command.internalId)
    case .childInternalId: integer = Int64(command.childInternalId)
    case .value: integer = Int64(command.value)
    case .row: integer = Int64(command.row)
    case .column: integer = Int64(command.column)
    case .sheet: integer = Int64(command.sheet)
    case .width: integer = Int64(command.width)
    case .height: integer = Int64(command.height)
    case .flags: integer = Int64(command.flags)
    }
    if type == .bool && (integer == 0 || integer == 1) { return integer == 1 ? "true" : "false" }
    return String(integer)
  }
}
