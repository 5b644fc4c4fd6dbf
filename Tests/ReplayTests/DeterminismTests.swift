import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

/// The bundled traces replay deterministically, and to the committed golden snapshots.
///
/// The goldens (Tests/ReplayTests/Snapshots/<trace>.json) pin the model's output for every bundled
/// trace, so an unintended change to a rule fails here. After an intended change, re-record them
/// with `RECORD_SNAPSHOTS=1 swift test --filter DeterminismTests` and review the diff.
@Suite("Determinism and golden snapshots")
struct DeterminismTests {
  static let traces = Repository.bundledTraces

  @Test("The bundled traces are there")
  func bundledTraces() {
    for name in ["login.jsonl", "list.jsonl", "progress.jsonl", "drawer.jsonl", "dialogs.jsonl", "images.jsonl", "teardown.jsonl"] {
      #expect(Self.traces.contains(name), "traces/\(name) is missing")
    }
  }

  @Test("Replaying a bundled trace twice gives byte-identical snapshots and identical emissions", arguments: traces)
  func replayTwice(_ name: String) throws {
    let first = try replayFile(name)
    let second = try replayFile(name)
    #expect(StateSnapshotWriter.snapshot(of: first.state) == StateSnapshotWriter.snapshot(of: second.state))
    #expect(StateTreeRenderer.render(first.state) == StateTreeRenderer.render(second.state))
    #expect(first.model.emissions == second.model.emissions)
    #expect(first.model.emissions.map { PlatformEmissionFormatter.jsonLine(for: $0) } == second.model.emissions.map { PlatformEmissionFormatter.jsonLine(for: $0) })
    #expect(first.model.diagnostics == second.model.diagnostics)
    #expect(first.state == second.state)
  }

  @Test("Every bundled trace replays without errors, except teardown's deliberate ones", arguments: traces)
  func noErrors(_ name: String) throws {
    let result = try replayFile(name)
    #expect(result.recordsInTrace == result.recordsApplied)
    if name == "teardown.jsonl" {
      #expect(result.model.diagnostics.map(\.rule) == [.unknownTarget, .childOfLeaf, .invalidSelector])
    } else {
      #expect(result.model.diagnostics.isEmpty, "\(result.model.diagnostics.map(\.description))")
    }
  }

  @Test("Every bundled trace is in canonical form")
  func canonical() throws {
    for name in Self.traces {
      let data = try Data(contentsOf: URL(fileURLWithPath: Repository.trace(name)))
      let decoded = DecodedTrace(decoding: Array(data))
      #expect(decoded.error == nil, "\(name): \(String(describing: decoded.error))")
      var encoder = JSONTraceEncoder()
      var bytes: [UInt8] = []
      try encoder.encodeHeader(decoded.header!, into: &bytes)
      for record in decoded.records { try encoder.encode(record, into: &bytes) }
      #expect(bytes == Array(data), "\(name) is not what the encoder writes")
    }
  }

  @Test("A bundled trace replays to its golden snapshot", arguments: traces)
  func golden(_ name: String) throws {
    let snapshot = StateSnapshotWriter.snapshot(of: try replayFile(name).state)
    let golden = Repository.snapshots.appendingPathComponent((name as NSString).deletingPathExtension + ".json")
    if Repository.isRecordingSnapshots {
      try FileManager.default.createDirectory(at: Repository.snapshots, withIntermediateDirectories: true)
      try Data(snapshot).write(to: golden, options: .atomic)
      return
    }
    guard let expected = FileManager.default.contents(atPath: golden.path) else {
      Issue.record("no golden snapshot \(golden.lastPathComponent); record it with RECORD_SNAPSHOTS=1 and review it")
      return
    }
    if Array(expected) != snapshot {
      // Point at the first line that differs.
      let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      let actualLines = snapshot.text.split(separator: "\n", omittingEmptySubsequences: false)
      let index = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expectedLines.count, actualLines.count)
      let line = { (lines: [Substring]) in index < lines.count ? String(lines[index]) : "(none)" }
      Issue.record("""
        \(name) no longer replays to \(golden.lastPathComponent); first difference at line \(index + 1):
          golden: \(line(expectedLines))
          now:    \(line(actualLines))
        If the change is intended, re-record with RECORD_SNAPSHOTS=1 and review the diff.
        """)
    }
  }

  @Test("Every golden snapshot belongs to a bundled trace")
  func noStaleGoldens() throws {
    guard !Repository.isRecordingSnapshots else { return }
    let goldens = try FileManager.default.contentsOfDirectory(atPath: Repository.snapshots.path).filter { $0.hasSuffix(".json") }
    let expected = Self.traces.map { ($0 as NSString).deletingPathExtension + ".json" }
    #expect(goldens.sorted() == expected.sorted())
  }
}
