import CommandCodec
import ReplayCore

/// The known failures of one platform (protobuf's `failure_list_*.txt`): one case name per line,
/// `#` comments, blank lines. A listed case that fails is expected; an unlisted failure fails the
/// run, and so does a listed case that now passes (the list went stale).
public struct FailureList: Sendable {
  /// The listed names, in file order.
  public private(set) var names: [String]
  /// The file's lines as read: comments, blank lines and entries (with their own comments after
  /// the name), so a rewrite changes only the entries it adds or removes.
  private var lines: [Line] = []

  private enum Line: Sendable {
    case other(String)
    case entry(name: String, line: String)
  }

  public init(names: [String] = []) {
    self.names = names
    lines = names.map { .entry(name: $0, line: $0) }
  }

  /// Why a list cannot be read.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// Reads a list's bytes: UTF-8 text, else an error naming the line and the byte offset of the
  /// first byte that is not.
  public init(parsing bytes: [UInt8], file: String) throws(Failure) {
    if let bad = bytes.withUnsafeBytes({ UTF8Validation.firstInvalidOffset($0) }) {
      let line = bytes[..<bad].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
      let hex = String(bytes[bad], radix: 16, uppercase: true)
      throw Failure(description: "\(file):\(line): not UTF-8 text (byte 0x\(hex.count == 1 ? "0" + hex : hex) at byte offset \(bad)): a failure list is UTF-8 text, one case name a line")
    }
    try self.init(parsing: String(decoding: bytes, as: UTF8.self), file: file)
  }

  /// Reads a list's text. A name listed twice is an error naming both lines.
  public init(parsing text: String, file: String) throws(Failure) {
    names = []
    var lineOf: [String: Int] = [:]
    var raw = text.split(separator: "\n", omittingEmptySubsequences: false)
    // The newline that ends the last line starts no line of its own.
    if raw.last?.isEmpty == true { raw.removeLast() }
    for (offset, piece) in raw.enumerated() {
      let line = piece.hasSuffix("\r") ? String(piece.dropLast()) : String(piece)
      let name = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map { $0.trimmingWhitespace } ?? ""
      if name.isEmpty {
        lines.append(.other(line))
        continue
      }
      if let first = lineOf[name] { throw Failure(description: "\(file):\(offset + 1): \(TerminalText.escaped(name)) is already listed on line \(first)") }
      lineOf[name] = offset + 1
      names.append(name)
      lines.append(.entry(name: name, line: line))
    }
  }

  /// How results compare with the list.
  public struct Comparison: Sendable {
    /// Failures (or errors) the list does not name: they fail the run.
    public var unexpected: [CaseResult] = []
    /// Listed cases that failed, as expected.
    public var expected: [CaseResult] = []
    /// Listed cases that passed: the list is stale, which fails the run.
    public var stale: [CaseResult] = []
    /// Listed names that are no case of the suite (a renamed case), reported.
    public var unknown: [String] = []

    public var isGreen: Bool { unexpected.isEmpty && stale.isEmpty }
  }

  /// Compares results with the list. Informational cases never count as unexpected; cases not run
  /// (another shard, other `--cases`) are not stale.
  public func compare(_ results: [CaseResult], suiteNames: Set<String>) -> Comparison {
    let listed = Set(names)
    var comparison = Comparison()
    for result in results {
      let isListed = listed.contains(result.name)
      switch (result.isFailure, isListed) {
      case (true, true): comparison.expected.append(result)
      case (true, false): if result.tier.fails { comparison.unexpected.append(result) }
      case (false, true): if result.verdict == .pass { comparison.stale.append(result) }
      case (false, false): break
      }
    }
    comparison.unknown = names.filter { !suiteNames.contains($0) }
    return comparison
  }

  /// The list rewritten for `results`: the lines of passing cases removed, failing cases added
  /// at the end of the file (in suite order), every other line where it was — comments above a
  /// removed entry, a heading at the top, comments at the end (docs/CONFORMANCE.md §3); cases
  /// not run keep their lines.
  public func updated(for results: [CaseResult]) -> FailureList {
    let verdicts = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    func kept(_ name: String) -> Bool { verdicts[name].map { $0.isFailure } ?? true }
    var list = self
    list.lines = lines.filter { line in
      if case .entry(let name, _) = line { return kept(name) }
      return true
    }
    list.names = names.filter(kept)
    let present = Set(list.names)
    let added = results.filter { $0.isFailure && $0.tier.fails && !present.contains($0.name) }.map(\.name)
    // New entries after everything, never between a comment and what it is about; blank lines
    // at the very end go, so the file does not grow a gap at each rewrite.
    if !added.isEmpty {
      while case .other(let text)? = list.lines.last, text.trimmingWhitespace.isEmpty { list.lines.removeLast() }
    }
    list.names += added
    list.lines += added.map { .entry(name: $0, line: $0) }
    return list
  }

  /// The file's text.
  public var text: String {
    guard !lines.isEmpty else { return "" }
    return lines.map { line in
      switch line {
      case .other(let text): return text
      case .entry(_, let text): return text
      }
    }.joined(separator: "\n") + "\n"
  }
}
