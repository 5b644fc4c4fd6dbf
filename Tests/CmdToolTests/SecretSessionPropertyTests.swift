import CommandCodec
import Foundation
import Replay
import Testing

// Issue #23's promise as a property: random sessions with random named secrets are recorded and
// replayed, and no byte cmdtool wrote holds a value (every file of the run's folder: recording,
// kept new run, JUnit, JSON and HTML reports and pages; its standard output and error).
//
// A session is a random script for the example engine: the secrets typed into the user name and
// the password (by id: a value equal to a hint must not change which field is meant), typed
// inside plain text too, the login, the "Delete all" dialog, markers, back. The engine leaks
// what it can: it checks the password, echoes the user name in a toast and a preference, puts
// the password in an image URL, a marker's label and detail (--leak-password), logs a secret on
// its standard error and stores one as a preference (--last-login). The replay runs against the
// same engine, or one that differs (so that the new run is kept and the pages written).
//
// Values are drawn from words of the format, the script and the screens, command and event
// names, short ones, control characters and non-ASCII, and mixes. A value that is a word of a
// file anyway (found in the same file of the same session played with control values) is looked
// for only where it is not.

@Suite struct SecretSessionPropertyTests {
  static let pool = SecretValuePropertyTests.named + [
    "CREATE_TOAST", "SET_TEXT_VALUE", "UPDATE_PREFERENCE", "ImageRequestEvent", "SysEvent", "ready", "sync", "engine-exit",
    "1", "x", "ab", "\u{7}", "\u{1B}[2J", "\u{1B}]0;title\u{7}", "\r", "\u{2028}", "\u{FEFF}bom", "null", "true", "0", "-1",
    "https://cdn.example/a.png", "token=", "Welcome, ", "Delete", "Cancel", "Delete all items?", "dialog", "back",
  ]

  struct Session: Sendable, CustomTestStringConvertible {
    var seed: UInt64
    /// Secret names and values; the first is the password the engine checks.
    var secrets: [(name: String, value: String)]
    var steps: [String]
    /// Options of the recording's engine and of the replay's.
    var engine: [String]
    var replayEngine: [String]
    var testDescription: String { "seed \(seed): " + secrets.map { "\($0.name)=\($0.value.debugDescription)" }.joined(separator: ", ") }

    /// The same session with every value replaced by a control value of its own.
    var control: Session {
      var copy = self
      var replacements: [(String, String)] = []
      for (index, secret) in secrets.enumerated() { replacements.append((secret.value, "Zq7-control-\(index)-Kx")) }
      copy.secrets = zip(secrets, replacements).map { ($0.name, $1.1) }
      func replaced(_ text: String) -> String {
        var text = text
        // Whole arguments and texts only: they are built from the values, never split.
        for (value, control) in replacements where text == value { text = control }
        return text
      }
      copy.engine = engine.map(replaced)
      copy.replayEngine = replayEngine.map(replaced)
      copy.steps = Self.steps(plan, secrets: copy.secrets)
      return copy
    }

    /// What the steps do, kept to build them again with other values.
    var plan: [Step] = []

    enum Step: Sendable {
      case typeSecret(field: Int, secret: Int)
      case typeAround(field: Int, secret: Int)
      case logIn, deleteAll(option: Int), marker, back
    }

    static func steps(_ plan: [Step], secrets: [(name: String, value: String)]) -> [String] {
      var time = 0
      return plan.map { step in
        time += 300
        switch step {
        case .typeSecret(let field, let secret): return ##"{"t":\##(time),"type":"#\##(field)","secret":"\##(secrets[secret].name)"}"##
        case .typeAround(let field, let secret): return ##"{"t":\##(time),"type":"#\##(field)","text":\##(JSONText.quoted("hi " + secrets[secret].value + "!"))}"##
        case .logIn: return #"{"t":\#(time),"tap":"button \"Log in\""}"#
        case .deleteAll(let option): return #"{"t":\#(time),"tap":"button \"Delete all\""}"# + "\n" + #"{"t":\#(time + 100),"choose":"dialog \"Delete all items?\"","option":\#(option)}"#
        case .marker: return #"{"t":\#(time),"marker":"checkpoint"}"#
        case .back: return #"{"t":\#(time),"back":true}"#
        }
      }
    }
  }

  static let sessions: [Session] = (0..<20).map { index in
    var state = UInt64(23_000 + index)
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    // Every value of the pool comes first in some session; the others are random, or mixes.
    let names = ["PASSWORD", "TOKEN", "k", "API_KEY_2", "secret", "type"]
    var secrets = [(name: names[next(names.count)], value: pool[(index * 7) % pool.count])]
    for _ in 0..<next(3) {
      let name = names.filter { name in !secrets.contains { $0.name == name } }[0]
      let value = next(3) == 0 ? (0..<2).map { _ in pool[next(pool.count)] }.joined() : pool[next(pool.count)]
      // Two secrets with the same value would name one value twice: the longer name is not
      // what this test is about.
      if !secrets.contains(where: { $0.value == value }) { secrets.append((name, value)) }
    }
    let other = secrets.count > 1 ? 1 : 0
    // A user name and the password, then more typing, the login, the items view, perhaps back.
    let name = next(secrets.count)
    var plan: [Session.Step] = [.typeSecret(field: 6, secret: 0), next(2) == 0 ? .typeSecret(field: 5, secret: name) : .typeAround(field: 5, secret: name)]
    for _ in 0..<next(3) { plan.append([Session.Step.typeSecret(field: 5, secret: next(secrets.count)), .typeAround(field: 5, secret: next(secrets.count)), .marker][next(3)]) }
    plan.append(.logIn)
    for _ in 0..<next(3) { plan.append(next(2) == 0 ? .deleteAll(option: next(2)) : .marker) }
    if next(2) == 0 { plan.append(.back) }
    let engine = ["--password", secrets[0].value, "--leak-password", "--stderr", secrets[other].value, "--last-login", secrets[secrets.count - 1].value]
    let replayEngine = [engine, engine + ["--variant", "changed"], Array(engine.dropLast(2)) + ["--last-login", "another day"]][next(3)]
    var session = Session(seed: UInt64(index), secrets: secrets, steps: [], engine: engine, replayEngine: replayEngine, plan: plan)
    session.steps = Session.steps(plan, secrets: secrets)
    return session
  }

  /// Records and replays `session` in `folder`; returns what the two runs printed.
  private func play(_ session: Session, in scratch: Scratch, folder: String) throws -> (runs: [FinishedRun], files: [String: [UInt8]]) {
    var environment: [String: String?] = ["TMPDIR": try scratch.temporaryFolder()]
    for secret in session.secrets { environment["CMDTOOL_SECRET_" + secret.name.uppercased()] = secret.value }
    let base = scratch.path(folder)
    try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    let script = try scratch.script("\(folder)/session.script.jsonl", session.steps.flatMap { $0.split(separator: "\n").map(String.init) })
    let out = base + "/session.jsonl"
    let record = try Subprocess.record(out, script: script, engine: [Built.engine.path] + session.engine, environment: environment)
    let command = ShellText.command([Built.engine.path] + session.replayEngine)
    let reports = ["--record", "never", "--keep", base + "/new", "--junit", base + "/report.xml", "--report", base + "/report.json", "--html-report", base + "/html"]
    let replay = try Subprocess.replay(engine: command, [out] + reports, environment: environment)
    var files: [String: [UInt8]] = [:]
    for file in scratch.files where file.hasPrefix(folder + "/") && !file.hasSuffix(".script.jsonl") {
      files[String(file.dropFirst(folder.count + 1))] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path(file))))
    }
    return ([record, replay], files)
  }

  @Test(arguments: sessions)
  func noValueIsInAnyByteARecordAndReplayWrote(_ session: Session) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let control = try play(session.control, in: scratch, folder: "control")
    let hostile = try play(session, in: scratch, folder: "run")
    // The sessions played: recorded (the engine accepted the password) and compared.
    #expect(control.runs[0].status == 0, "\(control.runs[0])")
    #expect(hostile.runs[0].status == 0, "\(hostile.runs[0])")
    #expect(hostile.runs[1].status == control.runs[1].status, "\(hostile.runs[1])\nthe control's: \(control.runs[1])")
    #expect(Set(hostile.files.keys) == Set(control.files.keys))
    #expect(hostile.files.keys.contains("session.jsonl"))
    let controlOutput = control.runs.map { Array(($0.stdout + $0.stderr).utf8) }
    for secret in session.secrets {
      for form in SecretValuePropertyTests.forms(of: secret.value) {
        for (name, bytes) in hostile.files.sorted(by: { $0.key < $1.key }) where !(control.files[name] ?? []).containsSubsequence(form) {
          if let excerpt = Self.excerpt(of: form, in: bytes) { Issue.record("\(name) holds \(secret.name)=\(secret.value.debugDescription): …\(excerpt)…") }
        }
        for (index, run) in hostile.runs.enumerated() where !controlOutput[index].containsSubsequence(form) {
          if let excerpt = Self.excerpt(of: form, in: Array((run.stdout + run.stderr).utf8)) { Issue.record("\(index == 0 ? "record" : "replay") printed \(secret.name)=\(secret.value.debugDescription): …\(excerpt)…") }
        }
      }
    }
  }

  /// The text around the first place `form` occurs in `bytes`, or nil.
  static func excerpt(of form: [UInt8], in bytes: [UInt8]) -> String? {
    guard !form.isEmpty, form.count <= bytes.count else { return nil }
    for start in 0...(bytes.count - form.count) where bytes[start] == form[0] && bytes[start..<(start + form.count)].elementsEqual(form) {
      return String(decoding: bytes[max(0, start - 60)..<min(bytes.count, start + form.count + 60)], as: UTF8.self).debugDescription
    }
    return nil
  }
}
