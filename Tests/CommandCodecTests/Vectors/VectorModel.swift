import CommandCodec
import Testing

/// A declared valid case: a trace the generator encodes into both formats.
struct ValidCase: Sendable {
  var name: String
  var description: String
  var header = TraceHeader()
  var records: [TraceRecord]
  /// Whether the JSON Lines text starts with a header line (false: a header-less stream, whose
  /// header is the default one).
  var headerLine = true
  /// The numbering whose codes the binary trace uses.
  var numbering: CommandNumbering = .cmdtool
  /// A non-canonical JSON Lines input that must decode like the canonical text (variants only).
  var jsonlInput: String? = nil
  /// The widget schema the trace is encoded and decoded with, as a path from the repository's
  /// root (`traces/widgets/all.widgets.json`); nil for the built-in vocabulary only.
  var widgets: String? = nil
}

/// A declared invalid case: an input and exactly how decoding it must fail.
struct InvalidCase: Sendable {
  var name: String
  var description: String
  var format: TraceFormat
  var input: [UInt8]
  var error: CodecError.Code
  var byteOffset: Int
  var line: Int? = nil
  var column: Int? = nil
  var recordsBefore: Int
  /// The widget schema the input is decoded with (a path from the repository's root); nil: none.
  var widgets: String? = nil
}

/// One line of a `valid-*.jsonl` vector file, as committed.
struct ValidVector: Codable, Sendable, CustomTestStringConvertible {
  var name: String
  var description: String
  var widgets: String?
  var headerLine: Bool
  var jsonlInput: String?
  var jsonl: String
  var binaryHex: String

  var testDescription: String { name }
  /// The schema named by ``widgets`` (nil when the key is absent).
  func schema() throws -> WidgetSchema? { try widgets.map(VectorStore.schema(at:)) }
}

/// One line of an `invalid-*.jsonl` vector file, as committed.
struct InvalidVector: Codable, Sendable, CustomTestStringConvertible {
  var name: String
  var description: String
  var format: String
  var widgets: String?
  var inputHex: String
  var error: String
  var byteOffset: Int
  var line: Int?
  var column: Int?
  var recordsBefore: Int

  var testDescription: String { name }
  /// The schema named by ``widgets`` (nil when the key is absent).
  func schema() throws -> WidgetSchema? { try widgets.map(VectorStore.schema(at:)) }
}

/// A vector file: its name and the cases that make it up.
enum VectorFile: String, CaseIterable, Sendable {
  case validCommands = "valid-commands.jsonl"
  case validEvents = "valid-events.jsonl"
  case validEdges = "valid-edges.jsonl"
  case validJSONVariants = "valid-json-variants.jsonl"
  case invalidBinary = "invalid-binary.jsonl"
  case invalidBinaryTruncated = "invalid-binary-truncated.jsonl"
  case invalidJSON = "invalid-json.jsonl"
  case invalidJSONTruncated = "invalid-json-truncated.jsonl"
  case validWidgets = "widgets/valid-widgets.jsonl"
  case invalidWidgets = "widgets/invalid-widgets.jsonl"

  var isValid: Bool { rawValue.split(separator: "/").last!.hasPrefix("valid-") }

  var validCases: [ValidCase] {
    switch self {
    case .validCommands: return CommandCases.all
    case .validEvents: return EventCases.all
    case .validEdges: return EdgeCases.all
    case .validJSONVariants: return JSONVariantCases.all
    case .validWidgets: return WidgetCases.valid
    default: return []
    }
  }

  var invalidCases: [InvalidCase] {
    switch self {
    case .invalidBinary: return InvalidBinaryCases.all
    case .invalidBinaryTruncated: return TruncationCases.binary
    case .invalidJSON: return InvalidJSONCases.all
    case .invalidJSONTruncated: return TruncationCases.json
    case .invalidWidgets: return WidgetCases.invalid
    default: return []
    }
  }
}
