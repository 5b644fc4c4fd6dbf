/// The part the two streaming decoders share: pulling records out of their buffered input, one
/// at a time (``nextRecord()``) or in bulk into a handler (``decodeAvailableRecords(into:)``).
///
/// Each decoder only says how to take one record from its buffer (``step(_:commands:)``).
protocol RecordStepping {
  /// The bytes fed so far (the decoder keeps its own read position). Moved out while records are
  /// taken from it: ``step(_:commands:)`` reads the bytes it is given, never this.
  var buffer: [UInt8] { get set }
  /// The error that stopped decoding; every later call throws it again.
  var failure: CodecError? { get set }
  /// Reused storage for a batch's commands in bulk decoding.
  var scratch: [Command] { get set }
  /// The next record of the buffered input; nil when no whole record is buffered. A batch's
  /// commands replace the contents of `commands`, whose elements a decoder may overwrite in place
  /// (the bulk path hands the same array to every batch).
  mutating func step(_ raw: UnsafeRawBufferPointer, commands: inout [Command]) throws(CodecError) -> ParsedRecord?
}

extension RecordStepping {
  mutating func nextRecord() throws(CodecError) -> TraceRecord? {
    if let failure { throw failure }
    // Moved out and back (no retain and release of the buffer per record, as a copy costs).
    var bytes: [UInt8] = []
    swap(&bytes, &buffer)
    defer { swap(&bytes, &buffer) }
    var commands: [Command] = []
    let result: Result<ParsedRecord?, CodecError> = bytes.withUnsafeBytes { raw in
      Result { () throws(CodecError) -> ParsedRecord? in try step(raw, commands: &commands) }
    }
    switch result {
    case .success(let parsed): return parsed?.materialize(commands)
    case .failure(let error):
      failure = error
      throw error
    }
  }

  mutating func decodeAvailableRecords<Handler: TraceRecordHandler>(into handler: inout Handler) throws(CodecError) -> Bool {
    if let failure { throw failure }
    var bytes: [UInt8] = []
    swap(&bytes, &buffer)
    defer { swap(&bytes, &buffer) }
    let result: Result<Bool, CodecError> = bytes.withUnsafeBytes { raw in
      // The batch storage is a local of this closure, captured by nothing: handing it to the
      // handler then costs no retain and release per record, as a captured variable's would.
      var commands: [Command] = []
      swap(&commands, &scratch)
      defer { swap(&commands, &scratch) }
      do throws(CodecError) {
        while true {
          guard let parsed = try step(raw, commands: &commands) else { return .success(true) }
          let proceed: Bool
          switch parsed {
          case .batch(let time): proceed = handler.handleBatch(commands, at: time)
          case .record(let record): proceed = handler.handle(record)
          }
          if !proceed { return .success(false) }
        }
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let proceed): return proceed
    case .failure(let error):
      failure = error
      throw error
    }
  }
}
