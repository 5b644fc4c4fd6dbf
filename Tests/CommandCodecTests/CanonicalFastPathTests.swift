import Testing
@testable import CommandCodec

/// The JSON decoder's fast path for canonical command lines (`JSONLineParser+Canonical.swift`)
/// must be invisible: every input decodes, or fails, exactly as with the general parser alone.
@Suite struct CanonicalFastPathTests {
  struct Outcome: Equatable {
    var header: TraceHeader?
    var records: [TraceRecord]
    var error: CodecError?
  }

  /// Decodes `bytes` with the fast path on or off; `cuts` splits the input into chunks, and `bulk`
  /// takes records with `decodeAvailable` (reused batch storage) instead of `next()`.
  static func decode(_ bytes: [UInt8], fast: Bool, options: JSONDecodingOptions = JSONDecodingOptions(), cuts: [Int] = [], bulk: Bool = false) -> (Outcome, canonicalLines: Int) {
    var decoder = JSONTraceDecoder(options: options)
    decoder.usesCanonicalFastPath = fast
    var collector = RecordCollector()
    var start = 0
    do {
      for end in cuts + [bytes.count] where end >= start {
        decoder.feed(Array(bytes[start..<end]))
        start = end
        try collector.take(from: &decoder, bulk: bulk)
      }
      decoder.finish()
      try collector.take(from: &decoder, bulk: bulk)
      return (Outcome(header: decoder.header, records: collector.records, error: nil), decoder.canonicalLineCount)
    } catch {
      return (Outcome(header: decoder.header, records: collector.records, error: error), decoder.canonicalLineCount)
    }
  }


  static func expectSame(_ bytes: [UInt8], options: JSONDecodingOptions = JSONDecodingOptions(), _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
    let (general, _) = decode(bytes, fast: false, options: options)
    let (fast, _) = decode(bytes, fast: true, options: options)
    #expect(fast == general, "\(what()): the fast path gave \(fast), the general parser \(general)", sourceLocation: sourceLocation)
  }

  // MARK: - Generated streams

  static let strings: [String] = [
    "color", "#fff", "OK", "a longer label of some thirty bytes", "héllo wörld", "emoji 🎉 and 中文",
    "quote \" inside", "back\\slash", "new\nline", "tab\there", "\u{7F}del", "\u{1}control", "/slash",
    "1234567", "exactly8", "sixteen bytes!!!", "",
  ]

  static func integer(_ rng: inout SplitMix64) -> Int32 {
    switch rng.next() % 8 {
    case 0: return 0
    case 1: return Int32.max
    case 2: return Int32.min
    case 3: return -Int32(truncatingIfNeeded: rng.next() % 1000)
    case 4: return Int32(truncatingIfNeeded: rng.next())
    default: return Int32(truncatingIfNeeded: rng.next() % 100_000)
    }
  }

  static func command(_ rng: inout SplitMix64, plain: Bool) -> Command {
    let types = CommandType.allCases
    var command = Command(types[Int(rng.next() % UInt64(types.count))])
    func maybe(_ rng: inout SplitMix64) -> Bool { rng.next() % 2 == 0 }
    func string(_ rng: inout SplitMix64) -> String {
      let pool = plain ? strings.filter { !$0.contains("\"") && !$0.contains("\\") && !$0.unicodeScalars.contains { $0.value < 0x20 } } : strings
      return pool[Int(rng.next() % UInt64(pool.count))]
    }
    if maybe(&rng) { command.internalId = integer(&rng) }
    if maybe(&rng) { command.childInternalId = integer(&rng) }
    if maybe(&rng) { command.value = integer(&rng) }
    if rng.next() % 8 == 0 { command.key = string(&rng) }
    if maybe(&rng) { command.textValue = string(&rng) }
    if maybe(&rng) { command.textValue2 = string(&rng) }
    if rng.next() % 4 == 0 { command.row = integer(&rng) }
    if rng.next() % 4 == 0 { command.column = integer(&rng) }
    if rng.next() % 4 == 0 { command.sheet = rng.next() % 2 == 0 ? UInt16.max : UInt16(truncatingIfNeeded: rng.next()) }
    if rng.next() % 4 == 0 { command.width = integer(&rng) }
    if rng.next() % 4 == 0 { command.height = integer(&rng) }
    if rng.next() % 4 == 0 { command.flags = rng.next() % 2 == 0 ? UInt32.max : UInt32(truncatingIfNeeded: rng.next()) }
    return command
  }

  /// A stream as the encoder writes it: header-less or with a header, batches of 0–16 commands,
  /// now and then an event, a marker or a modal result; times whole and fractional.
  static func stream(seed: UInt64, records count: Int, plain: Bool, header: Bool) throws -> (bytes: [UInt8], batches: Int) {
    var rng = SplitMix64(seed: seed)
    var encoder = JSONTraceEncoder()
    var out: [UInt8] = []
    if header { try encoder.encodeHeader(TraceHeader(), into: &out) }
    var time = 0.0
    var batches = 0
    for _ in 0..<count {
      switch rng.next() % 6 {
      case 0: time += 1
      case 1: time += 0.25
      case 2: time += Double(rng.next() % 1000) / 7
      default: break
      }
      let record: TraceRecord
      switch rng.next() % 20 {
      case 0: record = TraceRecord(time: time, .marker(label: "mark", detail: "d"))
      case 1: record = TraceRecord(time: time, .modalResult(dialog: 3, value: 1))
      case 2: record = TraceRecord(time: time, .batch([]))
      default:
        let size = rng.next() % 3 == 0 ? 1 : Int(rng.next() % 16) + 1
        record = TraceRecord(time: time, .batch((0..<size).map { _ in command(&rng, plain: plain) }))
        batches += 1
      }
      try encoder.encode(record, into: &out)
    }
    return (out, batches)
  }

  @Test(arguments: [UInt64(1), 2, 3, 0xC0FFEE])
  func encoderOutputTakesTheFastPathWithTheSameRecords(seed: UInt64) throws {
    let (bytes, batches) = try Self.stream(seed: seed, records: 400, plain: true, header: seed % 2 == 0)
    let (general, generalLines) = Self.decode(bytes, fast: false)
    #expect(general.error == nil)
    #expect(generalLines == 0)
    for bulk in [false, true] {
      let (fast, lines) = Self.decode(bytes, fast: true, bulk: bulk)
      #expect(fast == general)
      // Every non-empty batch the encoder wrote is canonical.
      #expect(lines == batches)
    }
    // Chunked anyhow: the same.
    let cuts = ChunkedDecoding.randomCuts(count: bytes.count, seed: seed, meanLength: 37)
    #expect(Self.decode(bytes, fast: true, cuts: cuts).0 == general)
    #expect(Self.decode(bytes, fast: true, cuts: cuts, bulk: true).0 == general)
  }

  @Test(arguments: [UInt64(5), 6, 7])
  func stringsWithEscapesGiveTheSameRecords(seed: UInt64) throws {
    // Escaped strings are read by the general parser's own string reader inside the fast path.
    let (bytes, batches) = try Self.stream(seed: seed, records: 300, plain: false, header: true)
    let (general, _) = Self.decode(bytes, fast: false)
    #expect(general.error == nil)
    let (fast, lines) = Self.decode(bytes, fast: true, bulk: seed % 2 == 0)
    #expect(fast == general)
    #expect(lines == batches)
  }

  /// Canonical lines damaged one byte at a time — bytes deleted, replaced or inserted — decode or
  /// fail the same way both ways: the same records before it, the same error, place and message.
  @Test(arguments: [UInt64(11), 12, 13, 14])
  func damagedCanonicalLinesFailIdentically(seed: UInt64) throws {
    let (bytes, _) = try Self.stream(seed: seed, records: 40, plain: true, header: false)
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    if lines.last == [] { lines.removeLast() }
    let replacements: [UInt8] = Array(" \t\"\\0123456789-+.eE,:{}[]xtT".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]
    var rng = SplitMix64(seed: seed)
    for _ in 0..<600 {
      var damaged = lines
      let index = Int(rng.next() % UInt64(lines.count))
      var line = damaged[index]
      let at = Int(rng.next() % UInt64(line.count + 1))
      let byte = replacements[Int(rng.next() % UInt64(replacements.count))]
      switch rng.next() % 3 {
      case 0 where at < line.count: line.remove(at: at)
      case 1 where at < line.count: line[at] = byte
      default: line.insert(byte, at: at)
      }
      damaged[index] = line
      let input = Array(damaged.joined(separator: [UInt8(ascii: "\n")])) + (rng.next() % 4 == 0 ? [] : [UInt8(ascii: "\n")])
      Self.expectSame(input, "line \(index + 1) damaged: \(String(decoding: line, as: UTF8.self))")
    }
  }

  @Test func limitsAndOptionsStayTheGeneralParsers() throws {
    let (bytes, _) = try Self.stream(seed: 21, records: 200, plain: true, header: false)
    for options in [
      JSONDecodingOptions(maxStringLength: 4), JSONDecodingOptions(maxStringLength: 8),
      JSONDecodingOptions(maxLineLength: 200), JSONDecodingOptions(ignoreUnknownFields: true),
    ] {
      Self.expectSame(bytes, options: options, "options \(options)")
    }
  }

  @Test func nonCanonicalLinesDecodeOrFailIdentically() {
    let lines = [
      ##"{"t":12,"type":"SET_STYLE","internalId":5,"textValue":"color","textValue2":"#fff"}"##,
      #"{"t":12,"batch":[{"type":"CREATE_BUTTON","internalId":2,"childInternalId":5},{"type":"SET_TEXT_VALUE","internalId":5,"textValue":"OK"}]}"#,
      #"{"type":"SET_STYLE","t":12,"internalId":5}"#,
      #"{"t":12,"internalId":5,"type":"SET_STYLE"}"#,
      #"{"t":12, "type":"SET_STYLE"}"#,
      #"{"t":12,"type":"SET_STYLE","internalId":5} "#,
      #"{"t":12,"type":"SET_STYLE","internalId":5,"internalId":6}"#,
      #"{"t":12,"type":"SET_STYLE","value":1,"internalId":5}"#,
      #"{"t":12,"type":"SET_STYLE","internalId":5.0}"#,
      #"{"t":12,"type":"SET_STYLE","internalId":5e0}"#,
      #"{"t":12,"type":"SET_STYLE","internalId":05}"#,
      #"{"t":12,"type":"SET_STYLE","internalId":-0}"#,
      #"{"t":12,"type":"SET_STYLE","internalId":2147483648}"#,
      #"{"t":12,"type":"SET_STYLE","internalId":-2147483649}"#,
      #"{"t":12,"type":"SET_STYLE","internalId":12345678901234567890}"#,
      #"{"t":12,"type":"SET_STYLE","sheet":65536}"#,
      #"{"t":12,"type":"SET_STYLE","sheet":-1}"#,
      #"{"t":12,"type":"SET_STYLE","flags":4294967295}"#,
      #"{"t":12,"type":"SET_STYLE","flags":4294967296}"#,
      #"{"t":12,"type":"SET_STYLE","internalId":"5"}"#,
      #"{"t":12,"type":"SET_STYLE","textValue":5}"#,
      #"{"t":12,"type":"SET_STYLE","textValue":"a\"b"}"#,
      #"{"t":12,"type":"SET_STYLE","textValue":"\u00e9"}"#,
      #"{"t":12,"type":"SET\u005fSTYLE"}"#,
      #"{"t":12,"type":"SET_STYLEX"}"#,
      #"{"t":12,"type":"CREATE_PIE_CHART","internalId":1}"#,
      #"{"t":12,"type":5}"#,
      #"{"t":12,"type":"SET_STYLE","bogus":1}"#,
      #"{"t":12,"type":"SET_STYLE","t":1}"#,
      #"{"t":12,"batch":[]}"#,
      #"{"t":12,"batch":[{"type":"CLEAR"},]}"#,
      #"{"t":12,"batch":[{"type":"CLEAR","t":3}]}"#,
      #"{"t":12,"batch":[{"internalId":1,"type":"CLEAR"}]}"#,
      #"{"t":12,"batch":[{"type":"CLEAR"}],"type":"CLEAR"}"#,
      #"{"t":12,"type":"CLEAR","batch":[]}"#,
      #"{"t":-1,"type":"CLEAR"}"#,
      #"{"t":1e400,"type":"CLEAR"}"#,
      #"{"t":1.5e2,"type":"CLEAR"}"#,
      #"{"t":0.000001,"type":"CLEAR"}"#,
      #"{"t":-0,"type":"CLEAR"}"#,
      #"{"t":12,"type":"CLEAR"}{}"#,
      #"{"t":12,"type":"CLEAR""#,
      #"{"t":12,"type":"CLEA"#,
      #"{"t":12,"batch":[{"type":"CLEAR"}"#,
      #"{"t":12,"type":"CLEAR","textValue":"é"}"#,
    ]
    // Each line after a first record at t = 20, so that the earlier times fail as going backwards.
    for line in lines {
      for prefix in ["", #"{"t":20,"type":"CLEAR"}"# + "\n", #"{"trace":1}"# + "\n"] {
        for ending in ["\n", "\r\n", ""] {
          Self.expectSame(Array((prefix + line + ending).utf8), Excerpt.plain(prefix + line + ending))
        }
      }
    }
    // Invalid UTF-8 in a string, and a custom widget's command with its schema.
    var invalid = Array(#"{"t":1,"type":"CLEAR","textValue":"ab"#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
    Self.expectSame(invalid, "invalid UTF-8")
    invalid = Array(#"{"t":1,"type":"CLEAR","textValue":"ab"#.utf8) + [0xFF] + Array("\"}\n".utf8)
    Self.expectSame(invalid, "invalid UTF-8")
  }

  @Test func customWidgetCommandsTakeTheGeneralParser() throws {
    for vector in VectorStore.valid where vector.widgets != nil {
      let options = JSONDecodingOptions(widgets: try vector.schema())
      Self.expectSame(Array(vector.jsonl.utf8), options: options, vector.name)
      let (outcome, _) = Self.decode(Array(vector.jsonl.utf8), fast: true, options: options)
      #expect(outcome.error == nil, "\(vector.name)")
    }
  }

  @Test(arguments: VectorStore.valid)
  func validVectorsDecodeIdentically(_ vector: ValidVector) throws {
    let options = JSONDecodingOptions(widgets: try vector.schema())
    Self.expectSame(Array(vector.jsonl.utf8), options: options, "jsonl")
    if let input = vector.jsonlInput { Self.expectSame(Array(input.utf8), options: options, "jsonlInput") }
  }

  @Test(arguments: VectorStore.invalid.filter { $0.format == "json" })
  func invalidVectorsFailIdentically(_ vector: InvalidVector) throws {
    let options = JSONDecodingOptions(widgets: try vector.schema())
    Self.expectSame(try #require(Hex.decode(vector.inputHex)), options: options, vector.name)
  }

  @Test func typeTableFindsEveryNameAndNothingElse() {
    var names = CommandType.allCases.map(\.name) + ["", "CLEAR_", "CLEA", "clear", "CREATE_BUTTONS", "CREATE_BUTTO", "CUSTOM", "CREATE_PIE_CHART", String(repeating: "A", count: 32)]
    for type in CommandType.allCases {
      var bytes = Array(type.name.utf8)
      bytes[bytes.count - 1] ^= 0x01
      names.append(String(decoding: bytes, as: UTF8.self))
      names.append(type.name + "_")
      names.append(String(type.name.dropLast()))
    }
    for name in names {
      // The name inside a line, with 32 bytes of padding that must not matter.
      for padding in [UInt8(ascii: "\""), 0xFF] {
        let line = Array(name.utf8) + [UInt8](repeating: padding, count: 32)
        line.withUnsafeBytes { raw in
          let range = 0..<name.utf8.count
          #expect(CanonicalTypeTable.slots.withUnsafeBufferPointer { CanonicalTypeTable.lookup(raw, range, $0) } == CommandType.lookup(UnsafeRawBufferPointer(rebasing: raw[range])), "\(name)")
        }
      }
    }
  }
}

extension RecordCollector {
  /// Takes every record available, in bulk or one at a time.
  mutating func take(from decoder: inout JSONTraceDecoder, bulk: Bool) throws(CodecError) {
    if bulk {
      _ = try decoder.decodeAvailable(into: &self)
    } else {
      while let record = try decoder.next() { records.append(record) }
    }
  }
}
