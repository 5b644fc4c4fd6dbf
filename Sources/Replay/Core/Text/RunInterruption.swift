/// A run that a signal (Ctrl-C's SIGINT, a CI runner's SIGTERM, a closed terminal's SIGHUP)
/// ended before its end, as every report of it says so: the text, the JSON and the JUnit XML of
/// `replay --engine`, `conformance`, `fuzz engine` and `fuzz platform`. An interrupted run is never
/// green, whatever the part that ran says: what did not run was not tested.
public struct RunInterruption: Sendable, Equatable, CustomStringConvertible {
  /// The signal's number and name (`SIGTERM`).
  public var signal: Int32
  public var signalName: String
  /// How much ran, of how much, of what: 12 of 235 cases.
  public var done: Int
  public var total: Int?
  public var unit: String

  /// - Parameter unit: the singular noun (`case`, `recording`, `run`): an `s` is added for the plural.
  public init(signal: Int32, signalName: String, done: Int, total: Int?, unit: String) {
    self.signal = signal
    self.signalName = signalName
    self.done = done
    self.total = total
    self.unit = unit
  }

  /// `interrupted by SIGTERM after 12 of 235 cases`.
  public var description: String {
    let of = total.map { " of \($0)" } ?? ""
    let count = total ?? done
    return "interrupted by \(signalName) after \(done)\(of) \(unit)\(count == 1 ? "" : "s")"
  }

  /// The JUnit test suite that says so: one test case, `interrupted`, in error. CI dashboards
  /// count test cases, and a report of the cases that ran (perhaps none) would read as a pass.
  public var junitSuite: String {
    let message = XMLText.escaped(description)
    return #"  <testsuite name="interrupted" tests="1" failures="0" errors="1" time="0">"# + "\n"
      + #"    <testcase classname="cmdtool" name="interrupted"><error message="\#(message)"/></testcase>"# + "\n"
      + "  </testsuite>\n"
  }
}
