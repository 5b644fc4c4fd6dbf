import CommandCodec
import Foundation
import Replay
import Testing

// Named secrets whose values also occur elsewhere (docs/WIRE.md §7), as properties: values equal
// to the recording's JSON keys, to the script's selectors, kinds and labels, to texts on screen,
// substrings of them, non-ASCII, quotes, backslashes and control characters, and random mixes of
// all of these. Each is typed into the user name and the password of the example engine's login
// (which checks the password, and echoes the name in its toast and preferences), recorded and
// replayed against the same engine: both must be green, the script's structure must come back
// as written, and the value must be in no text of any record and, where the value is not a word
// of the format itself, in no byte of any file the runs wrote.

@Suite struct SecretValuePropertyTests {
  /// The password by its hint (the issue's selector), then the user name by its id: with the
  /// value in both fields, `textField "Password"` would match both when the value is Password.
  static let script = [
    #"{"t":800,"type":"textField \"Password\"","secret":"PASSWORD"}"#,
    #"{"t":1800,"type":5,"secret":"PASSWORD"}"#,
    #"{"t":2400,"tap":"button \"Log in\""}"#,
  ]

  /// The hostile values: the issue's two, then words of the recording's format and of the script,
  /// what the engine shows, parts of those, and characters that need escaping.
  static let named = [
    "secret", "Password",
    "type", "t", "text", "marker", "detail", "tap", "event", "target", "batch", "textValue", "textValue2", "internalId",
    "childInternalId", "trace", "session", "script", "clock", "virtual", "secrets", "PASSWORD", "status", "ValueEvent",
    "User name", "Log in", "textField", "button", "Log in to Example", "Welcome", "Example", "hint", "match-parent",
    "Your items", "Apples", "Delete all", "lastUser", "banner-320", "example.com/img",
    "ass", "og i", "in", "e", "Pass", "name", "Welc", "xample",
    "pässwörd", "密码", "🔑 key", "Ωμέγα", "é",
    #"a"b"#, #"a\b"#, #"\""#, "tab\there", "line\nbreak", "\u{1}ctl", "<secret:X>", "x<secret:PASSWORD>y", "redacted-", "{}", "\"type\":",
    "$HOME", "'quoted'", " leading space",
  ]

  /// Random mixes of pieces of the named values and escaping characters (the seed is fixed: a
  /// failure reproduces).
  static var generated: [String] {
    var state: UInt64 = 22
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces = named + ["\"", "\\", "\t", "/", "<", ">", "&", "\u{7F}", "ß", "ü"]
    return (0..<12).map { _ in (0..<(1 + next(3))).map { _ in pieces[next(pieces.count)] }.joined() }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var value: String
    var testDescription: String { value.debugDescription }
  }

  static let cases = (named + generated).map { Case(value: $0) }

  /// A unique value whose run shows what a file holds when no value leaks: the words of the
  /// format and of the script, the engine's own texts.
  static let controlValue = "Zq7-control-Kx"
  static let placeholder = "<secret:PASSWORD>"

  /// Records and replays the login with `value` in a folder of its own; returns the runs.
  private func roundTrip(_ value: String, in scratch: Scratch, folder: String) throws -> (record: FinishedRun, replay: FinishedRun) {
    let environment: [String: String?] = ["CMDTOOL_SECRET_PASSWORD": value, "TMPDIR": try scratch.temporaryFolder()]
    try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
    let script = try scratch.script("\(folder)/login.script.jsonl", Self.script)
    let out = scratch.path("\(folder)/login.jsonl")
    let record = try Subprocess.record(out, script: script, engine: [Built.engine.path, "--password", value], environment: environment)
    let quoted = "'" + value.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    let replay = try Subprocess.replay(engine: Built.engineCommand("--password \(quoted)"), [out, "--record", "never", "--keep", scratch.path("\(folder)/new"), "--junit", scratch.path("\(folder)/report.xml")], environment: environment)
    return (record, replay)
  }

  @Test(arguments: cases)
  func aSecretRecordsAndReplaysGreenAndIsInNoFile(_ test: Case) throws {
    let value = test.value
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (record, replay) = try roundTrip(value, in: scratch, folder: "run")
    #expect(record.status == 0, "\(record)")
    #expect(replay.status == 0, "\(replay)")
    #expect(replay.firstLine.hasPrefix("PASS  login.jsonl"), "\(replay)")
    for path in ["run/login.jsonl", "run/new/login.jsonl"] {
      let recording = try Recording(scratch.path(path))
      // Logged in: the engine got the value, and its welcome toast is there.
      #expect(recording.commands.contains { $0.type == .createToast }, "\(path) did not log in:\n\(recording.text)")
      // The script comes back as written: keys, selectors and the secret's name untouched.
      #expect(recording.markers.filter { $0.label == "script" }.map(\.detail) == Self.script, "\(path)")
      #expect(recording.markers.first?.detail == #"{"clock":"virtual","passwords":true,"redact":[],"secrets":["PASSWORD"]}"#)
      // No text of any other record holds the value: typed, echoed, logged.
      for (index, record) in recording.records.enumerated() {
        if case .marker("script", _) = record.body { continue }
        if index == 0, case .marker("session", _) = record.body { continue }
        // The placeholder is the format's word (a value "secret" is in it).
        for text in Self.texts(of: record.body) where text.replacingOccurrences(of: Self.placeholder, with: "").contains(value) {
          Issue.record("\(path) #\(index) holds the value in \(text.debugDescription)")
        }
      }
    }
    #expect(!record.stderr.contains(value) || Self.controlOutput.contains(value), "\(record)")
    #expect(!replay.stdout.contains(value) || Self.controlOutput.contains(value), "\(replay)")
    // Every byte of every file: where the value is no word of what a file holds anyway.
    let files = scratch.files.filter { $0.hasPrefix("run/") && !$0.hasSuffix(".script.jsonl") }
    #expect(files.count >= 3, "\(files)")
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path(file))))
      for form in Self.forms(of: value) where !Self.controlFiles.contains(where: { $0.containsSubsequence(form) }) {
        #expect(!bytes.containsSubsequence(form), "\(file) holds \(value.debugDescription)")
      }
    }
  }

  /// Every text a record body carries: a batch's texts, an event's string fields, a marker's
  /// detail (its label is the protocol's word: `ready`, `engine-exit`; and so is the status that
  /// starts `engine-exit`'s detail, which a replay reads back).
  static func texts(of body: TraceRecord.Body) -> [String] {
    switch body {
    case .batch(let commands): return commands.flatMap { [$0.textValue, $0.textValue2, $0.key] }
    case .marker("engine-exit", let detail): return [String(detail.drop { $0 != ";" })]
    case .marker(_, let detail): return [detail]
    case .event(_, let event):
      var collector = TextCollector()
      var payload = event.payload
      try? payload.mapFields(&collector)
      return collector.texts
    case .modalResult: return []
    }
  }

  /// How a value can stand in a file: as it is, and escaped for JSON, for JSON in a page's
  /// script element (`<` as `\u003c`) and for XML.
  static func forms(of value: String) -> [[UInt8]] {
    let json = String(JSONText.quoted(value).dropFirst().dropLast())
    let xml = XMLText.escaped(value)
    return Set([value, json, json.replacingOccurrences(of: "<", with: "\\u003c"), xml]).filter { !$0.isEmpty }.map { Array($0.utf8) }
  }

  /// The files and output of a run with the control value: what holds a word when nothing leaks.
  nonisolated(unsafe) static var controlRun: (files: [[UInt8]], output: String)?
  static let controlLock = NSLock()

  static func controlFilesAndOutput() -> (files: [[UInt8]], output: String) {
    controlLock.lock()
    defer { controlLock.unlock() }
    if let controlRun { return controlRun }
    let run = try? {
      let scratch = try Scratch()
      defer { scratch.remove() }
      let (record, replay) = try SecretValuePropertyTests().roundTrip(Self.controlValue, in: scratch, folder: "run")
      let files = scratch.files.filter { $0.hasPrefix("run/") && !$0.hasSuffix(".script.jsonl") }
      return (try files.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path($0)))) }, record.stderr + replay.stdout)
    }()
    controlRun = run ?? ([], "")
    return controlRun!
  }

  static var controlFiles: [[UInt8]] { controlFilesAndOutput().files }
  static var controlOutput: String { controlFilesAndOutput().output }
}

/// Collects an event's string fields.
private struct TextCollector: EventFieldMapper {
  var texts: [String] = []
  mutating func map(_ name: StaticString, _ value: inout Int32) {}
  mutating func map(_ name: StaticString, _ value: inout UInt32) {}
  mutating func map(_ name: StaticString, _ value: inout Int64) {}
  mutating func map(_ name: StaticString, _ value: inout Bool) {}
  mutating func map(_ name: StaticString, _ value: inout Double) {}
  mutating func map(_ name: StaticString, _ value: inout String) { texts.append(value) }
  mutating func map(_ name: StaticString, _ value: inout [UInt8]) {}
}
