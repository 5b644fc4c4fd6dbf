import Replay

/// The progress line of `cmdtool conformance` on a terminal: the case under way, of how many,
/// the failures so far and the time left at the pace so far, e.g.
/// `Required.Tree.CreateButton: case 12 of 218, 2 failing, about 1 min left`. Drawn by a
/// ``ProgressReporter`` (so only on a terminal, after `CMDTOOL_PROGRESS_DELAY`), erased before a
/// verdict is printed.
final class CaseProgress {
  private let reporter: ProgressReporter
  private let total: Int
  private var done = 0
  private var failing = 0
  private var seconds = 0.0
  private var name = ""

  init(total: Int, reporter: ProgressReporter? = nil) {
    self.total = total
    self.reporter = reporter ?? ProgressReporter(label: "conformance", total: total, unit: .steps("case"))
  }

  /// Case `index` (0-based), `name`, is about to run.
  func started(_ name: String, index: Int) {
    self.name = name
    reporter.update(done: index, label: name, suffix: suffix)
  }

  /// A case ended.
  func finished(_ result: CaseResult) {
    done += 1
    seconds += result.seconds
    if result.isFailure { failing += 1 }
    reporter.update(done: done - 1, label: name, suffix: suffix)
  }

  /// Erases the line so that a verdict can be printed; the next case draws it again.
  func clear() { reporter.clear() }

  func finish() { reporter.finish() }

  /// `, 2 failing, about 40 s left`: the failures so far (failures and errors), and the cases
  /// left at the mean time of those run.
  var suffix: String {
    var text = ", \(failing) failing"
    if done > 0 && done < total {
      let left = seconds / Double(done) * Double(total - done)
      text += ", about " + Self.duration(left) + " left"
    }
    return text
  }

  /// `12 s`, `3 min`, `1 h 5 min`: rounded, as an estimate is.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    if whole < 60 { return "\(max(whole, 1)) s" }
    let minutes = (whole + 30) / 60
    if minutes < 60 { return "\(minutes) min" }
    return "\(minutes / 60) h \(minutes % 60) min"
  }
}
