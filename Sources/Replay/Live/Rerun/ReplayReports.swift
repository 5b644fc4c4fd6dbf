import ReplayCore

/// Reports of replaying many recordings against an engine: JUnit XML for CI systems, JSON for tools.
public enum ReplayReports {
  /// A JUnit XML document: one test suite, one test case per recording.
  public static func junit(_ results: [EngineReplay.Result], suite: String = "cmdtool replay") -> String {
    let failures = results.filter { $0.status == .failed }.count
    let errors = results.filter { $0.status == .error }.count
    let total = results.reduce(0) { $0 + $1.seconds }
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += #"<testsuites name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)" time="\#(format(total))">"# + "\n"
    xml += #"  <testsuite name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)" time="\#(format(total))">"# + "\n"
    for result in results {
      let name = result.trace.split(separator: "/").last.map(String.init) ?? result.trace
      xml += #"    <testcase classname="\#(escape(suite))" name="\#(escape(name))" file="\#(escape(result.trace))" time="\#(format(result.seconds))""#
      switch result.status {
      case .passed:
        xml += "/>\n"
      case .failed:
        xml += ">\n      <failure message=\"\(escape(result.message))\">\(escape(result.report?.renderText() ?? result.message))</failure>\n    </testcase>\n"
      case .error:
        xml += ">\n      <error message=\"\(escape(result.message))\"/>\n    </testcase>\n"
      }
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  /// A JSON report: `{"passed":N,"failed":N,"errors":N,"results":[{"trace","status","message","newRecording","seconds","report"}]}`.
  public static func json(_ results: [EngineReplay.Result]) -> String {
    var items: [String] = []
    for result in results {
      var fields = [
        "\"trace\":" + quote(result.trace), "\"status\":" + quote(result.status.rawValue), "\"message\":" + quote(result.message),
        "\"newRecording\":" + quote(result.newRecording), "\"seconds\":" + format(result.seconds),
      ]
      if let report = result.report { fields.append("\"report\":" + String(decoding: report.renderJSON().dropLast(), as: UTF8.self)) }
      if let streams = result.commandStreamDifference { fields.append("\"commandStream\":{\"recorded\":\(streams.recorded),\"new\":\(streams.new)}") }
      items.append("{" + fields.joined(separator: ",") + "}")
    }
    let count: (EngineReplay.Result.Status) -> Int = { status in results.filter { $0.status == status }.count }
    return "{\"passed\":\(count(.passed)),\"failed\":\(count(.failed)),\"errors\":\(count(.error)),\"results\":[" + items.joined(separator: ",") + "]}\n"
  }

  static func escape(_ text: String) -> String { XMLText.escaped(text) }

  static func quote(_ text: String) -> String { JSONText.quoted(text) }

  static func format(_ seconds: Double) -> String { Format.fixed(seconds, digits: 3) }
}
