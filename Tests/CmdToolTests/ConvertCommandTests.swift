import CommandCodec
import Foundation
import Testing

@Suite struct ConvertCommandTests {
  @Test func jsonToBinaryToJsonIsLosslessAndBinaryRoundTripIsByteIdentical() throws {
    let dir = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let source = CommandRunner.path("traces/login.jsonl")
    let binary = dir.appendingPathComponent("a.cmdtrace").path
    let json = dir.appendingPathComponent("b.jsonl").path
    let binary2 = dir.appendingPathComponent("c.cmdtrace").path
    #expect(try CommandRunner.run(["convert", source, binary]).status == 0)
    #expect(try CommandRunner.run(["convert", binary, json]).status == 0)
    #expect(try CommandRunner.run(["convert", json, binary2]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: json)) == Data(contentsOf: URL(fileURLWithPath: source)))
    #expect(try Data(contentsOf: URL(fileURLWithPath: binary)) == Data(contentsOf: URL(fileURLWithPath: binary2)))
    // The binary form is much smaller.
    let binarySize = try Data(contentsOf: URL(fileURLWithPath: binary)).count
    let jsonSize = try Data(contentsOf: URL(fileURLWithPath: source)).count
    #expect(binarySize * 3 < jsonSize)
  }

  @Test func truncatedInputKeepsEveryWholeRecord() throws {
    let dir = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let binary = dir.appendingPathComponent("full.cmdtrace").path
    #expect(try CommandRunner.run(["convert", CommandRunner.path("traces/login.jsonl"), binary]).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: binary))
    let cut = dir.appendingPathComponent("cut.cmdtrace")
    try bytes.prefix(bytes.count - 3).write(to: cut)
    let out = dir.appendingPathComponent("out.jsonl").path
    let result = try CommandRunner.run(["convert", cut.path, out])
    #expect(result.status == 2)
    #expect(result.stderr.contains("the input ends inside a record"))
    #expect(result.stderr.contains("wrote the 27 whole records before the error to \(out).partial; \(out) was not written"))
    // Nothing was there before, and nothing is now: the partial output is beside it.
    #expect(!FileManager.default.fileExists(atPath: out))
    let written = try String(contentsOfFile: out + ".partial", encoding: .utf8)
    let original = try String(contentsOfFile: CommandRunner.path("traces/login.jsonl"), encoding: .utf8)
    let originalLines = original.split(separator: "\n")
    #expect(written.split(separator: "\n") == Array(originalLines.dropLast()))
  }

  @Test func aFailedConversionLeavesThePreviousOutputByteIdentical() throws {
    let dir = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("login.cmdtrace").path
    #expect(try CommandRunner.run(["convert", CommandRunner.path("traces/login.jsonl"), out]).status == 0)
    let good = try Data(contentsOf: URL(fileURLWithPath: out))
    let bad = dir.appendingPathComponent("bad.jsonl")
    let lines = try String(contentsOfFile: CommandRunner.path("traces/login.jsonl"), encoding: .utf8).split(separator: "\n")
    try (lines.prefix(10).joined(separator: "\n") + "\n{\"t\":99999,\"batch\":[{\"type\":\"CREATE_BUTON\"}]}\n").write(to: bad, atomically: true, encoding: .utf8)
    let result = try CommandRunner.run(["convert", bad.path, out])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("unknown command type \"CREATE_BUTON\""), "\(result)")
    #expect(result.stderr.contains("before the error to \(out).partial; \(out) is unchanged"), "\(result)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == good)
    // The partial output reads back: the 9 whole records before the bad line.
    let show = try CommandRunner.run(["show", out + ".partial"])
    #expect(show.status == 0, "\(show)")
    // A later good conversion replaces the file and leaves no partial output behind.
    #expect(try CommandRunner.run(["convert", CommandRunner.path("traces/list.jsonl"), out]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) != good)
    #expect(!FileManager.default.fileExists(atPath: out + ".partial"))
  }

  @Test func toStandardOutputNeedsAFormat() throws {
    let result = try CommandRunner.run(["convert", CommandRunner.path("traces/login.jsonl"), "-"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("cannot tell the output format"))
    let json = try CommandRunner.run(["convert", CommandRunner.path("traces/login.jsonl"), "-", "--to", "json"])
    #expect(json.status == 0)
    #expect(json.stdout.hasPrefix("{\"trace\":1,"))
  }

  @Test func refusesToOverwriteItsInput() throws {
    // Every spelling of the same file, hard and symbolic links too: OutputIsInputTests.
    let login = CommandRunner.path("traces/login.jsonl")
    let result = try CommandRunner.run(["convert", login, login])
    #expect(result.status == 64)
    #expect(result.stderr.contains("\(login) is the input \(login): cmdtool never writes over what it reads"))
  }
}

@Suite struct ConvertUnwritableTests {
  @Test func aNaNThatJSONCannotHoldStopsTheConversionAtItsRecord() throws {
    let dir = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    var encoder = TraceEncoder(format: .binary)
    var bytes: [UInt8] = []
    try encoder.encodeHeader(TraceHeader(), into: &bytes)
    try encoder.encode(.batch([Command(.createApplication, childInternalId: 1)], at: 0), into: &bytes)
    try encoder.encode(.event(.scroll(ScrollEvent(delta: .nan)), to: 1, at: 5), into: &bytes)
    let input = dir.appendingPathComponent("nan.cmdtrace")
    try Data(bytes).write(to: input)
    let output = dir.appendingPathComponent("nan.jsonl").path
    let result = try CommandRunner.run(["convert", input.path, output])
    #expect(result.status == 2)
    #expect(result.stderr.contains("nan.jsonl: cannot write record #1: ScrollEvent.delta is nan, not a finite number"))
    #expect(result.stderr.contains("wrote the 1 whole record before the error"))
  }
}
