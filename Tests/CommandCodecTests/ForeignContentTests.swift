import Testing
@testable import CommandCodec

/// Inputs that are not traces are named for what they are (issue #22 §4): UTF-16 text, a JSON
/// array, a script, a log, a compressed file, an image, an executable; whatever follows their
/// first bytes and however the input arrives in chunks.
@Suite struct ForeignContentTests {
  static let trace = "{\"trace\":1}\n{\"t\":0,\"type\":\"CREATE_APPLICATION\",\"childInternalId\":1,\"textValue\":\"Acme\"}\n{\"t\":5,\"marker\":\"done\"}\n"
  static let script = "# log in\n\n// the form\n{\"t\":800,\"type\":\"textField \\\"User name\\\"\",\"text\":\"alice\"}\n{\"t\":1200,\"tap\":\"button \\\"Log in\\\"\"}\n"

  static func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    for unit in ((mark ? "\u{FEFF}" : "") + text).utf16 {
      let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
      bytes += bigEndian ? pair : pair.reversed()
    }
    return bytes
  }

  static func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    for scalar in "\u{FEFF}\(text)".unicodeScalars {
      let value = scalar.value
      let quad = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
      bytes += bigEndian ? quad : quad.reversed()
    }
    return bytes
  }

  /// The error of decoding `bytes` whole, byte by byte and in random chunks: the same each way.
  static func error(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> CodecError {
    let whole = ChunkedDecoding.whole(bytes, format: nil)
    #expect(ChunkedDecoding.byteByByte(bytes, format: nil) == whole, sourceLocation: sourceLocation)
    #expect(ChunkedDecoding.randomSplits(bytes, format: nil, seed: UInt64(bytes.count)) == whole, sourceLocation: sourceLocation)
    return try #require(whole.error, sourceLocation: sourceLocation)
  }

  // MARK: - The cases of the issue

  @Test("A UTF-16 trace (\"starts with 0xFF\" before): named UTF-16, with the byte offset and iconv", arguments: [false, true])
  func utf16WithMark(bigEndian: Bool) throws {
    let error = try Self.error(Self.utf16(Self.trace, bigEndian: bigEndian, mark: true))
    #expect(error.foreignContent == .utf16(bigEndian: bigEndian, byteOrderMark: true))
    #expect(error.code == .badMagic)
    #expect(error.description.hasPrefix("byte 0: the input is UTF-16 text (\(bigEndian ? "big" : "little")-endian, with a byte order mark), not UTF-8: convert it to UTF-8, e.g. `iconv -f UTF-16 -t UTF-8 FILE > NEW.jsonl`"))
  }

  @Test("UTF-16 without a byte order mark: the zero bytes tell, and iconv is told the byte order", arguments: [false, true])
  func utf16WithoutMark(bigEndian: Bool) throws {
    let error = try Self.error(Self.utf16(Self.trace, bigEndian: bigEndian, mark: false))
    #expect(error.foreignContent == .utf16(bigEndian: bigEndian, byteOrderMark: false))
    #expect(error.message.contains("iconv -f UTF-16\(bigEndian ? "BE" : "LE") -t UTF-8"))
  }

  @Test("UTF-32, either byte order", arguments: [false, true])
  func utf32(bigEndian: Bool) throws {
    #expect(try Self.error(Self.utf32(Self.trace, bigEndian: bigEndian)).foreignContent == .utf32(bigEndian: bigEndian))
  }

  @Test("A JSON array of records: a trace is JSON Lines, one record per line")
  func jsonArray() throws {
    let error = try Self.error(Array("[{\"trace\":1},\n {\"t\":0,\"type\":\"CLEAR\"}]\n".utf8))
    #expect(error.foreignContent == .jsonArray)
    #expect(error.description == "byte 0: the input is a JSON array (it starts with \"[\"), not a trace: a trace is JSON Lines, one record per line, with no array around them (docs/TRACE_FORMAT.md); `jq -c '.[]' FILE > NEW.jsonl` writes the elements one per line")
    // After a blank line too, where the JSON Lines decoder meets it.
    #expect(try Self.error(Array("\n  [{\"trace\":1}]\n".utf8)).foreignContent == .jsonArray)
  }

  @Test("A script where a trace belongs (\"starts with 0x23\" before): named a script, and record --script takes it")
  func scriptWithComments() throws {
    let error = try Self.error(Array(Self.script.utf8))
    #expect(error.foreignContent == .script)
    #expect(error.description == "byte 0: the input is an event script (docs/SCRIPT_FORMAT.md), not a trace: `cmdtool record --script FILE --out TRACE.jsonl -- ENGINE` plays it against an engine and records the trace")
  }

  @Test("A script without comments starts like a trace: its first step names it")
  func scriptWithoutComments() throws {
    let steps = Self.script.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n") + "\n"
    let error = try Self.error(Array(steps.utf8))
    #expect(error.foreignContent == .script)
    #expect(error.description.hasPrefix("line 1, column 1: the input is an event script"))
    // A step after a marker, which both formats have: the step is named, on its line.
    let later = try Self.error(Array("{\"t\":5,\"marker\":\"start\"}\n{\"back\":true}\n".utf8))
    #expect(later.foreignContent == .script)
    #expect(later.description.hasPrefix("line 2, column 1 (record #1): a script's step, not a trace record"))
  }

  @Test("An engine's log line before its header, and one between its records, are shown")
  func logLines() throws {
    let first = try Self.error(Array(("Engine v1.2 starting, loading assets from /opt/app\n" + Self.trace).utf8))
    #expect(first.foreignContent == .text(line: "Engine v1.2 starting, loading assets from /opt/app"))
    #expect(first.description.hasPrefix("byte 0: the input is text, not a trace: its first line is \"Engine v1.2 starting, loading assets from /opt/app\""))
    let lines = Self.trace.split(separator: "\n")
    let between = try Self.error(Array((lines[0] + "\n" + lines[1] + "\n\u{1B}[33mWARN\u{1B}[0m texture cache full\n" + lines[2] + "\n").utf8))
    #expect(between.foreignContent == .text(line: "\u{1B}[33mWARN\u{1B}[0m texture cache full"))
    #expect(between.description == "line 3, column 1 (record #1): a line of text, not a trace record: \"\\u001b[33mWARN\\u001b[0m texture cache full\"")
  }

  @Test("A UTF-8 byte order mark and an empty input keep their own messages")
  func byteOrderMarkAndEmpty() throws {
    let bom = try Self.error([0xEF, 0xBB, 0xBF] + Array(Self.trace.utf8))
    #expect(bom.description == "line 1, column 1: the trace starts with a UTF-8 byte order mark (EF BB BF); save it without one")
    #expect(try Self.error([]).description == "byte 0: the input is empty; a trace needs at least a header (binary) or one line (JSON Lines)")
  }

  @Test("Files of other kinds by their magic numbers", arguments: ForeignContent.FileFormat.allCases)
  func fileFormats(format: ForeignContent.FileFormat) throws {
    let error = try Self.error(format.magic + [0x00, 0x10, 0x7B, 0x0A] + Array(Self.trace.utf8))
    #expect(error.foreignContent == .file(format))
    #expect(error.description.hasPrefix("byte 0: the input is \(format.name), not a trace"))
  }

  @Test("A PNG image starts with 0x89 like a binary trace, yet is named")
  func pngIsNotABinaryTrace() throws {
    #expect(try Self.error([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).description == "byte 0: the input is a PNG image, not a trace")
    // A binary trace's own bad magic keeps its message and offset.
    let error = try Self.error([0x89, 0x43, 0x4D, 0x58, 0x0D, 0x0A, 0x1A, 0x0A, 0x01, 0x00])
    #expect(error.foreignContent == nil && error.location.byteOffset == 3)
  }

  // MARK: - Properties

  /// A kind's first bytes, and the kind they make an input.
  static let starts: [(bytes: [UInt8], content: ForeignContent)] = ForeignContent.FileFormat.allCases.map { ($0.magic, .file($0)) } + [
    ([0xFF, 0xFE, 0x7B, 0x00], .utf16(bigEndian: false, byteOrderMark: true)),
    ([0xFE, 0xFF, 0x00, 0x7B], .utf16(bigEndian: true, byteOrderMark: true)),
    ([0x7B, 0x00, 0x22, 0x00], .utf16(bigEndian: false, byteOrderMark: false)),
    ([0x20, 0x00, 0x7B, 0x00], .utf16(bigEndian: false, byteOrderMark: false)),
    ([0x00, 0x7B, 0x00, 0x22], .utf16(bigEndian: true, byteOrderMark: false)),
    ([0xFF, 0xFE, 0x00, 0x00], .utf32(bigEndian: false)),
    ([0x00, 0x00, 0xFE, 0xFF], .utf32(bigEndian: true)),
    (Array("[".utf8), .jsonArray),
    (Array("# steps\n{\"tap\":\"button\"}\n".utf8), .script),
    (Array("// steps\n\n{\"t\":1,\"type\":\"textField\",\"secret\":\"PASSWORD\"}\n".utf8), .script),
    (Array("Starting the engine\n".utf8), .text(line: "Starting the engine")),
  ]

  @Test("Every kind is named whatever follows its first bytes, however the input is split")
  func namedWhateverFollows() throws {
    var rng = SplitMix64(seed: 22)
    for (start, content) in Self.starts {
      for _ in 0..<200 {
        let rest = (0..<rng.next(below: 64)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let bytes = start + rest
        let whole = ChunkedDecoding.whole(bytes, format: nil)
        #expect(whole.error?.foreignContent == content, "\(start) + \(rest): \(whole)")
        #expect(whole.records.isEmpty)
        #expect(ChunkedDecoding.randomSplits(bytes, format: nil, seed: rng.next(), meanLength: 3) == whole, "\(bytes)")
      }
    }
  }

  @Test("Traces are never taken for something else: every valid vector and every bundled form decodes")
  func tracesStayTraces() throws {
    for text in [Self.trace, " \n" + Self.trace, "\r\n" + Self.trace, "{\"t\":0,\"type\":\"CLEAR\"}\n"] {
      let outcome = ChunkedDecoding.byteByByte(Array(text.utf8), format: nil)
      #expect(outcome.error == nil, "\(outcome)")
    }
    #expect(ForeignContent.identify(Array(Self.trace.utf8)) == nil)
  }

  @Test("identify reads a whole input without a decoder")
  func identify() {
    #expect(ForeignContent.identify(Array(Self.script.utf8)) == .script)
    #expect(ForeignContent.identify([0x1F, 0x8B]) == .file(.gzip))
    #expect(ForeignContent.identify(Array("# only a comment\n".utf8)) == .text(line: "# only a comment"))
    #expect(ForeignContent.identify([0x01, 0x02, 0x03]) == nil)
    #expect(ForeignContent.identify(Array("{\"tap\":\"button\"}\n".utf8)) == .script)
    #expect(ForeignContent.identify(Self.utf16(Self.trace, bigEndian: false, mark: false)) == .utf16(bigEndian: false, byteOrderMark: false))
  }
}
