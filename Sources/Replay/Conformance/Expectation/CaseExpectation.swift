import CommandCodec
import ReplayCore

/// What a conforming platform does in a case, step by step, as the reference model computes it:
/// the records cmdtool sends, the events the platform must send back, and its state afterwards.
public struct CaseExpectation: Sendable {
  /// One step's expectation.
  public struct Step: Sendable {
    /// What cmdtool sends for the step (before its sync marker).
    public var requests: [TraceRecord]
    /// The record the step stands for in a trace: its batch, the event or modal result a user's
    /// action sends, or an `advance` marker.
    public var traceRecord: TraceRecord
    /// The events and modal results the platform sends in answer, in order, with their times.
    public var events: [TraceRecord]
    /// The state after the step.
    public var state: UIState
    /// Words for reports: `tap 7 (switch)`, `batch of 3: CREATE_BUTTON, …`, `advance to 2.5 s`.
    public var description: String
  }

  /// Why a case cannot be played on the model: a mistake in the suite, never the testee's.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  public var steps: [Step]
  /// The diagnostics the model raised while playing the case (robustness cases expect some).
  public var diagnostics: [Diagnostic]

  /// Plays the case on a fresh model.
  ///
  /// - Throws: ``Failure`` when a step acts on what the model does not show (a suite bug).
  /// - Complexity: O(total commands), plus what falls due on the clock.
  public init(_ testCase: ConformanceCase) throws(Failure) {
    var model = ReferenceModel(header: testCase.header, widgets: testCase.widgets)
    var steps: [Step] = []
    var index = 0
    var emitted = 0
    func newEvents() -> [TraceRecord] {
      defer { emitted = model.emissions.count }
      return model.emissions[emitted...].compactMap { emission in
        guard case .event(let target, let event) = emission.kind else { return nil }
        return TraceRecord(time: emission.time, .event(target: target, event))
      }
    }
    for (number, step) in testCase.steps.enumerated() {
      var requests: [TraceRecord]
      var events: [TraceRecord]
      var description: String
      var traceRecord: TraceRecord
      switch step.action {
      case .commands(let commands):
        let record = TraceRecord(time: step.time, .batch(commands))
        model.apply(record, index: index)
        index += 1
        requests = [record]
        traceRecord = record
        events = newEvents()
        description = Self.describe(commands)
      case .act(let action):
        // Ticks due before the action happen first, each at its own instant.
        model.advance(to: step.time)
        events = newEvents()
        let record: TraceRecord
        do {
          record = try action.record(at: step.time, in: model.state)
        } catch {
          throw Failure(description: "\(testCase.name), step \(number + 1): \(error.message)")
        }
        // Named as the user sees it before acting: the field's text before the typing, the
        // switch's label, the dialog's title (after the step it may be gone or changed).
        description = TesteeRequest.describe(action, in: model.state)
        model.apply(record, index: index)
        index += 1
        traceRecord = record
        events += [record] + newEvents()
        requests = [TesteeRequest.record(for: action, at: step.time)]
      case .advance:
        model.advance(to: step.time)
        events = newEvents()
        requests = [TraceRecord(time: step.time, .marker(label: "advance", detail: ""))]
        traceRecord = requests[0]
        description = "advance to \(Format.time(milliseconds: step.time))"
      }
      if let overrun = model.clockOverrun { throw Failure(description: "\(testCase.name), step \(number + 1): \(overrun)") }
      steps.append(Step(requests: requests, traceRecord: traceRecord, events: events, state: model.state, description: description))
    }
    self.steps = steps
    self.diagnostics = model.diagnostics
  }

  /// The case as a trace's records: batches, the user's events and modal results, `advance`
  /// markers; ``ScenarioCase`` reads it back as the same steps.
  public var traceRecords: [TraceRecord] { steps.map(\.traceRecord) }

  /// `CREATE_BUTTON 3` for one command, `batch of 4: CREATE_APPLICATION, CREATE_FRAMEVIEW, …` for more.
  static func describe(_ commands: [Command]) -> String {
    if commands.count == 1, let command = commands.first { return "\(command.typeName) \(command.childInternalId != 0 ? command.childInternalId : command.internalId)" }
    let names = commands.prefix(4).map(\.typeName).joined(separator: ", ")
    return "batch of \(commands.count): \(names)\(commands.count > 4 ? ", …" : "")"
  }
}
