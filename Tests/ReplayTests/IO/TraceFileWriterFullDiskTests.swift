import CommandCodec
import Foundation
@testable import ReplayCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A disk that fills up part way through a write (issue #23: `record` said 1,790 records where
// its file held 853 whole ones, `convert` 14 where there were 4): the file is cut back to its
// last whole record, the writer writes no more, and `recordsInFile` is what is really there.
// The real thing, a small tmpfs and a file size limit, is in CmdToolTests/FullDiskTests.

/// A sink that takes `capacity` bytes and then fails as a full disk does: the write that crosses
/// the limit gets its first bytes in, then ENOSPC.
final class FullDiskSink: ByteSink {
  var bytes: [UInt8] = []
  let capacity: Int
  private(set) var failedWrites = 0

  init(capacity: Int) { self.capacity = capacity }

  func write(_ data: UnsafeRawBufferPointer, path: String, written: inout Int) throws(IOError) {
    written = min(max(0, capacity - bytes.count), data.count)
    bytes.append(contentsOf: data.prefix(written))
    if written < data.count {
      failedWrites += 1
      throw IOError(path: path, operation: "write", errno: ENOSPC)
    }
  }

  func truncate(to length: Int) -> Bool {
    bytes.removeLast(bytes.count - length)
    return true
  }
}

@Suite struct TraceFileWriterFullDiskTests {
  static let header = TraceHeader(creator: "full disk test", viewport: Viewport(width: 375, height: 667, scale: 2))

  /// Two hundred records of a realistic session.
  static let records: [TraceRecord] = {
    var generator = SessionGenerator(seed: 23)
    return (0..<200).compactMap { _ in generator.next() }
  }()

  /// Writes every record to a disk of `capacity` bytes; returns the sink and the writer (nil
  /// when not even the header fit).
  private func write(_ format: TraceFormat, capacity: Int, policy: TraceFileWriter.FlushPolicy) -> (FullDiskSink, TraceFileWriter?, IOError?) {
    let sink = FullDiskSink(capacity: capacity)
    guard let writer = try? TraceFileWriter(sink: sink, path: "full.partial", format: format, header: Self.header, flush: policy) else { return (sink, nil, nil) }
    var failure: IOError?
    do {
      for record in Self.records { try writer.write(record) }
      try writer.flush()
    } catch {
      if case .io(let error) = error { failure = error }
    }
    return (sink, writer, failure)
  }

  /// Capacities from nothing to the whole trace (every one around the header, many random ones
  /// after it), in both formats and both flush policies:
  /// what is on disk decodes without an error, is exactly the first `recordsInFile` records, and
  /// the writer said so.
  @Test(arguments: [TraceFormat.jsonLines, .binary], [TraceFileWriter.FlushPolicy.everyRecord, .buffered])
  func whatIsOnDiskIsWholeRecordsAndCountedRight(_ format: TraceFormat, _ policy: TraceFileWriter.FlushPolicy) throws {
    let whole = FullDiskSink(capacity: .max)
    let complete = try TraceFileWriter(sink: whole, path: "whole", format: format, header: Self.header, flush: policy)
    for record in Self.records { try complete.write(record) }
    try complete.flush()
    #expect(complete.recordsInFile == Self.records.count)
    let size = whole.bytes.count
    var random = SplitMix64(seed: 8)
    let capacities = Array(0..<120) + (0..<50).map { _ in Int(random.next(upperBound: UInt64(size))) } + [size - 1, size]
    for capacity in capacities {
      let (sink, writer, failure) = write(format, capacity: capacity, policy: policy)
      guard let writer else {
        #expect(sink.bytes.isEmpty, "capacity \(capacity): a header cut off was left behind")
        continue
      }
      let decoded = DecodedTrace(decoding: sink.bytes, format: format)
      #expect(decoded.error == nil, "capacity \(capacity): \(String(describing: decoded.error))")
      #expect(decoded.records.count == writer.recordsInFile, "capacity \(capacity)")
      #expect(decoded.records == Array(Self.records.prefix(writer.recordsInFile)), "capacity \(capacity)")
      if capacity < size {
        #expect(failure?.code == ENOSPC, "capacity \(capacity)")
        #expect(failure?.path == "full.partial")
        #expect(writer.recordsInFile < writer.recordCount, "capacity \(capacity)")
      } else {
        #expect(failure == nil)
      }
    }
  }

  @Test func afterAFailedWriteNothingMoreIsWritten() throws {
    // More room later (the truncation freed some) must not put records after a gap.
    let sink = FullDiskSink(capacity: 2000)
    let writer = try TraceFileWriter(sink: sink, path: "gap.partial", format: .jsonLines, header: Self.header, flush: .everyRecord)
    var thrown = 0
    for record in Self.records {
      do {
        try writer.write(record)
      } catch {
        thrown += 1
      }
    }
    #expect(thrown == Self.records.count - writer.recordsInFile)
    #expect(sink.failedWrites == 1)
    let decoded = DecodedTrace(decoding: sink.bytes, format: .jsonLines)
    #expect(decoded.error == nil)
    #expect(decoded.records == Array(Self.records.prefix(writer.recordsInFile)))
  }
}
