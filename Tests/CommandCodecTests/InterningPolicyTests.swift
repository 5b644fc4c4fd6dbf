import Testing
@testable import CommandCodec

/// Which strings the default binary encoder interns: a repeated interned string costs one byte
/// (a slot reference), a repeated literal costs its length again. Other implementations must follow
/// the same policy to reproduce the vectors' bytes.
@Suite struct InterningPolicyTests {
  /// The bytes the second of two equal records adds, with the default policy.
  static func costOfRepeating(_ record: TraceRecord) throws -> Int {
    var encoder = BinaryTraceEncoder()
    var bytes: [UInt8] = []
    try encoder.encodeHeader(TraceHeader(), into: &bytes)
    try encoder.encode(record, into: &bytes)
    let first = bytes.count
    try encoder.encode(record, into: &bytes)
    return bytes.count - first
  }

  static let text = String(repeating: "s", count: 20)

  @Test(arguments: CommandType.allCases)
  func commandStrings(_ type: CommandType) throws {
    let internsText = [.setStyle, .updatePreference, .deletePreference, .addColumn, .addOption, .addSheet].contains(type)
    // A record: kind, length, time delta, count, code, presence, then the string.
    let oneText = try Self.costOfRepeating(.batch([Command(type, textValue: Self.text)], at: 0))
    #expect(oneText == 6 + (internsText ? 1 : 1 + 20), "\(type.name).textValue")
    let secondText = try Self.costOfRepeating(.batch([Command(type, textValue2: Self.text)], at: 0))
    #expect(secondText == 6 + (type == .setStyle ? 1 : 1 + 20), "\(type.name).textValue2")
    let key = try Self.costOfRepeating(.batch([Command(type, key: Self.text)], at: 0))
    #expect(key == 6 + 1, "\(type.name).key is always interned")
  }

  @Test func eventsAndMarkersAreNotInterned() throws {
    // Kind, length, time delta, class, target, presence, then the literal.
    #expect(try Self.costOfRepeating(.event(.value(ValueEvent(text: Self.text)), to: 1, at: 0)) == 6 + 21)
    #expect(try Self.costOfRepeating(.event(.warning(WarningEvent(code: Self.text)), to: 1, at: 0)) == 6 + 21)
    // Kind, length, time delta, presence, then the literal.
    #expect(try Self.costOfRepeating(TraceRecord(time: 0, .marker(label: Self.text, detail: ""))) == 4 + 21)
  }

  @Test func longStringsAreNeverInterned() throws {
    let long = String(repeating: "l", count: 65)
    #expect(try Self.costOfRepeating(.batch([Command(.setStyle, textValue: long)], at: 0)) == 6 + 2 + 65)
    let longest = String(repeating: "l", count: 64)
    #expect(try Self.costOfRepeating(.batch([Command(.setStyle, textValue: longest)], at: 0)) == 6 + 1)
  }
}
