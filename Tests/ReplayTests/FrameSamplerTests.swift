import CommandCodec
import ReplayCore
import ReplayFuzz
import Testing

/// The viewer's frame sampler keeps the state before element by element: its kept states and
/// diffs must be those of replaying the whole trace and keeping whole copies (issue #23).
@Suite("Frame sampler")
struct FrameSamplerTests {
  @Test("Kept states and diffs equal a full replay's, on generated streams", arguments: [0.0, 10.0])
  func matchesFullReplay(violations: Double) throws {
    checkProperty("frame sampler", over: StreamCases(seeds: 1...10, commands: 1200, violations: violations)) { header, records in
      // Spacing from 1 (every record) to 9, the last record always kept, as the viewer does.
      let spacing = 1 + records.count % 9
      var sampler = FrameSampler(header: header)
      var full = ReferenceModel(header: header)
      var fullBefore = UIState()
      for (index, record) in records.enumerated() {
        sampler.apply(record, index: index)
        full.apply(record, index: index)
        guard index % spacing == 0 || index == records.count - 1 else { continue }
        let diff = sampler.keep().renderText()
        let expected = StateDiff(from: fullBefore, to: full.state).renderText()
        if diff != expected {
          return PropertyFailure(signature: "diff", message: "at record #\(index) (every \(spacing)): the sampler's diff\n\(diff)\nthe full diff\n\(expected)")
        }
        if StateSnapshotWriter.snapshot(of: sampler.kept) != StateSnapshotWriter.snapshot(of: full.state) || sampler.kept != full.state {
          return PropertyFailure(signature: "state", message: "at record #\(index) (every \(spacing)): the kept state is not the full replay's")
        }
        fullBefore = full.state
      }
      return nil
    }
  }

  @Test("The kept state is a store of its own: the model's changes leave it as it was")
  func keptStateIsIndependent() {
    var sampler = FrameSampler(header: TraceHeader())
    let commands: [Command] = [
      Command(.createApplication, childInternalId: 1, textValue: "A"),
      Command(.createFrameView, internalId: 1, childInternalId: 2),
      Command(.createText, internalId: 2, childInternalId: 3, textValue: "before"),
    ]
    sampler.apply(TraceRecord(time: 0, .batch(commands)), index: 0)
    _ = sampler.keep()
    sampler.apply(TraceRecord(time: 1, .batch([Command(.setTextValue, internalId: 3, textValue: "after")])), index: 1)
    sampler.apply(TraceRecord(time: 2, .batch([Command(.deleteElement, internalId: 2)])), index: 2)
    #expect(sampler.kept[3]?.text == "before")
    #expect(sampler.model.state[3] == nil)
    let diff = sampler.keep()
    #expect(!diff.isEmpty)
    #expect(sampler.kept[3] == nil && sampler.kept[2] == nil)
    let caughtUp = sampler.kept == sampler.model.state
    #expect(caughtUp)
  }
}
