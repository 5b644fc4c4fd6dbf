import Foundation
import Testing

/// Issue #23, "Bounded work and output on hostile traces": the exact traces of the review, made
/// in the test (nothing big in git), through the built `cmdtool`. Each run must end normally
/// (before: SIGSEGV from a recursive walk, or a page of hundreds of megabytes), with output linear
/// in the trace. Time is bounded generously (a debug build, both cores busy); memory figures
/// belong to `hostile-benchmark --trees`, not here.
@Suite("Hostile trees through the CLI")
struct HostileTreeCommandTests {
  static let header = #"{"trace":1,"viewport":{"width":375,"height":667,"scale":2}}"#
  static let screen = [
    #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"A"}"#,
    #"{"t":0,"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2}"#,
  ]

  /// `levels` linear layouts, each inside the one before (3.7 MB at 50,000).
  static func nested(_ levels: Int) -> String {
    var text = ([header] + screen).joined(separator: "\n") + "\n"
    text.reserveCapacity(levels * 80)
    for level in 0..<levels {
      text += #"{"t":0,"type":"CREATE_LINEAR_LAYOUT","internalId":\#(level + 2),"childInternalId":\#(level + 3)}"# + "\n"
    }
    return text
  }

  /// Writes `text` in the scratch directory and returns its path.
  static func trace(_ scratch: Scratch, _ name: String, _ text: String) throws -> String {
    try scratch.write(name, text)
  }

  @Test("replay of 50,000 nested layouts ends normally, its tree printed in linear bytes")
  func replayDeepNesting() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try Self.trace(scratch, "deep.jsonl", Self.nested(50_000))
    let run = try Subprocess.cmdtool(["replay", path], timeout: 600)
    #expect(run.status == 0 && run.signal == nil, "\(run.status.map(String.init) ?? "-") \(run.signal.map(String.init) ?? "-") \(run.stderr.prefix(500))")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 50_002)
    // The deepest element names its depth; the indentation stops at the cap.
    #expect(lines.last?.contains("(depth 50000)") == true, "\(lines.last ?? "")")
    #expect(lines.map(\.utf8.count).max()! < 150)
  }

  /// 8,000 levels printed 64 MB (indentation growing with the depth): now about 100 bytes a level.
  @Test("replay of 8,000 nested layouts prints linear bytes, not 64 MB")
  func replayIndentationIsCapped() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let text = Self.nested(8_000)
    let path = try Self.trace(scratch, "deep.jsonl", text)
    let run = try Subprocess.cmdtool(["replay", path], timeout: 600)
    #expect(run.status == 0, "\(run.stderr.prefix(500))")
    #expect(run.stdout.utf8.count < 2 * text.utf8.count, "\(run.stdout.utf8.count) bytes for a \(text.utf8.count)-byte trace")
    // The snapshot and the check walk the same tree.
    let json = try Subprocess.cmdtool(["replay", path, "--format", "json"], timeout: 600)
    #expect(json.status == 0 && json.stdout.utf8.count < 2 * text.utf8.count, "\(json.stderr.prefix(500))")
  }

  @Test("view of 100,000 nested layouts ends normally and writes its page")
  func viewDeepNesting() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try Self.trace(scratch, "deep.jsonl", Self.nested(100_000))
    // The crash was in walking one state's tree: two frames are enough to walk it, and keep the
    // test short (every frame walks the whole state).
    let page = scratch.path("deep.html")
    let run = try Subprocess.cmdtool(["view", path, "--out", page, "--max-frames", "2"], timeout: 600)
    #expect(run.status == 0 && run.signal == nil, "\(run.status.map(String.init) ?? "-") \(run.signal.map(String.init) ?? "-") \(run.stderr.prefix(500))")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("more lines"), "the kept tree is bounded")
  }

  @Test("diff of two chains of 30,000 nested layouts names bounded paths")
  func diffDeepNesting() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let a = try Self.trace(scratch, "a.jsonl", Self.nested(30_000))
    let b = try Self.trace(scratch, "b.jsonl", Self.nested(29_999))
    let run = try Subprocess.cmdtool(["diff", a, b], timeout: 600)
    #expect(run.status == 1 && run.signal == nil, "\(run.stderr.prefix(500))")
    // `frameView 2 › … 8 steps › … 29970 more › … 23 steps`: the path is abbreviated.
    #expect(run.stdout.contains("more ›"), "\(run.stdout.prefix(1000))")
    #expect(run.stdout.utf8.count < 10_000, "\(run.stdout.utf8.count) bytes")
  }

  /// A 1 MiB label on 200 records made a 216 MB page: now every record and tree line is an
  /// excerpt with the text's length, and each kept wireframe draws a screenful of the label.
  @Test("view of a 1 MiB label on 200 records writes a bounded page, the label as an excerpt")
  func viewLongLabel() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let label = String(repeating: "A", count: 1 << 20)
    var lines = [Self.header] + Self.screen
    lines.append(#"{"t":0,"type":"CREATE_TEXT","internalId":2,"childInternalId":3,"textValue":"\#(label)"}"#)
    for index in 0..<197 {
      lines.append(#"{"t":\#(index + 1),"type":"CREATE_TEXT","internalId":2,"childInternalId":\#(index + 4),"textValue":"x"}"#)
    }
    let path = try Self.trace(scratch, "label.jsonl", lines.joined(separator: "\n") + "\n")
    let page = scratch.path("label.html")
    let run = try Subprocess.cmdtool(["view", path, "--out", page], timeout: 600)
    #expect(run.status == 0, "\(run.stderr.prefix(500))")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    // 200 frames of a bounded wireframe, tree and diff each: well under 64 kB a frame.
    #expect(html.utf8.count < 200 * 64_000, "\(html.utf8.count) bytes")
    #expect(html.contains("(1048576 bytes)"), "the label's length is shown")
    #expect(!html.contains(String(repeating: "A", count: 4_096)), "no copy of the whole label")
  }

  /// 1 M siblings took 2.3 GB for a 3.9 kB SVG: only a screenful of the list is laid out.
  @Test("replay --format svg of 1,000,000 siblings draws a screenful")
  func svgOfManySiblings() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    var text = ([Self.header] + Self.screen).joined(separator: "\n") + "\n"
    text += #"{"t":0,"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1}"# + "\n"
    text.reserveCapacity(90_000_000)
    for index in 0..<1_000_000 {
      text += #"{"t":0,"type":"CREATE_TEXT","internalId":3,"childInternalId":\#(index + 4),"textValue":"x"}"# + "\n"
    }
    let path = try Self.trace(scratch, "wide.jsonl", text)
    let run = try Subprocess.cmdtool(["replay", path, "--format", "svg"], timeout: 600)
    #expect(run.status == 0 && run.signal == nil, "\(run.stderr.prefix(500))")
    #expect(run.stdout.hasPrefix("<?xml") || run.stdout.hasPrefix("<svg"))
    #expect(run.stdout.utf8.count < 64_000, "\(run.stdout.utf8.count) bytes")
  }

  /// Issue #23: ignore patterns match a deep element's abbreviated path (docs/DIFF_FORMAT.md
  /// §2.1): its last steps and its property, or the `… N more` that stands for the steps left
  /// out; a step that was left out is not in the path, so a pattern naming it matches nothing.
  @Test("diff --ignore on a deep element's abbreviated path")
  func ignoreOnAbbreviatedPaths() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let levels = 100
    let deepest = levels + 2
    let label = #"{"t":1,"type":"CREATE_TEXT","internalId":\#(deepest),"childInternalId":\#(deepest + 1),"textValue":"#
    let a = try Self.trace(scratch, "a.jsonl", Self.nested(levels) + label + #""old"}"# + "\n")
    let b = try Self.trace(scratch, "b.jsonl", Self.nested(levels) + label + #""new"}"# + "\n")
    // The difference is named by its abbreviated path.
    let plain = try Subprocess.cmdtool(["diff", a, b])
    #expect(plain.status == 1, "\(plain)")
    let omitted = levels + 2 - 8 - 23
    #expect(plain.stdout.contains("… \(omitted) more › linearLayout \(deepest - 21) › "), "\(plain.stdout)")
    #expect(plain.stdout.contains("linearLayout \(deepest) › text \(deepest + 1) · text"), "\(plain.stdout)")
    // Patterns on its last steps, on the whole abbreviated path, and on `… N more` leave it out.
    for pattern in ["* › text \(deepest + 1) · text", "* › linearLayout \(deepest) › text * · text", "frameView 2 › * › … \(omitted) more › * · text", "*… * more*"] {
      let ignored = try Subprocess.cmdtool(["diff", a, b, "--ignore", pattern])
      #expect(ignored.status == 0 && ignored.stdout.isEmpty && ignored.stderr.isEmpty, "\(pattern): \(ignored)")
    }
    // A step in the omitted middle is not in the path: the pattern matches nothing, and says so.
    let middle = "* › linearLayout 50 › *"
    let missed = try Subprocess.cmdtool(["diff", a, b, "--ignore", middle])
    #expect(missed.status == 1, "\(missed)")
    #expect(missed.stderr.contains("the ignore pattern '\(middle)' matched nothing in this comparison"), "\(missed.stderr)")
  }
}
