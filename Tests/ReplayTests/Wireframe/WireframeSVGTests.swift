import CommandCodec
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

@Suite("Wireframe SVG: standalone, escaped, deterministic")
struct WireframeSVGTests {
  /// The elements a wireframe document may hold: shapes, text, groups, clips and gradients.
  static let allowedElements: Set<String> = [
    "svg", "title", "desc", "g", "rect", "text", "line", "circle", "polyline", "clipPath", "defs", "linearGradient", "radialGradient", "stop",
  ]

  /// A screen whose every text, URL and style value is hostile.
  static func hostileState() -> UIState {
    let evil = "red;background:url(http://evil)"
    return model(Prelude.both + [
      Line.batch(
        Line.create("TEXT", 3, 4, text: "<script>alert(1)</script>"),
        Line.style(4, "color", evil), Line.style(4, "background-color", evil), Line.style(4, "background", "url(http://evil/x.png)"),
        Line.style(4, "border", "1 solid url(http://evil)"), Line.style(4, "font-family", "</style><script>x</script>"),
        Line.style(4, "color", "javascript:alert(1)", selector: .link), Line.command("CREATE_LINK", 4, text: "<a href=\"http://evil\">x</a>"),
        Line.create("BUTTON", 3, 5, text: "</style>"), Line.style(5, "width", "100px;position:fixed"),
        Line.create("TEXTFIELD", 3, 6), Line.style(6, "hint", "\"><script>alert(2)</script>"),
        Line.create("IMAGEVIEW", 3, 7, text: "javascript:alert(1)"), Line.command("ADD_IMAGE_URL", 7, text: "http://evil/x.png", width: 100, height: 50),
        Line.style(7, "width", "300"), Line.style(7, "height", "200"),
        Line.create("IMAGEVIEW", 3, 10), Line.command("ADD_IMAGE_URL", 10, text: "javascript:alert(1)", width: 10, height: 10),
        Line.style(10, "width", "300"), Line.style(10, "height", "100"),
        Line.create("PICKER", 3, 8), Line.command("ADD_OPTION", 8, text: "<i>opt</i> & \u{FFFF}", value: 1),
        Line.create("LISTVIEW", 3, 9), Line.command("ADD_COLUMN", 9, text: "<th>", value: 1), Line.command("SET_TEXT_DATA", 9, text: "]]><!--"),
        Line.command("CREATE_TOAST", 3, text: "Saved & <done>\u{1B}[31m")),
      Line.batch(Line.command("SET_ERROR", 6, text: "<img src=x onerror=alert(3)>", value: 1)),
    ]).state
  }

  @Test("Hostile texts, URLs and style values appear only as escaped text, never in attributes or as markup")
  func hostile() throws {
    let svg = WireframeSVG.render(WireframeLayout.layout(Self.hostileState(), viewport: WireframeSize(width: 400, height: 800)))
    let outline = try XMLOutline(svg)
    #expect(Set(outline.elements.map(\.name)).isSubset(of: Self.allowedElements))
    for (name, attributes) in outline.elements {
      for (key, value) in attributes where key != "xmlns" {
        #expect(!key.lowercased().hasPrefix("on") && key != "href" && key != "xlink:href" && key != "style", "\(name) \(key)")
        #expect(!value.contains("http") && !value.contains("javascript:") && !value.contains("evil") && !value.contains("<"), "\(name) \(key)=\(value)")
        if value.contains("url(") { #expect(value.hasPrefix("url(#") && value.hasSuffix(")"), "\(value)") }
      }
    }
    #expect(!svg.contains("<script") && !svg.contains("</style>") && !svg.contains("<img") && !svg.contains("<i>") && !svg.contains("<a "))
    #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(svg.contains("&lt;/style&gt;"))
    for text in ["<script>alert(1)</script>", "</style>", "javascript:alert(1)", "http://evil/x.png", "<img src=x onerror=alert(3)>", "Saved & <done>", "<th>", "]]><!--"] {
      #expect(outline.text.contains(text), "\(text) is not in the text")
    }
    // The colours the hostile values would have set are not there: the label keeps the default ink.
    let label = try #require(outline.elements.first { $0.attributes["data-id"] == "4" })
    #expect(label.attributes["class"] == "element text")
  }

  @Test("Every drawn element is a group with its id and its kind as class; parts are marked as parts")
  func elementGroups() throws {
    let (state, header) = try replayed("login.jsonl", at: .time(5_500))
    let svg = WireframeSVG.render(WireframeLayout.layout(state, viewport: WireframeLayout.viewport(header.viewport)))
    let outline = try XMLOutline(svg)
    let root = try #require(outline.elements.first)
    #expect(root.name == "svg" && root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(root.attributes["width"] == "375" && root.attributes["height"] == "667" && root.attributes["viewBox"] == "0 0 375 667")
    let groups = outline.elements.filter { $0.attributes["data-id"] != nil }
    #expect(groups.map { $0.attributes["data-id"]! } == ["2", "3", "4", "5", "6", "7"])
    #expect(groups.allSatisfy { $0.name == "g" })
    #expect(groups.map { $0.attributes["class"]! } == [
      "element frameView", "element linearLayout", "element text", "element textField", "element textField error", "element button",
    ])
    #expect(outline.elements.contains { $0.attributes["class"] == "part error" })
    #expect(svg.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    #expect(!svg.contains("hunter2"))
    #expect(outline.text.contains("Salasana puuttuu") && outline.text.contains("••••••••"))
  }

  @Test("The same state gives the same bytes")
  func deterministic() throws {
    for name in ["login.jsonl", "list.jsonl", "images.jsonl", "drawer.jsonl", "dialogs.jsonl"] {
      let (state, header) = try replayed(name)
      let viewport = WireframeLayout.viewport(header.viewport)
      #expect(WireframeSVG.render(state, viewport: viewport) == WireframeSVG.render(state, viewport: viewport), "\(name)")
      _ = try XMLOutline(WireframeSVG.render(state, viewport: viewport, layout: WireframeOptions(showsHidden: true)))
    }
  }

  @Test("Highlighted elements are outlined and classed; ids carry the prefix asked for, cleaned")
  func highlightAndPrefix() throws {
    let (state, header) = try replayed("images.jsonl")
    let options = SVGOptions(highlighted: [7], idPrefix: "after 1\"<", includesXMLDeclaration: false)
    #expect(options.idPrefix == "after1")
    #expect(SVGOptions(idPrefix: "9-!").idPrefix == "wf")
    let svg = WireframeSVG.render(state, viewport: WireframeLayout.viewport(header.viewport), options: options)
    #expect(svg.hasPrefix("<svg "))
    let outline = try XMLOutline(svg)
    #expect(outline.elements.contains { $0.attributes["data-id"] == "7" && $0.attributes["class"] == "element imageView highlight" })
    #expect(outline.elements.contains { $0.attributes["class"] == "highlight-outline" })
    let ids = outline.elements.compactMap { $0.attributes["id"] }
    #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix("after1-") })
    #expect(Set(ids).count == ids.count)
  }

  @Test("Hidden elements drawn on request are dimmed and marked")
  func hidden() throws {
    let (state, header) = try replayed("dialogs.jsonl")
    let plain = try XMLOutline(WireframeSVG.render(state, viewport: WireframeLayout.viewport(header.viewport)))
    #expect(!plain.elements.contains { $0.attributes["data-id"] == "5" })
    let shown = try XMLOutline(WireframeSVG.render(state, viewport: WireframeLayout.viewport(header.viewport), layout: WireframeOptions(showsHidden: true)))
    let button = try #require(shown.elements.first { $0.attributes["data-id"] == "5" })
    #expect(button.attributes["class"] == "element button hidden" && button.attributes["opacity"] == "0.35")
  }

  @Test("Gradients are defined in the document and referred to by id")
  func gradients() throws {
    let state = model(Prelude.both + [Line.batch(Line.create("BUTTON", 3, 4, text: "Go"), Line.style(4, "background", "linear-gradient(to right, #ff0000, #0000ff)"))]).state
    let outline = try XMLOutline(WireframeSVG.render(state, viewport: WireframeSize(width: 400, height: 800)))
    let gradient = try #require(outline.elements.first { $0.name == "linearGradient" })
    let id = try #require(gradient.attributes["id"])
    #expect(outline.elements.contains { $0.name == "rect" && $0.attributes["fill"] == "url(#\(id))" })
    #expect(outline.elements.filter { $0.name == "stop" }.map { $0.attributes["stop-color"] } == ["#ff0000", "#0000ff"])
  }

  @Test("XMLText drops what XML cannot hold")
  func xmlText() {
    #expect(XMLText.escaped("a\u{FFFE}b\u{FFFF}c\u{01}d\u{1B}e<&>\"") == "abcde&lt;&amp;&gt;&quot;")
  }
}
