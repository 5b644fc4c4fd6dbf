import CommandCodec
import ConformanceTestee

/// A transport that hands the session a prepared input, one chunk per read, and keeps what it
/// writes: the session runs in the test's thread, without processes.
final class ScriptedTransport: TesteeTransport {
  private var chunks: [[UInt8]]
  private(set) var written: [UInt8] = []

  init(chunks: [[UInt8]]) {
    self.chunks = chunks
  }

  /// The input of cmdtool's traces in `format`, each a header and its records, one chunk per
  /// record so that every request arrives on its own (as over a pipe).
  convenience init(_ traces: [[TraceRecord]], format: TraceFormat = .jsonLines) throws {
    var chunks: [[UInt8]] = []
    for records in traces {
      var encoder = TraceEncoder(format: format)
      var header: [UInt8] = []
      try encoder.encodeHeader(TraceHeader(creator: "cmdtool conformance", viewport: Viewport(width: 320, height: 480)), into: &header)
      chunks.append(header)
      for record in records {
        var bytes: [UInt8] = []
        try encoder.encode(record, into: &bytes)
        chunks.append(bytes)
      }
    }
    self.init(chunks: chunks)
  }

  func read() throws(TesteeTransportError) -> [UInt8] {
    chunks.isEmpty ? [] : chunks.removeFirst()
  }

  func write(_ bytes: [UInt8]) throws(TesteeTransportError) {
    written += bytes
  }

  /// What the session wrote, decoded as one trace per session.
  func traces() -> [DecodedTrace] {
    // Each session's trace starts with a header: split before each (JSON Lines: a `{"trace":` line).
    var traces: [[UInt8]] = []
    for line in written.split(separator: 0x0A, omittingEmptySubsequences: false) {
      if line.starts(with: Array("{\"trace\":".utf8)) { traces.append([]) }
      traces[traces.count - 1] += line + [0x0A]
    }
    return traces.map { DecodedTrace(decoding: $0) }
  }
}
