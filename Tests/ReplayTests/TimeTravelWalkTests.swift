import CommandCodec
import Foundation
import Replay
import Testing

/// `TimeTravel.walk` (what `cmdtool view --serve` answers from, issue #27): from any record,
/// resumed at a keyframe, the records, the states and the emissions are a full replay's.
@Suite("Walking a trace from keyframes")
struct TimeTravelWalkTests {
  @Test("Each record and the state after it are a replay's, across keyframes", arguments: TraceFormat.allCases)
  func walkMatchesReplay(format: TraceFormat) throws {
    let path = try TimeTravelTests.generatedTrace(format)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let travel = try TimeTravel(path: path, keyframeCount: 8, firstSpacing: 40)
    let records = try TraceFileReader(path: path).readAll()
    let keyframe = try #require(travel.keyframes.dropFirst().first).recordsApplied
    for start in [0, keyframe - 1, keyframe, travel.recordCount - 3] {
      var visited: [Int] = []
      try travel.walk(from: start) { step, model in
        visited.append(step.index)
        #expect(step.record == records[step.index], "record \(step.index)")
        let expected = try! TimeTravelTests.direct(path, .record(step.index))
        #expect(TimeTravelTests.snapshot(model) == TimeTravelTests.snapshot(expected), "after record \(step.index)")
        return visited.count < 3
      }
      #expect(visited == Array(start..<min(start + 3, travel.recordCount)), "from \(start)")
    }
    // Reading only: the records, and the walk ends with the trace.
    var last = -1
    try travel.walk(from: travel.recordCount - 2, applying: false) { step, _ in
      last = step.index
      return true
    }
    #expect(last == travel.recordCount - 1)
  }

  @Test("Each step carries what the platform did on its own after its record, and the model keeps none")
  func emissionsPerStep() throws {
    let path = Repository.root.appendingPathComponent("traces/login.jsonl").path
    let travel = try TimeTravel(path: path, keyframeCount: 2, firstSpacing: 4)
    var emitted: [Int: [PlatformEmission]] = [:]
    try travel.walk(from: 0) { step, model in
      if !step.emissions.isEmpty { emitted[step.index] = step.emissions }
      #expect(model.emissions.isEmpty)
      return true
    }
    let full = try Replayer.replay(TraceFileReader(path: path)).model
    #expect(emitted.values.flatMap { $0 } == full.emissions)
    #expect(emitted.keys.sorted() == [27], "the toast expires before the last record: \(emitted.keys.sorted())")
  }
}
