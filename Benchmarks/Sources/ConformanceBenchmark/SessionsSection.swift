// The `sessions` section: the standard suite one testee process per case beside case after case
// in one process (sessions=many, docs/CONFORMANCE.md §1.9), for testees whose launch costs 0, 20,
// 100 ms... (`--startup-delays`; the reference testee's `--startup-delay`, a simulator app's
// launch in small). Both rows run the same testee, which declares sessions=many; the first is
// forced to a process per case with `--sessions one`.
import Foundation
import Replay

func sessionsSection(_ options: Options, testee: String) {
  let suite = ConformanceSuite.standard
  let cases = suite.cases.count
  log("sessions: \(cases) cases, launch delays \(options.startupDelays.map(String.init).joined(separator: ", ")) ms, \(options.runs) rounds, the rows interleaved")
  var rows: [[String]] = []
  for delay in options.startupDelays {
    var settings = TesteeConnection.Settings(command: [testee, "--sessions", "many", "--startup-delay", String(delay)])
    var processes: [TesteeHello.Sessions: Int] = [:]
    var verdicts: [TesteeHello.Sessions: [String]] = [:]
    func runSuite(_ sessions: TesteeHello.Sessions) -> Int {
      settings.sessions = sessions
      let outcome: ConformanceRun.Outcome
      do {
        outcome = try ConformanceRun(ConformanceRun.Options(testee: settings)).run(suite)
      } catch {
        fail("a case cannot be played on the model: \(error)")
      }
      processes[sessions] = outcome.testeeProcesses
      verdicts[sessions] = outcome.results.map { "\($0.name) \($0.verdict.rawValue)" }
      return outcome.results.count
    }
    let timings = timeInterleaved(runs: options.runs, [
      ("launch \(delay) ms, sessions one (a process per case)", { _ in runSuite(.one) }),
      ("launch \(delay) ms, sessions many (one process)", { _ in runSuite(.many) }),
    ])
    if verdicts[.one] != verdicts[.many] { fail("the verdicts differ between the two ways with a launch of \(delay) ms") }
    let (one, many) = (timings[0].median, timings[1].median)
    rows.append([
      "\(delay)", seconds(one), seconds(many), String(format: "%.1f×", one / many),
      "\(processes[.one] ?? 0) / \(processes[.many] ?? 0)", String(format: "%.2f / %.2f", one / Double(cases) * 1000, many / Double(cases) * 1000),
    ])
  }
  print("\nthe standard suite (\(cases) cases) against the reference testee (release), one process per case vs sessions=many, median of \(options.runs) rounds (rows interleaved):")
  printTable(["launch ms", "one s", "many s", "one / many", "processes", "ms/case one / many"], rows, widths: [10, 8, 8, 11, 10, 0], markdown: options.markdown)
}
