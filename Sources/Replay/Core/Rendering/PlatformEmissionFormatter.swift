import CommandCodec

/// Renders what the platform did on its own, as text lines or as JSON Lines.
public enum PlatformEmissionFormatter {
  /// `    12.000s  →engine  TimerEvent → 5 id=30` or `     8.412s  toast expired "Welcome"`.
  ///
  /// - Parameter excerpts: long texts as bounded excerpts with their length.
  public static func line(for emission: PlatformEmission, excerpts: Bool = false) -> String {
    let time = Format.time(milliseconds: emission.time)
    let padded = String(repeating: " ", count: max(0, 10 - time.count)) + time
    switch emission.kind {
    case .event(let target, let event):
      return padded + "  ←  " + TraceRecordFormatter.describe(event, target: target, excerpts: excerpts)
    case .toastExpired(let number, let text):
      return padded + "  ·  toast \(number) expired \(TraceRecordFormatter.quoter(excerpts: excerpts)(text))"
    case .widget(let target, let hook):
      let text = hook.description
      return padded + "  ◇  widget \(target) \(excerpts ? Excerpt.plain(text) : text)"
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
    case .widget(let target, let hook):
      var json = JSONText()
      json.object { o in
        o.member("t") { $0.number(emission.time) }
        o.member("widget") { $0.int(target) }
        switch hook {
        case .created(let kind, let attributes):
          o.member("hook") { $0.string("created") }
          o.member("kind") { $0.string(kind) }
          o.member("attributes") { value in
            value.object { a in
              for (name, text) in attributes.sorted(by: { $0.key < $1.key }) { a.member(name) { $0.string(text) } }
            }
          }
        case .property(let name, let old, let new):
          o.member("hook") { $0.string("property") }
          o.member("name") { $0.string(name) }
          if let old { o.member("old") { $0.string(old) } }
          o.member("new") { $0.string(new) }
        case .frame(let x, let y, let width, let height):
          o.member("hook") { $0.string("frame") }
          o.member("x") { $0.number(Format.hundredths(x)) }
          o.member("y") { $0.number(Format.hundredths(y)) }
          o.member("width") { $0.number(Format.hundredths(width)) }
          o.member("height") { $0.number(Format.hundredths(height)) }
        case .displayable:
          o.member("hook") { $0.string("displayable") }
        case .notDisplayable:
          o.member("hook") { $0.string("not-displayable") }
        case .destroyed(let kind):
          o.member("hook") { $0.string("destroyed") }
          o.member("kind") { $0.string(kind) }
        }
      }
      return json.bytes + [0x0A]
    }
  }
}
