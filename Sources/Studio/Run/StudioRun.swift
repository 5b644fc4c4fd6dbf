import ReplayLive

/// A studio session from start to end: the engine started and recorded by ``Recorder`` (as
/// `cmdtool record` does), its screens served to the page by a ``StudioServer``, the page's taps
/// played as script steps by ``StudioSteps``. The server stops when the session does.
public enum StudioRun {
  /// Runs the session until the engine ends or a signal ends it.
  ///
  /// - Parameters:
  ///   - configuration: the recording's, as `record` builds it (its script is not used).
  ///   - announce: called with the page's address once the engine's first screen is there.
  /// - Returns: how the recording went, and the steps the page played.
  /// - Throws: the server's error when it cannot listen on 127.0.0.1.
  public static func run(_ configuration: Recorder.Configuration, title: String, announce: @escaping (String) -> Void) throws -> (outcome: Recorder.Outcome, steps: [EventScript.Step]) {
    SignalTrap.install()
    let hub = StudioHub()
    let server = try StudioServer(hub: hub, title: title)
    defer { server.stop() }
    let steps = StudioSteps(hub: hub, viewport: configuration.viewport) { _ in announce(server.address) }
    let recorder = Recorder(configuration)
    let outcome = withExtendedLifetime(recorder) { recorder.run(steps: steps) }
    return (outcome, steps.steps)
  }
}
