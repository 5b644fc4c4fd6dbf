import CommandCodec

/// A handler that keeps every record it is given, batches copied out of the decoder's reused
/// storage: what `decodeAvailable(into:)` hands over, for comparison with `next()`.
struct RecordCollector: TraceRecordHandler {
  var records: [TraceRecord] = []

  mutating func handleBatch(_ commands: [Command], at time: Double) -> Bool {
    records.append(TraceRecord(time: time, .batch(commands)))
    return true
  }

  mutating func handle(_ record: TraceRecord) -> Bool {
    records.append(record)
    return true
  }
}
