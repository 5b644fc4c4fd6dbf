import CommandCodec
import Foundation
import Replay
import Testing

/// `cmdtool fuzz streams` writes reproducible traces, and `cmdtool check` reports exactly the
/// violations they label: the record after each `violation` marker, with the marker's rule, and
/// nothing else.
@Suite struct FuzzStreamsCommandTests {
  /// The (record, rule) pairs `check` printed, from lines such as
  /// `#12.3 at 1.500s: error [unknown-target] …`.
  static func reported(_ output: String) throws -> [String] {
    let line = try Regex(#"^#(\d+)(?:\.\d+)? at [^:]+: (?:error|note) \[([a-z-]+)\]"#)
    return output.split(separator: "\n").compactMap { text in
      (try? line.firstMatch(in: String(text))).flatMap { match in
        match.output[1].substring.flatMap { record in match.output[2].substring.map { "#\(record) [\($0)]" } }
      }
    }
  }

  /// The (record, rule) pairs a trace labels: the record after each violation marker.
  static func labelled(_ path: String) throws -> (labels: [String], records: Int) {
    let trace = DecodedTrace(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(trace.error == nil)
    let labels = trace.records.enumerated().compactMap { index, record -> String? in
      guard case .success(let rule)? = ViolationLabel.rule(labelledBy: record) else { return nil }
      return "#\(index + 1) [\(rule.rawValue)]"
    }
    return (labels, trace.records.count)
  }

  @Test("check reports exactly the labelled violations, rule and record, and nothing else, for several seeds")
  func checkFindsTheLabels() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CommandRunner.run(["fuzz", "streams", "--out", directory.path, "--count", "4", "--seed", "21", "--commands", "1500", "--violations", "8"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    for seed in 21...24 {
      let path = directory.appendingPathComponent("stream-\(seed).jsonl").path
      let (labels, records) = try Self.labelled(path)
      #expect(labels.count > 10, "seed \(seed): only \(labels.count) violations")
      #expect(result.stdout.contains("\(path): "), "\(result.stdout)")
      let check = try CommandRunner.run(["check", path])
      #expect(try Self.reported(check.stdout) == labels, "seed \(seed)")
      let errors = labels.filter { !$0.hasSuffix("[not-modelled]") }.count
      #expect(check.stdout.hasSuffix("\(records) records: \(errors) violation\(errors == 1 ? "" : "s"), \(labels.count - errors) note\(labels.count - errors == 1 ? "" : "s")\n"))
      #expect(check.status == (errors > 0 ? 1 : 0))
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["stream-21.jsonl", "stream-22.jsonl", "stream-23.jsonl", "stream-24.jsonl"])
  }

  @Test("Streams without violations check clean, in both formats")
  func validStreamsCheckClean() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for format in ["json", "binary"] {
      let result = try CommandRunner.run(["fuzz", "streams", "--out", directory.path, "--count", "3", "--seed", "7", "--commands", "3000", "--to", format])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasSuffix("3 traces (seeds 7–9): \(result.stdout.split(separator: "\n").dropLast().map { Int($0.split(separator: " ")[1])! }.reduce(0, +)) commands, 0 labelled violations\n"))
      for seed in 7...9 {
        let check = try CommandRunner.run(["check", directory.appendingPathComponent("stream-\(seed).\(format == "json" ? "jsonl" : "cmdtrace")").path])
        #expect(check.status == 0)
        #expect(check.stdout.hasSuffix(": 0 violations, 0 notes\n"), "\(check.stdout.suffix(500))")
      }
    }
  }

  @Test("The same seed writes the same bytes; --count 1 --seed S writes trace S of a larger run again")
  func reproducible() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let all = directory.appendingPathComponent("all").path
    let one = directory.appendingPathComponent("one").path
    #expect(try CommandRunner.run(["fuzz", "streams", "--out", all, "--count", "3", "--seed", "100", "--commands", "500", "--violations", "5"]).status == 0)
    #expect(try CommandRunner.run(["fuzz", "streams", "--out", one, "--count", "1", "--seed", "102", "--commands", "500", "--violations", "5"]).status == 0)
    let first = try Data(contentsOf: URL(fileURLWithPath: all + "/stream-102.jsonl"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: one + "/stream-102.jsonl")) == first)
    #expect(try Data(contentsOf: URL(fileURLWithPath: all + "/stream-101.jsonl")) != first)
    // Written whole: no partial file is left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: all).allSatisfy { !$0.hasSuffix(".partial") })
  }

  @Test("Bad usage exits 64 and says what is wrong", arguments: [
    (["--count", "0"], "--count must be at least 1"),
    (["--commands", "0"], "--commands must be at least 1"),
    (["--violations", "101"], "--violations is a percent, from 0 to 100"),
    (["--violations=-1"], "--violations is a percent, from 0 to 100"),
  ])
  func badUsage(arguments: [String], message: String) throws {
    let result = try CommandRunner.run(["fuzz", "streams", "--out", "/tmp/unused-\(UUID().uuidString)"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("The output folder must be a folder")
  func outIsAFile() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    let result = try CommandRunner.run(["fuzz", "streams", "--out", file.path, "--count", "1"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("cmdtool: cannot create \(file.path): "), "\(result.stderr)")
  }
}
