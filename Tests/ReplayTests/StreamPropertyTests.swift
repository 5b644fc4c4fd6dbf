import CommandCodec
import Foundation
import ReplayCore
import ReplayFuzz
import Testing

/// The toolkit fuzzes itself: properties that hold for every generated stream, with and without
/// violations, each over a fixed set of seeds (a few seconds in a debug build). A failure names
/// the seed, the `cmdtool fuzz streams` command that writes the stream again, and the stream
/// shrunk by delta debugging (docs/FUZZING.md, "Property tests").
@Suite("Properties over generated streams")
struct StreamPropertyTests {
  @Test("Replay never crashes, and the model keeps its invariants after every record", arguments: [0.0, 10.0])
  func invariants(violations: Double) throws {
    checkProperty("invariants", over: StreamCases(seeds: 1...16, commands: 1500, violations: violations)) { header, records in
      var oracle = StreamOracle(header: header, recordEmissions: true)
      for record in records where !oracle.apply(record) {
        if let broken = oracle.findings.last(where: \.isInvariant) { return PropertyFailure(signature: broken.signature, message: broken.description) }
      }
      // And on: the clock runs out its toasts and timer ticks; the state is printed.
      var model = oracle.model
      _ = model.runUntilIdle(limit: 500)
      if let broken = model.invariantViolations().first {
        return PropertyFailure(signature: "invariant \(broken.invariant.rawValue) after the clock ran on", message: broken.description)
      }
      _ = StateTreeRenderer.render(model.state)
      _ = model.emissions.map { PlatformEmissionFormatter.jsonLine(for: $0) }
      return nil
    }
  }

  @Test("The model reports exactly the labelled violations, each at its record with its rule, and nothing else", arguments: [0.0, 3.0, 25.0, 100.0])
  func labelledViolations(violations: Double) throws {
    try checkProperty("labelled violations", over: StreamCases(seeds: 1...12, commands: 1200, violations: violations)) { header, records in
      // What `cmdtool check` replays and prints.
      let model = try Replayer.replay(records, header: header, options: .init(recordEmissions: false, maxDiagnostics: .max))
      let expected = violationLabels(records).map { "#\($0.record) [\($0.rule.rawValue)]" }
      let reported = model.diagnostics.map { "#\($0.recordIndex) [\($0.rule.rawValue)]" }
      guard expected != reported else { return nil }
      let missing = expected.filter { !reported.contains($0) }
      let unexpected = reported.filter { !expected.contains($0) }
      let rule = { (place: String) in String(place.drop { $0 != "[" }) }
      return PropertyFailure(
        signature: missing.first.map { "missing \(rule($0))" } ?? unexpected.first.map { "unexpected \(rule($0))" } ?? "order",
        message: "labelled but not reported: \(missing.prefix(5)); reported but not labelled: \(model.diagnostics.filter { unexpected.contains("#\($0.recordIndex) [\($0.rule.rawValue)]") }.prefix(5).map(\.description))")
    }
  }

  @Test("Binary and JSON Lines round trips are lossless, and binary → JSON → binary is byte-identical", arguments: [0.0, 10.0])
  func codecRoundTrips(violations: Double) throws {
    try checkProperty("codec round trips", over: StreamCases(seeds: 1...12, commands: 1500, violations: violations)) { header, records in
      var encoded: [TraceFormat: [UInt8]] = [:]
      for format in TraceFormat.allCases {
        let bytes = try encode(header, records, format)
        encoded[format] = bytes
        let decoded = DecodedTrace(decoding: bytes, format: format)
        if let error = decoded.error { return PropertyFailure(signature: "\(format) decoding", message: "\(format) does not decode: \(error)") }
        if decoded.header != header { return PropertyFailure(signature: "\(format) header", message: "\(format) header: \(String(describing: decoded.header)) ≠ \(header)") }
        if let index = zip(decoded.records, records).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset ?? (decoded.records.count != records.count ? min(decoded.records.count, records.count) : nil) {
          return PropertyFailure(signature: "\(format) round trip", message: "\(format) record #\(index) comes back as \(decoded.records.dropFirst(index).first.map(String.init(describing:)) ?? "nothing"), written as \(records.dropFirst(index).first.map(String.init(describing:)) ?? "nothing")")
        }
      }
      let viaJSON = DecodedTrace(decoding: try encode(header, DecodedTrace(decoding: encoded[.binary]!, format: .binary).records, .jsonLines), format: .jsonLines)
      if try encode(viaJSON.header ?? header, viaJSON.records, .binary) != encoded[.binary]! {
        return PropertyFailure(signature: "binary → JSON → binary", message: "binary → JSON → binary is not byte-identical")
      }
      return nil
    }
  }

  @Test("A snapshot written and read back is the state, and writes the same bytes again", arguments: [0.0, 10.0])
  func snapshotRoundTrip(violations: Double) throws {
    try checkProperty("snapshot round trip", over: StreamCases(seeds: 1...10, commands: 1200, violations: violations)) { header, records in
      var model = ReferenceModel(header: header, options: .init(recordEmissions: false))
      let every = max(records.count / 12, 1)
      for (index, record) in records.enumerated() {
        model.apply(record, index: index)
        guard index % every == every - 1 || index == records.count - 1 else { continue }
        let written = StateSnapshotWriter.snapshot(of: model.state)
        let read = try StateSnapshotReader.read(written)
        if StateSnapshotWriter.snapshot(of: read) != written {
          return PropertyFailure(signature: "snapshot bytes", message: "after #\(index), write → read → write changes the snapshot")
        }
        if read != model.state {
          return PropertyFailure(signature: "snapshot state", message: "after #\(index), the snapshot reads back as another state: \(firstDifference(model.state, read) ?? "?")")
        }
      }
      return nil
    }
  }

  @Test("Time travel to a random record or time equals a full replay up to it", arguments: [0.0, 10.0])
  func timeTravel(violations: Double) throws {
    try checkProperty("time travel", over: StreamCases(seeds: 1...8, commands: 1500, violations: violations)) { header, records in
      guard !records.isEmpty else { return nil }
      let format: TraceFormat = records.count % 2 == 0 ? .binary : .jsonLines
      let path = try temporaryTrace(header, records, format: format)
      defer { try? FileManager.default.removeItem(atPath: path) }
      let travel = try TimeTravel(path: path, keyframeCount: 4, firstSpacing: 16)
      var random = SplitMix64(seed: UInt64(records.count))
      var points: [ReplayPoint] = [.end, .record(records.count - 1)]
      for _ in 0..<6 { points.append(.record(random.below(records.count))) }
      for _ in 0..<3 { points.append(.time(Double(random.below(Int(records.last!.time) + 1)) + 0.5)) }
      for point in points {
        let resumed = try travel.model(at: point)
        let replayed = try Replayer.replay(records, header: header, to: point, options: .init(recordEmissions: false))
        if StateSnapshotWriter.snapshot(of: resumed.state) != StateSnapshotWriter.snapshot(of: replayed.state) || resumed.diagnostics != replayed.diagnostics {
          return PropertyFailure(signature: "time travel", message: "at \(point) (\(format)), time travel gives \(StateDiff(from: replayed.state, to: resumed.state).renderText()) and \(resumed.diagnostics.count) diagnostics for \(replayed.diagnostics.count)")
        }
      }
      return nil
    }
  }

  @Test("Replaying the same stream twice gives byte-identical snapshots, events, diagnostics and text", arguments: [0.0, 10.0])
  func replayTwice(violations: Double) throws {
    try checkProperty("replay twice", over: StreamCases(seeds: 1...10, commands: 1500, violations: violations)) { header, records in
      let path = try temporaryTrace(header, records, format: .binary)
      defer { try? FileManager.default.removeItem(atPath: path) }
      let outputs = try (0..<2).map { _ in try Self.replayOutputs(TraceFileReader(path: path)) }
      if outputs[0] != outputs[1] {
        let part = outputs[0].indices.first { outputs[0][$0] != outputs[1][$0] }.map { ["snapshot", "events", "diagnostics", "state tree"][$0] } ?? "?"
        return PropertyFailure(signature: "replay twice: \(part)", message: "two replays of one file differ in their \(part)")
      }
      // And the file replays as the records themselves do.
      let inMemory = try Replayer.replay(records, header: header)
      if StateSnapshotWriter.snapshot(of: inMemory.state).text != outputs[0][0] {
        return PropertyFailure(signature: "file vs memory", message: "the file replays to another state than its records")
      }
      return nil
    }
  }

  /// What a replay prints: the snapshot, the platform's events as JSON Lines, the diagnostics, the
  /// state tree.
  static func replayOutputs(_ reader: TraceFileReader) throws -> [String] {
    let model = try Replayer.replay(reader).model
    return [
      StateSnapshotWriter.snapshot(of: model.state).text,
      model.emissions.map { PlatformEmissionFormatter.jsonLine(for: $0).text }.joined(separator: "\n"),
      model.diagnostics.map(\.description).joined(separator: "\n"),
      StateTreeRenderer.render(model.state),
    ]
  }
}

/// Encodes a trace in memory.
func encode(_ header: TraceHeader, _ records: [TraceRecord], _ format: TraceFormat) throws -> [UInt8] {
  var encoder = TraceEncoder(format: format)
  var bytes: [UInt8] = []
  try encoder.encodeHeader(header, into: &bytes)
  for record in records { try encoder.encode(record, into: &bytes) }
  return bytes
}

extension StreamOracle.Finding {
  var isInvariant: Bool {
    if case .invariant = self { return true }
    return false
  }
}

@Suite("Property failures")
struct PropertyFailureTests {
  @Test("A failing property names its seed and the command that writes its stream, and shrinks the stream")
  func failureReport() {
    withKnownIssue {
      checkProperty("no timers", over: StreamCases(seeds: 1...3, commands: 800)) { _, records in
        let timers = records.contains { record in
          if case .batch(let commands) = record.body { return commands.contains { $0.type == .createTimer } }
          return false
        }
        return timers ? PropertyFailure(signature: "timer", message: "a timer was created") : nil
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("property \"no timers\" fails for seed ") && text.contains("cmdtool fuzz streams --out /tmp/repro --count 1 --seed ")
        && text.contains("shrunk by delta debugging to 1 records, 1 commands") && text.contains(#""type":"CREATE_TIMER""#)
    }
  }

  @Test("Shrinking keeps the records and the commands the failure needs, in order, and nothing else")
  func shrinking() {
    let (_, records) = StreamGenerator.records(seed: 4, commands: 1500)
    let needs: ([TraceRecord]) -> Bool = { stream in
      let types = stream.flatMap { record -> [CommandType] in
        if case .batch(let commands) = record.body { return commands.map(\.type) }
        return []
      }
      guard let toast = types.firstIndex(of: .createToast) else { return false }
      return types[toast...].contains(.commitPreferences)
    }
    #expect(needs(records))
    let shrunk = shrink(records, fails: needs)
    #expect(shrunk.commands == 2)
    #expect(needs(shrunk.records))
  }
}
