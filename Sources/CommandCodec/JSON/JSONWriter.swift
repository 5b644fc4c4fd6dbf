/// Appending canonical JSON to a byte array: no spaces, minimal escapes, integers without exponents.
extension Array where Element == UInt8 {
  /// Appends `string` as a JSON string: `"` and `\` escaped, control characters as `\b \f \n \r \t`
  /// or `\u00XX`, everything else (including non-ASCII) as its UTF-8 bytes.
  package mutating func writeJSONString(_ string: String) {
    RawWriter.appending(to: &self, bound: 6 * string.utf8.count + 2) { $0.jsonString(string) }
  }

  /// Appends a decimal integer.
  package mutating func writeJSONInt(_ value: Int64) {
    RawWriter.appending(to: &self, bound: 20) { $0.jsonInt(value) }
  }

  /// Appends a finite double canonically: an integral value below 2^53 in magnitude as an integer
  /// (`1500`, `-0` for negative zero), anything else in Swift's shortest round-trip form (`12.5`, `1e-05`).
  package mutating func writeJSONNumber(_ value: Double) {
    RawWriter.appending(to: &self, bound: 32) { $0.jsonNumber(value) }
  }

  /// Appends `"key":` for a key that needs no escaping.
  @inlinable
  mutating func writeJSONKey(_ key: StaticString) {
    append(UInt8(ascii: "\""))
    append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    append(UInt8(ascii: "\""))
    append(UInt8(ascii: ":"))
  }
}
