import CommandCodec

/// Renders what the platform did on its own, as text lines or as JSON Lines.
public enum PlatformEmissionFormatter {
  /// `    12.000s  →engine  TimerEvent → 5 id=30` or `     8.412s  toast expired "Welcome"`.
  public static func line(for emission: PlatformEmission) -> String {
    let time = Format.time(milliseconds: emission.time)
    let padded = String(repeating: " ", count: max(0, 10 - time.count)) + time
    switch emission.kind {
    case .event(let target, let event):
      return padded + "  ←  " + TraceRecordFormatter.describe(event, target: target)
    case .toastExpired(let number, let text):
      return padded + "  ·  toast \(number) expired \(JSONText.quoted(text))"
    }
  }

  /// An event as a trace event record (`{"t":..,"event":..,"target":..}`); a toast expiry as
  /// `{"t":..,"toastExpired":N,"text":".."}`.
  public static func jsonLine(for emission: PlatformEmission) -> [UInt8] {
    switch emission.kind {
    case .event(let target, let event):
      var encoder = JSONTraceEncoder()
      var bytes: [UInt8] = []
      // Each line stands alone: a fresh encoder has no previous time to check against.
      try? encoder.encode(TraceRecord(time: emission.time, .event(target: target, event)), into: &bytes)
      return bytes
    case .toastExpired(let number, let text):
      var json = JSONText()
      json.object { o in
        o.member("t") { $0.number(emission.time) }
        o.member("toastExpired") { $0.int(number) }
        o.member("text") { $0.string(text) }
      }
      return json.bytes + [0x0A]
    }
  }
}
