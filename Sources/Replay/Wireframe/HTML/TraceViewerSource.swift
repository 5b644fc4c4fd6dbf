import CommandCodec
import ReplayCore

/// What the served trace viewer page (`cmdtool view --serve`, ``TraceViewerPage/servedHTML(title:header:count:duration:)``)
/// asks for, computed on demand from one replay's time-travel keyframes instead of embedded:
/// a window of records, the state at a record (wireframe, tree, diff against the state before),
/// the record at a time, and the next record whose text has a query. Every answer is a JSON
/// document; the server that carries them is elsewhere (the Studio target).
///
/// ```swift
/// let source = try TraceViewerSource(path: "long.cmdtrace", title: "long.cmdtrace")  // one replay
/// let frame = try source.frameJSON(at: 9_000_000)   // replayed from the nearest keyframe
/// ```
///
/// - Complexity: opening is one replay of the trace, O(n); every answer reads at most the records
///   between two keyframes before its own (O(n / k)). Memory is the k keyframes' states (bounded
///   by ``TimeTravel``'s thinning, `2 × keyframes`), never the records.
public final class TraceViewerSource {
  /// The trace's keyframes.
  public let travel: TimeTravel
  /// The page's title (the trace's file name).
  public let title: String
  /// The time of the last record, in milliseconds.
  public var duration: Double { travel.lastTime }
  private let showsHidden: Bool
  private let viewport: WireframeSize

  /// The most records a search reads per request: the page asks again from where it stopped, so
  /// one request never holds the server for long.
  public static let searchBudget = 5_000
  /// The most rows one request returns.
  public static let maxRows = 1_000

  /// Replays `path` once, keeping about `keyframes` keyframes.
  ///
  /// - Parameter recordLimit: read only this many records, of a file still being written (a live
  ///   session's recording, `cmdtool studio`'s time travel); ``extend(to:)`` reads on.
  /// - Throws: ``Replayer/Failure`` when the trace cannot be read to its end.
  public init(path: String, title: String, showsHidden: Bool = false, widgets: WidgetSchema? = nil, keyframes: Int = 32, recordLimit: Int? = nil) throws(Replayer.Failure) {
    travel = try TimeTravel(path: path, keyframeCount: keyframes, widgets: widgets, recordLimit: recordLimit)
    self.title = title
    self.showsHidden = showsHidden
    viewport = WireframeLayout.viewport(travel.header.viewport)
  }

  /// Reads on to `count` records as the file grew (``TimeTravel/extend(to:)``).
  public func extend(to count: Int) throws(Replayer.Failure) {
    try travel.extend(to: count)
  }

  /// The number of records.
  public var count: Int { travel.recordCount }

  /// The page.
  public func page() -> String {
    TraceViewerPage.servedHTML(title: title, header: travel.header, count: count, duration: duration)
  }

  /// `{"rows":[{"t":TIME,"d":"out|in|mark","x":TEXT,"o":[LINE…]}…]}` for records `from` to
  /// `from + count - 1` (fewer at the end; `o` only when the platform did something on its own).
  public func rowsJSON(from: Int, count wanted: Int) throws(Replayer.Failure) -> [UInt8] {
    var rows: [TimeTravel.Step] = []
    let start = max(0, from), end = min(count, start + min(max(0, wanted), Self.maxRows))
    if start < end {
      try travel.walk(from: start) { step, _ in
        rows.append(step)
        return step.index + 1 < end
      }
    }
    var json = JSONText()
    json.object { o in
      o.member("rows") { $0.array(rows) { item, step in
        item.object { r in
          r.member("t") { $0.number(step.record.time) }
          r.member("d") { $0.string(TraceViewerData.direction(of: step.record)) }
          r.member("x") { $0.string(TraceViewerData.text(of: step.record, index: step.index)) }
          if !step.emissions.isEmpty {
            r.member("o") { $0.array(step.emissions) { $0.string(PlatformEmissionFormatter.line(for: $1, excerpts: true)) } }
          }
        }
      } }
    }
    return json.bytes
  }

  /// `{"r":N,"svg":…,"tree":…,"diff":…}`: the state after record `index` (exactly, never a
  /// sampled one), what record `index` changed outlined, as `cmdtool view` draws it.
  ///
  /// - Throws: ``Replayer/Failure/pointBeyondEnd(_:recordCount:)`` for a record past the end.
  public func frameJSON(at index: Int) throws(Replayer.Failure) -> [UInt8] {
    guard index >= 0, index < count else { throw .pointBeyondEnd(.record(index), recordCount: count) }
    var before = UIState()
    var requestsBefore = 0
    var drawn: (svg: String, tree: String, diff: String, changed: [Int32])?
    try travel.walk(from: max(0, index - 1)) { step, model in
      if step.index < index {
        before = model.state
        requestsBefore = model.requestsLogged
        _ = model.takeTouched()
        return true
      }
      let touched = model.takeTouched()
      // The first record is diffed against an empty state, as the written page does.
      let diff = StateDiff(from: before, to: model.state, onlyElements: touched, newRequests: model.requestsLogged - requestsBefore)
      drawn = TraceViewerData.draw(model.state, diff: diff, record: index, viewport: viewport, showsHidden: showsHidden)
      return false
    }
    var json = JSONText()
    json.object { o in
      o.member("r") { $0.int(index) }
      o.member("svg") { $0.string(drawn?.svg ?? "") }
      o.member("tree") { $0.string(drawn?.tree ?? "") }
      o.member("diff") { $0.string(drawn?.diff ?? "") }
    }
    return json.bytes
  }

  /// `{"record":N}`: the last record at or before `time` (the first record when none is).
  public func locateJSON(time: Double) throws(Replayer.Failure) -> [UInt8] {
    let keyframe = travel.keyframes.last { $0.recordsApplied == 0 || $0.time <= time } ?? travel.keyframes[0]
    var found = max(0, keyframe.recordsApplied - 1)
    try travel.walk(from: keyframe.recordsApplied, applying: false) { step, _ in
      guard step.record.time <= time else { return false }
      found = step.index
      return true
    }
    var json = JSONText()
    json.object { $0.member("record") { $0.int(min(found, max(0, count - 1))) } }
    return json.bytes
  }

  /// `{"match":M,"next":K}`: the first record from `from` on (`direction` 1) or the last from
  /// `from` back (-1) whose text (as the list shows it, ignoring case) has `query`; -1 when none
  /// in the ``searchBudget`` records read, and then `next` is where to go on from (-1 at the end).
  /// What "ignoring case" means is ``TraceTextSearch``'s.
  public func searchJSON(_ query: String, from: Int, direction: Int) throws(Replayer.Failure) -> [UInt8] {
    let search = TraceTextSearch(query)
    var match = -1
    var next = -1
    let forward = direction >= 0
    let low = forward ? max(0, from) : max(0, from - Self.searchBudget + 1)
    let high = forward ? min(count, low + Self.searchBudget) : min(count, from + 1)
    if !search.needle.isEmpty, low < high {
      try travel.walk(from: low, applying: false) { step, _ in
        guard step.index < high else { return false }
        if search.matches(TraceViewerData.text(of: step.record, index: step.index)) {
          match = step.index
          if forward { return false }
        }
        return true
      }
      if match < 0 { next = forward ? (high < count ? high : -1) : low - 1 }
    }
    var json = JSONText()
    json.object { o in
      o.member("match") { $0.int(match) }
      o.member("next") { $0.int(next) }
    }
    return json.bytes
  }
}
