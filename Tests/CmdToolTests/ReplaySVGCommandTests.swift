import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What an SVG document holds, read with XMLParser (so it must be well-formed).
final class SVGOutline: NSObject, XMLParserDelegate {
  private(set) var elements: [(name: String, attributes: [String: String])] = []
  private(set) var text = ""

  init(_ data: Data) throws {
    super.init()
    let parser = XMLParser(data: data)
    parser.delegate = self
    guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
  }

  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
    elements.append((name, attributes))
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
  }

  /// The ids of the elements drawn, in drawing order.
  var drawnIds: [String] { elements.compactMap { $0.attributes["data-id"] } }

  /// Every attribute but `xmlns`, which names the SVG namespace and is fetched from nowhere.
  var attributes: [(element: String, name: String, value: String)] {
    elements.flatMap { element in element.attributes.filter { $0.key != "xmlns" }.map { (element.name, $0.key, $0.value) } }
  }
}

@Suite struct ReplaySVGCommandTests {
  @Test func loginAtSixAndAHalfSecondsIsAWellFormedWireframe() throws {
    let result = try CommandRunner.run(["replay", CommandRunner.path("traces/login.jsonl"), "--at", "6.5s", "--format", "svg"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let svg = try SVGOutline(result.stdoutBytes)
    let root = try #require(svg.elements.first)
    #expect(root.name == "svg" && root.attributes["width"] == "375" && root.attributes["height"] == "667")
    // At 6.5 s the engine has switched to the welcome view, and the welcome toast shows.
    #expect(svg.drawnIds == ["8", "9", "10", "11"])
    for text in ["Hello, alice", "Log out", "Welcome back, alice!"] { #expect(svg.text.contains(text), "\(text)") }
    #expect(svg.attributes.allSatisfy { !$0.value.contains("http") && !$0.value.contains("javascript:") })
    #expect(result.stdout.hasSuffix("</svg>\n"))
  }

  @Test func theLoginFormShowsItsTextsMaskedPasswordAndError() throws {
    let result = try CommandRunner.run(["replay", CommandRunner.path("traces/login.jsonl"), "--at", "5.5s", "--format", "svg"])
    #expect(result.status == 0)
    let svg = try SVGOutline(result.stdoutBytes)
    for text in ["Sign in to Acme", "alice", "••••••••", "Salasana puuttuu", "Log in"] { #expect(svg.text.contains(text), "\(text)") }
    #expect(!result.stdout.contains("hunter2"))
    #expect(svg.elements.contains { $0.attributes["data-id"] == "6" && $0.attributes["class"] == "element textField error" })
  }

  @Test func hostileTraceRendersInert() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = directory.appendingPathComponent("hostile.jsonl")
    try Data(#"""
      {"trace":1,"viewport":{"width":320,"height":480}}
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"<script>alert(0)</script>"}
      {"t":1,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1},{"type":"CREATE_TEXT","internalId":3,"childInternalId":4,"textValue":"<script>alert(1)</script>"},{"type":"SET_STYLE","internalId":4,"textValue":"color","textValue2":"red;background:url(http://evil)"},{"type":"SET_STYLE","internalId":4,"textValue":"background-color","textValue2":"red;background:url(http://evil)"},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":5,"textValue":"</style>"},{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":6},{"type":"SET_STYLE","internalId":6,"textValue":"width","textValue2":"300"},{"type":"SET_STYLE","internalId":6,"textValue":"height","textValue2":"120"},{"type":"ADD_IMAGE_URL","internalId":6,"textValue":"javascript:alert(1)","width":100,"height":40}]}
      {"t":2,"type":"CREATE_TOAST","internalId":3,"textValue":"\"><svg onload=alert(2)>"}

      """#.utf8).write(to: trace)
    let result = try CommandRunner.run(["replay", trace.path, "--format", "svg"])
    #expect(result.status == 0)
    let svg = try SVGOutline(result.stdoutBytes)
    for text in ["<script>alert(1)</script>", "</style>", "javascript:alert(1)", "\"><svg onload=alert(2)>"] {
      #expect(svg.text.contains(text), "\(text)")
    }
    #expect(!result.stdout.contains("<script") && !result.stdout.contains("</style>") && !result.stdout.contains("<svg onload"))
    #expect(result.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && result.stdout.contains("&lt;/style&gt;"))
    for attribute in svg.attributes {
      #expect(!attribute.value.contains("http") && !attribute.value.contains("javascript:") && !attribute.value.contains("evil"), "\(attribute)")
      #expect(!attribute.name.hasPrefix("on") && !attribute.name.contains("href") && attribute.name != "style", "\(attribute)")
    }
    #expect(Set(svg.elements.map(\.name)).isDisjoint(with: ["script", "style", "image", "a", "use", "foreignObject"]))
  }

  @Test func hiddenDrawsHiddenElementsDimmed() throws {
    let trace = CommandRunner.path("traces/dialogs.jsonl")
    let plain = try SVGOutline(try CommandRunner.run(["replay", trace, "--format", "svg"]).stdoutBytes)
    #expect(!plain.drawnIds.contains("5"))
    let result = try CommandRunner.run(["replay", trace, "--format", "svg", "--hidden"])
    #expect(result.status == 0)
    let svg = try SVGOutline(result.stdoutBytes)
    #expect(svg.elements.contains { $0.attributes["data-id"] == "5" && $0.attributes["class"] == "element button hidden" })
  }

  @Test func outWritesTheSameBytesToAFile() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("login.svg")
    let printed = try CommandRunner.run(["replay", CommandRunner.path("traces/login.jsonl"), "--at", "6.5s", "--format", "svg"])
    let written = try CommandRunner.run(["replay", CommandRunner.path("traces/login.jsonl"), "--at", "6.5s", "--format", "svg", "--out", file.path])
    #expect(written.status == 0 && written.stdout == "")
    #expect(try Data(contentsOf: file) == printed.stdoutBytes)
    #expect(!FileManager.default.fileExists(atPath: file.path + ".partial"))
    let unwritable = try CommandRunner.run(["replay", CommandRunner.path("traces/login.jsonl"), "--format", "svg", "--out", directory.appendingPathComponent("missing/x.svg").path])
    #expect(unwritable.status == 2 && unwritable.stderr.contains("missing/x.svg"))
  }

  @Test func aTraceWithoutViewportIsDrawnAtTheDefaultSize() throws {
    let input = Data((#"{"type":"CREATE_APPLICATION","childInternalId":1}"# + "\n").utf8)
    let result = try CommandRunner.run(["replay", "-", "--format", "svg"], stdin: input)
    #expect(result.status == 0)
    let outline = try SVGOutline(result.stdoutBytes)
    let root = try #require(outline.elements.first)
    #expect(root.attributes["width"] == "390" && root.attributes["height"] == "844")
    #expect(result.stdout.contains("no active view"))
  }

  @Test func svgOptionsAreCheckedAsUsage() throws {
    let trace = CommandRunner.path("traces/login.jsonl")
    let hidden = try CommandRunner.run(["replay", trace, "--hidden"])
    #expect(hidden.status == 64 && hidden.stderr.contains("--hidden goes with --format svg"))
    let events = try CommandRunner.run(["replay", trace, "--events", "--format", "svg"])
    #expect(events.status == 64)
    let bad = try CommandRunner.run(["replay", trace, "--format", "png"])
    #expect(bad.status == 64)
  }
}

@Suite struct ReadmePictureTests {
  @Test func docsLoginSVGIsWhatTheCommandWrites() throws {
    let result = try CommandRunner.run(["replay", CommandRunner.path("traces/login.jsonl"), "--at", "6.5s", "--format", "svg"])
    #expect(result.status == 0)
    let committed = try Data(contentsOf: URL(fileURLWithPath: CommandRunner.path("docs/login.svg")))
    #expect(
      committed == result.stdoutBytes,
      "docs/login.svg is out of date; regenerate it with: swift run cmdtool replay traces/login.jsonl --at 6.5s --format svg --out docs/login.svg")
  }
}
