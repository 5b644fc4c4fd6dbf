import CommandCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a peer said on its standard error, kept as it arrives: the start, the end, and the first
/// crash message anywhere in between; and from them, the peer's own words about how it ended,
/// which every report shows before anything cmdtool concluded.
///
/// A peer that fails before its first record says why at the start (`sh: 1: ./engin: not
/// found`, a usage message); one that crashes says why in the first lines of its crash report
/// (`Fatal error: …`, `terminate called after throwing …` and its `what():`), which a Swift
/// backtrace then buries under frames, registers and images, often more than the tail keeps.
/// So the crash message is looked for line by line as the bytes arrive, never in the tail alone.
public struct PeerWords: Sendable {
  /// Bytes kept of the start and of the end.
  public static let headLimit = 4096
  public static let tailLimit = 4096
  /// Lines shown of the start or the end; the crash message's lines after its first.
  static let shownLines = 12
  static let continuationLines = 3
  /// Characters kept of one line for finding a crash message, and shown of it.
  static let lineLimit = 400

  /// How the peer ended, which decides which of its words say most.
  public enum Ending: Sendable {
    /// It failed before writing its first record: it could not start, printed its usage, or
    /// died at once. Its first lines (or a crash message) say why.
    case beforeFirstRecord
    /// It crashed, or ended otherwise than cmdtool expected: its crash message, else its last lines.
    case failed
    /// It ended well: its last lines.
    case succeeded
  }

  private var head: [UInt8] = []
  private var tail: [UInt8] = []
  /// Bytes received in all.
  public private(set) var byteCount = 0
  /// The line being received (its first ``lineLimit`` bytes).
  private var line: [UInt8] = []
  private var lineLength = 0
  /// The first crash message found (its first line and those that go with it), and whether more
  /// of its lines may follow.
  private var crash: [String] = []
  private var crashOpen = false
  /// The last lines before a crash report began (until it does: the last lines so far), and the
  /// report's own summary, a Swift backtracer's `*** Program crashed: Aborted at …` line: the
  /// crash message when no line says more (an `abort()` after a log line).
  private var recent: [ArraySlice<UInt8>] = []
  private var reportLines = 0
  private var programCrashed: String?

  public init() {}

  /// The words of a whole stderr text (a tail kept elsewhere, a test's sample).
  public init(_ text: String) {
    append(Array(text.utf8))
  }

  /// Takes bytes as the peer wrote them.
  public mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  public mutating func append(_ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBytes { append($0) }
  }

  /// Takes bytes as the peer wrote them.
  ///
  /// Lines are found and looked at with the C library's `memchr` and `strstr`: a chatty peer's
  /// every line passes here, and even a debug build must keep up with it.
  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    byteCount += bytes.count
    if head.count < Self.headLimit { head += bytes.prefix(Self.headLimit - head.count) }
    tail += bytes.suffix(Self.tailLimit)
    if tail.count > Self.tailLimit { tail.removeFirst(tail.count - Self.tailLimit) }
    guard isScanning, let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      guard let found = memchr(base + offset, 0x0A, bytes.count - offset) else {
        keep(UnsafeRawBufferPointer(start: base + offset, count: bytes.count - offset))
        return
      }
      let newline = UnsafeRawPointer(found) - base
      keep(UnsafeRawBufferPointer(start: base + offset, count: newline - offset))
      take(line: line)
      line.removeAll(keepingCapacity: true)
      lineLength = 0
      if !isScanning { return }
      offset = newline + 1
    }
  }

  /// Part of the line being received.
  private mutating func keep(_ part: UnsafeRawBufferPointer) {
    lineLength += part.count
    if line.count < Self.lineLimit { line += part.prefix(Self.lineLimit - line.count) }
  }

  /// The last bytes, as text: what `stderrTail` always was.
  public var tailText: String { String(decoding: tail, as: UTF8.self) }

  /// Whether the peer said anything at all (whitespace aside).
  public var isEmpty: Bool { tailText.trimmingWhitespace.isEmpty }

  /// The first lines of a crash report, when the peer wrote one: `Fatal error: …` (a Swift
  /// `fatalError`, `precondition`, a failed cast), `terminate called after throwing an instance
  /// of 'std::runtime_error'` with its `what():` line, a C `assert`, a sanitizer's `ERROR:`, a
  /// heap corruption glibc caught, an uncaught Java exception; else the Swift backtracer's
  /// `*** Program crashed: Bad pointer dereference …` line.
  /// When only a backtracer's summary says how it crashed, the lines the peer wrote just before
  /// come first (`example-engine: cancelled twice: aborting`).
  public var crashMessage: String? {
    var words = self
    if lineLength > 0 && isScanning {
      // The last line, not ended by a newline yet (the peer died writing it).
      words.take(line: line)
    }
    if !words.crash.isEmpty { return words.crash.joined(separator: "\n") }
    guard let programCrashed = words.programCrashed else { return nil }
    return (words.recent.suffix(Self.contextLines).map { String(decoding: $0, as: UTF8.self) } + [programCrashed]).joined(separator: "\n")
  }

  /// Lines shown before a backtracer's summary.
  static let contextLines = 3

  /// Whether lines are still read for a crash message: until one is whole, and until a crash
  /// report's summary line came (or did not, within its first lines).
  private var isScanning: Bool {
    if crashOpen { return true }
    return crash.isEmpty && programCrashed == nil && reportLines < 8
  }

  /// The start of what the peer wrote: its first lines.
  public var opening: String {
    var text = String(decoding: head, as: UTF8.self)
    if byteCount > head.count { text += "…" }
    return Self.lines(of: text, first: true)
  }

  /// The end of what the peer wrote: its last lines, without the frames, registers and images
  /// of a Swift crash report.
  public var ending: String {
    var text = tailText
    for cut in ["\n*** Signal ", "\n💣 ", "\nRegisters:", "\nImages ("] {
      if let range = text.firstRange(of: cut) { text = String(text[..<range.lowerBound]) }
    }
    return Self.lines(of: text, first: false)
  }

  /// The peer's own words about an `ending`: for a peer that failed before its first record, a
  /// crash message or else its first lines; for one that failed, its crash message or else its
  /// last lines; for one that ended well, its last lines. Empty when it said nothing.
  public func words(_ ending: Ending) -> String {
    switch ending {
    case .beforeFirstRecord: return crashMessage ?? opening
    case .failed: return crashMessage ?? self.ending
    case .succeeded: return self.ending
    }
  }

  /// `words` for a report, each line indented under a heading: `the engine said: …`.
  public static func quoted(_ words: String, by peer: String, indent: String = "") -> String {
    // The peer's own bytes: every control character escaped, so that none reaches a terminal.
    let lines = words.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }
    guard let first = lines.first, !words.isEmpty else { return "" }
    return ([indent + peer + " said: " + first] + lines.dropFirst().map { indent + "  " + $0 }).joined(separator: "\n")
  }

  // MARK: - Finding the crash message

  private mutating func take(line raw: [UInt8]) {
    var text = raw[...]
    while let first = text.first, Self.isSpace(first) { text.removeFirst() }
    while let last = text.last, Self.isSpace(last) { text.removeLast() }
    if crashOpen {
      // What goes with the first line: `what():`, a sanitizer's next line, a multi-line message;
      // a blank line or the start of a backtrace ends it.
      if text.isEmpty || Self.endsACrashMessage.contains(where: text.starts(with:)) || crash.count > Self.continuationLines {
        crashOpen = false
      } else {
        crash.append(String(decoding: text, as: UTF8.self))
      }
      return
    }
    guard crash.isEmpty, !text.isEmpty else { return }
    if Self.startsACrashMessage(text) {
      crash = [String(decoding: text, as: UTF8.self)]
      crashOpen = true
    } else if Self.programCrashed.contains(where: text.starts(with:)) {
      programCrashed = String(decoding: text, as: UTF8.self).trimmingCharacters(in: "*💣 ")
    } else if reportLines > 0 || text.starts(with: Self.signalReport) {
      reportLines += 1
    } else {
      // Decoded only if shown: repairing a binary log's invalid UTF-8 on every line costs.
      recent.append(text)
      if recent.count > Self.contextLines { recent.removeFirst() }
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

  /// How a crash message starts, at the start of its line.
  private static let crashPrefixes: [[UInt8]] = [
    "terminate called", "libc++abi: ", "Exception in thread ",
    // glibc's heap checks
    "free(): ", "malloc(): ", "realloc(): ", "double free or corruption", "*** stack smashing detected", "corrupted size vs. prev_size",
  ].map { Array($0.utf8) }
  /// What a crash message holds anywhere in its line (C strings, for `strstr`).
  private static let crashWords: [[CChar]] = [
    // Swift's fatalError, precondition, assert; a C assert on Darwin
    "Fatal error", "Precondition failed", "Assertion failed",
    // sanitizers, Rust
    "ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "WARNING: ThreadSanitizer", ": runtime error: ", "' panicked at ",
  ].map { Array($0.utf8CString) }
  private static let glibcAssert = (Array("Assertion `".utf8CString), Array("failed.".utf8))
  private static let endsACrashMessage: [[UInt8]] = ["***", "💣", "#0 ", "Thread "].map { Array($0.utf8) }
  private static let programCrashed: [[UInt8]] = ["*** Program crashed:", "💣 Program crashed:"].map { Array($0.utf8) }
  private static let signalReport = Array("*** Signal ".utf8)

  /// Whether `line` is the first line of a crash message, in the runtimes engines and testees are
  /// written in (Swift, C++, C, sanitizers, the JVM, Rust).
  static func startsACrashMessage(_ line: String) -> Bool {
    startsACrashMessage(Array(line.utf8)[...])
  }

  private static func startsACrashMessage(_ line: ArraySlice<UInt8>) -> Bool {
    if crashPrefixes.contains(where: line.starts(with:)) { return true }
    // A C string of the line for strstr (a NUL inside ends it early: no crash message has one).
    var text = Array(line)
    text.append(0)
    func holds(_ word: [CChar]) -> Bool {
      text.withUnsafeBufferPointer { bytes in bytes.withMemoryRebound(to: CChar.self) { strstr($0.baseAddress!, word) != nil } }
    }
    if crashWords.contains(where: holds) { return true }
    // glibc's assert: `prog: file.c:3: main: Assertion `x' failed.`
    return line.reversed().starts(with: glibcAssert.1.reversed()) && holds(glibcAssert.0)
  }

  /// The first (or last) ``shownLines`` lines of `text`, blank lines at its ends dropped.
  private static func lines(of text: String, first: Bool) -> String {
    let all = text.trimmingWhitespace.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.prefix(lineLimit)) }
    guard all.count > shownLines else { return all.joined(separator: "\n") }
    return first ? (all.prefix(shownLines) + ["…"]).joined(separator: "\n") : (["…"] + all.suffix(shownLines)).joined(separator: "\n")
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var text = Substring(self)
    while let first = text.first, set.contains(first) { text.removeFirst() }
    while let last = text.last, set.contains(last) { text.removeLast() }
    return String(text)
  }
}
