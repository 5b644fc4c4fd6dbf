import CommandCodec
import ReplayCore

/// Reports of replaying many recordings against an engine: JUnit XML for CI systems, JSON for tools.
public enum ReplayReports {
  /// A JUnit XML document: one test suite, one test case per recording.
  ///
  /// - Parameter interruption: the signal that stopped the suite: a test suite of its own says
  ///   so, with one test case in error, so that no dashboard reads the run as green.
  public static func junit(_ results: [EngineReplay.Result], suite: String = "cmdtool replay", interruption: RunInterruption? = nil) -> String {
    let failures = results.filter { $0.status == .failed }.count
    let errors = results.filter { $0.status == .error }.count
    let total = results.reduce(0) { $0 + $1.seconds }
    let extra = interruption == nil ? 0 : 1
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += #"<testsuites name="\#(escape(suite))" tests="\#(results.count + extra)" failures="\#(failures)" errors="\#(errors + extra)" time="\#(format(total))">"# + "\n"
    xml += #"  <testsuite name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)" time="\#(format(total))">"# + "\n"
    for result in results {
      let name = result.trace.split(separator: "/").last.map(String.init) ?? result.trace
      xml += #"    <testcase classname="\#(escape(suite))" name="\#(escape(name))" file="\#(escape(result.trace))" time="\#(format(result.seconds))""#
      switch result.status {
      case .passed:
        xml += "/>\n"
      case .failed:
        xml += ">\n      <failure message=\"\(escape(result.message))\">\(escape(said(result) + (result.report?.renderText() ?? result.message) + (result.hint.isEmpty ? "" : "\nhint: " + result.hint)))</failure>\n    </testcase>\n"
      case .error:
        xml += ">\n      <error message=\"\(escape(result.message))\">\(escape(said(result)))</error>\n    </testcase>\n"
      }
    }
    xml += "  </testsuite>\n"
    if let interruption { xml += interruption.junitSuite }
    xml += "</testsuites>\n"
    return xml
  }

  /// The engine's own words, first in a failure's text.
  private static func said(_ result: EngineReplay.Result) -> String {
    result.engineSaid.isEmpty ? "" : PeerWords.quoted(result.engineSaid, by: "the engine") + "\n"
  }

  /// A JSON report: `{"passed":N,"failed":N,"errors":N,"results":[{"trace","status","message","newRecording","seconds","report"}]}`,
  /// with `"engineSaid"` in a result whose engine said why it failed, `"hint"` in one with a
  /// possible cause (a password's stand-in typed), and
  /// `"interrupted":"interrupted by SIGINT after 1 of 3 recordings"` when a signal stopped the suite.
  public static func json(_ results: [EngineReplay.Result], interruption: RunInterruption? = nil) -> String {
    var items: [String] = []
    for result in results {
      var fields = [
        "\"trace\":" + quote(result.trace), "\"status\":" + quote(result.status.rawValue), "\"message\":" + quote(result.message),
        "\"newRecording\":" + quote(result.newRecording), "\"seconds\":" + format(result.seconds),
      ]
      if !result.engineSaid.isEmpty { fields.append("\"engineSaid\":" + quote(result.engineSaid)) }
      if !result.hint.isEmpty { fields.append("\"hint\":" + quote(result.hint)) }
      if let report = result.report { fields.append("\"report\":" + String(decoding: report.renderJSON().dropLast(), as: UTF8.self)) }
      if let streams = result.commandStreamDifference { fields.append("\"commandStream\":{\"recorded\":\(streams.recorded),\"new\":\(streams.new)}") }
      items.append("{" + fields.joined(separator: ",") + "}")
    }
    let count: (EngineReplay.Result.Status) -> Int = { status in results.filter { $0.status == status }.count }
    let interrupted = interruption.map { ",\"interrupted\":" + quote($0.description) } ?? ""
    return "{\"passed\":\(count(.passed)),\"failed\":\(count(.failed)),\"errors\":\(count(.error))\(interrupted),\"results\":[" + items.joined(separator: ",") + "]}\n"
  }

  static func escape(_ text: String) -> String { XMLText.escaped(text) }

  static func quote(_ text: String) -> String { JSONText.quoted(text) }

  static func format(_ seconds: Double) -> String { Format.fixed(seconds, digits: 3) }
}
