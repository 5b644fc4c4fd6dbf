import CommandCodec
import ReplayCore
@testable import ReplayLive
import Testing

/// ``PeerProcess/write(_:timeout:maxWait:)`` against small hostile peers, plain processes: `cat`
/// writes back everything it reads (and blocks when nobody reads it: the deadlock of two sides
/// that both write), `sleep` never reads, `yes` writes without reading, `true` is gone at once.
@Suite("Writing to a peer")
struct PeerWriteTests {
  /// `command` run by a shell that kills it after a minute: should a write block (the bug), the
  /// peer's end closes then and the write fails, instead of the test hanging the whole suite.
  static func bounded(_ command: String) -> [String] {
    ["sh", "-c", "(exec </dev/null >/dev/null 2>&1; sleep 60; kill -9 $$) & exec \(command)"]
  }

  /// A JSON Lines trace of `count` records of text `size` bytes long: a header and markers.
  static func trace(records count: Int, size: Int) -> (bytes: [UInt8], records: [TraceRecord]) {
    var encoder = TraceEncoder(format: .jsonLines)
    var bytes: [UInt8] = []
    try! encoder.encodeHeader(TraceHeader(creator: "test"), into: &bytes)
    let records = (0..<count).map { TraceRecord(time: Double($0), .marker(label: "m\($0)", detail: String(repeating: "z", count: size))) }
    for record in records { try! encoder.encode(record, into: &bytes) }
    return (bytes, records)
  }

  /// Many sizes, from a few bytes to more than both pipes hold: `cat` gets it all, and what it
  /// wrote back meanwhile is held and decoded in order at the next reads.
  @Test func aPeerThatWritesBackEverythingGetsEveryByte() throws {
    var random = SplitMix64(seed: 3)
    for _ in 0..<12 {
      let (bytes, records) = Self.trace(records: 1 + random.below(40), size: random.below(60_000))
      let peer = try PeerProcess(command: Self.bounded("cat"))
      defer { peer.kill() }
      #expect(peer.write(bytes, timeout: 10_000, maxWait: 60_000) == .written)
      #expect(peer.heldOutputCount <= bytes.count)
      peer.closeInput()
      var decoder = TraceDecoder()
      var received: [TraceRecord] = []
      while true {
        let result = peer.read(timeout: 10_000, into: &decoder)
        if result == .endOfOutput { decoder.finish() }
        while let record = try decoder.next() { received.append(record) }
        if result != .data { break }
      }
      #expect(received == records, "\(bytes.count) bytes")
    }
  }

  @Test func aPeerThatNeverReadsStallsTheWriteAtTheTimeout() throws {
    let peer = try PeerProcess(command: Self.bounded("sleep 600"))
    defer { peer.kill() }
    let result = peer.write([UInt8](repeating: 65, count: 1 << 20), timeout: 300, maxWait: 60_000)
    guard case .stalled(let sent) = result else { Issue.record("\(result)"); return }
    #expect(sent > 0 && sent < 1 << 20)
  }

  @Test func aPeerThatWritesWithoutReadingIsHeldUpTo16MiB() throws {
    let peer = try PeerProcess(command: Self.bounded("yes"))
    defer { peer.kill() }
    // 2 s of silence: `yes` never pauses that long, so the silence is cmdtool's, at the limit.
    let result = peer.write([UInt8](repeating: 65, count: 1 << 20), timeout: 2000, maxWait: 60_000)
    guard case .stalled = result else { Issue.record("\(result)"); return }
    #expect(peer.heldOutputCount >= PeerProcess.heldOutputLimit)
    #expect(peer.heldOutputCount < PeerProcess.heldOutputLimit + (1 << 16))
  }

  @Test func aFloodLongerThanMaxWaitEndsTheWrite() throws {
    // 16 MiB of `yes` take a moment; a maxWait shorter than the silence it leads to decides.
    let peer = try PeerProcess(command: Self.bounded("yes"))
    defer { peer.kill() }
    let result = peer.write([UInt8](repeating: 65, count: 1 << 20), timeout: 60_000, maxWait: 300)
    guard case .flooded = result else { Issue.record("\(result)"); return }
  }

  @Test func aPeerThatIsGoneClosesTheWrite() throws {
    let peer = try PeerProcess(command: ["true"])
    defer { peer.kill() }
    _ = peer.waitForExit(timeout: 10, grace: 1)
    let result = peer.write([UInt8](repeating: 65, count: 1 << 20), timeout: 10_000, maxWait: 60_000)
    guard case .closed = result else { Issue.record("\(result)"); return }
  }
}
