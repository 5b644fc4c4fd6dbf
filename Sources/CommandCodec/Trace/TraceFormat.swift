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
  ///
  /// A UTF-8 byte order mark (EF BB BF, all three bytes) counts as JSON Lines too, though the
  /// JSON Lines decoder refuses it: a text file saved with one is a JSON Lines trace with a fixable
  /// flaw, and that decoder says so, where "not a trace" would not.
  public static func detect(_ prefix: some Collection<UInt8>) -> TraceFormat? {
    guard let first = prefix.first else { return nil }
    switch first {
    case BinaryFormat.magic[0]: return .binary
    case UInt8(ascii: "{"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return .jsonLines
    case UTF8Validation.byteOrderMark[0]: return prefix.starts(with: UTF8Validation.byteOrderMark) ? .jsonLines : nil
    default: return nil
    }
  }

  /// Whether `prefix` could still turn out to start with a byte order mark: more bytes decide.
  static func mayBecomeByteOrderMark(_ prefix: some Collection<UInt8>) -> Bool {
    prefix.count < UTF8Validation.byteOrderMark.count && UTF8Validation.byteOrderMark.starts(with: prefix)
  }
}
