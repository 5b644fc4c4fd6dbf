import ReplayLive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension StudioSteps {
  /// The longest the page's clock waits without looking at the time, while it runs: the page
  /// shows the time once a second even when no timer is due.
  static let runningTick: Double = 1000

  /// Waits for the page's next action. Meanwhile whatever the engine writes on its own (a label
  /// it updates from a thread of its own) is read, played as the platform plays it and drawn,
  /// batch by batch; with the clock running, timers tick at their time on the wall clock.
  ///
  /// - Returns: nil when a signal ends the session (it is taken: the session ends as a script's).
  /// - Throws: ``SessionStop`` when the engine fails meanwhile (it exits, writes garbage).
  func waitForAction(_ runner: ScriptRunner) throws(SessionStop) -> StudioAction? {
    let process = runner.session.process
    while true {
      if SignalTrap.caught != nil {
        SignalTrap.reset()
        return nil
      }
      if let action = hub.takeAction() { return action }
      var timeout: Int32 = -1
      if runner.clock == .wall {
        // The wall clock runs by itself: timers tick in their time while the page is idle. (A
        // millisecond ahead: the runner brings the platform to the time it waits for, and a time
        // already past is no wait.)
        let before = runner.recordCount
        try runner.advance(to: runner.currentTime + 1)
        if runner.recordCount != before { publish(runner) }
        let due = runner.model.nextDeadline.map { $0 - runner.currentTime } ?? Self.runningTick
        timeout = Int32(max(0, min(due, Self.runningTick)).rounded(.up))
      } else if let running {
        let before = runner.recordCount
        let target = running.virtual + (Monotonic.now() - running.wall).rounded(.down)
        if target > runner.currentTime { try runner.advance(to: target) }
        if runner.recordCount != before { publish(runner) }
        let due = runner.model.nextDeadline.map { $0 - target } ?? Self.runningTick
        timeout = Int32(max(0, min(due, Self.runningTick)).rounded(.up))
      }
      if process.heldOutputCount > 0 {
        try readEngine(runner)
        continue
      }
      var descriptors = ([hub.wakeRead, SignalTrap.pollDescriptor] + process.readinessDescriptors).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
      // The engine first: what it wrote before the page acted is drawn before the action.
      if ready > 0 && descriptors.dropFirst(2).contains(where: { $0.revents != 0 }) && SignalTrap.caught == nil {
        try readEngine(runner)
      }
    }
  }

  /// Reads what the engine wrote, lets the platform answer it (an image request, a sync), and
  /// redraws when it brought records.
  private func readEngine(_ runner: ScriptRunner) throws(SessionStop) {
    let before = runner.recordCount
    guard try runner.session.pump(timeout: 0, after: "the page's last action") else { return }
    if runner.recordCount != before {
      try runner.settle(after: "what the engine sent on its own")
      publish(runner)
    }
  }
}
