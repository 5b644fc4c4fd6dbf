/// A request's path and its query parameters, percent-decoded (`+` a space, as forms send it):
/// what the viewer's routes read (`/search?q=log%20in&from=12&dir=1`).
public struct RequestQuery: Sendable {
  /// The path, without the query.
  public let path: String
  private let parameters: [String: String]

  /// Parses a request's URI (`/frame?record=12&token=…`); a malformed escape is kept as it is.
  public init(uri: String) {
    let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    path = parts.first.map(String.init) ?? ""
    var parameters: [String: String] = [:]
    if parts.count > 1 {
      for pair in parts[1].split(separator: "&") {
        let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = Self.decoded(halves[0])
        // The first of a repeated name counts, as for the token.
        if parameters[name] == nil { parameters[name] = halves.count > 1 ? Self.decoded(halves[1]) : "" }
      }
    }
    self.parameters = parameters
  }

  public subscript(name: String) -> String? { parameters[name] }

  /// The parameter as a whole number, nil when missing or not one.
  public func int(_ name: String) -> Int? { parameters[name].flatMap { Int($0) } }

  /// The parameter as a number, nil when missing, not one or not finite.
  public func number(_ name: String) -> Double? { parameters[name].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil } }

  static func decoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = hex(utf8[utf8.startIndex]), let low = hex(utf8[utf8.startIndex + 1]) {
        bytes.append(high << 4 | low)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
