import CommandCodec
import ReplayCore

/// Writes a case's steps compactly: an app with one view to start from, command batches,
/// a user's actions and time passing.
///
/// ```swift
/// var b = CaseBuilder.app()                                  // application 1, frame view 2
/// b.send(.create(.createSwitch, in: 2, id: 3, text: "Wi-Fi"))
/// b.act(.tap(3))
/// b.wait(1000)
/// ```
struct CaseBuilder {
  /// The application's and the first view's ids in ``app()``.
  static let application: Int32 = 1
  static let view: Int32 = 2

  private(set) var steps: [CaseStep] = []
  /// The time of the next step, in milliseconds.
  var now: Double = 0

  /// An application (1) with a frame view (2), sent as the first batch.
  static func app(name: String = "Conformance") -> CaseBuilder {
    var builder = CaseBuilder()
    builder.send(
      Command(.createApplication, childInternalId: application, textValue: name),
      Command(.createFrameView, internalId: application, childInternalId: view))
    return builder
  }

  /// A batch of commands at the current time.
  mutating func send(_ commands: Command...) { send(commands) }

  mutating func send(_ commands: [Command]) { steps.append(CaseStep(at: now, .commands(commands))) }

  /// A user's action at the current time.
  mutating func act(_ action: UserAction) { steps.append(CaseStep(at: now, .act(action))) }

  /// Time passes by `milliseconds`; the platform's clock is run to the new time.
  mutating func wait(_ milliseconds: Double) {
    now += milliseconds
    steps.append(CaseStep(at: now, .advance))
  }

  /// Moves the time of the next step without a step of its own.
  mutating func later(_ milliseconds: Double) { now += milliseconds }

  /// The case.
  func named(_ name: String, _ summary: String, _ reference: String, about: StateParts = .tree, events: EventKinds = [], header: TraceHeader? = nil) -> ConformanceCase {
    var testCase = ConformanceCase(name: name, summary: summary, reference: reference, steps: steps, about: about, needsEvents: events)
    if let header { testCase.header = header }
    return testCase
  }
}

extension Command {
  /// A CREATE_* of `type` with parent `parent` and new id `id`.
  static func create(_ type: CommandType, in parent: Int32, id: Int32, value: Int32 = 0, text: String = "", text2: String = "", flags: UInt32 = 0, width: Int32 = 0, height: Int32 = 0) -> Command {
    Command(type, internalId: parent, childInternalId: id, value: value, textValue: text, textValue2: text2, width: width, height: height, flags: flags)
  }

  /// A command addressed to element `id`.
  static func to(_ id: Int32, _ type: CommandType, child: Int32 = 0, value: Int32 = 0, text: String = "", text2: String = "", row: Int32 = 0, column: Int32 = 0, sheet: UInt16 = 0, width: Int32 = 0, height: Int32 = 0) -> Command {
    Command(type, internalId: id, childInternalId: child, value: value, textValue: text, textValue2: text2, row: row, column: column, sheet: sheet, width: width, height: height)
  }

  /// SET_STYLE on `id`: `selector` 0 NORMAL, 1 ACTIVE, 2 HOVER, 3 SELECTED, 4 DISABLED, 5 LINK.
  static func style(_ id: Int32, _ key: String, _ value: String, selector: Int32 = 0) -> Command {
    Command(.setStyle, internalId: id, value: selector, textValue: key, textValue2: value)
  }
}
