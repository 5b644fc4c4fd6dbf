/// Receives the records of a decoder's bulk path (`decodeAvailable(into:)`).
///
/// Bulk decoding hands each command batch over in storage the decoder reuses for the next batch,
/// so a replay does not allocate per record. Copy the array if you keep it (copy-on-write makes
/// that correct in any case; it only costs an allocation).
///
/// ```swift
/// struct Counter: TraceRecordHandler {
///   var commands = 0
///   mutating func handleBatch(_ batch: [Command], at time: Double) -> Bool { commands += batch.count; return true }
///   mutating func handle(_ record: TraceRecord) -> Bool { true }
/// }
/// ```
public protocol TraceRecordHandler {
  /// A command batch at `time`. Return false to stop decoding after it.
  mutating func handleBatch(_ commands: [Command], at time: Double) -> Bool
  /// An event, modal result or marker. Return false to stop decoding after it.
  mutating func handle(_ record: TraceRecord) -> Bool
}

/// What the record layer of a decoder produced: a batch whose commands were appended to the
/// caller's storage, or any other record.
enum ParsedRecord {
  case batch(time: Double)
  case record(TraceRecord)

  /// The record itself, building the batch from `commands`.
  func materialize(_ commands: [Command]) -> TraceRecord {
    switch self {
    case .batch(let time): return TraceRecord(time: time, .batch(commands))
    case .record(let record): return record
    }
  }
}
