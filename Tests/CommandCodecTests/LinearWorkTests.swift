import Testing
@testable import CommandCodec

/// Hostile inputs cost work linear in their size on every path, errors included. The tests count
/// the work (edit-distance cells, key lookups) or measure the message, never the time, so they
/// cannot flake on a busy machine; `hostile-benchmark` (Benchmarks/) shows the time per megabyte.
@Suite struct LinearWorkTests {
  static let megabyteOfLetters = String(decoding: (0..<(1 << 20)).map { UInt8(ascii: "A") + UInt8($0 % 26) }, as: UTF8.self)

  static func firstError(_ text: String, format: TraceFormat = .jsonLines) -> CodecError? {
    DecodedTrace(decoding: Array(text.utf8), format: format).error
  }

  // MARK: - "Did you mean"

  @Test func aLongNameCostsNoDistanceCells() {
    var work = 0
    #expect(Suggestion.closest(to: Self.megabyteOfLetters, among: CommandType.names, work: &work) == nil)
    #expect(work == 0)
  }

  @Test func aDistantNameStopsAfterAFewRows() {
    let a = Array(String(repeating: "a", count: 10_000).utf8)
    let b = Array(String(repeating: "b", count: 10_000).utf8)
    var work = 0
    #expect(Suggestion.editDistance(a, b, limit: 2, work: &work) == nil)
    #expect(work <= 5 * 3, "computed \(work) cells")
  }

  @Test func theBandCostsAtMostFiveCellsPerByte() {
    let a = Array(String(repeating: "ab", count: 5_000).utf8)
    var b = a
    b[100] = UInt8(ascii: "x")
    b.remove(at: 7_000)
    var work = 0
    #expect(Suggestion.editDistance(a, b, limit: 2, work: &work) == 2)
    #expect(work <= 5 * a.count, "computed \(work) cells for \(a.count) bytes")
  }

  @Test func suggestionsAreUnchanged() {
    #expect(Suggestion.closest(to: "CREATE_BUTON", among: CommandType.names) == "CREATE_BUTTON")
    #expect(Suggestion.closest(to: "create_button", among: CommandType.names) == "CREATE_BUTTON")
    #expect(Suggestion.closest(to: "internalID", among: ["internalId", "childInternalId"]) == "internalId")
    #expect(Suggestion.closest(to: "XYZ", among: CommandType.names) == nil)
    // The first of two equally close candidates wins, as before.
    #expect(Suggestion.closest(to: "ab", among: ["aa", "bb"]) == "aa")
  }

  /// The bounded distance agrees with the plain dynamic programme wherever that is within the limit.
  @Test func boundedDistanceMatchesTheFullOne() {
    var rng = SplitMix64(seed: 11)
    func word() -> [UInt8] { (0..<rng.next(below: 9)).map { _ in UInt8(ascii: "a") + UInt8(rng.next(below: 3)) } }
    for _ in 0..<2_000 {
      let a = word()
      let b = word()
      let full = Self.fullDistance(a, b)
      for limit in 0...3 {
        var work = 0
        let bounded = Suggestion.editDistance(a, b, limit: limit, work: &work)
        #expect(bounded == (full <= limit ? full : nil), "\(a) \(b) limit \(limit): \(String(describing: bounded)), full \(full)")
      }
    }
  }

  static func fullDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var previous = Array(0...b.count)
    for i in 1...max(1, a.count) where !a.isEmpty {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }

  // MARK: - Messages quote excerpts

  /// Where a megabyte-long value lands in a JSON line (the inputs are built in the test, so a
  /// failure report names the case, not the megabyte).
  enum LongValue: String, CaseIterable {
    case commandType, commandKey, eventClass, eventKey, numbering, integer, fraction, duplicateKey

    var input: String {
      let letters = LinearWorkTests.megabyteOfLetters
      switch self {
      case .commandType: return #"{"t":0,"type":"\#(letters)"}"#
      case .commandKey: return #"{"t":0,"type":"CLEAR","\#(letters)":1}"#
      case .eventClass: return #"{"t":0,"target":1,"event":"\#(letters)"}"#
      case .eventKey: return #"{"t":0,"event":"ValueEvent","target":1,"\#(letters)":1}"#
      case .numbering: return #"{"trace":1,"numbering":"\#(letters)"}"#
      case .integer: return #"{"t":0,"type":"SET_INT_VALUE","value":\#(String(repeating: "9", count: 1 << 20))}"#
      case .fraction: return #"{"t":0,"type":"SET_INT_VALUE","value":1.\#(String(repeating: "5", count: (1 << 20) - 2))}"#
      case .duplicateKey: return #"{"t":0,"event":"ValueEvent","target":1,"k":0,"\#(letters)":1,"\#(letters)":2}"#
      }
    }

    var code: CodecError.Code {
      switch self {
      case .commandType: return .unknownCommandType
      case .commandKey, .eventKey: return .unknownField
      case .eventClass: return .unknownEventType
      case .numbering: return .unknownNumbering
      case .integer: return .numberOutOfRange
      case .fraction: return .wrongType
      case .duplicateKey: return .duplicateKey
      }
    }
  }

  @Test(arguments: LongValue.allCases)
  func aMessageQuotesAnExcerptOfALongValue(_ value: LongValue) throws {
    let error = try #require(Self.firstError(value.input))
    #expect(error.code == value.code)
    #expect(error.message.utf8.count < 600, "a message of \(error.message.utf8.count) bytes")
    #expect(error.message.contains("(1048576 bytes)"), "\(error.message.prefix(600))")
  }

  @Test func aBinaryNumberingNameIsQuotedAsAnExcerpt() throws {
    var b = BinaryBuilder()
    b.fileHeader { h in h.varint(1); h.varint(1 << 20); h.raw(Array(Self.megabyteOfLetters.utf8)) }
    let error = try #require(DecodedTrace(decoding: b.bytes, format: .binary).error)
    #expect(error.code == .unknownNumbering)
    #expect(error.message.utf8.count < 600)
    #expect(error.message.contains("(1048576 bytes)"), "\(error.message)")
  }

  @Test func shortValuesAreQuotedWhole() throws {
    #expect(Excerpt.quoted("CREATE_BUTON") == "\"CREATE_BUTON\"")
    let long = String(repeating: "é", count: 40)  // 80 bytes: cut at a whole scalar
    #expect(Excerpt.quoted(long) == "\"\(String(repeating: "é", count: 32))…\" (80 bytes)")
    #expect(Excerpt.plain(String(repeating: "1", count: 65)) == String(repeating: "1", count: 64) + "… (65 bytes)")
    let error = try #require(Self.firstError(#"{"t":0,"type":"CREATE_BUTON"}"#))
    #expect(error.message == #"unknown command type "CREATE_BUTON" (did you mean "CREATE_BUTTON"?)"#)
  }

  // MARK: - Event keys

  /// Parses one event line directly, to read the parser's count of key lookups.
  static func parseEventLine(_ text: String, ignoreUnknownFields: Bool) -> (work: Int, error: CodecError?) {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { raw in
      let context = JSONErrorContext(lineNumber: 1, lineOffset: 0, recordIndex: 0, lineIsUnterminated: false)
      var parser = JSONLineParser(raw, context: context, options: JSONDecodingOptions(ignoreUnknownFields: ignoreUnknownFields))
      var commands: [Command] = []
      do throws(CodecError) {
        _ = try parser.parseLine(previousTime: 0, headerAllowed: false, commands: &commands)
        return (parser.work, nil)
      } catch {
        return (parser.work, error)
      }
    }
  }

  static func eventLine(keys: Int, then tail: String = "") -> String {
    #"{"t":0,"event":"TouchEvent","target":1"# + (0..<keys).map { #","k\#($0)":0"# }.joined() + tail + "}"
  }

  @Test func distinctKeysCostOneLookupEach() {
    let keys = 100_000
    let outcome = Self.parseEventLine(Self.eventLine(keys: keys, then: #","x":1.5"#), ignoreUnknownFields: true)
    #expect(outcome.error == nil, "\(String(describing: outcome.error))")
    // One lookup per key read, the table built once (each key once more), and one per field of
    // TouchEvent: a scan of every earlier key would be five billion.
    #expect(outcome.work <= 2 * keys + 100, "\(outcome.work) lookups for \(keys) keys")
  }

  @Test func duplicatesAreFoundPastTheScanLimit() throws {
    let line = Self.eventLine(keys: 40, then: #","k3":1"#)
    let outcome = Self.parseEventLine(line, ignoreUnknownFields: true)
    let error = try #require(outcome.error)
    #expect(error.code == .duplicateKey)
    #expect(error.location.column == line.utf8.count - 7 + 1, "at the second \"k3\"")
    // Canonically equivalent spellings are still one key, scanned or hashed.
    for count in [2, 40] {
      let normalized = Self.eventLine(keys: count, then: #","\#u{E9}":1,"e\#u{301}":2"#)
      #expect(Self.parseEventLine(normalized, ignoreUnknownFields: true).error?.code == .duplicateKey)
    }
  }

  @Test func knownFieldsAreFoundPastTheScanLimit() throws {
    let line = Self.eventLine(keys: 40, then: #","x":2.5,"flush":true"#)
    let records = DecodedTrace(decoding: Array(line.utf8), format: .jsonLines)
    #expect(records.error?.code == .unknownField, "unknown keys still fail")
    var decoder = JSONTraceDecoder(options: JSONDecodingOptions(ignoreUnknownFields: true))
    decoder.feed(Array(line.utf8))
    decoder.finish()
    let record = try #require(try decoder.next())
    #expect(record.body == .event(target: 1, .touch(TouchEvent(x: 2.5, flush: true))))
  }
}
