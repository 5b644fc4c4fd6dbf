import Testing

@testable import CommandCodec

/// One bad schema: what it breaks, the document, and the code and place the failure must name.
struct BadSchema: CustomTestStringConvertible, Sendable {
  var rule: String
  var document: String
  var code: WidgetSchema.Failure.Code
  var path: String
  var testDescription: String { rule }
}

private typealias F = WidgetSchemaFixtures

/// A property with `p`'s int range set through SET_INT_VALUE, with `members` added.
private func intProperty(_ members: String) -> String {
  F.property(#"{"type": "int", "set": {"command": "SET_INT_VALUE", "field": "value"}\#(members)}"#)
}

/// A string property set through a SET_STYLE key, with `members` added.
private func styled(_ type: String, _ members: String) -> String {
  F.property(#"{"type": "\#(type)", "set": {"command": "SET_STYLE", "key": "k"}\#(members)}"#)
}

private let second = F.widget(name: "Other", create: #"{"command": "CREATE_OTHER", "code": 1001}"#)

@Suite("WidgetSchema validation: each bad schema rejected with its exact place")
struct WidgetSchemaValidationTests {
  static let cases: [BadSchema] = [
    BadSchema(rule: "an unknown type", document: styled("colr", ""), code: .unknownType, path: "widgets[0].properties.p.type"),
    BadSchema(rule: "a default above the range", document: intProperty(#", "min": 0, "max": 100, "default": 140"#), code: .defaultOutOfRange, path: "widgets[0].properties.p.default"),
    BadSchema(rule: "a default below the range", document: intProperty(#", "min": 0, "default": -1"#), code: .defaultOutOfRange, path: "widgets[0].properties.p.default"),
    BadSchema(rule: "a default of the wrong type", document: intProperty(#", "default": "40""#), code: .invalidDefault, path: "widgets[0].properties.p.default"),
    BadSchema(rule: "a fractional int default", document: intProperty(#", "default": 1.5"#), code: .invalidDefault, path: "widgets[0].properties.p.default"),
    BadSchema(rule: "min above max", document: intProperty(#", "min": 10, "max": 5"#), code: .invertedRange, path: "widgets[0].properties.p.min"),
    BadSchema(rule: "a fractional int bound", document: intProperty(#", "max": 5.5"#), code: .wrongKind, path: "widgets[0].properties.p.max"),
    BadSchema(rule: "a range on a string", document: styled("string", #", "min": 1"#), code: .misplacedKey, path: "widgets[0].properties.p.min"),
    BadSchema(rule: "a colour default that is not a colour", document: styled("colour", #", "default": "banana""#), code: .invalidDefault, path: "widgets[0].properties.p.default"),
    BadSchema(rule: "an enum default not among its values", document: styled("enum", #", "values": ["a", "b"], "default": "c""#), code: .invalidDefault, path: "widgets[0].properties.p.default"),
    BadSchema(rule: "an enum without values", document: styled("enum", ""), code: .missingKey, path: "widgets[0].properties.p"),
    BadSchema(rule: "an enum value twice", document: styled("enum", #", "values": ["a", "a"]"#), code: .duplicateName, path: "widgets[0].properties.p.values[1]"),
    BadSchema(rule: "values on a non-enum", document: styled("string", #", "values": ["a"]"#), code: .misplacedKey, path: "widgets[0].properties.p.values"),
    BadSchema(rule: "a URL default that is not a URL", document: styled("url", #", "default": "not a url""#), code: .invalidDefault, path: "widgets[0].properties.p.default"),
    BadSchema(rule: "a size default that is not a size", document: styled("size", #", "default": "320 by 200""#), code: .invalidDefault, path: "widgets[0].properties.p.default"),
    BadSchema(rule: "two widgets with one name", document: F.document(F.widget(), F.widget(create: #"{"command": "CREATE_OTHER"}"#)), code: .duplicateName, path: "widgets[1].name"),
    BadSchema(rule: "two widgets with one creation command", document: F.document(F.widget(), F.widget(name: "Other", create: #"{"command": "CREATE_PIE"}"#)), code: .duplicateCommand, path: "widgets[1].create.command"),
    BadSchema(rule: "two widgets with one code", document: F.document(F.widget(), F.widget(name: "Other", create: #"{"command": "CREATE_OTHER", "code": 1000}"#)), code: .duplicateCode, path: "widgets[1].create.code"),
    BadSchema(rule: "a setter named like another widget's creation command", document: F.document(F.widget(), second.replacingOccurrences(of: F.percentage, with: #""q": {"type": "string", "set": {"command": "CREATE_PIE", "field": "textValue"}}"#)), code: .duplicateCommand, path: "widgets[1].properties.q.set.command"),
    BadSchema(rule: "a creation command with a built-in name", document: F.document(F.widget(create: #"{"command": "CREATE_BUTTON"}"#)), code: .builtInCollision, path: "widgets[0].create.command"),
    BadSchema(rule: "a code that is a built-in code", document: F.document(F.widget(create: #"{"command": "CREATE_PIE", "code": 51}"#)), code: .builtInCollision, path: "widgets[0].create.code"),
    BadSchema(rule: "a code outside the custom range", document: F.document(F.widget(create: #"{"command": "CREATE_PIE", "code": 5000}"#)), code: .codeOutOfRange, path: "widgets[0].create.code"),
    BadSchema(rule: "a command name that is not one", document: F.document(F.widget(create: #"{"command": "create-pie"}"#)), code: .invalidName, path: "widgets[0].create.command"),
    BadSchema(rule: "a widget name that is not one", document: F.document(F.widget(name: "my pie")), code: .invalidName, path: "widgets[0].name"),
    BadSchema(rule: "a widget named like a built-in kind", document: F.document(F.widget(name: "button")), code: .builtInCollision, path: "widgets[0].name"),
    BadSchema(rule: "a widget named custom, the selector of any custom widget", document: F.document(F.widget(), F.widget(name: "custom", create: #"{"command": "CREATE_OTHER"}"#)), code: .builtInCollision, path: "widgets[1].name"),
    BadSchema(rule: "a widget named like a built-in kind in another case (Button)", document: F.document(F.widget(name: "Button")), code: .builtInCollision, path: "widgets[0].name"),
    BadSchema(rule: "a widget named Custom", document: F.document(F.widget(name: "Custom")), code: .builtInCollision, path: "widgets[0].name"),
    BadSchema(rule: "a widget named in lower case, which no selector can name (gauge)", document: F.document(F.widget(name: "gauge")), code: .invalidName, path: "widgets[0].name"),
    BadSchema(rule: "a property set through SET_TEXT_VALUE's field an attribute came from", document: F.document(F.widget(properties: #""label": {"type": "string", "set": {"command": "SET_TEXT_VALUE", "field": "textValue"}}"#, extra: #", "attributes": {"timeZone": {"type": "string", "field": "textValue"}}"#)), code: .fieldConflict, path: "widgets[0].properties.label.set.field"),
    BadSchema(rule: "a property set through SET_INT_VALUE's field an attribute came from", document: F.document(F.widget(properties: #""ticks": {"type": "int", "set": {"command": "SET_INT_VALUE", "field": "value"}}"#, extra: #", "attributes": {"hours": {"type": "int", "field": "value"}}"#)), code: .fieldConflict, path: "widgets[0].properties.ticks.set.field"),
    BadSchema(rule: "a property set through SET_STYLE with an attribute's name", document: F.document(F.widget(properties: #""tz": {"type": "string", "set": {"command": "SET_STYLE", "key": "zone"}}"#, extra: #", "attributes": {"zone": {"type": "string", "field": "textValue"}}"#)), code: .fieldConflict, path: "widgets[0].properties.tz.set.key"),
    BadSchema(rule: "an int default beyond 64 bits", document: intProperty(#", "default": 99999999999999999999"#), code: .defaultOutOfRange, path: "widgets[0].properties.p.default"),
    BadSchema(rule: "a field the built-in command does not have", document: F.property(#"{"type": "int", "set": {"command": "SET_INT_VALUE", "field": "textValue"}}"#), code: .unknownField, path: "widgets[0].properties.p.set.field"),
    BadSchema(rule: "a field that does not exist", document: F.property(#"{"type": "int", "set": {"command": "SET_PIE", "field": "valu"}}"#), code: .unknownField, path: "widgets[0].properties.p.set.field"),
    BadSchema(rule: "a value in internalId", document: F.property(#"{"type": "int", "set": {"command": "SET_PIE", "field": "internalId"}}"#), code: .fieldConflict, path: "widgets[0].properties.p.set.field"),
    BadSchema(rule: "a string in an integer field", document: F.property(#"{"type": "string", "set": {"command": "SET_INT_VALUE", "field": "value"}}"#), code: .fieldConflict, path: "widgets[0].properties.p.set.field"),
    BadSchema(rule: "a misspelt built-in setter", document: F.property(#"{"type": "int", "set": {"command": "SET_INT_VALU", "field": "value"}}"#), code: .unknownCommand, path: "widgets[0].properties.p.set.command"),
    BadSchema(rule: "a creation command as a setter", document: F.property(#"{"type": "string", "set": {"command": "CREATE_BUTTON", "field": "textValue"}}"#), code: .unknownCommand, path: "widgets[0].properties.p.set.command"),
    BadSchema(rule: "SET_STYLE with a field", document: F.property(#"{"type": "string", "set": {"command": "SET_STYLE", "field": "textValue2"}}"#), code: .misplacedKey, path: "widgets[0].properties.p.set.field"),
    BadSchema(rule: "SET_STYLE without a key", document: F.property(#"{"type": "string", "set": {"command": "SET_STYLE"}}"#), code: .missingKey, path: "widgets[0].properties.p.set"),
    BadSchema(rule: "a code on a built-in setter", document: F.property(#"{"type": "int", "set": {"command": "SET_INT_VALUE", "code": 1005, "field": "value"}}"#), code: .misplacedKey, path: "widgets[0].properties.p.set.code"),
    BadSchema(rule: "two properties through one style key", document: F.document(F.widget(properties: #""p": {"type": "string", "set": {"command": "SET_STYLE", "key": "k"}}, "q": {"type": "string", "set": {"command": "SET_STYLE", "key": "k"}}"#)), code: .fieldConflict, path: "widgets[0].properties.q.set.key"),
    BadSchema(rule: "one setter with two codes", document: F.document(F.widget(properties: #""p": {"type": "string", "set": {"command": "SET_PIE", "code": 1001, "field": "textValue"}}, "q": {"type": "string", "set": {"command": "SET_PIE", "code": 1002, "field": "textValue2"}}"#)), code: .duplicateCode, path: "widgets[0].properties.q.set.code"),
    BadSchema(rule: "a property named like an attribute", document: F.document(F.widget(properties: #""title": {"type": "string", "set": {"command": "SET_TEXT_VALUE", "field": "textValue"}}"#, extra: #", "attributes": {"title": {"type": "string", "field": "textValue"}}"#)), code: .duplicateName, path: "widgets[0].properties.title"),
    BadSchema(rule: "an attribute in childInternalId", document: F.document(F.widget(extra: #", "attributes": {"a": {"type": "int", "field": "childInternalId"}}"#)), code: .fieldConflict, path: "widgets[0].attributes.a.field"),
    BadSchema(rule: "two attributes in one field", document: F.document(F.widget(extra: #", "attributes": {"a": {"type": "string", "field": "textValue"}, "b": {"type": "string", "field": "textValue"}}"#)), code: .fieldConflict, path: "widgets[0].attributes.b.field"),
    BadSchema(rule: "an unknown key at the root", document: F.document(F.widget(), root: #", "widget": []"#), code: .unknownKey, path: "widget"),
    BadSchema(rule: "an unknown key in a property", document: intProperty(#", "defualt": 1"#), code: .unknownKey, path: "widgets[0].properties.p.defualt"),
    BadSchema(rule: "an unknown key in a widget", document: F.document(F.widget(extra: #", "colour": "red""#)), code: .unknownKey, path: "widgets[0].colour"),
    BadSchema(rule: "a missing create", document: F.document(#"{"name": "Pie"}"#), code: .missingKey, path: "widgets[0]"),
    BadSchema(rule: "an unknown event class", document: F.document(F.widget(extra: #", "events": {"tap": {"class": "TapEvent"}}"#)), code: .unknownEvent, path: "widgets[0].events.tap.class"),
    BadSchema(rule: "an event field the class does not have", document: F.document(F.widget(extra: #", "events": {"tap": {"class": "ValueEvent", "fields": {"x": "where"}}}"#)), code: .unknownEvent, path: "widgets[0].events.tap.fields.x"),
    BadSchema(rule: "min width above max width", document: F.document(F.widget(extra: #", "size": {"minWidth": 400, "maxWidth": 320}"#)), code: .invertedRange, path: "widgets[0].size.minWidth"),
    BadSchema(rule: "a preferred width outside the bounds", document: F.document(F.widget(extra: #", "size": {"preferredWidth": 500, "minWidth": 320, "maxWidth": 400}"#)), code: .invertedRange, path: "widgets[0].size.preferredWidth"),
    BadSchema(rule: "a negative size", document: F.document(F.widget(extra: #", "size": {"minHeight": -1}"#)), code: .wrongKind, path: "widgets[0].size.minHeight"),
    BadSchema(rule: "a negative width", document: F.document(F.widget(extra: #", "size": {"width": -44}"#)), code: .wrongKind, path: "widgets[0].size.width"),
    BadSchema(rule: "a width that is neither a number nor given", document: F.document(F.widget(extra: #", "size": {"width": "match-parent"}"#)), code: .wrongKind, path: "widgets[0].size.width"),
    BadSchema(rule: "a width spelt NaN", document: F.document(F.widget(extra: #", "size": {"height": "NaN"}"#)), code: .wrongKind, path: "widgets[0].size.height"),
    BadSchema(rule: "width and preferredWidth both", document: F.document(F.widget(extra: #", "size": {"width": 40, "preferredWidth": 40}"#)), code: .duplicateName, path: "widgets[0].size.width"),
    BadSchema(rule: "a given width with a preferred width", document: F.document(F.widget(extra: #", "size": {"width": "given", "preferredWidth": 40}"#)), code: .duplicateName, path: "widgets[0].size.width"),
    BadSchema(rule: "a zero aspect", document: F.document(F.widget(extra: #", "size": {"width": "given", "aspect": 0}"#)), code: .wrongKind, path: "widgets[0].size.aspect"),
    BadSchema(rule: "a negative aspect", document: F.document(F.widget(extra: #", "size": {"width": "given", "aspect": -1.5}"#)), code: .wrongKind, path: "widgets[0].size.aspect"),
    BadSchema(rule: "an aspect with both axes sized", document: F.document(F.widget(extra: #", "size": {"width": "given", "height": 44, "aspect": 2}"#)), code: .misplacedKey, path: "widgets[0].size.aspect"),
    BadSchema(rule: "a width outside the bounds", document: F.document(F.widget(extra: #", "size": {"width": 500, "minWidth": 320, "maxWidth": 400}"#)), code: .invertedRange, path: "widgets[0].size.preferredWidth"),
    BadSchema(rule: "displayable after an undeclared property", document: F.document(F.widget(extra: #", "visibility": {"displayableAfter": ["flight"]}"#)), code: .unknownReference, path: "widgets[0].visibility.displayableAfter[0]"),
    BadSchema(rule: "a preview filled by an undeclared property", document: F.document(F.widget(extra: #", "preview": {"fill": "colour"}"#)), code: .unknownReference, path: "widgets[0].preview.fill"),
    BadSchema(rule: "a preview filled by a property that is not a colour", document: F.document(F.widget(extra: #", "preview": {"fill": "p"}"#)), code: .wrongReferenceType, path: "widgets[0].preview.fill"),
    BadSchema(rule: "a preview filled by a string attribute", document: F.document(F.widget(extra: #", "attributes": {"t": {"type": "string", "field": "textValue"}}, "preview": {"fill": "t"}"#)), code: .wrongReferenceType, path: "widgets[0].preview.fill"),
    BadSchema(rule: "a preview text naming an undeclared property", document: F.document(F.widget(extra: #", "preview": {"text": "title"}"#)), code: .unknownReference, path: "widgets[0].preview.text"),
    BadSchema(rule: "a preview text that is not a string", document: F.document(F.widget(extra: #", "preview": {"text": ["p"]}"#)), code: .wrongKind, path: "widgets[0].preview.text"),
    BadSchema(rule: "an unknown key in a preview", document: F.document(F.widget(extra: #", "preview": {"fil": "p"}"#)), code: .unknownKey, path: "widgets[0].preview.fil"),
    BadSchema(rule: "a preview that is not an object", document: F.document(F.widget(extra: #", "preview": "p""#)), code: .wrongKind, path: "widgets[0].preview"),
    BadSchema(rule: "an unknown format version", document: #"{"widgetSchema": 2, "widgets": []}"#, code: .unsupportedVersion, path: "widgetSchema"),
    BadSchema(rule: "widgets that are not an array", document: #"{"widgetSchema": 1, "widgets": {}}"#, code: .wrongKind, path: "widgets"),
  ]

  @Test("Rejected with the code and the JSON path of the value at fault", arguments: cases)
  func rejected(bad: BadSchema) {
    do {
      let schema = try WidgetSchema(parsing: bad.document)
      Issue.record("accepted a schema with \(bad.rule): \(schema.widgets.map(\.name))")
    } catch {
      #expect(error.code == bad.code, "\(error)")
      #expect(error.path == bad.path, "\(error)")
      #expect(error.description.hasPrefix(bad.path + ": "))
      #expect(error.line == nil)
    }
  }

  @Test("Messages say what is wrong with the value", arguments: [
    (intProperty(#", "min": 0, "max": 100, "default": 140"#), "widgets[0].properties.p.default: 140 is above the maximum 100"),
    (styled("colour", #", "default": "banana""#), #"widgets[0].properties.p.default: "banana" is not a colour (#rgb, #rrggbb, #aarrggbb or a name such as red)"#),
    (F.document(F.widget(create: #"{"command": "CREATE_PIE", "code": 51}"#)), "widgets[0].create.code: code 51 is SET_STYLE in cmdtool-1; custom commands take codes 1000–1999"),
    (styled("colr", ""), #"widgets[0].properties.p.type: unknown type "colr" (did you mean "colour"?); types: int, double, bool, string, colour, enum, url, size, point, rect"#),
    (F.document(F.widget(extra: #", "preview": {"fill": "p"}"#)), "widgets[0].preview.fill: p is of type int; fill takes a colour property or attribute (the widget has none)"),
    (F.document(F.widget(properties: F.percentage + #", "sliceColor": {"type": "colour", "set": {"command": "SET_STYLE", "key": "c"}}"#, extra: #", "preview": {"fill": "p"}"#)),
     "widgets[0].preview.fill: p is of type int; fill takes a colour property or attribute (the widget has sliceColor)"),
    (F.document(F.widget(extra: #", "preview": {"text": "q"}"#)), #"widgets[0].preview.text: the widget has no property or attribute "q" (did you mean "p"?)"#),
    // Numbers echoed as written, out of range said as such, articles right (issue #26 trial).
    (intProperty(#", "default": 99999999999999999999"#), "widgets[0].properties.p.default: 99999999999999999999 is out of range: an int is a 64-bit integer"),
    (intProperty(#", "default": -9007199254740993"#), "widgets[0].properties.p.default: -9007199254740993 is out of range: an int's default is read exactly only within ±9007199254740992 (JSON numbers are doubles)"),
    (intProperty(#", "default": 1.50"#), "widgets[0].properties.p.default: the default of an int must be an integer, found 1.50"),
    (intProperty(#", "max": 1e20"#), "widgets[0].properties.p.max: 1e20 is out of range: an int is a 64-bit integer"),
    (styled("double", #", "default": -1e400"#), "line 1, column 211: the number is -1e400, out of range: too small for a double (below -1.8e308)"),
    (styled("double", #", "default": 1e400"#), "line 1, column 211: the number is 1e400, out of range: too large for a double (above 1.8e308)"),
    (intProperty(#", "default": true"#), "widgets[0].properties.p.default: the default of an int must be an integer, found true"),
    (styled("int", #", "values": ["a"]"#), #"widgets[0].properties.p.values: "values" belongs to an enum, not an int"#),
    (F.property(#"{"type": "url", "set": {"command": "SET_INT_VALUE", "field": "value"}}"#), "widgets[0].properties.p.set.field: value holds an integer; a url travels in textValue or textValue2"),
    (F.document(F.widget(extra: #", "events": {"e": {"class": "ValueEvent", "fields": {"value": {"type": "double"}}}}"#)), "widgets[0].events.e.fields.value.type: ValueEvent.value is an int32 field; a double does not travel in it"),
    (F.document(F.widget(extra: #", "events": {"e": {"class": "ValueEvent", "match": {"value": 1.5}}}"#)), "widgets[0].events.e.match.value: value is an int32 field; found 1.5"),
    (styled("boolean", ""), #"widgets[0].properties.p.type: unknown type "boolean" (did you mean "bool"?); types: int, double, bool, string, colour, enum, url, size, point, rect"#),
    (styled("CGPoint", ""), #"widgets[0].properties.p.type: unknown type "CGPoint" (did you mean "point"?); types: int, double, bool, string, colour, enum, url, size, point, rect"#),
    (F.document(F.widget(name: "gauge")), #"widgets[0].name: "gauge" begins in lower case; a widget's name begins with a capital (Gauge), which is how a script's selector tells it from a built-in kind"#),
    (F.document(F.widget(name: "Button")), "widgets[0].name: Button differs from the built-in element kind button only in case; a custom widget takes a name of its own (selectors and diff paths name kinds)"),
    (F.document(F.widget(properties: #""label": {"type": "string", "set": {"command": "SET_TEXT_VALUE", "field": "textValue"}}"#, extra: #", "attributes": {"timeZone": {"type": "string", "field": "textValue"}}"#)),
     "widgets[0].properties.label.set.field: SET_TEXT_VALUE.textValue would change the attribute timeZone (create.textValue), which is immutable after creation (widget-immutable-attribute): the property label could never be set; give it another command or field"),
  ])
  func messages(document: String, expected: String) {
    #expect(throws: WidgetSchema.Failure.self) { try WidgetSchema(parsing: document) }
    do { _ = try WidgetSchema(parsing: document) } catch { #expect(error.description == expected) }
  }

  @Test("JSON that does not parse, a duplicate key included, names its line and column")
  func syntaxFailures() {
    let duplicate = "{\"widgetSchema\": 1,\n \"widgets\": [{\"name\": \"Pie\",\n   \"name\": \"Pie\"}]}"
    do {
      _ = try WidgetSchema(parsing: duplicate)
      Issue.record("accepted a duplicate key")
    } catch {
      #expect(error.code == .syntax && error.line == 3 && error.column == 4, "\(error)")
      #expect(error.description.hasPrefix("line 3, column 4: "))
    }
    do {
      _ = try WidgetSchema(parsing: "{\"widgetSchema\": 1,\n \"widgets\": [,]}")
      Issue.record("accepted a stray comma")
    } catch {
      #expect(error.code == .syntax && error.line == 2 && error.column == 14, "\(error)")
    }
  }

  @Test("`color` is accepted for `colour` and means the same")
  func colorSpelling() throws {
    let a = try WidgetSchema(parsing: styled("color", ##", "default": "#fff""##))
    let b = try WidgetSchema(parsing: styled("colour", ##", "default": "#fff""##))
    #expect(a.widgets[0].properties[0].type == .colour && a.fingerprint == b.fingerprint)
  }
}
