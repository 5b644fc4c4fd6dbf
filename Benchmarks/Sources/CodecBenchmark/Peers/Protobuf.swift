import BenchmarkSupport
import CommandCodec
import SwiftProtobuf

/// The protobuf peer: swift-protobuf's binary format on `PBCommand` (Proto/bench_command.proto),
/// one length-delimited `PBCommandBatch` per batch, as a protobuf trace would be written
/// (the framing of `BinaryDelimited`: a varint length, then the message).
///
/// The message has no time, so this peer writes a little less than cmdtool's binary trace, which
/// carries one per batch. `type` is the toolkit's stable code (`CommandType.rawValue`), as cmdtool's
/// binary format writes it.
///
/// Like the cmdtool codecs, it starts from `Command` values and ends with them: the conversion to
/// and from the generated messages is part of its time, since an app with the engine's types has
/// to do it. `ProtobufMessagesCodec` measures the library alone, on messages made beforehand.
struct ProtobufCodec: BenchCodec {
  static let name = "protobuf"
  static let title = "swift-protobuf"
  static let carriesTime = false
  let corpus: Corpus

  init(corpus: Corpus) { self.corpus = corpus }

  func encode(into out: inout [UInt8]) throws {
    for record in corpus.records {
      guard case .batch(let commands) = record.body else { continue }
      try ProtobufFraming.append(ProtobufConversion.message(commands), to: &out)
    }
  }

  func decode(_ bytes: [UInt8]) throws -> [TraceRecord] {
    var records: [TraceRecord] = []
    records.reserveCapacity(corpus.records.count)
    try ProtobufFraming.forEachMessage(in: bytes) { message in
      records.append(.batch(try ProtobufConversion.commands(message), at: 0))
    }
    return records
  }

  func records(_ decoded: [TraceRecord]) throws -> [TraceRecord] { decoded }
}

/// swift-protobuf alone: the same bytes as ``ProtobufCodec``, from messages made before timing, into
/// messages converted after timing. The strictest comparison for the cmdtool binary codec, which
/// does more (it makes and reads `Command` values and validates every field).
struct ProtobufMessagesCodec: BenchCodec {
  static let name = "protobuf-messages"
  static let title = "swift-protobuf, messages only"
  static let carriesTime = false
  let batchCount: Int
  let messages: [Cmdtool_Bench_PBCommandBatch]

  init(corpus: Corpus) {
    batchCount = corpus.records.count
    messages = corpus.batches.map(ProtobufConversion.message)
  }

  func encode(into out: inout [UInt8]) throws {
    for message in messages { try ProtobufFraming.append(message, to: &out) }
  }

  func decode(_ bytes: [UInt8]) throws -> [Cmdtool_Bench_PBCommandBatch] {
    var messages: [Cmdtool_Bench_PBCommandBatch] = []
    messages.reserveCapacity(batchCount)
    try ProtobufFraming.forEachMessage(in: bytes) { messages.append($0) }
    return messages
  }

  func records(_ decoded: [Cmdtool_Bench_PBCommandBatch]) throws -> [TraceRecord] {
    try decoded.map { .batch(try ProtobufConversion.commands($0), at: 0) }
  }
}

/// `Command` to and from the generated messages, field for field.
enum ProtobufConversion {
  static func message(_ commands: [Command]) -> Cmdtool_Bench_PBCommandBatch {
    var batch = Cmdtool_Bench_PBCommandBatch()
    batch.commands.reserveCapacity(commands.count)
    for command in commands {
      var message = Cmdtool_Bench_PBCommand()
      message.type = Int32(command.type.rawValue)
      message.internalID = command.internalId
      message.childInternalID = command.childInternalId
      message.value = command.value
      message.key = command.key
      message.textValue = command.textValue
      message.textValue2 = command.textValue2
      message.row = command.row
      message.column = command.column
      message.sheet = UInt32(command.sheet)
      message.width = command.width
      message.height = command.height
      message.flags = command.flags
      batch.commands.append(message)
    }
    return batch
  }

  static func commands(_ batch: Cmdtool_Bench_PBCommandBatch) throws -> [Command] {
    var commands: [Command] = []
    commands.reserveCapacity(batch.commands.count)
    for message in batch.commands {
      guard let code = UInt8(exactly: message.type), let type = CommandType(rawValue: code) else {
        throw BenchError.decoding("protobuf: unknown command type code \(message.type)")
      }
      guard let sheet = UInt16(exactly: message.sheet) else {
        throw BenchError.decoding("protobuf: sheet \(message.sheet) is outside UInt16")
      }
      commands.append(
        Command(
          type, internalId: message.internalID, childInternalId: message.childInternalID, value: message.value,
          key: message.key, textValue: message.textValue, textValue2: message.textValue2, row: message.row,
          column: message.column, sheet: sheet, width: message.width, height: message.height, flags: message.flags))
    }
    return commands
  }
}

/// Length-delimited messages: a varint byte count before each, as `BinaryDelimited` writes them.
enum ProtobufFraming {
  static func append(_ message: Cmdtool_Bench_PBCommandBatch, to out: inout [UInt8]) throws {
    let body: [UInt8] = try message.serializedBytes()
    var length = UInt64(body.count)
    while length >= 0x80 {
      out.append(UInt8(truncatingIfNeeded: length) | 0x80)
      length >>= 7
    }
    out.append(UInt8(length))
    out.append(contentsOf: body)
  }

  /// Calls `body` with each message of `bytes`, parsed in place (no copy of its bytes).
  static func forEachMessage(in bytes: [UInt8], _ body: (Cmdtool_Bench_PBCommandBatch) throws -> Void) throws {
    let span = bytes.span.bytes
    var position = 0
    while position < bytes.count {
      var length = 0
      var shift = 0
      while true {
        guard position < bytes.count, shift < 35 else { throw BenchError.decoding("protobuf: a bad length prefix at byte \(position)") }
        let byte = bytes[position]
        position += 1
        length |= Int(byte & 0x7F) << shift
        if byte < 0x80 { break }
        shift += 7
      }
      guard length <= bytes.count - position else { throw BenchError.decoding("protobuf: a message runs past the end") }
      try body(try Cmdtool_Bench_PBCommandBatch(serializedBytes: span.extracting(position..<(position + length))))
      position += length
    }
  }
}
