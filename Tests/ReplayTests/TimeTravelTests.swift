import CommandCodec
import Foundation
import Replay
import Testing

@Suite("Time travel from keyframes")
struct TimeTravelTests {
  /// A generated session written in `format`, long enough for many keyframes.
  static func generatedTrace(_ format: TraceFormat, commands: Int = 12_000) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("timetravel-\(UUID().uuidString).\(format.fileExtension)").path
    var configuration = SessionGenerator.Configuration()
    configuration.liveScreens = 5
    configuration.elementsPerScreen = 30
    configuration.updatesPerScreenChange = 40
    var generator = SessionGenerator(seed: 9, configuration: configuration)
    let writer = try TraceFileWriter(path: path, format: format, header: TraceHeader(viewport: Viewport(width: 320, height: 480)))
    while generator.commandCount < commands, let record = generator.next() { try writer.write(record) }
    try writer.close()
    return path
  }

  static func snapshot(_ model: ReferenceModel) -> [UInt8] { StateSnapshotWriter.snapshot(of: model.state) }

  static func direct(_ path: String, _ point: ReplayPoint) throws -> ReferenceModel {
    try Replayer.replay(TraceFileReader(path: path), to: point, options: .init(recordEmissions: false)).model
  }

  @Test("Resuming from a keyframe gives the state of a replay from the start", arguments: TraceFormat.allCases)
  func matchesFullReplay(format: TraceFormat) throws {
    let path = try Self.generatedTrace(format)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let travel = try TimeTravel(path: path, keyframeCount: 8, firstSpacing: 40)
    #expect(travel.keyframes.count > 4)
    #expect(travel.keyframes.count <= 16)
    let count = travel.recordCount
    var points: [ReplayPoint] = [.end, .record(0), .record(count - 1), .record(count / 2)]
    for keyframe in travel.keyframes.dropFirst() {
      // Right at, just before and just after each keyframe.
      points += [.record(keyframe.recordsApplied - 1), .record(keyframe.recordsApplied), .record(keyframe.recordsApplied - 2)]
      points += [.time(keyframe.time), .time(keyframe.time + 0.5), .time(max(keyframe.time - 1, 0))]
    }
    for point in points {
      let expected = try Self.direct(path, point)
      let actual = try travel.model(at: point)
      #expect(Self.snapshot(actual) == Self.snapshot(expected), "at \(point)")
      #expect(actual.diagnostics == expected.diagnostics, "at \(point)")
    }
  }

  @Test("A record past the end is refused")
  func pastTheEnd() throws {
    let travel = try TimeTravel(path: Repository.trace("login.jsonl"))
    #expect(travel.recordCount == 28)
    #expect(throws: Replayer.Failure.self) { try travel.model(at: .record(28)) }
    let last = try travel.model(at: .record(27))
    #expect(last.state.lastRecordIndex == 27)
  }

  @Test("Keyframes stay few however long the trace is")
  func keyframesAreThinned() throws {
    let path = try Self.generatedTrace(.binary, commands: 60_000)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let travel = try TimeTravel(path: path, keyframeCount: 4, firstSpacing: 10)
    #expect(travel.keyframes.count <= 8)
    let applied = travel.keyframes.map(\.recordsApplied)
    #expect(applied == applied.sorted())
    #expect(applied.first == 0)
  }
}
