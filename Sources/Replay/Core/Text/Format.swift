import CommandCodec

/// The toolkit's one way of writing numbers, times and durations for people and documents.
///
/// Numbers take the trace format's canonical form (CommandCodec writes it), so a value reads the
/// same in a trace, a snapshot, a diff line and a message.
public enum Format {
  /// A number as the trace format writes it: an integral value without a fraction (`1500`, `-0`),
  /// anything else in Swift's shortest round-trip form (`12.5`, `1e-05`).
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return value.description }
    var bytes: [UInt8] = []
    bytes.writeJSONNumber(value)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A length or coordinate in layout points rounded to hundredths, as the wireframe draws it
  /// (`38.50000000000001` is `38.5`, `-0.001` is `0`): a layout's sums of fractions never show
  /// their float noise. Values too large to have hundredths, and non-finite ones, are unchanged.
  public static func hundredths(_ value: Double) -> Double {
    guard value.isFinite, value.magnitude < 1e13 else { return value }
    let rounded = (value * 100).rounded() / 100
    return rounded == 0 ? 0 : rounded
  }

  /// A length or coordinate as the wireframe, the frames the model logs and `widget-size` write
  /// it: ``hundredths(_:)`` in the shortest form of ``number(_:)`` (`64.4`, `390`).
  public static func length(_ value: Double) -> String {
    number(hundredths(value))
  }

  /// A record time in seconds with its milliseconds: `1.500s`, or with more digits when the
  /// milliseconds have a fraction (`1.5005s`).
  public static func time(milliseconds: Double) -> String {
    if milliseconds >= 0 && milliseconds == milliseconds.rounded(.towardZero) && milliseconds < 9e15 {
      let whole = Int64(milliseconds)
      let fraction = String(whole % 1000)
      return "\(whole / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + "s"
    }
    return number(milliseconds / 1000) + "s"
  }

  /// `text` cut to its first `limit` characters and an ellipsis when longer: a value, a script
  /// line or a record quoted in a message stays readable when it holds megabytes.
  ///
  /// Only a bounded start is read (`4 * limit` scalars), so the cost and the result stay bounded
  /// even when one character is a megabyte of combining marks.
  public static func clipped(_ text: some StringProtocol, to limit: Int) -> String {
    var start = ""
    start.unicodeScalars.append(contentsOf: text.unicodeScalars.prefix(4 * limit))
    if start.utf8.count == text.utf8.count && start.count <= limit { return start }
    return String(start.prefix(limit)) + "…"
  }

  /// A duration for messages: `10 s`, `0.5 s`.
  public static func seconds(_ value: Double) -> String { number(value) + " s" }

  /// `value` with exactly `digits` decimals, rounded half away from zero: `fixed(1.23456, digits: 3)`
  /// is `1.235` (report timings; no Foundation `String(format:)`).
  public static func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<max(digits, 0) { scale *= 10 }
    let scaled = (value.magnitude * scale).rounded()
    guard value.isFinite, scaled < 9e15 else { return number(value) }
    let units = Int64(scaled)
    let divisor = Int64(scale)
    let sign = value < 0 && units != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(units) }
    let fraction = String(units % divisor)
    return sign + String(units / divisor) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
  }

  /// `noun` after its indefinite article, as messages name a kind: `a PieChart`, `an
  /// AirportWidget`, `a button`, `a url` (CommandCodec's `Article`, shared by every layer).
  public static func withArticle(_ noun: String) -> String {
    Article.prefixed(noun)
  }
}
