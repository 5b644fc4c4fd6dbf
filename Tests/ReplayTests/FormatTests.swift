import Testing

import CommandCodec
@testable import ReplayCore

@Suite("Format: the one number, time and duration formatter")
struct FormatTests {
  @Test("Numbers take the trace format's canonical form", arguments: [
    (1500.0, "1500"), (-0.0, "-0"), (0.0, "0"), (12.5, "12.5"), (0.00001, "1e-05"), (-3.0, "-3"),
    (9_007_199_254_740_992.0, "9007199254740992.0"), (Double.nan, "nan"), (-Double.infinity, "-inf"),
  ])
  func numbers(_ value: Double, _ expected: String) {
    #expect(Format.number(value) == expected)
  }

  @Test("Record times read as seconds with milliseconds", arguments: [
    (0.0, "0.000s"), (1500.0, "1.500s"), (61_005.0, "61.005s"), (7.0, "0.007s"), (1500.5, "1.5005s"),
  ])
  func times(_ milliseconds: Double, _ expected: String) {
    #expect(Format.time(milliseconds: milliseconds) == expected)
  }

  @Test("Fixed decimals round half away from zero", arguments: [
    (1.23456, 3, "1.235"), (0.0, 3, "0.000"), (2.0, 2, "2.00"), (-1.005, 1, "-1.0"), (-0.0004, 3, "0.000"),
    (12.5, 0, "13"), (0.05, 2, "0.05"), (1e20, 2, "1e+20"),
  ])
  func fixed(_ value: Double, _ digits: Int, _ expected: String) {
    #expect(Format.fixed(value, digits: digits) == expected)
  }

  @Test("Lengths in layout points: hundredths, shortest form, no float noise", arguments: [
    (38.50000000000001, "38.5"), (64.39999999999999, "64.4"), (49.299999999999955, "49.3"), (390, "390"),
    (-0.001, "0"), (1.006, "1.01"), (12.345678, "12.35"), (1e20, "1e+20"),
  ])
  func lengths(_ value: Double, _ expected: String) {
    #expect(Format.length(value) == expected)
  }

  @Test("Durations for messages")
  func seconds() {
    #expect(Format.seconds(10) == "10 s")
    #expect(Format.seconds(0.5) == "0.5 s")
  }

  @Test("Quoting uses the codec's escaper: short escapes, \\u00XX for other controls, UTF-8 as is")
  func quoting() {
    #expect(JSONText.quoted("a\"b\\c\n\t\u{08}\u{0C}\r\u{01}é") == #""a\"b\\c\n\t\b\f\r\u0001é""#)
  }
}
