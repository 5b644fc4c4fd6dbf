import CommandCodec

/// An engine's command enum read from its C or C++ source (`enum Type { CREATE_APPLICATION = 0,
/// CREATE_FRAMEVIEW, … }`), and which known ``CommandNumbering`` it is: the question an engine
/// author answers once, when choosing the `numbering` of the trace header (docs/WIRE.md §12).
///
/// ```swift
/// let found = try EnumNumbering(source: headerText)
/// found.match   // the numbering whose codes are the enum's, or nil for a new one
/// ```
public struct EnumNumbering: Sendable {
  /// One enumerator: its name and its value (explicit or counted on from the one before).
  public struct Entry: Hashable, Sendable {
    public var name: String
    public var code: Int
    /// The 1-based line in the source.
    public var line: Int
  }

  /// Why no command enum was found.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// How the enum compares with one known numbering.
  public struct Comparison: Sendable {
    public var numbering: CommandNumbering
    /// Enumerators whose name that numbering gives another code (or does not have).
    public var differences: [(entry: Entry, expected: Int?)]
    public var isMatch: Bool { differences.isEmpty }
  }

  /// The enumerators of the first enum that holds CREATE_APPLICATION, in source order.
  public let entries: [Entry]

  /// Reads `source`: comments are skipped, `NAME = VALUE` (decimal or hex) resets the count.
  ///
  /// - Throws: ``Failure`` when no enum holds CREATE_APPLICATION, or a value cannot be read.
  /// - Complexity: O(n) in the source's length.
  public init(source: String) throws(Failure) {
    let text = Self.withoutComments(source)
    guard let anchor = text.firstRange(of: "CREATE_APPLICATION"), let open = text[..<anchor.lowerBound].lastIndex(of: "{"),
      let close = text[anchor.lowerBound...].firstIndex(of: "}")
    else {
      throw Failure(description: "no enum holding CREATE_APPLICATION was found: give the header that declares the engine's command types")
    }
    let firstLine = 1 + text[..<open].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    var entries: [Entry] = []
    var next = 0
    var line = firstLine
    func newlines(_ text: Substring) -> Int { text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } }
    for item in text[text.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false) {
      let leading = item.prefix { $0.isWhitespace }
      let itemLine = line + newlines(leading)
      line += newlines(item)
      let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace }
      guard let name = parts.first, !name.isEmpty else { continue }
      if parts.count == 2 {
        guard let value = Self.integer(parts[1]) else {
          throw Failure(description: "line \(itemLine): the value of \(name) (\(parts[1])) is not a number")
        }
        next = value
      }
      entries.append(Entry(name: name, code: next, line: itemLine))
      next += 1
    }
    self.entries = entries
  }

  /// The comparison with every known engine numbering (and the toolkit's own), best first: the
  /// fewest differences, an engine numbering before `cmdtool-1`, the newest first.
  public var comparisons: [Comparison] {
    CommandNumbering.all.map { numbering in
      var differences: [(entry: Entry, expected: Int?)] = []
      for entry in entries {
        let expected = CommandType(name: entry.name).flatMap { numbering.code(for: $0) }.map(Int.init)
        if expected != entry.code { differences.append((entry, expected)) }
      }
      return Comparison(numbering: numbering, differences: differences)
    }.sorted { a, b in
      // On a tie an engine's numbering names an engine's enum better than the toolkit's own
      // table (whose first 73 codes are the current enum's), and the newest engine one wins.
      let rank = { (c: Comparison) in (c.differences.count, c.numbering == .cmdtool ? 1 : 0, -Int(c.numbering.id)) }
      return rank(a) < rank(b)
    }
  }

  /// The known numbering whose codes are exactly the enum's, if one is.
  public var match: CommandNumbering? { comparisons.first { $0.isMatch }?.numbering }

  /// Enumerators that name no command type cmdtool knows (a new command, or a typo).
  public var unknownNames: [Entry] { entries.filter { CommandType(name: $0.name) == nil } }

  static func integer(_ text: String) -> Int? {
    let trimmed = text.trimmingWhitespace
    if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") { return Int(trimmed.dropFirst(2), radix: 16) }
    return Int(trimmed)
  }

  /// The source with `//` and `/* */` comments replaced by spaces (newlines kept, so lines count).
  static func withoutComments(_ source: String) -> String {
    var out = ""
    var iterator = Array(source).makeIterator()
    var pending: Character? = nil
    var inLine = false
    var inBlock = false
    while let character = pending ?? iterator.next() {
      pending = nil
      if inLine {
        if character == "\n" { inLine = false; out.append("\n") }
        continue
      }
      if inBlock {
        if character == "*", let following = iterator.next() {
          if following == "/" { inBlock = false; out.append(" ") } else { pending = following }
        } else if character == "\n" {
          out.append("\n")
        }
        continue
      }
      if character == "/", let following = iterator.next() {
        if following == "/" { inLine = true; continue }
        if following == "*" { inBlock = true; continue }
        out.append(character)
        pending = following
        continue
      }
      out.append(character)
    }
    return out
  }
}
