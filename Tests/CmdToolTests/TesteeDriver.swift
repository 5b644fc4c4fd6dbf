import CommandCodec
import Foundation
import ReplayCore
import ReplayLive

// Support for the tests of the reference testee: cmdtool's side of docs/CONFORMANCE.md §1 played
// by hand, record by record, over the testee's pipes or a socket (PeerProcess, as cmdtool does).

extension Built {
  /// The reference testee of the same build (Examples/ReferenceTestee).
  static var referenceTestee: URL { engine.deletingLastPathComponent().appendingPathComponent("reference-testee") }
}

/// A testee process and what it has written so far.
final class TesteeDriver {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let peer: PeerProcess
  private var decoder = TraceDecoder()
  private var encoder: TraceEncoder?
  /// Every record the testee wrote, in order (its header aside).
  private(set) var received: [TraceRecord] = []
  /// Whether the testee's output has ended.
  private(set) var ended = false

  /// Starts the reference testee with `arguments`; CMDTOOL_CASE names the case in its log.
  init(_ arguments: [String] = [], transport: WireTransport = .stdio, caseName: String = "driver") throws {
    peer = try PeerProcess(command: [Built.referenceTestee.path] + arguments, environment: ["CMDTOOL_CASE": caseName], transport: transport)
  }

  deinit { peer.kill() }

  /// The testee's trace header, once read.
  var header: TraceHeader? { decoder.header }

  /// Reads until `done` holds for the records received, the output ends, or `timeout` seconds pass.
  /// - Returns: whether `done` holds.
  @discardableResult
  func read(timeout: Double = patience, until done: ([TraceRecord]) -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !done(received) {
      if ended || Date() > deadline { return false }
      switch peer.read(timeout: 100, into: &decoder) {
      case .data: break
      case .timeout: continue
      case .endOfOutput:
        ended = true
        decoder.finish()
      case .interrupted(let signal): throw Failure(description: "interrupted by signal \(signal)")
      }
      do {
        while let record = try decoder.next() { received.append(record) }
      } catch {
        throw Failure(description: "the testee wrote what is not a trace: \(error)")
      }
    }
    return true
  }

  /// Waits for the hello marker and answers with cmdtool's header, in the testee's encoding.
  /// - Returns: the hello marker's detail.
  func handshake(_ header: TraceHeader = TesteeSample.header) throws -> String {
    guard try read(until: { !$0.isEmpty }), case .marker("testee", let detail) = received[0].body else {
      throw Failure(description: "no hello marker; received \(received), stderr \(peer.stderrTail)")
    }
    var encoder = TraceEncoder(format: decoder.format ?? .jsonLines)
    var bytes: [UInt8] = []
    try encoder.encodeHeader(header, into: &bytes)
    try write(bytes)
    self.encoder = encoder
    return detail
  }

  /// Sends `records`.
  func send(_ records: [TraceRecord]) throws {
    guard var encoder else { throw Failure(description: "send before the handshake") }
    var bytes: [UInt8] = []
    for record in records { try encoder.encode(record, into: &bytes) }
    self.encoder = encoder
    try write(bytes)
  }

  /// Writes to the testee as cmdtool does: a testee that takes nothing for 10 s fails the test.
  func write(_ bytes: [UInt8]) throws {
    let result = peer.write(bytes, timeout: 10_000, maxWait: 60_000)
    guard result == .written else { throw Failure(description: "cannot write to the testee: \(result); stderr \(peer.stderrTail)") }
  }

  /// One step (§1.3): `records`, then the sync marker `number` at the time of the last record.
  /// - Returns: what the testee wrote for the step, up to and including the echo (or up to the
  ///   end of its output, when it never echoes).
  func step(_ records: [TraceRecord], sync number: Int, timeout: Double = patience) throws -> [TraceRecord] {
    let start = received.count
    let sync = TraceRecord(time: records.last?.time ?? 0, .marker(label: "sync", detail: String(number)))
    try send(records + [sync])
    try read(timeout: timeout) { $0.count > start && $0.last == sync }
    return Array(received[start...])
  }

  /// Closes the testee's input and waits for it to exit (§1.6); what it writes meanwhile is read.
  func finish(timeout: Double = patience) throws -> PeerExit {
    peer.closeInput()
    try read(timeout: timeout) { _ in false }
    return peer.waitForExit(timeout: timeout, grace: 1)
  }
}
