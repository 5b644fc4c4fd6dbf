import CommandCodec

/// Toasts and timers: what the clock does between records.
extension ReferenceModel {
  mutating func showToast(_ command: Command) {
    let number = nextToastNumber
    nextToastNumber += 1
    let duration = Toast.duration(forValue: command.value)
    let toast = Toast(number: number, text: command.textValue, from: command.internalId, shownAt: state.time, expiresAt: state.time + duration)
    state.toasts.append(toast)
    clock.schedule(.toastExpiry(number), at: toast.expiresAt)
  }

  mutating func expireToast(_ number: Int, at time: Double) {
    guard let index = state.toasts.firstIndex(where: { $0.number == number }) else { return }
    let toast = state.toasts.remove(at: index)
    emit(.toastExpired(toast: number, text: toast.text))
  }

  /// CREATE_TIMER: fires every `value` ms from now, to the creator, until the creator is deleted.
  mutating func createTimer(_ command: Command) {
    let id = command.childInternalId
    // Engines number timers from the element counter, which starts at 1; ticks with id 0 are
    // what iOS and GTK send for every timer, so a timer 0 could not be told apart.
    guard id != 0 else {
      return report(.missingTimerId, "CREATE_TIMER from \(command.internalId) has no timer id (childInternalId 0); no timer is started")
    }
    guard state.timers[id] == nil else {
      return report(.duplicateTimer, "CREATE_TIMER reuses id \(id) of a running timer")
    }
    guard command.value > 0 else {
      return report(.invalidTimerInterval, "CREATE_TIMER \(id) has interval \(command.value) ms; a timer needs a positive interval and this one never fires")
    }
    let interval = Double(command.value)
    state.timers[id] = ModelTimer(id: id, owner: command.internalId, interval: interval, createdAt: state.time, nextFire: state.time + interval, fireCount: 0)
    clock.schedule(.timerTick(id), at: state.time + interval)
  }

  mutating func fireTimer(_ id: Int32, at time: Double) {
    guard var timer = state.timers[id], timer.nextFire == time else { return }
    timer.fireCount += 1
    timerFiringsSinceCommand += 1
    timer.nextFire = time + timer.interval
    state.timers[id] = timer
    emit(.event(target: timer.owner, .timer(TimerEvent(id: id))))
    clock.schedule(.timerTick(id), at: timer.nextFire)
  }

  /// Stops the timers matching `predicate` (their owner was deleted).
  mutating func stopTimers(where predicate: (ModelTimer) -> Bool) {
    guard !state.timers.isEmpty else { return }
    let stopped = state.timers.values.filter(predicate).map(\.id)
    guard !stopped.isEmpty else { return }
    for id in stopped { state.timers[id] = nil }
    let stoppedSet = Set(stopped)
    clock.removeAll { item in
      if case .timerTick(let id) = item { return stoppedSet.contains(id) }
      return false
    }
  }
}
