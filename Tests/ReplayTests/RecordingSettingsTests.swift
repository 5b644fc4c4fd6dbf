import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

// RecordingSettings: how a recording was made, kept as its first record (a `session` marker), so
// that `replay --engine` records the new run the same way. Its marker must read back as it was
// written, and a marker it cannot read must say why rather than replay on the wrong clock.

@Suite struct RecordingSettingsTests {
  /// The detail of `settings`' marker.
  private func detail(_ settings: RecordingSettings) -> String {
    guard case .marker(let label, let detail) = settings.marker.body else { return "not a marker" }
    #expect(label == "session")
    return detail
  }

  /// The message reading `detail` fails with.
  private func failure(_ detail: String) -> String? {
    do {
      _ = try RecordingSettings(markerDetail: detail)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func theDefaultsAreTheVirtualClockAndHiddenPasswords() throws {
    let settings = RecordingSettings()
    #expect(settings.marker.time == 0)
    // The bundled recordings hold exactly this: it must not change.
    #expect(detail(settings) == #"{"clock":"virtual","passwords":true,"redact":[],"secrets":[]}"#)
    #expect(try RecordingSettings(markerDetail: detail(settings)) == settings)
    // A marker that says nothing means the defaults.
    #expect(try RecordingSettings(markerDetail: "{}") == settings)
  }

  @Test func everySettingRoundTrips() throws {
    var settings = RecordingSettings()
    settings.clock = .wall
    settings.settle = 150
    settings.passwords = false
    settings.redactRules = ["pref:token", "path:*textField 5"]
    settings.secretNames = ["PASSWORD", "api_token"]
    let text = detail(settings)
    #expect(text == #"{"clock":"wall","passwords":false,"redact":["pref:token","path:*textField 5"],"secrets":["PASSWORD","api_token"],"settle":150}"#)
    #expect(try RecordingSettings(markerDetail: text) == settings)
    // Through a trace file's encoding too, which escapes the detail as a JSON string.
    let line = String(decoding: try encodeJSONLine(settings.marker), as: UTF8.self)
    let decoded = decode([line]).records
    guard case .marker(_, let detailBack)? = decoded.first?.body else {
      Issue.record("the marker did not decode: \(line)")
      return
    }
    #expect(try RecordingSettings(markerDetail: detailBack) == settings)
  }

  @Test func settleIsKeptOnlyForTheWallClock() throws {
    // On the virtual clock the engine echoes syncs: quiet time means nothing, and is not written.
    var settings = RecordingSettings()
    settings.settle = 300
    #expect(!detail(settings).contains("settle"))
    #expect(try RecordingSettings(markerDetail: detail(settings)).settle == 200)
  }

  @Test func theRedactionItDescribes() {
    var settings = RecordingSettings()
    settings.passwords = false
    settings.redactRules = ["pref:token", "path:*textField 5"]
    let redaction = settings.redaction
    #expect(!redaction.passwords)
    #expect(redaction.preferenceKeys == ["token"])
    #expect(redaction.rules == ["pref:token", "path:*textField 5"])
    // The secrets' values are the replay's to find: the settings only name them.
    #expect(redaction.secrets.isEmpty)
  }

  // MARK: - Markers it cannot read

  @Test(arguments: [
    (#"{"clock":"virtual","speed":2}"#, #"the session marker has an unknown setting "speed" (a newer cmdtool made it?)"#),
    (#"{"clock":"sundial"}"#, "the session marker's clock is not virtual or wall"),
    (#"{"clock":"Wall"}"#, "the session marker's clock is not virtual or wall"),
    (#"{"clock":1}"#, "the session marker's clock is not virtual or wall"),
    (#"{"clock":"wall","settle":-1}"#, "the session marker's settle is not a number of milliseconds"),
    (#"{"clock":"wall","settle":"100"}"#, "the session marker's settle is not a number of milliseconds"),
    (#"{"passwords":"yes"}"#, "the session marker's passwords is not true or false"),
    (#"{"redact":"pref:token"}"#, "the session marker's redact is not a list of strings"),
    (#"{"secrets":["PASSWORD",7]}"#, "the session marker's secrets is not a list of strings"),
    (#"["clock","wall"]"#, "the session marker is not a JSON object"),
  ])
  func aMarkerItCannotReadSaysWhy(detail: String, message: String) {
    #expect(failure(detail) == message)
  }

  @Test func aMarkerThatIsNotJSONSaysWhere() {
    let message = failure(#"{"clock":"wall""#)
    #expect(message?.hasPrefix("the session marker is not JSON: column ") == true, "\(String(describing: message))")
  }
}

/// One record as a JSON line (with its newline).
private func encodeJSONLine(_ record: TraceRecord) throws -> [UInt8] {
  var encoder = TraceEncoder(format: .jsonLines)
  var bytes: [UInt8] = []
  try encoder.encode(record, into: &bytes)
  return bytes
}
