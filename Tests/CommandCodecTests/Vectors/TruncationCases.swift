import CommandCodec

/// Inputs cut short at every position: a binary trace at every byte (header and records), and the
/// last line of JSON Lines traces at every byte (with no newline after it).
enum TruncationCases {
  // MARK: - Binary

  /// A small binary trace with a header of every kind of field and records of every kind.
  static let binaryHeader = TraceHeader(numbering: "engine-2018-11-28", creator: "t", viewport: Viewport(width: 2, height: 3, scale: 2), preferences: ["k": "v"])
  static let binaryRecords: [TraceRecord] = [
    .batch([Command(.createButton, internalId: 2, childInternalId: 3, textValue: "OK"), Command(.setStyle, internalId: 3, value: 1, textValue: "color", textValue2: "red")], at: 0),
    .event(.touch(TouchEvent(x: 1.5, identifier: -1, flush: true)), to: 3, at: 12.5),
    TraceRecord(time: 13, .modalResult(dialog: 4, value: -1)),
    TraceRecord(time: 200, .marker(label: "end", detail: "é")),
  ]

  /// The trace's bytes and the offsets where each of its records starts (the first one is the end of
  /// the file header), from encoding the records one at a time.
  static let binaryTrace: (bytes: [UInt8], recordStarts: [Int]) = {
    var encoder = BinaryTraceEncoder()
    var bytes: [UInt8] = []
    try! encoder.encodeHeader(binaryHeader, into: &bytes)
    var starts: [Int] = []
    for record in binaryRecords {
      starts.append(bytes.count)
      try! encoder.encode(record, into: &bytes)
    }
    return (bytes, starts)
  }()

  /// Every cut that is not a record boundary: inside the file header, `truncated` at byte 0;
  /// inside a record, `truncated` at the record's first byte, after the records before it.
  static let binary: [InvalidCase] = {
    let (bytes, starts) = binaryTrace
    let headerEnd = starts[0]
    return (0..<bytes.count).compactMap { cut -> InvalidCase? in
      if cut >= headerEnd && starts.contains(cut) { return nil }  // a whole number of records: valid
      let recordsBefore = starts.lastIndex { $0 <= cut } ?? 0
      let inHeader = cut < headerEnd
      let offset = inHeader ? 0 : starts[recordsBefore]
      return InvalidCase(
        name: "truncated/binary-\(String(repeating: "0", count: 3 - String(cut).count))\(cut)",
        description: inHeader
          ? "the first \(cut) of \(bytes.count) bytes: the input ends inside the file header"
          : "the first \(cut) of \(bytes.count) bytes: the input ends inside record #\(recordsBefore), which starts at byte \(offset)",
        format: .binary, input: Array(bytes[..<cut]), error: .truncated, byteOffset: offset,
        recordsBefore: inHeader ? 0 : recordsBefore)
    }
  }()

  // MARK: - JSON Lines

  /// Last lines that use every kind of token: strings with escapes and multi-byte characters,
  /// numbers with signs, fractions and exponents, literals, nested arrays and objects, white space.
  static let jsonLastLines: [(name: String, prefix: [String], line: String)] = [
    ("header", [], #"{"trace":1,"viewport":{"scale":2.5},"preferences":{"k":"v"}}"#),
    ("command", [#"{"trace":1}"#, #"{"type":"CLEAR"}"#], #"{"t":1.5,"type":"SET_TEXT_VALUE","textValue":"\"\\\/\u00e9\ud83d\ude00é😀"}"#),
    ("event", [], #"{"t":1e3,"event":"TouchEvent","target":-3,"y":2E+2,"type":0}"#),
    ("literals", [], #"{"event":"ImageResponseEvent","target":0,"success":false,"isLive":true}"#),
    ("batch", [#"{"trace":1}"#], #"{ "t" : 7 , "batch" : [ {"type":"CLEAR"} , {"type":"STOP"} ] }"#),
  ]

  /// Every cut strictly inside the last line: `truncated` at the cut (the end of the input), after
  /// the records of the lines before it.
  static let json: [InvalidCase] = jsonLastLines.flatMap { entry -> [InvalidCase] in
    let prefix = entry.prefix.map { Array($0.utf8) + [0x0A] }.joined()
    let line = Array(entry.line.utf8)
    let recordsBefore = entry.prefix.filter { !$0.contains("\"trace\"") }.count
    return (1..<line.count).map { cut in
      let input = Array(prefix) + line[..<cut]
      return InvalidCase(
        name: "truncated/json-\(entry.name)-\(String(repeating: "0", count: 3 - String(cut).count))\(cut)",
        description: "the last line (\(entry.name)) cut after \(cut) of its \(line.count) bytes, with no newline",
        format: .jsonLines, input: input, error: .truncated, byteOffset: input.count,
        line: entry.prefix.count + 1, column: cut + 1, recordsBefore: recordsBefore)
    }
  }
}
