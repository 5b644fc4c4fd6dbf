/// The model's invariants: the state's, and the model's own bookkeeping beside it.
extension ReferenceModel {
  /// The invariants the model breaks, empty when it keeps them all: the state's
  /// (``UIState/invariantViolations()``), plus that the clock holds exactly one tick per running
  /// timer at its next firing and one expiry per toast at its end, and that the registry of image
  /// views (which image requests are evaluated from) is exactly the live image views.
  ///
  /// - Complexity: O(n + c) for n live elements and c children, plus O(k log k) for k timers and
  ///   toasts.
  package func invariantViolations() -> [InvariantViolation] {
    var found: [InvariantViolation] = []
    let images = state.checkTree(into: &found)
    state.checkScreens(into: &found)
    state.checkToastsAndTimers(into: &found)
    checkClock(into: &found)
    if images != imageIds.count || imageIds.contains(where: { state.elements.read($0) { $0.kind } != .imageView }) {
      found.append(.init(.images, "the model tracks \(imageIds.count) image views; \(images) are live"))
    }
    return found
  }

  func checkClock(into found: inout [InvariantViolation]) {
    guard clock.pendingCount == state.timers.count + state.toasts.count else {
      found.append(.init(.clock, "the clock holds \(clock.pendingCount) items for \(state.timers.count) timers and \(state.toasts.count) toasts"))
      return
    }
    guard clock.pendingCount > 0 else { return }
    clock.forEachScheduled { deadline, item in
      switch item {
      case .timerTick(let id):
        if state.timers[id]?.nextFire != deadline {
          found.append(.init(.clock, "the clock ticks timer \(id) at \(Format.number(deadline)); \(state.timers[id].map { "it is due at \(Format.number($0.nextFire))" } ?? "it is not running")"))
        }
      case .toastExpiry(let number):
        if state.toasts.first(where: { $0.number == number })?.expiresAt != deadline {
          found.append(.init(.clock, "the clock expires toast \(number) at \(Format.number(deadline)), which is not its end"))
        }
      }
    }
  }
}
