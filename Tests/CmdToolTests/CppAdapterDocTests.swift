import Foundation
import Testing

// docs/CPP_ADAPTER.md cannot drift from the code: its worked example is compiled from the page
// (clang++ and g++, warnings as errors) and must be Examples/CppEngine/wire_platform.hpp byte for
// byte, under 100 lines; the lines of main it quotes are main.cpp's; its API list is the header's.

@Suite struct CppAdapterDocTests {
  static let doc = CommandRunner.path("docs/CPP_ADAPTER.md")
  static let glue = CommandRunner.path("Examples/CppEngine/wire_platform.hpp")
  static let header = CommandRunner.path("adapters/cpp/cmdtool_wire.hpp")

  /// The fenced block that follows the HTML comment `<!-- label -->` in `markdown`.
  static func block(after label: String, in markdown: String) throws -> String {
    let marker = try #require(markdown.range(of: "<!-- \(label) -->\n```cpp\n"), "docs/CPP_ADAPTER.md has no block after <!-- \(label) -->")
    let rest = markdown[marker.upperBound...]
    let end = try #require(rest.range(of: "\n```\n"))
    return String(rest[..<end.lowerBound]) + "\n"
  }

  @Test func theWorkedExampleIsTheGlueUnder100LinesAndCompiles() throws {
    let markdown = try String(contentsOfFile: Self.doc, encoding: .utf8)
    let example = try Self.block(after: "the worked example: Examples/CppEngine/wire_platform.hpp", in: markdown)
    let file = try String(contentsOfFile: Self.glue, encoding: .utf8)
    #expect(example == file, "docs/CPP_ADAPTER.md §1 and Examples/CppEngine/wire_platform.hpp differ: copy the file into the doc")
    let lines = example.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(lines < 100, "the worked example has \(lines) lines")
    #expect(markdown.contains("[Examples/CppEngine/wire_platform.hpp](../Examples/CppEngine/wire_platform.hpp),\n\(lines) lines."), "the doc states the example's length")

    // The page's copy, not the file, is what is built: with the example engine around it.
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.write("wire_platform.hpp", example)
    for name in ["main.cpp", "engine.hpp"] { try scratch.copy(CommandRunner.path("Examples/CppEngine/\(name)"), to: name) }
    let compilers = [CppEngineTests.findClangXX(), CppEngineTests.onPath("g++")].compactMap { $0 }
    #expect(!compilers.isEmpty, "no C++ compiler: install the Swift toolchain (it ships clang++) or Debian's g++")
    for compiler in compilers {
      guard let engine = try CppEngineTests.build([scratch.path("main.cpp")], named: "doc-engine", .plain, compiler: compiler, in: scratch) else { continue }
      let run = try CTesteeTests.feed(engine, #"{"trace":1}"# + "\n" + #"{"t":0,"marker":"sync","detail":"1"}"# + "\n", in: scratch)
      #expect(run.status == 0, "\(compiler): \(run)")
      #expect(run.stdout.hasSuffix(#"{"marker":"sync","detail":"1"}"# + "\n"), "\(compiler): \(run)")
    }
  }

  @Test func theLinesOfMainTheDocQuotesAreMains() throws {
    let markdown = try String(contentsOfFile: Self.doc, encoding: .utf8)
    let quoted = try Self.block(after: "lines of Examples/CppEngine/main.cpp", in: markdown)
    let main = try String(contentsOfFile: CommandRunner.path("Examples/CppEngine/main.cpp"), encoding: .utf8)
    let mainLines = Set(main.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    for line in quoted.split(separator: "\n") {
      let code = Self.declaration(String(line))
      #expect(mainLines.contains(code + ";"), "docs/CPP_ADAPTER.md quotes \(code); main.cpp does not have it")
    }
  }

  /// A line of C++ as a declaration: without its comment, body, `inline` and final `;`, with
  /// single spaces.
  static func declaration(_ line: String) -> String {
    var text = line
    if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
    // A body: the "{" after the parameter list or a const, not a default argument's "{}".
    if let body = text.range(of: #"(\)|const)\s*\{.*$"#, options: .regularExpression) {
      text = String(text[..<body.lowerBound]) + (text[body].hasPrefix(")") ? ")" : "const")
    }
    text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if text.hasPrefix("inline ") { text.removeFirst("inline ".count) }
    while text.hasSuffix(";") { text.removeLast() }
    return text
  }

  /// The types in `source` (a line "struct NAME {" or "class NAME {" at the start, to "};") and
  /// their public members, one declaration a line; and the lines outside them.
  static func parse(_ source: String) -> (types: [String: [String]], others: [String]) {
    var types: [String: [String]] = [:]
    var others: [String] = []
    var current: String?
    var isPublic = true
    for line in source.split(separator: "\n").map(String.init) {
      if current == nil, let match = line.firstMatch(of: #/^(struct|class) (\w+) \{/#) {
        if line.hasSuffix("};") { others.append(declaration(line)); continue }  // one line: a declaration
        current = String(match.2)
        isPublic = match.1 == "struct"
        types[current!, default: []] += []
        continue
      }
      guard let name = current else {
        if !line.hasPrefix(" "), !line.hasPrefix("}"), !line.hasPrefix("/"), !line.hasPrefix("#"), !line.isEmpty, !line.hasPrefix("namespace") {
          others.append(declaration(line))
        }
        continue
      }
      if line == "};" { current = nil; continue }
      if line == " public:" { isPublic = true; continue }
      if line == " private:" || line == " protected:" { isPublic = false; continue }
      // A member: two spaces in (deeper lines are bodies), not a comment.
      guard isPublic, line.hasPrefix("  "), !line.hasPrefix("   "), !line.hasPrefix("  /"), !line.hasPrefix("  }") else { continue }
      types[name, default: []].append(declaration(line))
    }
    return (types, others)
  }

  @Test func theAPIListIsTheHeaders() throws {
    let markdown = try String(contentsOfFile: Self.doc, encoding: .utf8)
    let listed = Self.parse(try Self.block(after: "the API, checked against adapters/cpp/cmdtool_wire.hpp", in: markdown))
    let header = Self.parse(try String(contentsOfFile: Self.header, encoding: .utf8))
    #expect(listed.types.keys.sorted() == ["Command", "Error", "Event", "Header", "Input", "Limits", "Options", "Session"])
    for (type, members) in listed.types.sorted(by: { $0.key < $1.key }) {
      let declared = try #require(header.types[type], "the header has no \(type)")
      // Event lists its class and has(); its fields are TRACE_FORMAT.md §7's, named in the doc.
      if type != "Event" {
        #expect(Set(declared).subtracting(members).sorted() == [], "\(type) in the header but not in docs/CPP_ADAPTER.md §5")
      }
      #expect(Set(members).subtracting(declared).sorted() == [], "\(type) in docs/CPP_ADAPTER.md §5 but not in the header")
    }
    let headerLines = Set(header.others)
    for line in listed.others {
      #expect(headerLines.contains(line), "docs/CPP_ADAPTER.md §5 lists \(line); the header does not declare it")
    }
  }
}
