import Testing

@testable import CommandCodec

private typealias F = WidgetSchemaFixtures

/// A widget `Pie` with `extra` members (a leading comma), then `others` widgets.
private func pie(_ extra: String, _ others: String...) -> String {
  F.document(([F.widget(extra: extra)] + others).joined(separator: ",\n"))
}

/// A second widget, `Item`, for lists that name widgets.
private let item = F.widget(name: "Item", create: #"{"command": "CREATE_ITEM", "code": 1001}"#, properties: "")

/// `"container": [KINDS]` and `"layout"` (docs/WIDGETS.md §2.10): read, refused with their exact
/// place, summarised and fingerprinted.
@Suite("WidgetSchema: container kinds and layout")
struct WidgetContainerSchemaTests {
  static let bad: [BadSchema] = [
    BadSchema(rule: "an empty list of kinds", document: pie(#", "container": []"#), code: .wrongKind, path: "widgets[0].container"),
    BadSchema(rule: "a container that is a string", document: pie(#", "container": "yes""#), code: .wrongKind, path: "widgets[0].container"),
    BadSchema(rule: "a container that is an object", document: pie(#", "container": {"button": true}"#), code: .wrongKind, path: "widgets[0].container"),
    BadSchema(rule: "a number among the kinds", document: pie(#", "container": ["button", 3]"#), code: .wrongKind, path: "widgets[0].container[1]"),
    BadSchema(rule: "null among the kinds", document: pie(#", "container": [null]"#), code: .wrongKind, path: "widgets[0].container[0]"),
    BadSchema(rule: "a misspelt built-in kind", document: pie(#", "container": ["text", "buton"]"#), code: .unknownReference, path: "widgets[0].container[1]"),
    BadSchema(rule: "a widget the schema does not declare", document: pie(#", "container": ["button"]"#, F.widget(name: "Bar", create: #"{"command": "CREATE_BAR"}"#, properties: "", extra: #", "container": ["button", "Pie", "Itme"]"#)), code: .unknownReference, path: "widgets[1].container[2]"),
    BadSchema(rule: "a kind in the wrong case", document: pie(#", "container": ["Button"]"#), code: .unknownReference, path: "widgets[0].container[0]"),
    BadSchema(rule: "custom, the kind of a widget without its schema", document: pie(#", "container": ["custom"]"#), code: .unknownReference, path: "widgets[0].container[0]"),
    BadSchema(rule: "a kind listed twice", document: pie(#", "container": ["button", "text", "button"]"#), code: .duplicateName, path: "widgets[0].container[2]"),
    BadSchema(rule: "a view, which hangs under the application", document: pie(#", "container": ["frameView"]"#), code: .wrongReferenceType, path: "widgets[0].container[0]"),
    BadSchema(rule: "the application", document: pie(#", "container": ["button", "application"]"#), code: .wrongReferenceType, path: "widgets[0].container[1]"),
    BadSchema(rule: "a layout on a widget that is no container", document: pie(#", "layout": "vertical""#), code: .misplacedKey, path: "widgets[0].layout"),
    BadSchema(rule: "a layout on a widget whose container is false", document: pie(#", "container": false, "layout": "horizontal""#), code: .misplacedKey, path: "widgets[0].layout"),
    BadSchema(rule: "an unknown layout", document: pie(#", "container": true, "layout": "diagonal""#), code: .wrongKind, path: "widgets[0].layout"),
    BadSchema(rule: "a layout in another case", document: pie(#", "container": true, "layout": "Vertical""#), code: .wrongKind, path: "widgets[0].layout"),
    BadSchema(rule: "a layout that is a number", document: pie(#", "container": true, "layout": 1"#), code: .wrongKind, path: "widgets[0].layout"),
    BadSchema(rule: "a misspelt layout key", document: pie(#", "container": true, "layuot": "vertical""#), code: .unknownKey, path: "widgets[0].layuot"),
    // Per kind (PGToolbar: bar button items in a row, the rest to super).
    BadSchema(rule: "a per-kind layout on a widget that is no container", document: pie(#", "layout": {"button": "horizontal"}"#), code: .misplacedKey, path: "widgets[0].layout"),
    BadSchema(rule: "an empty per-kind layout", document: pie(#", "container": true, "layout": {}"#), code: .wrongKind, path: "widgets[0].layout"),
    BadSchema(rule: "a per-kind layout that is a number", document: pie(#", "container": true, "layout": {"button": 1}"#), code: .wrongKind, path: "widgets[0].layout.button"),
    BadSchema(rule: "an unknown layout for a kind", document: pie(#", "container": true, "layout": {"button": "horizontal", "*": "grid"}"#), code: .wrongKind, path: "widgets[0].layout.*"),
    BadSchema(rule: "a kind the list does not take", document: pie(#", "container": ["button", "text"], "layout": {"switch": "horizontal"}"#), code: .unknownReference, path: "widgets[0].layout.switch"),
    BadSchema(rule: "a kind that is none, under container true", document: pie(#", "container": true, "layout": {"buton": "horizontal"}"#), code: .unknownReference, path: "widgets[0].layout.buton"),
    BadSchema(rule: "a layout that is an array", document: pie(#", "container": true, "layout": ["horizontal"]"#), code: .wrongKind, path: "widgets[0].layout"),
  ]

  @Test("Refused with the code and the JSON path of the value at fault", arguments: bad)
  func refused(bad: BadSchema) {
    do {
      let schema = try WidgetSchema(parsing: bad.document)
      Issue.record("accepted a schema with \(bad.rule): \(schema.widgets.map(\.name))")
    } catch {
      #expect(error.code == bad.code, "\(error)")
      #expect(error.path == bad.path, "\(error)")
    }
  }

  @Test("Messages name the kind and what is allowed", arguments: [
    (pie(#", "container": ["text", "buton"]"#), #"widgets[0].container[1]: "buton" is neither a built-in element kind nor a widget of this schema (did you mean "button"?)"#),
    (pie(#", "container": ["Itme"]"#, item), #"widgets[0].container[0]: "Itme" is neither a built-in element kind nor a widget of this schema (did you mean "Item"?)"#),
    (pie(#", "container": []"#), "widgets[0].container: an empty list takes no kind; a widget without children leaves container out (or says false)"),
    (pie(#", "container": true, "layout": "verticle""#), #"widgets[0].layout: unknown layout "verticle" (did you mean "vertical"?); a container lays its children out frame, vertical, horizontal"#),
    (pie(#", "container": ["frameView"]"#), "widgets[0].container[0]: no container holds the kind frameView: it hangs under the application whatever parent its CREATE_* names"),
  ])
  func messages(document: String, expected: String) {
    #expect(throws: WidgetSchema.Failure.self) { try WidgetSchema(parsing: document) }
    do { _ = try WidgetSchema(parsing: document) } catch { #expect(error.description == expected) }
  }

  @Test("A list names built-in kinds and widgets of the schema, declared before or after, itself included")
  func accepted() throws {
    let schema = try WidgetSchema(parsing: pie(#", "container": ["Item", "button", "Pie", "text"], "layout": "horizontal""#, item))
    let container = try #require(schema.widget(named: "Pie")?.container)
    #expect(container.kinds == ["Item", "button", "Pie", "text"], "the schema's order")
    #expect(container.layout == .horizontal)
    #expect(container.takes("Item") && container.takes("Pie") && container.takes("button"))
    #expect(!container.takes("switch") && !container.takes("Button") && !container.takes("custom"))
    #expect(schema.widget(named: "Item")?.container == nil && schema.widget(named: "Item")?.isContainer == false)
    // `true` takes any kind, laid out as a frame layout.
    let any = try #require(try WidgetSchema(parsing: pie(#", "container": true"#)).widgets.first?.container)
    #expect(any.kinds == nil && any.layout == .frame && any.takes("anything"))
    // Hostile: every kind a CREATE_* can put under a parent, and a long list.
    let placeable = WidgetSchema.builtInKindNames.subtracting(["application", "frameView", "navigationView", "openGLView", "custom"]).sorted()
    let everything = try WidgetSchema(parsing: pie(#", "container": [\#(placeable.map { "\"\($0)\"" }.joined(separator: ", "))]"#))
    #expect(everything.widgets[0].container?.kinds?.count == placeable.count)
  }

  @Test("The list and the layout are fingerprinted; the list's order and an explicit frame layout are not")
  func fingerprint() throws {
    func print(_ extra: String) throws -> String { try WidgetSchema(parsing: pie(extra, item)).fingerprint }
    let plain = try print("")
    let any = try print(#", "container": true"#)
    let list = try print(#", "container": ["button", "Item"]"#)
    #expect(Set([plain, any, list]).count == 3)
    #expect(try print(#", "container": ["Item", "button"]"#) == list, "a set of kinds")
    #expect(try print(#", "container": ["button"]"#) != list)
    #expect(try print(#", "container": true, "layout": "frame""#) == any, "the default, spelt out")
    let vertical = try print(#", "container": true, "layout": "vertical""#)
    let horizontal = try print(#", "container": true, "layout": "horizontal""#)
    #expect(Set([any, vertical, horizontal]).count == 3)
    #expect(try WidgetSchema(parsing: pie(#", "container": ["Item", "button"], "layout": "vertical""#, item)).canonicalText.contains(#""container":["Item","button"],"create""#))
  }

  @Test("widgets check's summary says what a container takes and how it places it")
  func summary() throws {
    let lines = try WidgetSchema(parsing: pie(#", "container": ["button", "Item"], "layout": "horizontal""#, item)).summaryLines
    #expect(lines.contains("  container  takes button, Item; children side by side"), "\(lines)")
    let any = try WidgetSchema(parsing: pie(#", "container": true"#)).summaryLines
    #expect(any.contains("  container  takes any kind; children stacked top left"), "\(any)")
  }

  @Test("A per-kind layout: read, summarised, and fingerprinted only when some kind is placed otherwise")
  func perKind() throws {
    let document = pie(#", "container": ["Item", "button"], "layout": {"Item": "horizontal", "*": "frame"}"#, item)
    let container = try #require(try WidgetSchema(parsing: document).widget(named: "Pie")?.container)
    #expect(container.layout(of: "Item") == .horizontal && container.layout(of: "button") == .frame && container.layout == .frame)
    #expect(try WidgetSchema(parsing: document).summaryLines.contains("  container  takes Item, button; Item side by side, other children stacked top left"))
    func print(_ extra: String) throws -> String { try WidgetSchema(parsing: pie(extra, item)).fingerprint }
    let list = try print(#", "container": ["Item", "button"]"#)
    let perKind = try print(#", "container": ["Item", "button"], "layout": {"Item": "horizontal", "*": "frame"}"#)
    let horizontal = try print(#", "container": ["Item", "button"], "layout": "horizontal""#)
    #expect(perKind != list && perKind != horizontal)
    #expect(try print(#", "container": ["Item", "button"], "layout": {"Item": "horizontal"}"#) == perKind, "* is frame by default")
    // The same meaning, the same fingerprint: one layout for every kind is that layout.
    let vertical = try print(#", "container": ["Item", "button"], "layout": "vertical""#)
    #expect(try print(#", "container": ["Item", "button"], "layout": {"*": "vertical"}"#) == vertical)
    #expect(try print(#", "container": ["Item", "button"], "layout": {"Item": "frame", "*": "frame"}"#) == list)
    #expect(try WidgetSchema(parsing: document).canonicalText.contains(#""layout":{"*":"frame","Item":"horizontal"}"#))
  }
}
