/// The two encodings of a trace.
public enum TraceFormat: String, CaseIterable, Sendable {
  /// The compact binary format (`.cmdtrace`, `docs/BINARY_FORMAT.md`).
  case binary
  /// JSON Lines (`.jsonl`, `docs/TRACE_FORMAT.md`).
  case jsonLines = "json"

  /// The usual file extension.
  public var fileExtension: String {
    switch self {
    case .binary: return "cmdtrace"
    case .jsonLines: return "jsonl"
    }
  }

  /// The format whose file extension `path` has (`.cmdtrace`, `.jsonl`, `.json`, `.ndjson`).
  public init?(pathExtensionOf path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "cmdtrace": self = .binary
    case "jsonl", "json", "ndjson": self = .jsonLines
    default: return nil
    }
  }

  /// The format the first bytes of an input show: binary traces start with 0x89, JSON Lines with
  /// `{` (or white space). Nil when `prefix` is empty or neither.
  public static func detect(_ prefix: some Collection<UInt8>) -> TraceFormat? {
    guard let first = prefix.first else { return nil }
    switch first {
    case BinaryFormat.magic[0]: return .binary
    case UInt8(ascii: "{"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return .jsonLines
    default: return nil
    }
  }
}
