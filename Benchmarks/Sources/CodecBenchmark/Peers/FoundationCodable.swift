import BenchmarkSupport
import CommandCodec
import Foundation

/// The Foundation peer: JSON Lines through `Codable`, `JSONEncoder` and `JSONDecoder`, written as an
/// app developer would write it.
///
/// One line per batch, `{"t":1500,"batch":[{"type":"CREATE_BUTTON","internalId":2,...},...]}`: the
/// same information as cmdtool's JSON Lines (the time, the batch boundaries, the enumerator name as
/// the type, fields at their default omitted), so both write about the same bytes.
struct FoundationCodableCodec: BenchCodec {
  static let name = "foundation"
  static let title = "Foundation JSONEncoder/Decoder"
  static let carriesTime = true
  let corpus: Corpus

  init(corpus: Corpus) { self.corpus = corpus }

  /// The engine's command with its 13 fields; the optionals are left out of the JSON when nil
  /// (the synthesized `encodeIfPresent`), and a field at its default is nil.
  struct CodableCommand: Codable {
    var type: String
    var internalId: Int32?
    var childInternalId: Int32?
    var value: Int32?
    var key: String?
    var textValue: String?
    var textValue2: String?
    var row: Int32?
    var column: Int32?
    var sheet: UInt16?
    var width: Int32?
    var height: Int32?
    var flags: UInt32?

    init(_ command: Command) {
      type = command.type.name
      internalId = command.internalId == 0 ? nil : command.internalId
      childInternalId = command.childInternalId == 0 ? nil : command.childInternalId
      value = command.value == 0 ? nil : command.value
      key = command.key.isEmpty ? nil : command.key
      textValue = command.textValue.isEmpty ? nil : command.textValue
      textValue2 = command.textValue2.isEmpty ? nil : command.textValue2
      row = command.row == 0 ? nil : command.row
      column = command.column == 0 ? nil : command.column
      sheet = command.sheet == 0 ? nil : command.sheet
      width = command.width == 0 ? nil : command.width
      height = command.height == 0 ? nil : command.height
      flags = command.flags == 0 ? nil : command.flags
    }

    func command() throws -> Command {
      guard let commandType = CommandType(name: type) else { throw BenchError.decoding("unknown command type \"\(type)\"") }
      return Command(
        commandType, internalId: internalId ?? 0, childInternalId: childInternalId ?? 0, value: value ?? 0,
        key: key ?? "", textValue: textValue ?? "", textValue2: textValue2 ?? "", row: row ?? 0,
        column: column ?? 0, sheet: sheet ?? 0, width: width ?? 0, height: height ?? 0, flags: flags ?? 0)
    }
  }

  /// One line: a batch at its time.
  struct CodableBatch: Codable {
    var t: Double
    var batch: [CodableCommand]
  }

  func encode(into out: inout [UInt8]) throws {
    let encoder = JSONEncoder()
    for record in corpus.records {
      guard case .batch(let commands) = record.body else { continue }
      let line = try encoder.encode(CodableBatch(t: record.time, batch: commands.map(CodableCommand.init)))
      out.append(contentsOf: line)
      out.append(UInt8(ascii: "\n"))
    }
  }

  func decode(_ bytes: [UInt8]) throws -> [TraceRecord] {
    let decoder = JSONDecoder()
    let data = Data(bytes)  // a file read into memory would be Data already
    var records: [TraceRecord] = []
    records.reserveCapacity(corpus.records.count)
    var lineStart = 0
    while lineStart < bytes.count {
      // Lines are found on the array (fast); JSONDecoder reads a slice of the Data, without a copy.
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      if lineEnd > lineStart {
        let line = try decoder.decode(CodableBatch.self, from: data[lineStart..<lineEnd])
        records.append(.batch(try line.batch.map { try $0.command() }, at: line.t))
      }
      lineStart = lineEnd + 1
    }
    return records
  }

  func records(_ decoded: [TraceRecord]) throws -> [TraceRecord] { decoded }
}
