import CommandCodec
import ConformanceTestee
import ReplayConformance
import ReplayCore
import Testing

/// A platform that notes every action it is asked to perform.
final class NotingPlatform: TesteePlatform {
  var performed: [TesteeAction] = []
  func begin(_ context: TesteeContext) {}
  func apply(_ command: Command, in context: TesteeContext) throws(TesteeRefusal) {}
  func perform(_ action: TesteeAction, in context: TesteeContext) throws(TesteeRefusal) { performed.append(action) }
  func report(into state: inout StateBuilder, in context: TesteeContext) {}
  func reset() {}
}

/// The `event` request (docs/CONFORMANCE.md §1.3): what cmdtool writes
/// (``ReplayConformance/TesteeRequest/record(for:at:)``) is what the library hands the platform,
/// whatever the payloads hold, in both encodings; a detail it cannot read is an error.
@Suite("ConformanceTestee: the event request")
struct EventRequestTests {
  /// Hostile payload values: spaces, quotes, backslashes, control characters, JSON-looking text,
  /// the event's own name, the empty text, text beyond ASCII, a long text.
  static func hostile(_ random: inout SplitMix64, name: String) -> String {
    let pieces = [" ", "\"", "\\", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "{", "}", ":", ",", "\"a\":\"b\"", "é", "✓", "𝄞", "\u{2028}", "0.2", name, " \(name) {}"]
    switch random.below(6) {
    case 0: return ""
    case 1: return name
    case 2: return String(repeating: "x\"\u{1} ", count: 2_500)
    default: return (0..<random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined()
    }
  }

  static func roundTrip(_ action: UserAction, format: TraceFormat) throws -> (performed: [TesteeAction], answers: [String]) {
    let transport = try ScriptedTransport([[TesteeRequest.record(for: action, at: 4), TraceRecord(time: 4, .marker(label: "sync", detail: "1"))]], format: format)
    let platform = NotingPlatform()
    _ = TesteeSession(platform: platform, declaration: TesteeDeclaration(), creator: "noting", transport: transport).run()
    let answers = try #require(transport.traces().first).records.dropFirst().map { record -> String in
      if case .marker(let label, let detail) = record.body { return "\(label) \(detail)" }
      return "?"
    }
    return (platform.performed, answers)
  }

  @Test("Any payloads read back as written, in JSON Lines and binary", arguments: [TraceFormat.jsonLines, .binary])
  func hostilePayloadsRoundTrip(format: TraceFormat) throws {
    for seed in 0..<150 {
      var random = SplitMix64(seed: SplitMix64.mixed(26, seed))
      let name = ["rangeChanged", "longPress", "tap", "a_1"][random.below(4)]
      var payloads: [String: String] = [:]
      for index in 0..<random.below(4) { payloads[["min", "max", "flight", "note"][index]] = Self.hostile(&random, name: name) }
      let id = Int32(truncatingIfNeeded: Int64(bitPattern: random.next()))
      let (performed, answers) = try Self.roundTrip(.widgetEvent(id, name: name, payloads: payloads), format: format)
      #expect(performed == [.event(id, name: name, payloads: payloads)], "seed \(seed)")
      #expect(answers == ["sync 1"], "seed \(seed)")
    }
  }

  @Test("A detail that is not ID NAME {strings} is an error, and the platform hears nothing", arguments: [
    "7 longPress", "7  {}", "x tap {}", "7 tap {\"a\":1}", "7 tap [\"a\"]", "7 tap {\"a\":\"b\"", "7 tap {\"a\":\"b\",\"a\":\"c\"}", "",
  ])
  func wrongDetails(detail: String) throws {
    let transport = try ScriptedTransport([[TraceRecord(time: 1, .marker(label: "event", detail: detail)), TraceRecord(time: 1, .marker(label: "sync", detail: "1"))]])
    let platform = NotingPlatform()
    _ = TesteeSession(platform: platform, declaration: TesteeDeclaration(), creator: "noting", transport: transport).run()
    let bodies = TesteeSessionTests.bodies(try #require(transport.traces().first))
    #expect(bodies.dropFirst().first?.hasPrefix("1 error event") == true, "\(bodies)")
    #expect(platform.performed.isEmpty)
  }
}
