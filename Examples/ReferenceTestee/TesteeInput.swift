import CommandCodec
import ReplayCore

/// What cmdtool sends: its header, then the case's records, in either encoding, on file
/// descriptor 0. ReplayCore's trace file reader decodes what each read(2) brings, so a request is
/// handled as soon as it arrives, without waiting for a full buffer.
final class TesteeInput {
  private let reader: TraceFileReader

  init() {
    do {
      // 64 KiB reads: requests are small, and a pipe brings at most that much at a time anyway.
      reader = try TraceFileReader(path: "-", chunkSize: 1 << 16)
    } catch {
      fail("cannot read the standard input: \(error)", status: 2)
    }
  }

  /// cmdtool's header (§1.2 step 2); nil when the input ends before anything arrived (cmdtool
  /// gave up at once: a plain end, not an error).
  func readHeader() -> TraceHeader? {
    do {
      let header = try reader.readHeader()
      return reader.bytesRead == 0 ? nil : header
    } catch {
      if reader.bytesRead == 0 { return nil }
      fail("cannot read cmdtool's input: \(error)", status: 2)
    }
  }

  /// The next record; nil at the end of the input. Input that is not a trace ends the testee
  /// with status 2 (§1.6: cmdtool reports it as its own error).
  func next() -> TraceRecord? {
    do {
      return try reader.next()
    } catch {
      fail("cannot read cmdtool's input: \(error)", status: 2)
    }
  }
}
