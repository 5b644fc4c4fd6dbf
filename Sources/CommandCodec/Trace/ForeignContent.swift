/// What an input that is not a trace holds, told from its first bytes, so that the error names it
/// ("UTF-16 text", "a JSON array", "an event script", "a gzip-compressed file") instead of its
/// first byte in hex, and says what to do about it.
///
/// ```swift
/// ForeignContent.identify(Array("# log in\n{\"tap\":\"button \\\"OK\\\"\"}\n".utf8))  // .script
/// ForeignContent.identify([0xFF, 0xFE, 0x7B, 0x00])  // .utf16(bigEndian: false, byteOrderMark: true)
/// ```
///
/// The decoders attach it to their error (``CodecError/foreignContent``), so that a reader can
/// add advice of its own: a file reader names the file in the command that fixes it, a live
/// session tells an engine that writes logs to its standard output where logs belong.
public enum ForeignContent: Hashable, Sendable {
  /// UTF-16 text (Windows PowerShell's `>`, Notepad's "Unicode"); a trace is UTF-8.
  case utf16(bigEndian: Bool, byteOrderMark: Bool)
  /// UTF-32 text.
  case utf32(bigEndian: Bool)
  /// A JSON array (`[{…},{…}]`): a trace has one record per line and no array around them.
  case jsonArray
  /// An event script (docs/SCRIPT_FORMAT.md): what `cmdtool record --script` plays.
  case script
  /// Lines of text that are not records, such as an engine's log; `line` is the first one.
  case text(line: String)
  /// A file format known by its magic number.
  case file(FileFormat)

  /// File formats told by their first bytes.
  public enum FileFormat: String, CaseIterable, Hashable, Sendable {
    case gzip, bzip2, xz, zstd, zip, png, jpeg, gif, pdf, elf, machO

    /// What the format's files start with.
    public var magic: [UInt8] {
      switch self {
      case .gzip: return [0x1F, 0x8B]
      case .bzip2: return Array("BZh".utf8)
      case .xz: return [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]
      case .zstd: return [0x28, 0xB5, 0x2F, 0xFD]
      case .zip: return [0x50, 0x4B, 0x03, 0x04]
      case .png: return [0x89, 0x50, 0x4E, 0x47]
      case .jpeg: return [0xFF, 0xD8, 0xFF]
      case .gif: return Array("GIF8".utf8)
      case .pdf: return Array("%PDF".utf8)
      case .elf: return [0x7F, 0x45, 0x4C, 0x46]
      case .machO: return [0xCF, 0xFA, 0xED, 0xFE]
      }
    }

    /// "a gzip-compressed file".
    public var name: String {
      switch self {
      case .gzip, .bzip2, .xz, .zstd: return "a \(rawValue)-compressed file"
      case .zip: return "a zip archive"
      case .png: return "a PNG image"
      case .jpeg: return "a JPEG image"
      case .gif: return "a GIF image"
      case .pdf: return "a PDF document"
      case .elf: return "an executable (ELF)"
      case .machO: return "an executable (Mach-O)"
      }
    }

    /// What to do with `file`, if anything helps.
    func advice(file: String) -> String? {
      switch self {
      case .gzip: return "decompress it first (`gunzip -k \(file)`)"
      case .bzip2: return "decompress it first (`bunzip2 -k \(file)`)"
      case .xz: return "decompress it first (`unxz -k \(file)`)"
      case .zstd: return "decompress it first (`zstd -d \(file)`)"
      case .zip: return "extract the trace first (`unzip \(file)`)"
      case .elf, .machO:
        return "an engine runs with `cmdtool record --script SCRIPT --out TRACE.jsonl -- \(file)` or `cmdtool replay --engine \(file) RECORDING`"
      case .png, .jpeg, .gif, .pdf: return nil
      }
    }
  }

  /// What `bytes`, a whole input (or its first bytes), holds; nil when it is none of the above.
  public static func identify(_ bytes: some Collection<UInt8>) -> ForeignContent? {
    let prefix = Array(bytes.prefix(probeLimit))
    guard TraceFormat.detect(prefix) != nil else {
      if case .found(let content) = probe(prefix, atEnd: true) { return content }
      return nil
    }
    if let content = instead(ofTrace: Array(prefix.prefix(4))) { return content }
    // A script without comments starts like a trace: its first step tells.
    let first = prefix.split(separator: 0x0A).first { $0.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } }
    return first.map(isScriptStep) == true ? .script : nil
  }

  /// The message for an input that is this, from its start (`atStart`) or from a line after
  /// records; `file` (quoted for a shell; nil: `FILE`) goes into the commands it suggests.
  public func message(file: String? = nil, atStart: Bool = true) -> String {
    let file = file ?? "FILE"
    switch self {
    case .utf16(let bigEndian, let mark):
      // iconv's plain "UTF-16" reads the byte order mark; without one, the order must be named.
      let encoding = mark ? "UTF-16" : bigEndian ? "UTF-16BE" : "UTF-16LE"
      return "the input is UTF-16 text (\(bigEndian ? "big" : "little")-endian, \(mark ? "with" : "without") a byte order mark), not UTF-8: convert it to UTF-8, e.g. `iconv -f \(encoding) -t UTF-8 \(file) > NEW.jsonl` (PowerShell writes UTF-8 with `Out-File -Encoding utf8`)"
    case .utf32(let bigEndian):
      return "the input is UTF-32 text (\(bigEndian ? "big" : "little")-endian), not UTF-8: convert it to UTF-8, e.g. `iconv -f UTF-32 -t UTF-8 \(file) > NEW.jsonl`"
    case .jsonArray where atStart:
      return "the input is a JSON array (it starts with \"[\"), not a trace: a trace is JSON Lines, one record per line, with no array around them (docs/TRACE_FORMAT.md); `jq -c '.[]' \(file) > NEW.jsonl` writes the elements one per line"
    case .jsonArray:
      return "a JSON array, not a record: a trace is JSON Lines, one record per line, with no array around them"
    case .script where atStart:
      return "the input is an event script (docs/SCRIPT_FORMAT.md), not a trace: `cmdtool record --script \(file) --out TRACE.jsonl -- ENGINE` plays it against an engine and records the trace"
    case .script:
      return "a script's step, not a trace record: the input looks like an event script (docs/SCRIPT_FORMAT.md), which `cmdtool record --script \(file) --out TRACE.jsonl -- ENGINE` plays"
    case .text(let line) where atStart:
      return "the input is text, not a trace: its first line is \(Self.excerpt(line)); a trace is JSON Lines (one record per line, each a JSON object starting with \"{\") or binary (docs/TRACE_FORMAT.md)"
    case .text(let line):
      return "a line of text, not a trace record: \(Self.excerpt(line))"
    case .file(let format):
      return "the input is \(format.name), not a trace" + (format.advice(file: file).map { ": " + $0 } ?? "")
    }
  }

  // MARK: - Telling

  /// The most bytes looked at: enough for a script's comments and its first step.
  static let probeLimit = 4096

  /// What a probe of the first bytes found.
  enum Probe: Equatable {
    /// More bytes could change the answer.
    case needMore
    case found(ForeignContent)
    /// None of the known kinds.
    case unknown
  }

  /// What `prefix` (at most ``probeLimit`` bytes of an input that is not a trace by its first
  /// byte) holds. The answer depends only on the bytes given, never on how they arrived: it is
  /// `needMore` until the bytes seen decide it, and never `needMore` at the end of the input or
  /// at the limit.
  static func probe(_ prefix: [UInt8], atEnd: Bool) -> Probe {
    let atEnd = atEnd || prefix.count >= probeLimit
    // Four bytes tell the file formats and the wide encodings apart.
    if !atEnd && prefix.count < 4 { return .needMore }
    if let format = FileFormat.allCases.first(where: { prefix.starts(with: $0.magic) }) { return .found(.file(format)) }
    // A file format whose magic number this prefix could still become.
    if !atEnd && FileFormat.allCases.contains(where: { $0.magic.starts(with: prefix) }) { return .needMore }
    if let encoding = wideEncoding(prefix) { return encoding }
    guard let first = prefix.first else { return atEnd ? .unknown : .needMore }
    if first == UInt8(ascii: "[") { return .found(.jsonArray) }
    return textProbe(prefix, atEnd: atEnd)
  }

  /// What the first four bytes (or all of a shorter input) of an input that starts like a trace
  /// (0x89, "{" or white space) show it is instead: a PNG image, UTF-16 or UTF-32 text; nil for
  /// a trace, whose second byte is never zero.
  static func instead(ofTrace prefix: [UInt8]) -> ForeignContent? {
    if let format = FileFormat.allCases.first(where: { prefix.starts(with: $0.magic) }) { return .file(format) }
    if case .found(let content)? = wideEncoding(prefix) { return content }
    return nil
  }

  /// UTF-16 or UTF-32, by a byte order mark or by zero bytes among ASCII ones, from the first
  /// four bytes (FF FE 00 00 is UTF-32's mark, FF FE alone UTF-16's).
  private static func wideEncoding(_ p: [UInt8]) -> Probe? {
    func at(_ i: Int) -> UInt8? { i < p.count ? p[i] : nil }
    switch (at(0), at(1), at(2), at(3)) {
    case (0xFF, 0xFE, 0x00, 0x00): return .found(.utf32(bigEndian: false))
    case (0x00, 0x00, 0xFE, 0xFF): return .found(.utf32(bigEndian: true))
    case (0xFF, 0xFE, _, _): return .found(.utf16(bigEndian: false, byteOrderMark: true))
    case (0xFE, 0xFF, _, _): return .found(.utf16(bigEndian: true, byteOrderMark: true))
    case (let a?, 0x00, 0x00, 0x00) where a != 0: return .found(.utf32(bigEndian: false))
    case (0x00, 0x00, 0x00, let d?) where d != 0: return .found(.utf32(bigEndian: true))
    case (let a?, 0x00, _, _) where a != 0 && a < 0x80: return .found(.utf16(bigEndian: false, byteOrderMark: false))
    case (0x00, let b?, _, _) where b != 0 && b < 0x80: return .found(.utf16(bigEndian: true, byteOrderMark: false))
    default: return nil
    }
  }

  /// A script (comments, then a step) or other text, once its first content line is whole.
  private static func textProbe(_ prefix: [UInt8], atEnd: Bool) -> Probe {
    var lines = prefix.split(separator: 0x0A, omittingEmptySubsequences: false)[...]
    // The last piece is a whole line only at the end of the input (or the probe).
    if !atEnd { lines = lines.dropLast() }
    var firstLine: ArraySlice<UInt8>? = nil
    for line in lines {
      let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
      if firstLine == nil && !trimmed.isEmpty { firstLine = line }
      if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") || trimmed.starts(with: "//".utf8) { continue }
      if isScriptStep(line) { return .found(.script) }
      return text(firstLine!)
    }
    guard atEnd else { return .needMore }
    return firstLine.map(text) ?? .unknown
  }

  /// `.text` for a line of printable UTF-8, `.unknown` for anything else.
  private static func text(_ line: ArraySlice<UInt8>) -> Probe {
    guard let line = printableLine(line) else { return .unknown }
    return .found(.text(line: line))
  }

  /// The line as text when it is valid UTF-8 without control characters (tabs and the escapes of
  /// terminal colours aside, which logs have); nil otherwise.
  static func printableLine(_ bytes: ArraySlice<UInt8>) -> String? {
    var bytes = bytes
    if bytes.last == 0x0D { bytes = bytes.dropLast() }
    let valid = Array(bytes).withUnsafeBytes { UTF8Validation.firstInvalidOffset($0) == nil }
    guard valid else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F || $0 == "\t" || $0.value == 0x1B }) else { return nil }
    return text
  }

  /// Whether `line` is a script step: a JSON object with an action only scripts have (`tap`,
  /// `select`, `choose`, `back`, `send`, or `type` with `text` or `secret`).
  static func isScriptStep(_ line: some Collection<UInt8>) -> Bool {
    guard let value = try? JSONValue.parse(Array(line)), case .object(let object) = value else { return false }
    if ["tap", "select", "choose", "back", "send"].contains(where: { object[$0] != nil }) { return true }
    if case .string? = object["type"], object["text"] != nil || object["secret"] != nil { return true }
    return false
  }

  /// The line quoted for a message, cut when long; terminal escapes shown as JSON escapes
  /// (`\u001b`), as everything cmdtool prints from its input (``TerminalText``).
  package static func excerpt(_ line: String) -> String {
    Excerpt.quoted(line.trimmingTrailingSpaces)
  }
}

extension String {
  /// Without trailing spaces and tabs.
  fileprivate var trimmingTrailingSpaces: String {
    var scalars = Substring(self).unicodeScalars
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
