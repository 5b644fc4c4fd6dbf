import CommandCodec
import ReplayCore
import ReplayLive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The studio's ``StepSource``: shows each state the engine settles in (a frame on the hub) and
/// waits for the person at the page to act; each tap becomes the script step a script would
/// hold (`{"t":…,"tap":"button \"Log in\""}`, the selector ``ElementSelector/unique(for:in:)``
/// writes), which the runner plays as it plays every script's.
///
/// A signal (Ctrl-C, SIGTERM, SIGHUP) while it waits is how a studio session ends: it is taken
/// (``SignalTrap/reset()``) and the session ends as a script does, so the engine's input is
/// closed, it exits, and the recording is kept.
public final class StudioSteps: StepSource {
  /// The virtual milliseconds each action comes after the state before: a user's pause.
  public static let pause: Double = 500

  private let hub: StudioHub
  private let viewport: Viewport?
  private let firstFrame: (StudioFrame) -> Void
  private var frames = 0
  private var time: Double = 0
  /// The steps played, in order (the session's script).
  public private(set) var steps: [EventScript.Step] = []

  /// - Parameter firstFrame: called once, with the engine's first screen (to print the address).
  public init(hub: StudioHub, viewport: Viewport?, firstFrame: @escaping (StudioFrame) -> Void) {
    self.hub = hub
    self.viewport = viewport
    self.firstFrame = firstFrame
  }

  public func nextStep(in state: UIState, at now: Double, runner: ScriptRunner) throws(SessionStop) -> EventScript.Step? {
    var note = ""
    while true {
      frames += 1
      let frame = StudioFrame(number: frames, state: state, time: now, viewport: viewport, note: note)
      hub.publish(frame)
      if frames == 1 { firstFrame(frame) }
      // The app quit (back on its first view): nothing more to do on it.
      if state.hasQuit { return nil }
      guard let id = waitForTap() else { return nil }
      guard let element = state.elements[id], ElementSelector.isTappable(element.kind), ElementSelector.isReachable(id, in: state) else {
        note = "\(ElementSelector.describe(id, in: state)) is not something a user can tap now"
        continue
      }
      time = max(time, now) + Self.pause
      let source = JSONValue.object(["t": .number(time), "tap": .string(ElementSelector.unique(for: id, in: state).description)]).canonicalText
      guard let step = (try? EventScript(parsing: source))?.steps.first else { return nil }
      let numbered = EventScript.Step(time: step.time, action: step.action, source: source, line: steps.count + 1)
      steps.append(numbered)
      return numbered
    }
  }

  /// The next tap the page asked for; nil when a signal ends the session.
  private func waitForTap() -> Int32? {
    while true {
      if SignalTrap.caught != nil {
        SignalTrap.reset()
        return nil
      }
      if let id = hub.takeTap() { return id }
      var descriptors = [pollfd(fd: hub.wakeRead, events: Int16(POLLIN), revents: 0), pollfd(fd: SignalTrap.pollDescriptor, events: Int16(POLLIN), revents: 0)]
      _ = poll(&descriptors, nfds_t(descriptors.count), -1)
    }
  }
}
