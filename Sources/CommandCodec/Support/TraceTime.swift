/// The rules every record time follows, shared by both codecs.
enum TraceTime {
  /// Checks a record time against the previous one and returns it normalized (-0 becomes 0).
  @inline(__always)
  static func validate(_ time: Double, after previous: Double) -> Failure? {
    if time >= previous && time.isFinite { return nil }
    return slowFailure(time, after: previous)
  }

  @inline(never)
  private static func slowFailure(_ time: Double, after previous: Double) -> Failure? {
    if !time.isFinite { return .invalid("the time \(time) is not a finite number of milliseconds") }
    if time < 0 { return .invalid("the time \(format(time)) ms is negative; times count from the session's start") }
    if time < previous {
      return .backwards("the time \(format(time)) ms is earlier than the previous record's \(format(previous)) ms")
    }
    return nil
  }

  enum Failure: Error {
    case invalid(String)
    case backwards(String)

    var code: CodecError.Code {
      switch self {
      case .invalid: return .invalidValue
      case .backwards: return .timeGoesBackwards
      }
    }

    var message: String {
      switch self {
      case .invalid(let m), .backwards(let m): return m
      }
    }
  }

  /// A time the way JSON writes it: integers without a fraction.
  static func format(_ time: Double) -> String {
    var bytes: [UInt8] = []
    bytes.writeJSONNumber(time)
    return String(decoding: bytes, as: UTF8.self)
  }
}
