import CommandCodec
import Foundation
import Replay
import Testing

/// Time travel over a file still being written (`cmdtool studio`'s live session, issue #27):
/// read as far as its whole records go, never into the half-written one after them, and read on
/// as it grows, with the states a full replay gives.
@Suite("Time travel over a growing trace")
struct TimeTravelGrowingTests {
  /// The byte offset after the first `count` records of `path`.
  static func offset(after count: Int, in path: String) throws -> Int {
    let reader = try TraceFileReader(path: path)
    _ = try reader.readHeader()
    for _ in 0..<count { _ = try reader.next() }
    return try #require(reader.checkpoint()).byteOffset
  }

  @Test("Up to the records counted, then extended as the file grows", arguments: TraceFormat.allCases)
  func growing(format: TraceFormat) throws {
    let full = try TimeTravelTests.generatedTrace(format, commands: 6_000)
    defer { try? FileManager.default.removeItem(atPath: full) }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: full))
    let total = try TraceFileReader(path: full).readAll().count
    let path = full + ".growing"
    defer { try? FileManager.default.removeItem(atPath: path) }
    // The file as a writer leaves it part way: `count` whole records, then half of the next.
    func write(records count: Int) throws {
      let end = try Self.offset(after: count, in: full)
      let next = try Self.offset(after: count + 1, in: full)
      try bytes.prefix(end + (next - end) / 2).write(to: URL(fileURLWithPath: path))
    }
    let first = total / 3
    try write(records: first)
    #expect(throws: Replayer.Failure.self) { try TimeTravel(path: path) }
    let travel = try TimeTravel(path: path, keyframeCount: 4, firstSpacing: 64, recordLimit: first)
    #expect(travel.recordCount == first)
    func checkStates(at indices: [Int]) throws {
      for index in indices {
        var seen: ReferenceModel?
        try travel.walk(from: index) { step, model in
          seen = model
          return false
        }
        let expected = try TimeTravelTests.direct(full, .record(index))
        #expect(seen.map(TimeTravelTests.snapshot) == TimeTravelTests.snapshot(expected), "after record \(index)")
      }
    }
    try checkStates(at: [0, first / 2, first - 1])
    // A walk to the end stops at the last whole record, before the half one.
    var last = -1
    try travel.walk(from: first - 3) { step, _ in
      last = step.index
      return true
    }
    #expect(last == first - 1)
    let reach = travel.keyframes.last!.recordsApplied
    // The file grows (in two steps, the second past a thinning of the keyframes): read on.
    for count in [2 * total / 3, total - 1] {
      try write(records: count)
      try travel.extend(to: count)
      #expect(travel.recordCount == count)
      try checkStates(at: [first - 1, first, count / 2, count - 1])
    }
    // Keyframes where the file grew, thinned as in one replay.
    #expect(travel.keyframes.last!.recordsApplied > 2 * total / 3 && reach < first)
    #expect(travel.keyframes.count <= 8)
    #expect(travel.keyframes.map(\.recordsApplied) == travel.keyframes.map(\.recordsApplied).sorted())
    let lastTime = try TraceFileReader(path: full).readAll()[total - 2].time
    #expect(travel.lastTime == lastTime)
  }
}
