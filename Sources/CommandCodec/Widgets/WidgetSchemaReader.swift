/// Reads a parsed schema document into a validated ``WidgetSchema``: the widgets one by one,
/// then the rules across widgets (names and commands unique, codes unique).
///
/// Each check throws the first ``WidgetSchema/Failure`` it finds, at the path of the value at
/// fault. Objects keyed by name (properties, attributes, events) are read in sorted key order,
/// so the failure reported for a schema is always the same one.
enum WidgetSchemaReader {
  typealias Failure = WidgetSchema.Failure

  /// Where each custom command was declared, for failures across widgets.
  struct Declaration {
    var command: WidgetCommand
    /// The object holding `command` and `code` (`widgets[0].create`, `….set`).
    var path: String
  }

  /// The whole document.
  static func schema(from document: JSONValue) throws(Failure) -> WidgetSchema {
    let root = try SchemaObject(document, at: "", allowed: ["widgetSchema", "name", "description", "widgets"])
    let versionValue = try root.required("widgetSchema")
    guard case .number(let version) = versionValue, version == Double(WidgetSchema.formatVersion) else {
      throw Failure(.unsupportedVersion, at: "widgetSchema", "this reader knows widget schema version \(WidgetSchema.formatVersion), found \(versionValue.canonicalText)")
    }
    guard let items = try root.array("widgets") else { throw Failure(.missingKey, at: "", "missing key \"widgets\"") }
    var widgets: [WidgetDefinition] = []
    var declarations: [Declaration] = []
    for (index, item) in items.enumerated() {
      let path = "widgets[\(index)]"
      let (widget, declared) = try WidgetSchemaReader.widget(item, at: path)
      if let earlier = widgets.firstIndex(where: { $0.name == widget.name }) {
        throw Failure(.duplicateName, at: path + ".name", "widgets[\(earlier)] is already called \(WidgetValueSyntax.quoted(widget.name))")
      }
      widgets.append(widget)
      declarations += declared
    }
    try checkContainerKinds(widgets)
    try checkCommandsAcross(declarations)
    return WidgetSchema(name: try root.string("name") ?? "", widgets: widgets, summary: try root.string("description") ?? "")
  }

  /// One widget kind.
  static func widget(_ value: JSONValue, at path: String) throws(Failure) -> (WidgetDefinition, [Declaration]) {
    let object = try SchemaObject(
      value, at: path, allowed: ["name", "description", "create", "attributes", "properties", "events", "size", "visibility", "preview", "container", "layout"])
    let name = try object.requiredString("name")
    guard SchemaObject.isIdentifier(name) else {
      throw Failure(.invalidName, at: object.path("name"), "\(WidgetValueSyntax.quoted(name)) is not a widget name (a letter, then letters, digits and _)")
    }
    // A widget is shown, selected and diffed by its name beside the built-in kinds: one name,
    // one kind (`button 5` must not be two things). In any case: a script's `Button` is read as
    // a misspelt `button`, never as a widget (docs/WIDGETS.md §4).
    if let kind = WidgetSchema.builtInKindNames.first(where: { $0.lowercased() == name.lowercased() }) {
      let what = kind == name ? "is a built-in element kind" : "differs from the built-in element kind \(kind) only in case"
      throw Failure(.builtInCollision, at: object.path("name"), "\(name) \(what); a custom widget takes a name of its own (selectors and diff paths name kinds)")
    }
    // A selector tells a widget's kind from a built-in kind by its capital first (`PieChart`,
    // `button`): a widget named in lower case could never be selected by a script.
    guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else {
      let capital = name.prefix(1).uppercased() + name.dropFirst()
      throw Failure(.invalidName, at: object.path("name"), "\(WidgetValueSyntax.quoted(name)) begins in lower case; a widget's name begins with a capital (\(capital)), which is how a script's selector tells it from a built-in kind")
    }
    guard let create = try object.object("create", allowed: ["command", "code"]) else {
      throw Failure(.missingKey, at: path, "missing key \"create\"")
    }
    let creation = try command(in: create, role: .create, widget: name)
    var declarations = [Declaration(command: creation, path: create.path)]

    var attributes: [WidgetProperty] = []
    if let objects = try object.namedObjects("attributes") {
      for key in objects.sortedKeys {
        attributes.append(try attribute(objects.members[key]!, named: key, at: objects.path(key)))
      }
    }
    try checkCreationFields(attributes, at: object.path("attributes"))

    var properties: [WidgetProperty] = []
    var setters: [WidgetCommand] = []
    if let objects = try object.namedObjects("properties") {
      for key in objects.sortedKeys {
        let propertyPath = objects.path(key)
        if attributes.contains(where: { $0.name == key }) {
          throw Failure(.duplicateName, at: propertyPath, "\(WidgetValueSyntax.quoted(key)) is already a creation attribute of \(name)")
        }
        let (property, setter) = try WidgetSchemaReader.setProperty(objects.members[key]!, named: key, at: propertyPath, widget: name)
        try checkSetter(property, at: propertyPath + ".set", against: properties)
        try checkAttributeClash(property, at: propertyPath + ".set", attributes: attributes)
        if let setter {
          if let index = setters.firstIndex(where: { $0.name == setter.name }) {
            if setter.code != setters[index].code {
              throw Failure(.duplicateCode, at: propertyPath + ".set.code", "\(setter.name) has code \(setters[index].code.map(String.init) ?? "none") in another property of \(name)")
            }
          } else {
            setters.append(setter)
            declarations.append(Declaration(command: setter, path: propertyPath + ".set"))
          }
        }
        properties.append(property)
      }
    }
    let events = try WidgetSchemaReader.events(in: object)
    let size = try WidgetSchemaReader.size(in: object)
    let visibility = try WidgetSchemaReader.visibility(in: object, properties: properties)
    let preview = try WidgetSchemaReader.preview(in: object, properties: properties, attributes: attributes)
    let container = try WidgetSchemaReader.container(in: object)
    let widget = WidgetDefinition(
      name: name, creation: creation, attributes: attributes, properties: properties,
      setters: setters.sorted { $0.name < $1.name }, events: events, size: size, visibility: visibility, preview: preview,
      summary: try object.string("description") ?? "", container: container)
    return (widget, declarations)
  }

  /// A custom command's `command` and `code`, checked alone: the name's form, no built-in name,
  /// a code in ``WidgetCommand/customCodes`` that no numbering gives a built-in.
  static func command(in object: SchemaObject, role: WidgetCommand.Role, widget: String) throws(Failure) -> WidgetCommand {
    let name = try object.requiredString("command")
    if CommandType(name: name) != nil {
      throw Failure(.builtInCollision, at: object.path("command"), "\(name) is a built-in command; a widget's creation command needs a name of its own")
    }
    guard WidgetCommand.isValidName(name) else {
      throw Failure(.invalidName, at: object.path("command"), "\(WidgetValueSyntax.quoted(name)) is not a command name (capitals, digits and _, e.g. CREATE_PIE_CHART)")
    }
    let code = try object.natural("code")
    if let code, !WidgetCommand.customCodes.contains(code) {
      if let builtIn = CommandNumbering.all.lazy.compactMap({ numbering in numbering.type(forCode: code).map { (numbering, $0) } }).first {
        throw Failure(
          .builtInCollision, at: object.path("code"),
          "code \(code) is \(builtIn.1.name) in \(builtIn.0.name); custom commands take codes \(WidgetCommand.customCodes.lowerBound)–\(WidgetCommand.customCodes.upperBound)")
      }
      throw Failure(.codeOutOfRange, at: object.path("code"), "code \(code) is outside \(WidgetCommand.customCodes.lowerBound)–\(WidgetCommand.customCodes.upperBound), the codes reserved for custom commands")
    }
    return WidgetCommand(name: name, code: code, role: role, widget: widget)
  }

  /// Every command name names one command (one widget, one role) and every code one name.
  static func checkCommandsAcross(_ declarations: [Declaration]) throws(Failure) {
    var byName: [String: Declaration] = [:]
    var byCode: [UInt64: Declaration] = [:]
    for declaration in declarations {
      let command = declaration.command
      if let earlier = byName[command.name] {
        throw Failure(.duplicateCommand, at: SchemaObject.join(declaration.path, "command"), "\(command.name) is already declared at \(earlier.path)")
      }
      byName[command.name] = declaration
      if let code = command.code {
        if let earlier = byCode[code] {
          throw Failure(.duplicateCode, at: SchemaObject.join(declaration.path, "code"), "code \(code) is already \(earlier.command.name)'s (\(earlier.path))")
        }
        byCode[code] = declaration
      }
    }
  }
}
