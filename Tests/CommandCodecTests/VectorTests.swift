import Testing
@testable import CommandCodec

/// Runs the golden vectors of `traces/vectors/`: the committed files must be exactly what the
/// declared cases generate, and every vector must decode (or fail) exactly as it says.
///
/// Re-record after a deliberate format change with `RECORD_VECTORS=1 swift test --filter VectorTests`
/// (the recording run fails on purpose), review the diff, and run again without the variable.
@Suite struct VectorTests {
  // MARK: - The files

  @Test func committedFilesMatchTheGenerator() throws {
    for file in VectorFile.allCases {
      let generated = try VectorGenerator.fileText(file)
      if VectorStore.isRecording {
        try VectorStore.write(generated, to: file)
        continue
      }
      guard let committed = VectorStore.committedText(file) else {
        Issue.record("\(VectorStore.path(file)) is missing; run with RECORD_VECTORS=1 to write it")
        continue
      }
      // Compare bytes: String equality would let a change of Unicode normalization slip by.
      if Array(committed.utf8) != Array(generated.utf8) {
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(old.count, new.count)).first { Array(old[$0].utf8) != Array(new[$0].utf8) } ?? min(old.count, new.count)
        Issue.record("""
          \(file.rawValue) differs from what the cases generate, first at line \(index + 1) \
          (committed \(old.count) lines, generated \(new.count)):
          committed: \(index < old.count ? String(old[index].prefix(400)) : "<none>")
          generated: \(index < new.count ? String(new[index].prefix(400)) : "<none>")
          Re-record with RECORD_VECTORS=1 if the change is intended.
          """)
      }
    }
    if VectorStore.isRecording {
      Issue.record("recorded the vectors in \(VectorStore.directory); review the diff and run again without RECORD_VECTORS")
    }
  }

  @Test func everyCommittedLineLoads() throws {
    for file in VectorFile.allCases {
      let declared = file.isValid ? file.validCases.count : file.invalidCases.count
      let loaded = file.isValid
        ? VectorStore.load(ValidVector.self, from: file).count : VectorStore.load(InvalidVector.self, from: file).count
      let lines = VectorStore.committedText(file)?.split(separator: "\n").count ?? 0
      #expect(loaded == lines, "\(file.rawValue): \(lines - loaded) lines do not parse as vectors")
      #expect(loaded == declared, "\(file.rawValue): \(loaded) vectors committed, \(declared) declared")
      #expect(declared > 0)
    }
    let names = VectorStore.valid.map(\.name) + VectorStore.invalid.map(\.name)
    #expect(Set(names).count == names.count, "vector names must be unique")
  }

  // MARK: - Valid vectors

  @Test(arguments: VectorStore.valid)
  func valid(_ vector: ValidVector) throws {
    let text = Array(vector.jsonl.utf8)
    let binary = try #require(Hex.decode(vector.binaryHex), "binaryHex is not lowercase hex")
    let widgets = try vector.schema()
    let fromJSON = ChunkedDecoding.whole(text, format: .jsonLines, widgets: widgets)
    let fromBinary = ChunkedDecoding.whole(binary, format: .binary, widgets: widgets)
    #expect(fromJSON.error == nil, "JSON: \(String(describing: fromJSON.error))")
    #expect(fromBinary.error == nil, "binary: \(String(describing: fromBinary.error))")
    let header = try #require(fromBinary.header)
    #expect(fromJSON.header == header)
    #expect(fromJSON.records == fromBinary.records)

    // Format detection reads both the same way, and the JSON text has a header line exactly when the vector says so.
    #expect(DecodedTrace(decoding: binary, widgets: widgets).records == fromBinary.records)
    #expect(DecodedTrace(decoding: text, widgets: widgets).records == fromJSON.records)
    var detector = TraceDecoder(jsonOptions: JSONDecodingOptions(widgets: widgets))
    detector.feed(text)
    detector.finish()
    while try detector.next() != nil {}
    #expect(detector.isHeaderless == !vector.headerLine)

    // The declared case is what both decode to.
    let declared = try #require(VectorFile.allCases.flatMap(\.validCases).first { $0.name == vector.name }, "no declared case")
    #expect(declared.header == header)
    #expect(declared.records == fromBinary.records)
    #expect(declared.widgets == vector.widgets)

    // A vector made with a schema needs it: without, both formats refuse the header that names
    // it or the first custom command.
    if widgets != nil {
      for (format, bytes) in [(TraceFormat.jsonLines, text), (.binary, binary)] {
        let without = ChunkedDecoding.whole(bytes, format: format)
        let code = try #require(without.error, "\(format.rawValue) decodes without its schema").code
        #expect(code == .schemaMissing || code == .unknownCommandType, "\(format.rawValue): \(without)")
      }
    }

    // A non-canonical input decodes to the same trace.
    if let input = vector.jsonlInput {
      let fromInput = ChunkedDecoding.whole(Array(input.utf8), format: .jsonLines, widgets: widgets)
      #expect(fromInput.error == nil, "jsonlInput: \(String(describing: fromInput.error))")
      #expect(fromInput.header == header)
      #expect(fromInput.records == fromBinary.records)
      #expect(try Reencoding.json(header, fromInput.records, headerLine: vector.headerLine) == text)
    }

    // Encoding what was decoded gives the committed bytes back, in the same format and across formats.
    let numbering = try #require(Reencoding.numbering(ofBinary: binary))
    #expect(try Reencoding.json(header, fromJSON.records, headerLine: vector.headerLine) == text, "JSON → JSON")
    #expect(try Reencoding.binary(header, fromBinary.records, numbering: numbering, widgets: widgets) == binary, "binary → binary")
    #expect(try Reencoding.json(header, fromBinary.records, headerLine: vector.headerLine) == text, "binary → JSON")
    #expect(try Reencoding.binary(header, fromJSON.records, numbering: numbering, widgets: widgets) == binary, "JSON → binary")

    // binary → JSON → binary through the JSON text itself.
    let converted = try Reencoding.json(header, fromBinary.records)
    let back = ChunkedDecoding.whole(converted, format: .jsonLines, widgets: widgets)
    #expect(try Reencoding.binary(try #require(back.header), back.records, numbering: numbering, widgets: widgets) == binary, "binary → JSON → binary")
  }

  // MARK: - Invalid vectors

  @Test(arguments: VectorStore.invalid)
  func invalid(_ vector: InvalidVector) throws {
    let format = try #require(TraceFormat(rawValue: vector.format), "format must be \"binary\" or \"json\"")
    let input = try #require(Hex.decode(vector.inputHex), "inputHex is not lowercase hex")
    #expect(CodecError.Code(name: vector.error) != nil, "\(vector.error) is not an error code")
    let outcome = ChunkedDecoding.whole(input, format: format, widgets: try vector.schema())
    let error = try #require(outcome.error, "decoded without an error: \(outcome)")
    #expect(error.code.name == vector.error, "\(error)")
    #expect(error.location.byteOffset == vector.byteOffset, "\(error)")
    #expect(error.location.line == vector.line, "\(error)")
    #expect(error.location.column == vector.column, "\(error)")
    #expect(outcome.records.count == vector.recordsBefore, "\(error)")
    // A refused schema leaves the header read, naming the schema to start again with.
    if error.code == .schemaMissing || error.code == .schemaMismatch {
      #expect(outcome.header?.widgets != nil, "\(error)")
    }
    // The error names the record it is in, when it is in one.
    if let index = error.recordIndex { #expect(index == vector.recordsBefore, "\(error)") }
    // A line number goes with JSON only, and agrees with the offset.
    if format == .binary {
      #expect(vector.line == nil && vector.column == nil)
    } else if let line = vector.line, let column = vector.column {
      let lineStart = vector.byteOffset - (column - 1)
      #expect(lineStart >= 0 && input[..<lineStart].filter { $0 == 0x0A }.count == line - 1)
      #expect(lineStart == 0 || input[lineStart - 1] == 0x0A)
    }
  }
}
