/// The secret in the studio's address: 128 random bits as hex, from the system's secure
/// generator, compared in constant time.
public enum AccessToken {
  public static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let word = String(generator.next() as UInt32, radix: 16)
      return String(repeating: "0", count: 8 - word.count) + word
    }.joined()
  }

  /// Whether `given` is `token`, in time that does not depend on where they differ.
  static func matches(_ given: Substring?, _ token: String) -> Bool {
    guard let given else { return false }
    let a = Array(given.utf8), b = Array(token.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
  }

  /// The `token` parameter of a request's URI (`/events?token=…`), nil without one.
  static func token(inURI uri: String) -> Substring? {
    guard let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
    for pair in query.split(separator: "&") where pair.hasPrefix("token=") {
      return pair.dropFirst("token=".count)
    }
    return nil
  }
}
