@testable import CommandCodec
import Testing

/// The validator's two answers, exact at every length: `isASCII` reads overlapping words, so a
/// byte it missed, or one it read twice from outside the buffer, would show at some length.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
  @Test("isASCII: every length 0–40, a high byte in each position, and only inside the buffer")
  func isASCIIAtEveryLength() {
    for length in 0...40 {
      // The buffer sits between high bytes, which must not be read as part of it.
      var storage = [UInt8](repeating: 0xFF, count: length + 16)
      for index in 0..<length { storage[8 + index] = UInt8(ascii: "a") + UInt8(index % 26) }
      storage.withUnsafeBytes { all in
        let bytes = UnsafeRawBufferPointer(rebasing: all[8..<(8 + length)])
        #expect(UTF8Validation.isASCII(bytes), "length \(length)")
      }
      for position in 0..<length {
        for high: UInt8 in [0x80, 0xC3, 0xFF] {
          var damaged = storage
          damaged[8 + position] = high
          damaged.withUnsafeBytes { all in
            let bytes = UnsafeRawBufferPointer(rebasing: all[8..<(8 + length)])
            #expect(!UTF8Validation.isASCII(bytes), "length \(length), byte 0x\(String(high, radix: 16)) at \(position)")
          }
        }
      }
    }
  }

  @Test("firstInvalidOffset agrees with the standard library on which strings are valid")
  func agreesWithStandardLibrary() {
    var random = UInt64(0x9E37_79B9_7F4A_7C15)
    func next() -> UInt8 {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: random >> 56)
    }
    for _ in 0..<20_000 {
      let bytes = (0..<Int(next() % 12)).map { _ in next() }
      let valid = String(validating: bytes, as: UTF8.self) != nil
      bytes.withUnsafeBytes { raw in
        #expect((UTF8Validation.firstInvalidOffset(raw) == nil) == valid, "\(bytes)")
        if UTF8Validation.isASCII(raw) { #expect(valid) }
      }
    }
  }
}
