import Testing
@testable import CommandCodec

/// The encoders' word-at-a-time helpers, against byte-by-byte references: a wrong byte here
/// would corrupt every trace written, so every length and every position is covered.
@Suite struct RawWriterTests {
  /// `bytes(_:)` copies exactly the source, for every length its short-copy paths take and past
  /// them, and writes nothing before the cursor or beyond the copy.
  @Test func copiesEveryLengthExactly() {
    for length in 0...70 {
      let source = (0..<length).map { UInt8(truncatingIfNeeded: 7 &* $0 &+ 1) }
      var buffer = [UInt8](repeating: 0xEE, count: 3 + length + 40)
      buffer.withUnsafeMutableBufferPointer { out in
        var writer = RawWriter(base: out.baseAddress!, position: 3)
        source.withUnsafeBytes { writer.bytes($0) }
        #expect(writer.position == 3 + length)
      }
      #expect(Array(buffer[..<3]) == [0xEE, 0xEE, 0xEE], "length \(length)")
      #expect(Array(buffer[3..<(3 + length)]) == source, "length \(length)")
      #expect(buffer[(3 + length)...].allSatisfy { $0 == 0xEE }, "length \(length)")
    }
  }

  /// `needsEscape` says yes exactly when one of the eight bytes is below 0x20, `"` or `\`: every
  /// byte value in every position of a clean word, and seeded random words.
  @Test func needsEscapeIsExact() {
    func reference(_ word: UInt64) -> Bool {
      (0..<8).contains { index in
        let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index)))
        return byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      }
    }
    let clean: UInt64 = 0x6867_6665_6463_6261  // "abcdefgh"
    for position in 0..<8 {
      for value in 0...255 {
        let shift = 8 * UInt64(position)
        let word = (clean & ~(0xFF << shift)) | (UInt64(value) << shift)
        #expect(RawWriter.needsEscape(word) == reference(word), "byte \(value) at \(position)")
      }
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<100_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Bytes near the interesting values are made common, so that neighbours interact.
      var word = state
      if state >> 60 < 8 { word &= 0x3F3F_3F3F_3F3F_3F3F }
      if RawWriter.needsEscape(word) != reference(word) {
        Issue.record("word 0x\(String(word, radix: 16))")
        return
      }
    }
  }

  /// Strings written through the raw cursor escape the same bytes as the `[UInt8]` writer, at
  /// every length and with the special byte at every position.
  @Test func jsonStringMatchesTheArrayWriter() {
    for length in 0...24 {
      for position in 0..<max(length, 1) {
        for special in ["\"", "\\", "\n", "\u{1}", "é", "x"] {
          var text = String(repeating: "a", count: length)
          if length > 0 {
            var characters = Array(text)
            characters[position] = Character(special)
            text = String(characters)
          }
          var expected: [UInt8] = []
          expected.writeJSONString(text)
          var actual: [UInt8] = []
          RawWriter.appending(to: &actual, bound: 6 * text.utf8.count + 2) { $0.jsonString(text) }
          #expect(actual == expected, "\(text.debugDescription)")
        }
      }
    }
  }

  /// Integers through the raw cursor read as `Int64.description` does: every power of ten and
  /// its neighbours, both signs, the extremes, and seeded random values.
  @Test func jsonIntMatchesDescription() {
    var values: [Int64] = [0, 1, 9, 10, 11, 99, 100, 101, .max, .min, .max - 1, .min + 1]
    var power: Int64 = 1
    for _ in 0..<19 {
      values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
      if power <= Int64.max / 10 { power *= 10 }
    }
    var state: UInt64 = 1
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(Int64(bitPattern: state) >> (state % 63))
    }
    for value in values {
      var actual: [UInt8] = []
      RawWriter.appending(to: &actual, bound: 24) { $0.jsonInt(value) }
      #expect(String(decoding: actual, as: UTF8.self) == value.description)
    }
  }
}
