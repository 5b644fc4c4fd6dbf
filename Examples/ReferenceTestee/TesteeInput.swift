import CommandCodec
import ReplayCore

/// What cmdtool sends: its header, then the case's records, in either encoding, on file
/// descriptor 0. ReplayCore's trace file reader decodes what each read(2) brings, so a request is
/// handled as soon as it arrives, without waiting for a full buffer.
final class TesteeInput {
  private let reader: TraceFileReader
  /// The bytes read when the last whole record was returned.
  private var bytesAtLastRecord = 0

  /// What came first on the input.
  enum Start {
    /// cmdtool's header (§1.2 step 2).
    case header(TraceHeader)
    /// The input ended before anything arrived (cmdtool gave up at once: a plain end, not an error).
    case end
    /// The header names a widget schema this testee has not loaded (none, or another one): the
    /// message says which.
    case unknownSchema(String)
  }

  /// Reads with `widgets`, the schema loaded with `--widgets`: the custom commands it can apply.
  init(widgets: WidgetSchema?) {
    do {
      // 64 KiB reads: requests are small, and a pipe brings at most that much at a time anyway.
      reader = try TraceFileReader(path: "-", chunkSize: 1 << 16, widgets: widgets)
    } catch {
      fail("cannot read the standard input: \(error)", status: 2)
    }
  }

  /// `--bug stall-on-big-records`: calls `stall` (which never returns) when more than `limit`
  /// bytes have been read since the last whole record, before reading more.
  func stall(onRecordsLongerThan limit: Int, _ stall: @escaping () -> Never) {
    reader.progressHandler = { [unowned self] bytesRead in
      if bytesRead - bytesAtLastRecord > limit { stall() }
    }
  }

  /// The widget schema the input is read with.
  var widgets: WidgetSchema? { reader.widgets }

  /// cmdtool's header, the end, or a header naming a schema this testee does not have.
  /// `next`: the header of a next case on the same input (docs/CONFORMANCE.md §1.9), after the
  /// `end` marker; the end of the input then is a plain end too.
  func readHeader(next: Bool = false) -> Start {
    do {
      if next {
        reader.startNextTrace()
        guard try reader.awaitInput() else { return .end }
      }
      let header = try reader.readHeader()
      return reader.bytesRead == 0 ? .end : .header(header)
    } catch {
      if reader.bytesRead == 0 { return .end }
      if let code = error.codecError?.code, code == .schemaMissing || code == .schemaMismatch {
        // "the trace was made with widget schema chart fnv1a64:…; give its file with --widgets …":
        // the part before the advice, which is for cmdtool's users.
        let message = error.codecError?.message ?? error.description
        return .unknownSchema(String(message.prefix { $0 != ";" }))
      }
      fail("cannot read cmdtool's input: \(error)", status: 2)
    }
  }

  /// The next record; nil at the end of the input. Input that is not a trace ends the testee
  /// with status 2 (§1.6: cmdtool reports it as its own error).
  func next() -> TraceRecord? {
    do {
      defer { bytesAtLastRecord = reader.bytesRead }
      return try reader.next()
    } catch {
      fail("cannot read cmdtool's input: \(error)", status: 2)
    }
  }
}
