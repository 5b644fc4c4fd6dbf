import CommandCodec
import Foundation
import ReplayCore
import ReplayLive

/// The small case the reference testee's tests play: an application with a view and a vertical
/// layout holding a switch (4), a button (5, with a NORMAL and an ACTIVE style, reordered to the
/// front) and a checkbox (6); a toast (2 s) and a timer (7, every second, owned by the view).
enum TesteeSample {
  static let header = TraceHeader(creator: "cmdtool conformance", viewport: Viewport(width: 360, height: 640), preferences: ["theme": "dark"])

  static let build: [Command] = [
    Command(.createApplication, childInternalId: 1, textValue: "App"),
    Command(.createFrameView, internalId: 1, childInternalId: 2),
    Command(.createLinearLayout, internalId: 2, childInternalId: 3, value: 1),
    Command(.createSwitch, internalId: 3, childInternalId: 4, textValue: "Wi-Fi"),
    Command(.createButton, internalId: 3, childInternalId: 5, textValue: "OK"),
    Command(.createCheckbox, internalId: 3, childInternalId: 6, textValue: "Remember"),
    Command(.setStyle, internalId: 5, value: 0, textValue: "color", textValue2: "#ffffff"),
    Command(.setStyle, internalId: 5, value: 1, textValue: "color", textValue2: "#000000"),
    Command(.reorderChild, internalId: 3, childInternalId: 5, value: 0),
    Command(.createToast, internalId: 5, textValue: "Hello"),
    Command(.createTimer, internalId: 2, childInternalId: 7, value: 1000),
  ]

  /// The steps (§1.3), each followed by a sync marker: the batch at 0; taps on the switch and the
  /// checkbox at 100 ms; the state at 2.5 s, when the toast has expired and the timer ticked twice.
  /// Counting the sync markers, the testee numbers the records 0 (batch), 2 and 3 (taps), 5 (state).
  static let steps: [[TraceRecord]] = [
    [.batch(build, at: 0)],
    [marker("tap", "4", at: 100), marker("tap", "6", at: 100)],
    [marker("state", at: 2500)],
  ]

  static func marker(_ label: String, _ detail: String = "", at time: Double) -> TraceRecord {
    TraceRecord(time: time, .marker(label: label, detail: detail))
  }

  /// The model after `steps`, computed as the protocol says a testee must (§1.3, §1.4), with the
  /// record numbers the testee gives.
  static func expectedModel() throws -> ReferenceModel {
    var model = ReferenceModel(header: header)
    model.applyBatch(build, at: 0, index: 0)
    for (index, id) in [(2, Int32(4)), (3, Int32(6))] {
      model.apply(try UserAction.tap(id).record(at: 100, in: model.state), index: index)
    }
    model.advance(to: 2500)
    return model
  }

  /// The snapshot of ``expectedModel()``.
  static func expectedSnapshot() throws -> String {
    String(decoding: StateSnapshotWriter.snapshot(of: try expectedModel().state), as: UTF8.self)
  }

  /// What one run of the testee with `arguments` gave: the records after its hello marker, how it
  /// ended, and its log.
  struct Run {
    var records: [TraceRecord]
    var exit: PeerExit
    var stderr: String

    /// The snapshots of its `state` answers.
    var snapshots: [String] {
      records.compactMap { if case .marker("state", let detail) = $0.body { return detail } else { return nil } }
    }

    /// The events and modal results it sent.
    var events: [TraceRecord] { records.filter { $0.direction == .platformToEngine } }

    /// The markers it answered with, as (label, detail).
    var markers: [(label: String, detail: String)] {
      records.compactMap { if case .marker(let label, let detail) = $0.body { return (label, detail) } else { return nil } }
    }
  }

  /// Plays `steps` against the testee started with `arguments`, then closes its input.
  static func play(_ arguments: [String] = [], steps: [[TraceRecord]] = steps, transport: WireTransport = .stdio) throws -> Run {
    let driver = try TesteeDriver(arguments, transport: transport)
    _ = try driver.handshake()
    for (number, step) in steps.enumerated() { _ = try driver.step(step, sync: number + 1) }
    let exit = try driver.finish()
    return Run(records: Array(driver.received.dropFirst()), exit: exit, stderr: driver.peer.stderrTail)
  }
}
