import BenchmarkSupport
import CommandCodec

/// A codec under test: it encodes the corpus to bytes in memory and decodes them back.
///
/// `encode` and `decode` are what is timed. Anything a codec needs beforehand happens in `init`,
/// and turning the decoded value into records for the equality check happens in `records`, both
/// outside timing.
protocol BenchCodec {
  associatedtype Decoded
  /// The name `--only` takes.
  static var name: String { get }
  /// The name in the table.
  static var title: String { get }
  /// Whether the format carries the batches' times (the protobuf message has no field for it).
  static var carriesTime: Bool { get }
  init(corpus: Corpus)
  /// Appends the whole corpus, encoded, to `out`.
  func encode(into out: inout [UInt8]) throws
  func decode(_ bytes: [UInt8]) throws -> Decoded
  func records(_ decoded: Decoded) throws -> [TraceRecord]
}

enum BenchError: Error, CustomStringConvertible {
  case decoding(String)
  case usage(String)
  case mismatch(String)
  case child(String)

  var description: String {
    switch self {
    case .decoding(let message): return "decoding failed: \(message)"
    case .usage(let message): return message
    case .mismatch(let message): return "ROUND TRIP MISMATCH: \(message)"
    case .child(let message): return message
    }
  }
}

/// Every codec, in the order of the table.
enum Codecs {
  static var all: [any BenchCodec.Type] {
    [
      CmdtoolBinaryCodec.self, CmdtoolJSONCodec.self, ProtobufCodec.self, ProtobufMessagesCodec.self,
      FoundationCodableCodec.self,
    ]
  }

  static var names: [String] { all.map { $0.name } }

  static func title(of name: String) -> String {
    all.first { $0.name == name }?.title ?? name
  }

  /// The codec `name`, ready to run over `corpus`.
  static func make(_ name: String, corpus: Corpus) throws -> any BenchCodec {
    guard let type = all.first(where: { $0.name == name }) else {
      throw BenchError.usage("unknown codec \"\(name)\"; known: \(names.joined(separator: ", "))")
    }
    return type.init(corpus: corpus)
  }
}

/// cmdtool's binary trace: `BinaryTraceEncoder` and `BinaryTraceDecoder`, header included.
struct CmdtoolBinaryCodec: BenchCodec {
  static let name = "binary"
  static let title = "cmdtool binary"
  static let carriesTime = true
  let corpus: Corpus

  init(corpus: Corpus) { self.corpus = corpus }

  func encode(into out: inout [UInt8]) throws {
    var encoder = BinaryTraceEncoder()
    try encoder.encodeHeader(TraceHeader(), into: &out)
    for record in corpus.records { try encoder.encode(record, into: &out) }
  }

  func decode(_ bytes: [UInt8]) throws -> [TraceRecord] {
    var decoder = BinaryTraceDecoder()
    decoder.feed(bytes)  // taken over, not copied
    var records: [TraceRecord] = []
    records.reserveCapacity(corpus.records.count)
    while let record = try decoder.next() { records.append(record) }
    try decoder.finish()
    return records
  }

  func records(_ decoded: [TraceRecord]) throws -> [TraceRecord] { decoded }
}

/// cmdtool's JSON Lines trace: `JSONTraceEncoder` and `JSONTraceDecoder`, header line included.
struct CmdtoolJSONCodec: BenchCodec {
  static let name = "json"
  static let title = "cmdtool JSON Lines"
  static let carriesTime = true
  let corpus: Corpus

  init(corpus: Corpus) { self.corpus = corpus }

  func encode(into out: inout [UInt8]) throws {
    var encoder = JSONTraceEncoder()
    try encoder.encodeHeader(TraceHeader(), into: &out)
    for record in corpus.records { try encoder.encode(record, into: &out) }
  }

  func decode(_ bytes: [UInt8]) throws -> [TraceRecord] {
    var decoder = JSONTraceDecoder()
    decoder.feed(bytes)  // taken over, not copied
    decoder.finish()
    var records: [TraceRecord] = []
    records.reserveCapacity(corpus.records.count)
    while let record = try decoder.next() { records.append(record) }
    return records
  }

  func records(_ decoded: [TraceRecord]) throws -> [TraceRecord] { decoded }
}
