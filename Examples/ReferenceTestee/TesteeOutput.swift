// The testee's output (docs/CONFORMANCE.md §1.1): records on file descriptor 1 (a socket moved
// there, see Connection.swift), and its log on file descriptor 2. ReplayCore's trace file writer
// encodes and writes, so the testee needs no wire code of its own.

import CommandCodec
import ReplayCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The name of the case being served, for the log: CMDTOOL_CASE, then each `case` marker's
/// (docs/CONFORMANCE.md §1.9). The testee has one thread.
nonisolated(unsafe) var caseName: String? = getenv("CMDTOOL_CASE").map { String(cString: $0) }

/// Writes a line to the standard error: the testee's log, whose tail cmdtool keeps for the report.
func log(_ message: String) {
  let line = "reference-testee" + (caseName.map { " [\($0)]" } ?? "") + ": \(message)\n"
  var bytes = Array(line.utf8)
  bytes.withUnsafeMutableBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }
}

/// Logs `message` and exits with `status` at once.
func fail(_ message: String, status: Int32) -> Never {
  log(message)
  exit(status)
}

/// Writes `text` as it is on the standard output (`--bug garbage-after-end`).
func writeRaw(_ text: String) {
  var bytes = Array(text.utf8)
  _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
}

/// The records the testee sends, each on the wire when `send` returns (cmdtool waits for them).
final class TesteeOutput {
  private let writer: TraceFileWriter

  /// Writes the trace header at once (§1.2: the testee writes first, without waiting).
  init(format: TraceFormat, creator: String) {
    do {
      writer = try TraceFileWriter(path: "-", format: format, header: TraceHeader(creator: creator), flush: .everyRecord)
    } catch {
      fail("cannot write the trace header: \(error)", status: 1)
    }
  }

  func send(_ record: TraceRecord) {
    do {
      try writer.write(record)
    } catch {
      // cmdtool is gone (EPIPE) or the record cannot be encoded: nobody is left to answer.
      fail("cannot write a record: \(error)", status: 1)
    }
  }

  func marker(_ label: String, _ detail: String = "", at time: Double) {
    send(TraceRecord(time: time, .marker(label: label, detail: detail)))
  }
}
