import Foundation
import Testing

/// Issue #23: text from a trace or a peer never reaches the terminal raw. Every control
/// character (C0, DEL, C1) is put in the places the review found (a header's creator, style keys,
/// marker labels and details, preference keys and values, labels, toasts, a testee's name and its
/// error text, a failure list's names), and nothing cmdtool prints may hold one but its own line
/// breaks.
@Suite("Terminal escapes from traces and peers")
struct TerminalEscapeCommandTests {
  /// Every control character a terminal could act on, and the review's own sequence.
  static let controls: [String] = (Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F)).map { String(Unicode.Scalar($0)!) }
  static let attack = "\u{1B}]0;pwned\u{07}\u{1B}[2J"

  /// The bytes of `text` that a terminal would act on: C0 but newline, DEL, C1.
  static func controlCharacters(in text: String) -> [String] {
    text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }.map { String(format: "U+%04X", $0.value) }
  }

  static func json(_ value: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [value], options: [])
    return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
  }

  /// A trace with `hostile` in every text field the review named, once per record.
  static func trace(_ hostiles: [String]) -> String {
    var lines = [#"{"trace":1,"creator":\#(json("evil" + attack)),"viewport":{"width":375,"height":667}}"#]
    lines.append(#"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":\#(json("A" + attack))}"#)
    lines.append(#"{"t":0,"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2}"#)
    for (index, hostile) in hostiles.enumerated() {
      let id = index + 3
      lines.append(#"{"t":\#(index),"type":"CREATE_TEXT","internalId":2,"childInternalId":\#(id),"textValue":\#(json("t" + hostile))}"#)
      lines.append(#"{"t":\#(index),"type":"SET_STYLE","internalId":\#(id),"textValue":\#(json("key" + hostile)),"textValue2":\#(json("v" + hostile))}"#)
      lines.append(#"{"t":\#(index),"type":"UPDATE_PREFERENCE","textValue":\#(json("pref\(index)" + hostile)),"textValue2":\#(json("v" + hostile))}"#)
      lines.append(#"{"t":\#(index),"marker":\#(json("m" + hostile)),"detail":\#(json("d" + hostile))}"#)
    }
    lines.append(#"{"t":999,"type":"COMMIT_PREFERENCES"}"#)
    lines.append(#"{"t":999,"type":"UPDATE_PREFERENCE","textValue":\#(json("pending" + attack)),"textValue2":"x"}"#)
    lines.append(#"{"t":999,"type":"DELETE_PREFERENCE","textValue":\#(json("gone" + attack))}"#)
    return lines.joined(separator: "\n") + "\n"
  }

  @Test("show, replay, replay --events, check and coverage print no control character from the trace")
  func traceCommands() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try scratch.write("hostile.jsonl", Self.trace(Self.controls + [Self.attack]))
    for arguments in [["show", path], ["replay", path], ["replay", path, "--events"], ["check", path], ["coverage", path], ["diff", path, path]] {
      let run = try Subprocess.cmdtool(arguments)
      #expect(run.status == 0 || run.status == 1, "\(arguments): \(run)")
      #expect(Self.controlCharacters(in: run.stdout + run.stderr) == [], "\(arguments)")
    }
    // The sequence is shown, escaped as in JSON.
    let show = try Subprocess.cmdtool(["show", path])
    #expect(show.stdout.contains(#"by evil\u001b]0;pwned\u0007\u001b[2J"#), "\(show.stdout.prefix(400))")
    #expect(show.stdout.contains(#"key\u001b]0;pwned\u0007\u001b[2J="#))
    let coverage = try Subprocess.cmdtool(["coverage", path])
    #expect(coverage.stdout.contains(#"key\u009b"#), "an unknown style key, escaped")
  }

  @Test("diff between states with hostile keys prints them escaped")
  func diffCommand() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let a = try scratch.write("a.jsonl", Self.trace([Self.attack]))
    let b = try scratch.write("b.jsonl", Self.trace([Self.attack + "\u{9B}"]))
    let run = try Subprocess.cmdtool(["diff", a, b])
    #expect(run.status == 1, "\(run)")
    #expect(Self.controlCharacters(in: run.stdout + run.stderr) == [])
    #expect(run.stdout.contains(#"\u001b[2J"#))
  }

  /// A testee that names itself with the sequence and fails with it on standard error.
  @Test("conformance prints a testee's name and error text escaped")
  func conformanceTestee() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let creator = Self.json("evil" + Self.attack)
    let script = try scratch.write("testee.sh", """
      #!/bin/sh
      printf '%s\\n' '{"trace":1,"creator":\(creator)}'
      printf '%s\\n' '{"marker":"testee","detail":"protocol=1"}'
      read header
      read first
      printf 'boom\\033]0;pwned\\007\\033[2J\\302\\233\\n' >&2
      exit 3

      """)
    chmod(script, 0o755)
    let run = try Subprocess.cmdtool(["conformance", "--cases", "Required.Tree.Children.InCreationOrder", "--verbose", "--", script])
    #expect(run.status != 0, "\(run)")
    #expect(Self.controlCharacters(in: run.stdout + run.stderr) == [], "\(run)")
    #expect(run.stdout.contains(#"testee: evil\u001b]0;pwned\u0007\u001b[2J,"#), "\(run)")
    #expect(run.stdout.contains(#"the testee said: boom\u001b]0;pwned\u0007\u001b[2J\u009b"#), "\(run)")
  }

  @Test("a failure list that is not UTF-8 is an error naming its line and byte; a NUL in a name is printed escaped")
  func failureList() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let list = scratch.path("failures.txt")
    var bytes = Array("# known\nRequired.Tree.Children.InCreationOrder\n".utf8)
    bytes += [0x62, 0x61, 0x64, 0xFF, 0x0A]
    try Data(bytes).write(to: URL(fileURLWithPath: list))
    let invalid = try Subprocess.cmdtool(["conformance", "--failure-list", list, "--cases", "Required.Tree.Children.InCreationOrder", "--", Built.referenceTestee.path])
    #expect(invalid.status == 2, "\(invalid)")
    #expect(invalid.stderr.contains("\(list):3: not UTF-8 text (byte 0xFF at byte offset \(bytes.count - 2))"), "\(invalid)")

    try Data("Required.Tree.Children.InCreationOrder\nno\u{0}such\u{1B}[2Jcase\n".utf8).write(to: URL(fileURLWithPath: list))
    let nul = try Subprocess.cmdtool(["conformance", "--failure-list", list, "--cases", "Required.Tree.Children.InCreationOrder", "--", Built.referenceTestee.path, "--bug", "ignore-reorder"])
    #expect(Self.controlCharacters(in: nul.stdout + nul.stderr) == [], "\(nul)")
    #expect(nul.stdout.contains(#"the failure list names no\u0000such\u001b[2Jcase, which"#), "\(nul)")
  }
}
