/// FNV-1a, 64 bits: a small, stable, non-cryptographic hash of bytes.
///
/// The one hash CommandCodec has (it cannot use ReplayCore's SHA-256): it names a canonical
/// document, such as a widget schema's ``WidgetSchema/fingerprint``, so that two parties can tell
/// whether they hold the same one. It guards against mix-ups, not against forgery.
///
/// ```swift
/// FNV1a.hash64(Array("a".utf8))  // 0xaf63dc4c8601ec8c
/// FNV1a.hex64(Array("a".utf8))   // "af63dc4c8601ec8c"
/// ```
package enum FNV1a {
  /// The 64-bit offset basis.
  static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  /// The 64-bit prime.
  static let prime: UInt64 = 0x0000_0100_0000_01b3

  /// The FNV-1a 64-bit hash of `bytes`.
  ///
  /// - Complexity: O(n).
  package static func hash64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash = offsetBasis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* prime
    }
    return hash
  }

  /// The hash as sixteen lower-case hex digits, zero-padded.
  package static func hex64(_ bytes: some Sequence<UInt8>) -> String {
    let digits = String(hash64(bytes), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
