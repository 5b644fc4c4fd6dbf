import BenchmarkSupport
import CommandCodec
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - One codec

/// What one codec did: its output size, its timings and its process's memory.
struct CodecResult {
  var name: String
  var commands: Int
  var encodedBytes: Int
  var encode: Samples
  var decode: Samples
  /// Peak RSS of the process that ran this codec alone.
  var peakBytes: Int
  /// Peak RSS after the corpus was built, before the codec ran: what every codec's process holds.
  var baselineBytes: Int

  var encodeCommandsPerSecond: Double { Double(commands) / encode.median }
  var decodeCommandsPerSecond: Double { Double(commands) / decode.median }
  var encodeMBPerSecond: Double { Double(encodedBytes) / encode.median / 1e6 }
  var decodeMBPerSecond: Double { Double(encodedBytes) / decode.median / 1e6 }
  var bytesPerCommand: Double { Double(encodedBytes) / Double(commands) }

  /// One line for the parent process: `RESULT name=binary commands=... enc=0.1,0.1 ...`.
  var line: String {
    func list(_ s: Samples) -> String { s.seconds.map { String($0) }.joined(separator: ",") }
    func cpu(_ s: Samples) -> String { s.cpuSeconds.map { String($0) }.joined(separator: ",") }
    return "RESULT name=\(name) commands=\(commands) bytes=\(encodedBytes) enc=\(list(encode)) dec=\(list(decode)) enccpu=\(cpu(encode)) deccpu=\(cpu(decode)) peak=\(peakBytes) base=\(baselineBytes)"
  }

  init(name: String, commands: Int, encodedBytes: Int, encode: Samples, decode: Samples, peakBytes: Int, baselineBytes: Int) {
    self.name = name
    self.commands = commands
    self.encodedBytes = encodedBytes
    self.encode = encode
    self.decode = decode
    self.peakBytes = peakBytes
    self.baselineBytes = baselineBytes
  }

  init?(line: Substring) {
    guard line.hasPrefix("RESULT ") else { return nil }
    var fields: [Substring: Substring] = [:]
    for pair in line.dropFirst("RESULT ".count).split(separator: " ") {
      guard let equals = pair.firstIndex(of: "=") else { return nil }
      fields[pair[..<equals]] = pair[pair.index(after: equals)...]
    }
    func samples(_ key: Substring, cpu: Substring) -> Samples? {
      guard let text = fields[key] else { return nil }
      let values = text.split(separator: ",").compactMap { Double($0) }
      let cpuValues = (fields[cpu] ?? "").split(separator: ",").compactMap { Double($0) }
      return values.isEmpty ? nil : Samples(seconds: values, cpuSeconds: cpuValues)
    }
    guard let name = fields["name"], let commands = fields["commands"].flatMap({ Int($0) }),
      let bytes = fields["bytes"].flatMap({ Int($0) }), let encode = samples("enc", cpu: "enccpu"),
      let decode = samples("dec", cpu: "deccpu"),
      let peak = fields["peak"].flatMap({ Int($0) }), let base = fields["base"].flatMap({ Int($0) })
    else { return nil }
    self.init(name: String(name), commands: commands, encodedBytes: bytes, encode: encode, decode: decode, peakBytes: peak, baselineBytes: base)
  }
}

/// Runs one codec in this process: a checked round trip (which also warms up), then `runs` timed
/// encodes and `runs` timed decodes.
func runCodec(_ name: String, corpus: Corpus, runs: Int, log: (String) -> Void) throws -> CodecResult {
  let baseline = peakResidentBytes()
  let codec = try Codecs.make(name, corpus: corpus)
  return try run(codec, corpus: corpus, runs: runs, baseline: baseline, log: log)
}

private func run<C: BenchCodec>(_ codec: C, corpus: Corpus, runs: Int, baseline: Int, log: (String) -> Void) throws -> CodecResult {
  log("\(C.name): round trip check")
  var reference: [UInt8] = []
  try codec.encode(into: &reference)
  try verify(try codec.records(try codec.decode(reference)), against: corpus, checkTimes: C.carriesTime, codec: C.title)

  log("\(C.name): \(runs) encodes")
  let encode = try measureEncodes(codec, runs: runs, size: reference.count)

  log("\(C.name): \(runs) decodes")
  let decode = try measure(runs: runs) { try codec.decode(reference) }

  return CodecResult(
    name: C.name, commands: corpus.commandCount, encodedBytes: reference.count, encode: encode, decode: decode,
    peakBytes: peakResidentBytes(), baselineBytes: baseline)
}

/// Fails unless `decoded` holds the corpus's batches, command for command (and their times when the
/// format carries them).
func verify(_ decoded: [TraceRecord], against corpus: Corpus, checkTimes: Bool, codec: String) throws {
  let original = corpus.records
  guard decoded.count == original.count else {
    throw BenchError.mismatch("\(codec) decoded \(decoded.count) batches; the corpus has \(original.count)")
  }
  for (index, (got, want)) in zip(decoded, original).enumerated() {
    if checkTimes && got.time != want.time {
      throw BenchError.mismatch("\(codec): batch \(index) has time \(got.time), expected \(want.time)")
    }
    guard case .batch(let gotCommands) = got.body, case .batch(let wantCommands) = want.body else {
      throw BenchError.mismatch("\(codec): record \(index) is not a batch: \(got.body)")
    }
    guard gotCommands.count == wantCommands.count else {
      throw BenchError.mismatch("\(codec): batch \(index) has \(gotCommands.count) commands, expected \(wantCommands.count)")
    }
    for (position, (a, b)) in zip(gotCommands, wantCommands).enumerated() where a != b {
      throw BenchError.mismatch("\(codec): batch \(index), command \(position):\n  decoded  \(a)\n  original \(b)")
    }
  }
}

// MARK: - Child processes

/// Runs `codec-benchmark --only NAME --child` (this same executable) and reads its result, so each
/// codec's peak memory is its own and no codec's garbage or heap shape affects another's timing.
func runInChildProcess(_ name: String, commands: Int, runs: Int) throws -> CodecResult {
  let line = try ChildRun.resultLine(["--only", name, "--commands", String(commands), "--runs", String(runs), "--child"])
  guard let result = CodecResult(line: "RESULT " + line) else {
    throw BenchError.child("the \(name) run printed a result that does not parse:\n\(line)")
  }
  return result
}

/// `runs` timed encodes of the whole corpus, all into one buffer, emptied but kept, as
/// TraceFileWriter keeps its own: a fresh buffer per pass would time the kernel mapping in its
/// pages (half of a JSON Lines pass), which no writer of trace files pays. The buffer is freed
/// before anything else is timed.
private func measureEncodes<C: BenchCodec>(_ codec: C, runs: Int, size: Int) throws -> Samples {
  var out: [UInt8] = []
  out.reserveCapacity(size)
  try codec.encode(into: &out)
  // The byte count, not the bytes: JSONEncoder does not write an object's keys in one order.
  var sameOutput = out.count == size
  let encode = try measure(runs: runs) { () throws -> Int in
    out.removeAll(keepingCapacity: true)
    try codec.encode(into: &out)
    sameOutput = sameOutput && out.count == size
    return out.count
  }
  guard sameOutput else { throw BenchError.mismatch("\(C.title) wrote a different number of bytes on a later run") }
  return encode
}
