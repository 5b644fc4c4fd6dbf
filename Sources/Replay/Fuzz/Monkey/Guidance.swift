/// What the monkey learns across the runs of a campaign, to steer towards screens it has not seen
/// (the idea of model-based GUI testers such as Sapienz and APE): how often each abstract state
/// was reached, which actions were tried in it, and which of them led somewhere new.
final class Guidance {
  /// Visits per state.
  private(set) var visits: [StateAbstraction: Int] = [:]
  /// Tries per (state, action).
  private var tries: [StateAbstraction: [String: Int]] = [:]
  /// Whether an action in a state ever led to a state seen for the first time.
  private var ledToNew: [StateAbstraction: Set<String>] = [:]

  /// The distinct states reached so far.
  var distinctStates: Int { visits.count }

  /// Notes that `state` was reached by `action` taken in `from` (nil at a run's start).
  /// - Returns: whether `state` is new.
  @discardableResult
  func reached(_ state: StateAbstraction, from: StateAbstraction?, by action: String?) -> Bool {
    let isNew = visits[state] == nil
    visits[state, default: 0] += 1
    if let from, let action {
      tries[from, default: [:]][action, default: 0] += 1
      if isNew { ledToNew[from, default: []].insert(action) }
    }
    return isNew
  }

  /// How much more likely than its base weight an action is chosen in `state`: untried actions
  /// most, then actions that found new ground before, then the rest.
  func boost(_ action: String, in state: StateAbstraction) -> Int {
    if tries[state]?[action] == nil { return 4 }
    if ledToNew[state]?.contains(action) == true { return 2 }
    return 1
  }
}
