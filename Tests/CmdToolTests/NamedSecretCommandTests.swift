import CommandCodec
import Foundation
import Replay
import Testing

// Named secrets (Sources/Replay/Live/Script/SecretStore.swift) end to end: a script types the
// value of CMDTOOL_SECRET_PASSWORD (or of a --secrets file) into a login that checks it; the
// recording holds <secret:PASSWORD>; `replay --engine` types the value again. The value reaches
// the engine and no file cmdtool writes.

@Suite struct NamedSecretCommandTests {
  static let value = "opensesame-7f3"
  static let wrongValue = "letmein-wrong"

  /// The login of the example engine, its password typed as the named secret PASSWORD.
  private func loginScript(in scratch: Scratch) throws -> String {
    try scratch.script("login.script.jsonl", [
      "# Log in with the password PASSWORD names; the engine checks it.",
      #"{"t":800,"type":"textField \"User name\"","text":"alice"}"#,
      #"{"t":1800,"type":"textField \"Password\"","secret":"PASSWORD"}"#,
      #"{"t":2400,"tap":"button \"Log in\""}"#,
    ])
  }

  /// The engine's options: it accepts only `value`, and writes it to its standard error, which
  /// the recording keeps the tail of (an engine that logs what it checks).
  private static let engineOptions = ["--password", value, "--stderr", "checking \(value)"]

  /// Records the login into `login.jsonl` with the secret in the environment.
  private func recordLogin(in scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let out = scratch.path("login.jsonl")
    let run = try Subprocess.record(out, script: try loginScript(in: scratch), engine: [Built.engine.path] + Self.engineOptions, environment: ["CMDTOOL_SECRET_PASSWORD": Self.value])
    #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
    return out
  }

  /// Whether the recording shows the engine accepting the password: its welcome toast.
  private func loggedIn(_ recording: Recording) -> Bool {
    recording.commands.contains(Command(.createToast, internalId: 7, textValue: "Welcome, alice!"))
  }

  /// No file in `scratch` (but `excluded`) and nothing the runs printed holds either value.
  private func expectNoValueAnywhere(_ scratch: Scratch, runs: [FinishedRun], except excluded: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation) {
    for value in [Self.value, Self.wrongValue] {
      #expect(scratch.files(containing: value, except: excluded) == [], "files hold \(value)", sourceLocation: sourceLocation)
      for run in runs { #expect(!run.stdout.contains(value) && !run.stderr.contains(value), "\(run)", sourceLocation: sourceLocation) }
    }
  }

  @Test func theRecordingHoldsThePlaceholderAndTheReplayTypesTheValueAgain() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try recordLogin(in: scratch)
    let recording = try Recording(path)
    #expect(recording.records.first?.body == .marker(label: "session", detail: #"{"clock":"virtual","first-line":2,"passwords":true,"redact":[],"secrets":["PASSWORD"]}"#))
    #expect(recording.events.contains { $0.target == 6 && $0.event == .value(ValueEvent(text: "<secret:PASSWORD>")) })
    #expect(loggedIn(recording), "the engine did not accept the password:\n\(recording.text)")
    // The engine's stderr echoed the value; the recording's tail of it holds the placeholder.
    #expect(recording.lastMarker?.detail == "status 0; stderr: checking <secret:PASSWORD>")

    let engine = Built.engineCommand(Self.engineOptions.map { "'\($0)'" }.joined(separator: " "))
    let reports = ["--keep", scratch.path("new"), "--junit", scratch.path("report.xml"), "--report", scratch.path("report.json")]
    let run = try Subprocess.replay(engine: engine, [path] + reports, environment: ["CMDTOOL_SECRET_PASSWORD": Self.value, "TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 0, "\(run)")
    #expect(run.firstLine.hasPrefix("PASS  login.jsonl"), "\(run)")
    // The new run is scrubbed like the recording, so the two are the same bytes.
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("new/login.jsonl"))) == Data(recording.bytes))
    expectNoValueAnywhere(scratch, runs: [run])
  }

  @Test func aSecretsFileServesAndTheEnvironmentWins() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try loginScript(in: scratch)
    let right = try scratch.write("right.secrets", "# the test's secrets\n\nPASSWORD=\(Self.value)\r\n")
    let wrong = try scratch.write("wrong.secrets", "PASSWORD=\(Self.wrongValue)\n")
    let engine = [Built.engine.path, "--password", Self.value]

    let fromFile = try Subprocess.record(scratch.path("file.jsonl"), script: script, engine: engine, options: ["--secrets", right])
    #expect(fromFile.status == 0, "\(fromFile)")
    #expect(loggedIn(try Recording(scratch.path("file.jsonl"))))
    // The file says the wrong value, the environment the right one: the environment's is typed.
    let both = try Subprocess.record(scratch.path("both.jsonl"), script: script, engine: engine, options: ["--secrets", wrong], environment: ["CMDTOOL_SECRET_PASSWORD": Self.value])
    #expect(both.status == 0, "\(both)")
    #expect(loggedIn(try Recording(scratch.path("both.jsonl"))))

    let checking = Built.engineCommand("--password \(Self.value)")
    let replayFromFile = try Subprocess.replay(engine: checking, [scratch.path("file.jsonl"), "--secrets", right])
    #expect(replayFromFile.status == 0, "\(replayFromFile)")
    let replayBoth = try Subprocess.replay(engine: checking, [scratch.path("both.jsonl"), "--secrets", wrong], environment: ["CMDTOOL_SECRET_PASSWORD": Self.value])
    #expect(replayBoth.status == 0, "\(replayBoth)")
    expectNoValueAnywhere(scratch, runs: [fromFile, both, replayFromFile, replayBoth], except: ["right.secrets", "wrong.secrets"])
  }

  @Test func aMissingSecretIsAnErrorThatNamesItAndItsVariable() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try loginScript(in: scratch)
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let record = try Subprocess.record(scratch.path("missing.jsonl"), script: script, engine: engine.arguments())
    #expect(record.status == 2, "\(record)")
    #expect(record.stderr.contains("cmdtool: the script types the secret PASSWORD, but CMDTOOL_SECRET_PASSWORD is not set (or pass --secrets FILE with a line PASSWORD=…)"), "\(record)")
    // Found out before the engine starts, and nothing is written.
    #expect(engine.pid == nil, "the engine was started")
    #expect(scratch.files.filter { $0.hasPrefix("missing.jsonl") } == [])
    let other = try scratch.write("other.secrets", "OTHER=x\n")
    let withFile = try Subprocess.record(scratch.path("missing.jsonl"), script: script, engine: engine.arguments(), options: ["--secrets", other])
    #expect(withFile.status == 2, "\(withFile)")
    #expect(withFile.stderr.contains("the script types the secret PASSWORD, but CMDTOOL_SECRET_PASSWORD is not set and \(other) does not name it"), "\(withFile)")
    #expect(engine.pid == nil, "the engine was started")

    // A replay needs the value again: without it, the recording FAILs with the same words.
    let path = try recordLogin(in: scratch)
    let replay = try Subprocess.replay(engine: engine.command("--password \(Self.value)"), [path])
    #expect(replay.status == 1, "\(replay)")
    #expect(replay.firstLine == "FAIL  login.jsonl: the recording \(path) types the secret PASSWORD, but CMDTOOL_SECRET_PASSWORD is not set (or pass --secrets FILE with a line PASSWORD=…)", "\(replay)")
    #expect(replay.lastLine == "1 recording: 0 passed, 1 failed", "\(replay)")
    #expect(engine.pid == nil, "the engine was started")
  }

  @Test func aWrongValueMakesTheRunsDifferAndIsScrubbedToo() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try recordLogin(in: scratch)
    let reports = ["--keep", scratch.path("new"), "--junit", scratch.path("report.xml"), "--report", scratch.path("report.json")]
    let run = try Subprocess.replay(engine: Built.engineCommand("--password \(Self.value)"), [path] + reports, environment: ["CMDTOOL_SECRET_PASSWORD": Self.wrongValue, "TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 1, "\(run)")
    #expect(run.firstLine.hasPrefix("FAIL  login.jsonl: the runs differ after record #11 (2.400s)"), "\(run)")
    #expect(run.stdout.contains(#"~ frameView 2 › linearLayout 3 › textField 6 · error: null → "Wrong password""#), "\(run)")
    // The new run typed the wrong value, and holds the placeholder for it.
    let newRun = try Recording(scratch.path("new/login.jsonl"))
    #expect(newRun.events.contains { $0.target == 6 && $0.event == .value(ValueEvent(text: "<secret:PASSWORD>")) })
    #expect(!loggedIn(newRun))
    expectNoValueAnywhere(scratch, runs: [run])
  }

  @Test func anEngineThatEchoesTheValueCannotCarryItIntoAFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // It dies after the login, its stderr holding the value: the partial recording, and what
    // cmdtool prints of that stderr, hold the placeholder.
    let crash = try Subprocess.record(scratch.path("crash.jsonl"), script: try loginScript(in: scratch), engine: [Built.engine.path] + Self.engineOptions + ["--crash-after", "7"], environment: ["CMDTOOL_SECRET_PASSWORD": Self.value])
    #expect(crash.status == 1, "\(crash)")
    #expect(crash.stderr.contains("the engine said: checking <secret:PASSWORD>"), "\(crash)")
    #expect(try Recording(scratch.path("crash.jsonl.partial")).lastMarker?.detail == "status 3; stderr: checking <secret:PASSWORD>")

    // It quotes the value (from a variable of its own) in a record the decoder rejects: the
    // decoder's message quotes it in turn, on its way to the reports. The variable cmdtool reads
    // the secret from is withheld from the engine: a secret reaches it only by being typed.
    let path = try recordLogin(in: scratch)
    // One process throughout (exec), so that stopping it leaves no orphan behind for init to reap.
    // Its first record is a good one: an engine that writes garbage before any would be a setup
    // error (nothing compared, no report), and the reports are what this test reads.
    let leaky = try scratch.write("leaky-engine.sh", #"echo "inherited: ${CMDTOOL_SECRET_PASSWORD:-withheld}" >&2; printf '{"trace":1,"creator":"leaky"}\n{"t":0,"marker":"ready"}\n{"type":"%s"}\n' "$LEAKED"; exec cat > /dev/null"# + "\n")
    let reports = ["--keep", scratch.path("new"), "--junit", scratch.path("report.xml"), "--report", scratch.path("report.json")]
    let run = try Subprocess.replay(engine: "exec sh '\(leaky)'", [path] + reports, environment: ["CMDTOOL_SECRET_PASSWORD": Self.value, "LEAKED": Self.value, "TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 1, "\(run)")
    #expect(run.firstLine.contains(#"unknown command type "<secret:PASSWORD>""#), "\(run)")
    #expect(try String(contentsOfFile: scratch.path("report.json"), encoding: .utf8).contains(#"unknown command type \"<secret:PASSWORD>\""#))
    #expect(try Recording(scratch.path("new/login.jsonl")).lastMarker?.detail.contains("inherited: withheld") == true)
    expectNoValueAnywhere(scratch, runs: [crash, run], except: ["leaky-engine.sh"])
  }

  @Test func anEngineThatPutsTheTypedSecretInAnImageURLAndAMarkerLabelLeavesItInNoFile() throws {
    // Issue #23: the engine builds an image URL with the password as its token (the platform asks
    // for it back in an ImageRequestEvent) and writes the password as a marker's label. The
    // recording, and a failing replay's kept new run, reports and pages, hold the placeholder.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let leaky = Self.engineOptions + ["--leak-password"]
    let out = scratch.path("login.jsonl")
    let record = try Subprocess.record(out, script: try loginScript(in: scratch), engine: [Built.engine.path] + leaky, environment: ["CMDTOOL_SECRET_PASSWORD": Self.value])
    #expect(record.status == 0, "\(record)")
    let recording = try Recording(out)
    #expect(recording.events.contains { $0.event == .imageRequest(ImageRequestEvent(mode: 1, imageUrl: "https://cdn.example/a.png?token=<secret:PASSWORD>", sourceInternalId: $0.target, requestedWidth: 375, requestedLevels: 1)) }, "\(recording.text)")
    #expect(recording.markers.contains { $0.label == "<secret:PASSWORD>" }, "\(recording.text)")
    #expect(recording.markers.contains { $0.label == "login" && $0.detail == "password <secret:PASSWORD>" }, "\(recording.text)")

    // The new run differs (a lastLogin preference), so it is kept and reported, page and all.
    let engine = Built.engineCommand((leaky + ["--last-login", "today"]).map { "'\($0)'" }.joined(separator: " "))
    let reports = ["--keep", scratch.path("new"), "--junit", scratch.path("report.xml"), "--report", scratch.path("report.json"), "--html-report", scratch.path("html")]
    let run = try Subprocess.replay(engine: engine, [out] + reports, environment: ["CMDTOOL_SECRET_PASSWORD": Self.value, "TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 1, "\(run)")
    #expect(run.firstLine.hasPrefix("FAIL  login.jsonl: the runs differ"), "\(run)")
    #expect(try Recording(scratch.path("new/login.jsonl")).markers.contains { $0.label == "<secret:PASSWORD>" })
    // The page names the engine command, which holds the value (--password), scrubbed.
    let page = try String(contentsOfFile: scratch.path("html/login.html"), encoding: .utf8)
    #expect(page.contains("--leak-password") && page.contains("&lt;secret:PASSWORD&gt;"), "the page's engine line")
    #expect(scratch.files.contains("html/index.html") && scratch.files.contains("report.xml") && scratch.files.contains("report.json"))
    expectNoValueAnywhere(scratch, runs: [record, run])
  }

  @Test func anEngineCommandThatCannotStartIsShownWithoutTheValue() throws {
    // The README's invocation, `--engine "$E --password VALUE"`, with an engine that fails before
    // its first record: the setup error shows the command, the value scrubbed.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try recordLogin(in: scratch)
    let run = try Subprocess.replay(engine: "exec false --password \(Self.value)", [path, "--html-report", scratch.path("html")], environment: ["CMDTOOL_SECRET_PASSWORD": Self.value])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("(the engine command runs with sh -c: exec false --password <secret:PASSWORD>)"), "\(run)")
    expectNoValueAnywhere(scratch, runs: [run])
  }

  @Test func plainTextInAPasswordFieldIsRecordedAsAStandInThatCannotLogInAgain() throws {
    // Why named secrets exist: a password typed as "text" is hidden as a stand-in, which the
    // replay types, and which a login that checks the password refuses.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.script("plain.script.jsonl", [
      #"{"t":800,"type":"textField \"User name\"","text":"alice"}"#,
      #"{"t":1800,"type":"textField \"Password\"","text":"s3cret"}"#,
      #"{"t":2400,"tap":"button \"Log in\""}"#,
    ])
    let record = try Subprocess.record(scratch.path("plain.jsonl"), script: script, engine: [Built.engine.path, "--password", "s3cret"])
    #expect(record.status == 0, "\(record)")
    let recording = try Recording(scratch.path("plain.jsonl"))
    #expect(loggedIn(recording), "the engine got the real password while recording")
    #expect(!recording.text.contains("s3cret"))
    #expect(recording.events.contains { $0.target == 6 && $0.event == .value(ValueEvent(text: Redaction.standIn(for: "s3cret"))) })

    let replay = try Subprocess.replay(engine: Built.engineCommand("--password s3cret"), [scratch.path("plain.jsonl")], environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(replay.status == 1, "\(replay)")
    #expect(replay.firstLine.hasPrefix("FAIL  plain.jsonl: the runs differ after record #11 (2.400s)"), "\(replay)")
    #expect(replay.stdout.contains(#"B #11         2.400s  →  SET_ERROR id=6 value=1 text="Wrong password""#), "\(replay)")
  }
}
