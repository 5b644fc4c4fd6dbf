@testable import ReplayLive
import Testing

// PeerWords: the peer's own words from what it wrote on its standard error, as the crash reports
// and start-up failures of real runtimes look (the Swift samples are what Swift 6.3's backtracer
// printed here for a fatalError and an abort(), trimmed of most frames), fed in one piece and in
// every split a pipe could make, with logs long enough that the tail alone has lost the message.

@Suite struct PeerWordsTests {
  static let swiftFatalError = """
    Sources/Engine/List.swift:41: Fatal error: the list has no row 7 (3 rows)

    *** Signal 4: Backtracing from 0x7f6b43cf9361... done ***

    *** Program crashed: Illegal instruction at 0x00007f6b43cf9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "engine" crashed:

      0      0x00007f6b43cf9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra] 0x000055ffb7f022ef row(_:) + 318 in engine

    Registers:

    rax 0x0000000200000003  8589934595
    rdx 0x0000000000000002  2
    rip 0x00007f6b43cf9361  0f 0b 48 83 ec 08 48 8d 05 c2 a8 30 00 48 8d 3d  ··H·ì·H··Â¨0·H·=

    Images (13 omitted):

    0x000055ffb7f01000–0x000055ffb7f026a0 9396242b1eb63c4460c38de35d56fe1c1770fef5 engine /tmp/engine

    Backtrace took 0.01s

    """

  static let swiftAbort = """
    engine: loading the items
    engine: cancelled twice: aborting

    *** Signal 6: Backtracing from 0x7fb0300b2eec... done ***

    *** Program crashed: Aborted at 0x00000000000030b7 ***

    Thread 0 "engine" crashed:

      0  0x00007fb0300b2eec __pthread_kill_implementation + 268 in libc.so.6

    Registers:

    rax 0x0000000000000000  0

    """

  /// Crash reports and the message each must give.
  static let crashes: [(report: String, message: String)] = [
    (swiftFatalError, "Sources/Engine/List.swift:41: Fatal error: the list has no row 7 (3 rows)"),
    (swiftAbort, "engine: loading the items\nengine: cancelled twice: aborting\nProgram crashed: Aborted at 0x00000000000030b7"),
    ("engine 4.2 starting\nterminate called after throwing an instance of 'std::out_of_range'\n  what():  vector::_M_range_check: __n (which is 7) >= this->size() (which is 3)\n",
     "terminate called after throwing an instance of 'std::out_of_range'\nwhat():  vector::_M_range_check: __n (which is 7) >= this->size() (which is 3)"),
    ("libc++abi: terminating due to uncaught exception of type std::runtime_error: no such view\n", "libc++abi: terminating due to uncaught exception of type std::runtime_error: no such view"),
    ("log: ok\nengine: src/tree.cpp:88: void Tree::remove(int): Assertion `node != nullptr' failed.\n", "engine: src/tree.cpp:88: void Tree::remove(int): Assertion `node != nullptr' failed."),
    ("=================================================================\n==4711==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010\nREAD of size 4 at 0x602000000010 thread T0\n    #0 0x55d in main a.cpp:5\n",
     "==4711==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010\nREAD of size 4 at 0x602000000010 thread T0"),
    ("free(): double free detected in tcache 2\n", "free(): double free detected in tcache 2"),
    ("Exception in thread \"main\" java.lang.IllegalStateException: no view 3\n\tat Testee.main(Testee.java:9)\n", "Exception in thread \"main\" java.lang.IllegalStateException: no view 3\nat Testee.main(Testee.java:9)"),
  ]

  @Test(arguments: 0..<crashes.count)
  func theCrashMessageOfEachRuntime(_ index: Int) {
    let (report, message) = Self.crashes[index]
    let words = PeerWords(report)
    #expect(words.crashMessage == message)
    #expect(words.words(.failed) == message)
    #expect(words.words(.beforeFirstRecord) == message)
    // Never the register dump or the loaded images.
    #expect(!words.words(.failed).contains("Registers") && !words.words(.failed).contains("rax"))
  }

  /// A pipe hands the bytes over in any pieces: every split point of every report (and three
  /// pieces at random) gives the same message as the whole.
  @Test func everySplitGivesTheSameMessage() {
    var generator = SystemRandomNumberGenerator()
    for (report, message) in Self.crashes {
      let bytes = Array(report.utf8)
      for cut in 0...bytes.count {
        var words = PeerWords()
        words.append(bytes[..<cut])
        words.append(bytes[cut...])
        #expect(words.crashMessage == message, "cut at \(cut)")
      }
      for _ in 0..<50 {
        let cuts = [Int.random(in: 0...bytes.count, using: &generator), Int.random(in: 0...bytes.count, using: &generator)].sorted()
        var words = PeerWords()
        words.append(bytes[..<cuts[0]])
        words.append(bytes[cuts[0]..<cuts[1]])
        words.append(bytes[cuts[1]...])
        #expect(words.crashMessage == message, "cuts at \(cuts)")
      }
    }
  }

  /// An engine that logged a lot and then crashed with a long report: the tail (4 KiB) no longer
  /// holds the message, the words still do.
  @Test(arguments: [0, 1, 100, 5000])
  func theMessageSurvivesLongLogsAndLongReports(_ logLines: Int) {
    let log = (0..<logLines).map { "engine: frame \($0) drawn in 16 ms" }.joined(separator: "\n")
    let frames = (0..<300).map { "  \($0) [ra] 0x000055ffb7f022ef frame\($0)() + 318 in engine" }.joined(separator: "\n")
    let report = Self.swiftFatalError.replacingOccurrences(of: "Registers:", with: frames + "\n\nRegisters:")
    let words = PeerWords(log + (log.isEmpty ? "" : "\n") + report)
    #expect(!words.tailText.contains("Fatal error"))
    #expect(words.crashMessage == "Sources/Engine/List.swift:41: Fatal error: the list has no row 7 (3 rows)")
  }

  /// A peer that died writing its last line still has it read.
  @Test func aMessageWithoutItsNewline() {
    #expect(PeerWords("terminate called without an active exception").crashMessage == "terminate called without an active exception")
    #expect(PeerWords("engine: ok\nFatal error: out of memory").words(.failed) == "Fatal error: out of memory")
  }

  /// A usage error: the start is what says why; its end, a usage text's last options, does not.
  @Test func aFailedStartShowsTheStart() {
    let usage = ["example-engine: unknown option \"--bugg\"", "usage: example-engine [options]"] + (1...40).map { "  --option\($0)  what it does" }
    let words = PeerWords(usage.joined(separator: "\n") + "\n")
    #expect(words.crashMessage == nil)
    let start = words.words(.beforeFirstRecord)
    #expect(start.hasPrefix("example-engine: unknown option \"--bugg\"\nusage: example-engine [options]"))
    #expect(start.split(separator: "\n").count == PeerWords.shownLines + 1)
    #expect(start.hasSuffix("…"))
    #expect(words.words(.failed).hasSuffix("--option40  what it does"))
    #expect(PeerWords("sh: 1: .build/debug/example-engin: not found\n").words(.beforeFirstRecord) == "sh: 1: .build/debug/example-engin: not found")
  }

  /// A peer that ended well: its last lines, and a log line that merely mentions an error is no
  /// crash message then.
  @Test func anEngineThatEndedWell() {
    let words = PeerWords("engine 4.2 says hello\nengine: no Fatal error so far\nengine: bye\n")
    #expect(words.words(.succeeded) == "engine 4.2 says hello\nengine: no Fatal error so far\nengine: bye")
    #expect(PeerWords("").words(.failed).isEmpty)
    #expect(PeerWords("  \n\n").isEmpty)
  }

  /// Hostile output: binary bytes, invalid UTF-8, a line of a megabyte, NULs; the words stay
  /// bounded and the message is still found after them.
  @Test func hostileBytes() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      // Eight random bytes a draw: a draw each would be a system call each.
      var bytes = (0..<Int.random(in: 0...25_000, using: &generator)).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
      bytes += Array("\nengine.swift:3: Fatal error: boom\n".utf8)
      var words = PeerWords()
      var offset = 0
      while offset < bytes.count {
        let size = Int.random(in: 1...70_000, using: &generator)
        words.append(bytes[offset..<min(bytes.count, offset + size)])
        offset += size
      }
      #expect(words.tailText.utf8.count <= 4 * PeerWords.tailLimit)
      #expect(words.words(.beforeFirstRecord).count <= (PeerWords.shownLines + 2) * (PeerWords.lineLimit + 1))
      // Random bytes hold newlines, so the message line is a line of its own; unless the random
      // part itself happened to hold a crash line first (vanishingly rare), it is the message.
      let message = try #require(words.crashMessage)
      if !message.contains("Fatal error: boom") {
        #expect(PeerWords.startsACrashMessage(String(message.split(separator: "\n").first ?? "")))
      }
    }
  }

  @Test func quotedUnderAHeading() {
    #expect(PeerWords.quoted("a\nb", by: "the engine", indent: "  ") == "  the engine said: a\n    b")
    #expect(PeerWords.quoted("", by: "the engine").isEmpty)
  }
}
