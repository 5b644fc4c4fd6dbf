import Foundation
import Testing

// `fuzz engine` into an output folder that holds failures plays them first, as Hypothesis
// replays its example database (issue #22 §1): one that still fails is reported (never
// "0 failures"); one that no longer fails is moved to OUT/fixed/ and reported as fixed.

@Suite struct FuzzSavedFailureTests {
  /// A one-step script that makes `--bug malformed-after-quote` write malformed output.
  private func quoteScript(in scratch: Scratch) throws -> String {
    try scratch.script("quote.script.jsonl", [#"{"t":800,"type":"textField \"User name\"","text":"a\"b"}"#])
  }

  private func fuzz(_ out: String, runs: Int = 1, engine: [String]) throws -> FinishedRun {
    try Subprocess.cmdtool(["fuzz", "engine", "--out", out, "--runs", String(runs), "--"] + [Built.engine.path] + engine, timeout: 120)
  }

  @Test func aSavedFailureIsPlayedFirstAndReportedUntilItIsFixed() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("fuzz")
    let shrink = try Subprocess.cmdtool(["fuzz", "shrink", "--script", try quoteScript(in: scratch), "--out", out, "--", Built.engine.path, "--bug", "malformed-after-quote"])
    #expect(shrink.status == 1, "\(shrink)")
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: out + "/failures").first)
    #expect(name.hasPrefix("malformed-output-"))

    // The same buggy engine, one run (which alone would not find it): reported, exit 1.
    let again = try fuzz(out, engine: ["--bug", "malformed-after-quote"])
    #expect(again.status == 1, "\(again)")
    #expect(again.stdout.contains("saved \(name): still fails (malformed output"), "\(again)")
    #expect(again.stdout.contains("1 failure (1 saved before, still failing)"), "\(again)")
    #expect(again.stdout.contains("FAIL  malformed output"), "\(again)")
    #expect(again.stdout.contains("saved before)"), "\(again)")
    let summary = try String(contentsOfFile: out + "/summary.json", encoding: .utf8)
    #expect(summary.contains(#""replayed":1"#) && summary.contains(#""savedBefore":true"#), "\(summary)")

    // The fixed engine: reported as fixed, moved out of failures/, exit 0.
    let fixed = try fuzz(out, engine: [])
    #expect(fixed.status == 0, "\(fixed)")
    #expect(fixed.stdout.contains("saved \(name): no longer fails (malformed output); moved to \(out)/fixed/\(name)"), "\(fixed)")
    #expect(fixed.stdout.contains("0 failures, 1 saved failure fixed"), "\(fixed)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/failures").isEmpty)
    #expect(FileManager.default.fileExists(atPath: "\(out)/fixed/\(name)/script.jsonl"))
    let fixedSummary = try String(contentsOfFile: out + "/summary.json", encoding: .utf8)
    #expect(fixedSummary.contains(#""fixed":[{"failure":"malformed output""#), "\(fixedSummary)")

    // A fixed failure is not played again.
    let later = try fuzz(out, engine: [])
    #expect(later.status == 0, "\(later)")
    #expect(!later.stdout.contains("saved "), "\(later)")
  }

  /// A failure `fuzz shrink` kept of a script that types a named secret is played again with the
  /// secret's value (issue #22 §2: secrets work in every command that plays scripts); without the
  /// value the campaign stops before any engine starts, naming the secret.
  @Test func aSavedFailureThatTypesASecretIsPlayedWithItsValue() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("fuzz")
    let value = "opensesame-22"
    let engine = ["--password", value, "--bug", "crash-after-two-cancels"]
    let text = FuzzShrinkCommandTests.longScript(rounds: 2).replacingOccurrences(of: #""text":"hunter2""#, with: #""secret":"PASSWORD""#)
    let script = try scratch.write("secret.script.jsonl", text)
    let secret = ["CMDTOOL_SECRET_PASSWORD": value]
    let shrink = try Subprocess.cmdtool(["fuzz", "shrink", "--script", script, "--out", out] + shrinkUntilDone + ["--", Built.engine.path] + engine, environment: secret, timeout: fuzzerPatience)
    #expect(shrink.status == 1, "\(shrink)")
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: out + "/failures").first)
    #expect(try String(contentsOfFile: "\(out)/failures/\(name)/script.jsonl", encoding: .utf8).contains(#""secret":"PASSWORD""#))

    let missing = try Subprocess.cmdtool(["fuzz", "engine", "--out", out, "--runs", "1", "--", Built.engine.path] + engine, environment: ["CMDTOOL_SECRET_PASSWORD": nil], timeout: 120)
    #expect(missing.status == 2, "\(missing)")
    #expect(missing.stderr.contains("types the secret PASSWORD, but CMDTOOL_SECRET_PASSWORD is not set"), "\(missing)")
    #expect(!missing.stdout.contains("saved \(name)"), "\(missing)")

    let again = try Subprocess.cmdtool(["fuzz", "engine", "--out", out, "--runs", "1", "--", Built.engine.path] + engine, environment: secret, timeout: fuzzerPatience)
    #expect(again.status == 1, "\(again)")
    #expect(again.stdout.contains("saved \(name): still fails (signal 6"), "\(again)")
    for file in scratch.files where !file.hasSuffix("secret.script.jsonl") {
      let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: scratch.path(file))), as: UTF8.self)
      #expect(!bytes.replacingOccurrences(of: "--password \(value)", with: "").contains(value), "\(file) holds the secret's value")
    }
  }

  /// A saved failure that cannot be read stops the campaign, naming the file.
  @Test func anUnreadableSavedFailureIsBadInput() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("fuzz")
    try FileManager.default.createDirectory(atPath: out + "/failures/broken", withIntermediateDirectories: true)
    try scratch.write("fuzz/failures/broken/script.jsonl", "{\"t\":1,\"tapp\":\"button\"}\n")
    try scratch.write("fuzz/failures/broken/failure.json", "{\"failure\":\"hang\"}\n")
    let run = try fuzz(out, engine: [])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("\(out)/failures/broken/script.jsonl"), "\(run)")
    try scratch.write("fuzz/failures/broken/script.jsonl", "{\"t\":1,\"back\":true}\n")
    try scratch.write("fuzz/failures/broken/failure.json", "[]\n")
    let description = try fuzz(out, engine: [])
    #expect(description.status == 2, "\(description)")
    #expect(description.stderr.contains("\(out)/failures/broken/failure.json: not a failure description"), "\(description)")
  }
}
