// The two byte streams of the wire protocol (docs/WIRE.md §1–2): trace records out on file
// descriptor 1, trace records in on file descriptor 0. POSIX read/write, no buffering layer of
// the C library: every record written is on the pipe when `send` returns.

import CommandCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes everything in `bytes` to `fd`, retrying after signals and short writes.
/// Returns the `errno` of a failed write, or nil.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
  guard var pointer = bytes.baseAddress else { return nil }
  var remaining = bytes.count
  while remaining > 0 {
    let written = write(fd, pointer, remaining)
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    pointer += written
    remaining -= written
  }
  return nil
}

/// Writes a line to the standard error (the engine's log; cmdtool keeps its tail).
func log(_ message: String) {
  var line = Array("example-engine: \(message)\n".utf8)
  _ = line.withUnsafeMutableBytes { writeAll(2, UnsafeRawBufferPointer($0)) }
}

/// Logs `message` and exits with `status` at once.
func fail(_ message: String, status: Int32) -> Never {
  log(message)
  exit(status)
}

/// The engine's output: its trace header, then one record per `sendCommands` call, markers and
/// sync echoes, in the encoding the engine chose.
final class WireOutput {
  let format: TraceFormat
  /// The time written on the next record: the virtual time of the last record read (cmdtool
  /// re-times records anyway, §3; this keeps a sync echo identical to the marker it answers).
  var time: Double = 0
  /// Whether the output was closed on purpose (`--close-early`): later records are dropped.
  private(set) var isClosed = false
  /// Random pauses before writes (`--jitter`), nil for none.
  var jitter: Jitter?

  // One of the two, mutated in place (no copy of the binary encoder's string table per record).
  private var json: JSONTraceEncoder?
  private var binary: BinaryTraceEncoder?
  private var buffer: [UInt8] = []

  /// - Parameter widgets: the schema whose codes custom commands take in binary (JSON Lines
  ///   carries them by name).
  init(format: TraceFormat, widgets: WidgetSchema? = nil) {
    self.format = format
    switch format {
    case .jsonLines: json = JSONTraceEncoder()
    // The engine's own opcodes: the numbering of the enum it was built with; custom commands
    // take the schema's codes (1000–1999), whatever the numbering.
    case .binary: binary = BinaryTraceEncoder(numbering: .engine20181128, widgets: widgets)
    }
    buffer.reserveCapacity(1 << 16)
  }

  /// Writes the header (§2 step 1).
  func writeHeader(_ header: TraceHeader) {
    do {
      if json != nil {
        try json!.encodeHeader(header, into: &buffer)
      } else {
        try binary!.encodeHeader(header, into: &buffer)
      }
    } catch {
      fail("cannot encode the trace header: \(error)", status: 70)
    }
    flush()
  }

  /// One `sendCommands` call: one record, on the pipe at once.
  func send(_ commands: [Command]) {
    append(TraceRecord(time: time, .batch(commands)))
    flush()
  }

  /// A marker, on the pipe at once.
  func marker(_ label: String, detail: String = "") {
    append(TraceRecord(time: time, .marker(label: label, detail: detail)))
    flush()
  }

  /// Encodes a record into the buffer without writing it (the flood's bulk path).
  func append(_ record: TraceRecord) {
    do {
      if json != nil {
        try json!.encode(record, into: &buffer)
      } else {
        try binary!.encode(record, into: &buffer)
      }
    } catch {
      fail("cannot encode a record: \(error)", status: 70)
    }
  }

  /// Writes `record` `times` times in a row, in chunks of about 1 MiB (the flood's bulk path).
  func append(_ record: TraceRecord, times: Int) {
    let chunk = 1 << 20
    guard json != nil else {
      for _ in 0..<times {
        append(record)
        if buffer.count >= chunk { flush() }
      }
      return
    }
    // A JSON record's canonical text depends on the record alone (and equal times need no
    // state): encode it once, copy the bytes.
    let start = buffer.count
    append(record)
    let encoded = Array(buffer[start...])
    for _ in 1..<max(times, 1) {
      if buffer.count >= chunk { flush() }
      buffer.append(contentsOf: encoded)
    }
  }

  /// Writes the buffered bytes. A write error (cmdtool is gone) ends the engine.
  func flush() {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    if isClosed { return }
    if let pause = jitter?.nextPause(), pause > 0 { usleep(pause) }
    if let error = buffer.withUnsafeBytes({ writeAll(1, $0) }) {
      fail("cannot write to the standard output: \(String(cString: strerror(error)))", status: 1)
    }
  }

  /// Writes bytes that are not a record (`--garbage`).
  func writeRaw(_ bytes: [UInt8]) {
    flush()
    buffer = bytes
    flush()
  }

  /// Closes the standard output for good (`--close-early`).
  func closeForGood() {
    flush()
    isClosed = true
    _ = close(1)
  }

  /// Writes the first half of `record` and exits with `status` without another byte
  /// (`--crash-after`): the reader sees a record cut off in the middle.
  func crash(writingHalfOf record: TraceRecord, status: Int32) -> Never {
    flush()
    append(record)
    buffer.removeLast(buffer.count - buffer.count / 2)
    flush()
    _exit(status)
  }
}

/// The engine's input: cmdtool's header, then events, modal results and sync markers, in either
/// encoding (detected from the first byte).
final class WireInput {
  private var decoder = TraceDecoder()
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  private var totalBytes = 0
  private var ended = false
  /// The first record, when it was read while waiting for the header; returned next.
  private var early: TraceRecord?
  /// The number of records read so far (the header is not a record).
  private(set) var recordCount = 0
  /// Where every byte read is copied (`--input-log`), or -1.
  var log: Int32 = -1
  /// Called after each record is read, with the new count (`--crash-after`).
  var afterRecord: ((Int) -> Void)?
  /// While waiting for input: the longest wait in milliseconds, and what to do when it passes
  /// without input (`--self-tick`).
  var idle: (wait: () -> Int32, action: () -> Void)?

  /// Waits for cmdtool's header (§2 step 2). Nil when the input is header-less or empty.
  func readHeader() -> TraceHeader? {
    while true {
      if let header = decoder.header { return decoder.isHeaderless ? nil : header }
      if let record = decodeNext() {
        // The first record (after the header, if the decoder read one in the same call).
        early = record
        return decoder.isHeaderless ? nil : decoder.header
      }
      if decoder.header != nil { continue }
      if ended { return nil }
      fill()
    }
  }

  /// The next record, waiting for input as long as needed; nil at the end of the input.
  func next() -> TraceRecord? {
    let record: TraceRecord
    if let early {
      self.early = nil
      record = early
    } else {
      while true {
        if let decoded = decodeNext() {
          record = decoded
          break
        }
        if ended { return nil }
        fill()
      }
    }
    recordCount += 1
    afterRecord?(recordCount)
    return record
  }

  /// The next whole record already read, if any.
  private func decodeNext() -> TraceRecord? {
    if ended && totalBytes == 0 { return nil }  // empty input: a plain end, not an error
    do {
      return try decoder.next()
    } catch {
      fail("cannot read the input: \(error)", status: 2)
    }
  }

  /// Reads what the pipe holds (blocking until something arrives) into the decoder.
  private func fill() {
    if let idle {
      var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      while true {
        let ready = poll(&fds, 1, idle.wait())
        if ready > 0 || (ready < 0 && errno != EINTR) { break }
        if ready == 0 { idle.action() }
      }
    }
    let count = chunk.withUnsafeMutableBytes { buffer -> Int in
      while true {
        let count = read(0, buffer.baseAddress, buffer.count)
        if count < 0 && errno == EINTR { continue }
        return count
      }
    }
    if count < 0 { fail("cannot read the standard input: \(String(cString: strerror(errno)))", status: 2) }
    if count == 0 {
      ended = true
      decoder.finish()
      return
    }
    totalBytes += count
    chunk.withUnsafeBytes { bytes in
      if log >= 0 { _ = writeAll(log, UnsafeRawBufferPointer(rebasing: bytes[..<count])) }
      decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[..<count]))
    }
  }
}
