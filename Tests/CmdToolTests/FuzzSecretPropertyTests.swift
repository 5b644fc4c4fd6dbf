import CommandCodec
import Foundation
import Replay
import Testing

// Issue #23 for fuzzing: `fuzz shrink` and `fuzz engine` know every secret `record` knows (every
// non-empty CMDTOOL_SECRET_* and --secrets line, typed or not), and no byte they write holds a
// value: the saved script (a value typed inside a longer text is saved as <secret:NAME>), the
// recording, failure.json's reproduction (the engine's command line holds the password), the
// summary, standard output and error.
//
// Each session is played twice: with hostile values (equal to JSON keys, labels, digits, words of
// the output) and with control values; a form of a value is looked for only in the files and
// output where the control run does not hold it anyway (as SecretSessionPropertyTests does).

@Suite struct FuzzSecretPropertyTests {
  struct Session: Sendable, CustomTestStringConvertible {
    /// The password (typed by name, given to the engine), the user name (typed inside a longer
    /// text) and a secret only the engine is given (on its command line, from --secrets).
    var password: String
    var user: String
    var other: String
    var testDescription: String { [password, user, other].map(\.debugDescription).joined(separator: ", ") }

    var control: Session { Session(password: "Zq7-control-0-Kx", user: "Zq7-control-1-Kx", other: "Zq7-control-2-Kx") }

    var values: [(name: String, value: String)] { [("PASSWORD", password), ("USER", user), ("OTHER", other)] }
  }

  static let pool = [
    "type", "text", "secret", "failures", "steps", "reproduce", "Log in", "User name", "dialog", "signal", "SIGABRT",
    "1", "0", "6", "t", "x", "\u{1B}[2J", "hunter2-\"quoted\"\\", "cmdtool record", "script.jsonl", "option",
  ]

  static let sessions: [Session] = (0..<5).map { index in
    Session(password: pool[(index * 3) % pool.count], user: pool[(index * 3 + 1) % pool.count] + (index % 2 == 0 ? "" : "-u"), other: pool[(index * 3 + 2 + 7) % pool.count])
  }

  /// Log in (the password typed by name, the user name inside a longer text), then "Delete all"
  /// cancelled twice: what crashes `--bug crash-after-two-cancels`; a round to shrink away first.
  static func script(user: String) -> String {
    let lines = [
      #"{"t":100,"type":"textField \"User name\"","text":\#(JSONText.quoted("hi " + user + "!"))}"#,
      #"{"t":200,"type":"textField \"Password\"","secret":"PASSWORD"}"#,
      #"{"t":300,"tap":"button \"Log in\""}"#,
      #"{"t":400,"marker":"wait"}"#,
      #"{"t":500,"tap":"button \"Delete all\""}"#, #"{"t":600,"choose":"dialog","option":0}"#,
      #"{"t":700,"tap":"button \"Delete all\""}"#, #"{"t":800,"choose":"dialog","option":0}"#,
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Shrinks the session's script, then runs a campaign on the same folder (which plays the saved
  /// failure again); returns the runs and every file written, the failure's folder named SLUG.
  private func play(_ session: Session, in scratch: Scratch, folder: String) throws -> (runs: [FinishedRun], files: [String: [UInt8]]) {
    let script = try scratch.write("\(folder).script.jsonl", Self.script(user: session.user))
    let secrets = try scratch.write("\(folder).secrets", "OTHER=\(session.other)\n")
    let environment: [String: String?] = ["CMDTOOL_SECRET_PASSWORD": session.password, "CMDTOOL_SECRET_USER": session.user]
    let engine = [Built.engine.path, "--password", session.password, "--leak-password", "--stderr", session.other, "--bug", "crash-after-two-cancels"]
    let out = scratch.path(folder)
    let shrink = try Subprocess.cmdtool(["fuzz", "shrink", "--script", script, "--out", out, "--secrets", secrets] + shrinkUntilDone + ["--"] + engine, environment: environment, timeout: fuzzerPatience)
    let campaign = try Subprocess.cmdtool(["fuzz", "engine", "--out", out, "--runs", "1", "--steps", "5", "--seed", "1", "--secrets", secrets] + shrinkUntilDone + ["--"] + engine, environment: environment, timeout: fuzzerPatience)
    var files: [String: [UInt8]] = [:]
    let slugs = (try? FileManager.default.contentsOfDirectory(atPath: out + "/failures")) ?? []
    for file in scratch.files where file.hasPrefix(folder + "/") {
      var name = String(file.dropFirst(folder.count + 1))
      for slug in slugs { name = name.replacingOccurrences(of: slug, with: "SLUG") }
      files[name] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path(file))))
    }
    return ([shrink, campaign], files)
  }

  @Test(arguments: sessions)
  func noValueIsInAnyByteFuzzWrote(_ session: Session) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let control = try play(session.control, in: scratch, folder: "control")
    let hostile = try play(session, in: scratch, folder: "run")
    // Both shrank the crash and saved it; the campaign played the saved failure again.
    #expect(control.runs[0].status == 1, "\(control.runs[0])")
    #expect(hostile.runs[0].status == 1, "\(hostile.runs[0])")
    #expect(hostile.runs[1].status == control.runs[1].status, "\(hostile.runs[1])\nthe control's: \(control.runs[1])")
    #expect(hostile.files.keys.contains("failures/SLUG/script.jsonl"), "\(hostile.files.keys.sorted())")
    #expect(Set(hostile.files.keys) == Set(control.files.keys))
    // The control run shows where the values would be: the engine's options in the
    // reproduction; the login needs the password, typed by name. (The shrinker shortens the
    // typed user name, so FuzzScriptScrubTests checks a value typed inside other text.)
    let controlScript = String(decoding: control.files["failures/SLUG/script.jsonl"] ?? [], as: UTF8.self)
    #expect(controlScript.contains(#""secret":"PASSWORD""#), "\(controlScript)")
    let controlFailure = String(decoding: control.files["failures/SLUG/failure.json"] ?? [], as: UTF8.self)
    #expect(controlFailure.contains("--password '<secret:PASSWORD>'") && controlFailure.contains("--stderr '<secret:OTHER>'"), "\(controlFailure)")
    let controlOutput = control.runs.map { Array(($0.stdout + $0.stderr).utf8) }
    for secret in session.values {
      for form in SecretValuePropertyTests.forms(of: secret.value) {
        for (name, bytes) in hostile.files.sorted(by: { $0.key < $1.key }) where !(control.files[name] ?? []).containsSubsequence(form) {
          if let excerpt = SecretSessionPropertyTests.excerpt(of: form, in: bytes) { Issue.record("\(name) holds \(secret.name)=\(secret.value.debugDescription): …\(excerpt)…") }
        }
        for (index, run) in hostile.runs.enumerated() where !controlOutput[index].containsSubsequence(form) {
          if let excerpt = SecretSessionPropertyTests.excerpt(of: form, in: Array((run.stdout + run.stderr).utf8)) { Issue.record("\(index == 0 ? "fuzz shrink" : "fuzz engine") printed \(secret.name)=\(secret.value.debugDescription): …\(excerpt)…") }
        }
      }
    }
  }
}
