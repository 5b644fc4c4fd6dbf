import CommandCodec
import ReplayCore

/// The known failures of one platform (protobuf's `failure_list_*.txt`): one case name per line,
/// `#` comments, blank lines. A listed case that fails is expected; an unlisted failure fails the
/// run, and so does a listed case that now passes (the list went stale).
public struct FailureList: Sendable {
  /// The listed names, in file order.
  public private(set) var names: [String]
  /// Comments and blank lines before each name, kept when the list is rewritten.
  private var leading: [String: [String]] = [:]
  private var trailing: [String] = []

  public init(names: [String] = []) {
    self.names = names
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
    var pending: [String] = []
    var lineOf: [String: Int] = [:]
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
      let name = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map { $0.trimmingWhitespace } ?? ""
      if name.isEmpty {
        pending.append(line)
        continue
      }
      if let first = lineOf[name] { throw Failure(description: "\(file):\(offset + 1): \(TerminalText.escaped(name)) is already listed on line \(first)") }
      lineOf[name] = offset + 1
      names.append(name)
      leading[name] = pending
      pending = []
    }
    while pending.last?.isEmpty == true { pending.removeLast() }
    trailing = pending
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

  /// The list rewritten for `results`: failing cases added (in suite order, at the end), passing
  /// ones removed, comments before kept names kept; cases not run keep their lines.
  public func updated(for results: [CaseResult]) -> FailureList {
    let verdicts = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var list = self
    list.names = names.filter { name in verdicts[name].map { $0.isFailure } ?? true }
    let kept = Set(list.names)
    list.names += results.filter { $0.isFailure && $0.tier.fails && !kept.contains($0.name) }.map(\.name)
    return list
  }

  /// The file's text.
  public var text: String {
    var lines: [String] = []
    for name in names {
      lines += leading[name] ?? []
      lines.append(name)
    }
    lines += trailing
    return lines.joined(separator: "\n") + "\n"
  }
}
