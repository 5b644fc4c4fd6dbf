import CommandCodec

/// A trace file's records go straight into a coverage on the decoder's bulk path, batches in the
/// decoder's reused storage, so measuring a long trace allocates nothing per record:
///
/// ```swift
/// var coverage = ProtocolCoverage()
/// _ = try TraceFileReader(path: "long.cmdtrace").read(into: &coverage)
/// ```
extension ProtocolCoverage: TraceRecordHandler {
  /// Counts a batch record; never stops the decoder.
  ///
  /// - Complexity: O(n) for the batch's n commands.
  public mutating func handleBatch(_ commands: [Command], at time: Double) -> Bool {
    record(TraceRecord(time: time, .batch(commands)))
    return true
  }

  /// Counts an event, modal-result or marker record; never stops the decoder.
  ///
  /// - Complexity: O(1).
  public mutating func handle(_ record: TraceRecord) -> Bool {
    self.record(record)
    return true
  }
}
