import CommandCodec
import ReplayCore
import ReplayLive

/// The studio's ``StepSource``: shows each state of the session (a frame on the hub) and waits for
/// the person at the page to act; each action becomes the script step a script would hold
/// (`{"t":…,"tap":"button \"Log in\""}`, the selector ``ElementSelector/unique(for:in:)``
/// writes), which the runner plays as it plays every script's.
///
/// While it waits, what the engine sends on its own is read and drawn (``waitForAction(_:)``),
/// and with the clock running, virtual time follows the wall clock. The clock controls are
/// `wait` markers at the time they reach, the monkey's way of letting time pass, so a script
/// plays the same ticks.
///
/// A signal (Ctrl-C, SIGTERM, SIGHUP) while it waits, or the page's end, is how a studio session
/// ends: it is taken (``SignalTrap/reset()``) and the session ends as a script does, so the
/// engine's input is closed, it exits, and the recording is kept.
public final class StudioSteps: StepSource {
  /// The virtual milliseconds each action comes after the state before: a user's pause.
  public static let pause: Double = 500
  /// The label of the marker a clock control plays: only time passes (the monkey's too).
  public static let waitMarker = "wait"

  let hub: StudioHub
  private let viewport: Viewport?
  private let script: StudioScript
  private let secrets: SecretStore
  private let firstFrame: (StudioFrame) -> Void
  private var frames = 0
  /// The time of the last step played (the script's last `t`).
  private var time: Double = 0
  /// While the clock runs: the wall time and virtual time it started from.
  var running: (wall: Double, virtual: Double)?
  /// Set once the session is to end (after a last `wait` step, if the clock ran past the script).
  private var ending = false
  /// The recording's redaction: whether text typed into a field becomes a stand-in.
  public var redaction = Redaction()
  /// A note on the step just played, shown with the next frame (``typingWarning(_:in:)``).
  private var warning = ""
  /// The steps played, in order (the session's script).
  public private(set) var steps: [EventScript.Step] = []
  /// Flushes the recording and says how many records it holds on disk (the page's time travel
  /// spans them); nil: none.
  var recording: (() -> Int)?
  /// Saves before the end (``StudioSave``); nil when the session cannot.
  var saver: StudioSave?
  /// What the last save did, shown on the page.
  private var saved = ""
  /// A save asked for once the `wait` step to the clock's time is played.
  private var pendingSave = false

  /// - Parameters:
  ///   - script: the lines the recording holds, shown on the page.
  ///   - secrets: their values never reach the page.
  ///   - firstFrame: called once, with the engine's first screen (to print the address).
  public init(hub: StudioHub, viewport: Viewport?, script: StudioScript, secrets: SecretStore, firstFrame: @escaping (StudioFrame) -> Void) {
    self.hub = hub
    self.viewport = viewport
    self.script = script
    self.secrets = secrets
    self.firstFrame = firstFrame
  }

  public func nextStep(in state: UIState, at now: Double, runner: ScriptRunner) throws(SessionStop) -> EventScript.Step? {
    guard !ending else { return nil }
    var note = warning
    warning = ""
    if pendingSave {
      pendingSave = false
      save(runner)
    }
    while true {
      publish(runner, note: note)
      // The app quit (back on its first view): nothing more to do on it.
      if runner.model.state.hasQuit { return nil }
      guard let action = try waitForAction(runner) else { return end(runner) }
      note = ""
      let current = runner.currentTime
      let members: [String: JSONValue]
      // On the wall clock the person's own pace is the time.
      var at = max(time, current) + (runner.clock == .wall ? 0 : Self.pause)
      switch action {
      case .end: return end(runner)
      case .save:
        // First, as at the end, a `wait` step to where the clock ran, so the saved script's
        // replay runs it as far; the save follows once it is played.
        guard current > time else {
          save(runner)
          continue
        }
        pendingSave = true
        (at, members) = (current, ["marker": .string(Self.waitMarker)])
      case .clock where runner.clock == .wall:
        note = "on the wall clock (--clock wall) time passes by itself: Step, Next timer and Run are the virtual clock's"
        continue
      case .clock(.run):
        running = (Monotonic.now(), current)
        continue
      case .clock(.pause):
        running = nil
        guard current > time else { continue }
        (at, members) = (current, ["marker": .string(Self.waitMarker)])
      case .clock(.step(let milliseconds)):
        (at, members) = (current + milliseconds, ["marker": .string(Self.waitMarker)])
      case .clock(.nextTimer):
        guard let deadline = runner.model.nextDeadline else {
          note = "no timer or toast is pending: the clock has nothing to go to"
          continue
        }
        (at, members) = (max(deadline, current), ["marker": .string(Self.waitMarker)])
      case .marker:
        at = max(time, current)
        fallthrough
      default:
        // Refused on the screen the person saw, before the clock moves; then the clock runs to
        // the step's time, and the step is written for the screen then, which is the screen a
        // script's step finds when it is played again.
        guard Self.members(of: action, in: runner.model.state, note: &note) != nil else { continue }
        try runner.advance(to: at)
        guard let built = Self.members(of: action, in: runner.model.state, note: &note) else { continue }
        members = built
      }
      if let step = self.step(members, at: at, runner: runner, note: &note) {
        warning = typingWarning(action, in: runner.model.state)
        return step
      }
      if pendingSave {
        pendingSave = false
        save(runner)
      }
    }
  }

  /// The step of `members` at `time`, numbered, once its records can be made in the state the
  /// runner is in at that time; nil with `note` saying why not.
  private func step(_ members: [String: JSONValue], at time: Double, runner: ScriptRunner, note: inout String) -> EventScript.Step? {
    var members = members
    members["t"] = .number(time)
    let source = JSONValue.object(members).canonicalText
    guard let parsed = (try? EventScript(parsing: source))?.steps.first else {
      note = "cmdtool could not write this step: \(source)"
      return nil
    }
    let step = EventScript.Step(time: parsed.time, action: parsed.action, source: source, line: steps.count + StudioScript.firstStepLine)
    if runner.currentTime >= time {
      do {
        _ = try step.records(at: time, in: runner.model.state, secret: runner.secret)
      } catch {
        note = error.message
        return nil
      }
    }
    self.time = time
    steps.append(step)
    return step
  }

  /// The step members of `action` in `state` (``StudioAction/stepMembers(in:)``); nil with
  /// `note` saying why a user could not do it.
  private static func members(of action: StudioAction, in state: UIState, note: inout String) -> [String: JSONValue]? {
    do throws(StudioAction.Refusal) {
      return try action.stepMembers(in: state)
    } catch {
      note = error.description
      return nil
    }
  }

  /// Ends the session; first, when the clock ran past the last step, a `wait` step to where it
  /// is, so that the script's replay runs the clock as far.
  private func end(_ runner: ScriptRunner) -> EventScript.Step? {
    ending = true
    running = nil
    var note = ""
    guard runner.currentTime > time else { return nil }
    return step(["marker": .string(Self.waitMarker)], at: runner.currentTime, runner: runner, note: &note)
  }

  /// Saves the session so far (``StudioSave``); the page shows what it did.
  private func save(_ runner: ScriptRunner) {
    guard let saver else {
      saved = "not saved: this session cannot save before its end"
      return
    }
    do {
      saved = try saver.save(at: runner.currentTime)
    } catch {
      saved = "not saved: \(error.description)"
    }
  }

  /// Draws the runner's state now on the page.
  func publish(_ runner: ScriptRunner, note: String = "") {
    frames += 1
    var frame = StudioFrame(
      number: frames, state: runner.model.state, time: runner.currentTime, viewport: viewport, note: note,
      script: script.steps, running: running != nil, nextTimer: runner.model.nextDeadline, secrets: secrets)
    frame.records = recording?() ?? 0
    frame.saved = secrets.scrub(saved)
    hub.publish(frame)
    if frames == 1 { firstFrame(frame) }
  }
}
