import CommandCodec
import ReplayCore

/// What the trace viewer page shows, computed in one forward pass over a trace: every record as
/// a line, what the platform did on its own, and states (wireframe, element tree, diff against
/// the state before) at every record, or, past `maxFrames` records, at evenly sampled ones, so
/// that a 100,000-record trace still makes a page a browser opens and scrubs at once.
struct TraceViewerData {
  /// One record: its time, its direction (`out` engine → platform, `in` platform → engine,
  /// `mark` a marker) and its text.
  struct Record {
    var time: Double
    var direction: String
    var text: String
  }

  /// A state shown at a record.
  struct Frame {
    var record: Int
    /// Indexes into ``svgs`` and ``trees`` (equal states share one).
    var svg: Int
    var tree: Int
    /// The state diff against the frame before, as text, and the elements it names.
    var diff: String
    var changed: [Int32]
  }

  var header: TraceHeader
  var records: [Record] = []
  /// The platform's own events and toast expiries, by the record they followed.
  var emissions: [Int: [String]] = [:]
  var frames: [Frame] = []
  var svgs: [String] = []
  var trees: [String] = []
  /// The records between two frames when sampled (1: every record).
  var spacing = 1

  /// Replays `records` and draws the frames' wireframes.
  ///
  /// - Complexity: O(n) records applied, plus for each of f frames the elements touched since
  ///   the frame before (copied into the kept state and diffed), and a bounded tree, diff text and
  ///   wireframe: the page is O(n + f) bytes whatever the states hold.
  /// - Throws: the model's ``ClockOverrun``, if its clock stops.
  init(header: TraceHeader, widgets: WidgetSchema?, count: Int, records: some Sequence<TraceRecord>, maxFrames: Int, showsHidden: Bool) throws(ClockOverrun) {
    self.header = header
    let viewport = WireframeLayout.viewport(header.viewport)
    spacing = max(1, (count + maxFrames - 1) / max(1, maxFrames))
    // The state before is kept element by element (FrameSampler): a frame costs what changed
    // since the frame before, not a copy of the whole state.
    var sampler = FrameSampler(header: header, widgets: widgets)
    var emitted = 0
    var svgIndex: [String: Int] = [:]
    var treeIndex: [String: Int] = [:]
    for (index, record) in records.enumerated() {
      sampler.apply(record, index: index)
      if let overrun = sampler.model.clockOverrun { throw overrun }
      self.records.append(Record(time: record.time, direction: Self.direction(of: record), text: Self.text(of: record, index: index)))
      let emissions = sampler.model.emissions
      if emissions.count > emitted {
        self.emissions[index] = emissions[emitted...].map { PlatformEmissionFormatter.line(for: $0, excerpts: true) }
        emitted = emissions.count
      }
      guard index % spacing == 0 || index == count - 1 else { continue }
      let diff = sampler.keep()
      let drawn = Self.draw(sampler.kept, diff: diff, record: index, viewport: viewport, showsHidden: showsHidden)
      frames.append(Frame(
        record: index, svg: Self.intern(drawn.svg, in: &svgs, index: &svgIndex), tree: Self.intern(drawn.tree, in: &trees, index: &treeIndex),
        diff: drawn.diff, changed: drawn.changed))
    }
  }

  /// `out` for engine → platform, `in` for platform → engine, `mark` for a marker.
  static func direction(of record: TraceRecord) -> String {
    switch record.body {
    case .batch: return "out"
    case .event, .modalResult: return "in"
    case .marker: return "mark"
    }
  }

  /// The record as `show` prints it, texts as excerpts: a megabyte label on every record must not
  /// make every line a megabyte.
  static func text(of record: TraceRecord, index: Int) -> String {
    TraceRecordFormatter.lines(for: record, index: index, excerpts: true).joined(separator: "\n")
  }

  /// A state as the page shows it: the wireframe with what `diff` changed outlined, the bounded
  /// element tree and diff text, and the changed elements.
  static func draw(_ state: UIState, diff: StateDiff, record: Int, viewport: WireframeSize, showsHidden: Bool) -> (svg: String, tree: String, diff: String, changed: [Int32]) {
    let changed = Set(diff.changes.compactMap(\.element))
    let svg = WireframeSVG.render(state, viewport: viewport, layout: WireframeOptions(showsHidden: showsHidden), options: SVGOptions(highlighted: changed, includesXMLDeclaration: false))
    return (svg, tree(of: state, record: record), diff.isEmpty ? "" : clipped(diff.renderText(maxLines: maxDiffLines)), changed.sorted())
  }

  /// The element tree's lines kept per state: a state of thousands of elements would otherwise
  /// make every kept state hundreds of kilobytes.
  static let maxTreeLines = 300
  /// The diff's lines kept per state, for the same reason.
  static let maxDiffLines = 300
  /// The longest line of a kept tree or diff, in bytes: longer ones are cut to an excerpt with
  /// their length (an element with thousands of options, a style key of a megabyte).
  static let maxLineBytes = 500

  /// `text` with every line longer than ``maxLineBytes`` cut to an excerpt.
  static func clipped(_ text: String) -> String {
    guard text.utf8.count > maxLineBytes else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { Excerpt.plain(String($0), maxLength: maxLineBytes) }.joined(separator: "\n")
  }

  /// The state's element tree, its first ``maxTreeLines`` lines with long texts as excerpts: a
  /// kept state's text is bounded whatever the trace holds.
  static func tree(of state: UIState, record: Int) -> String {
    let (lines, omitted) = StateTreeRenderer.renderLines(state, maxLines: maxTreeLines, excerpts: true)
    let text = clipped(lines.joined(separator: "\n")) + "\n"
    guard omitted > 0 else { return text }
    return text + "… \(omitted) more lines (cmdtool replay TRACE --at '#\(record)' prints them all)"
  }

  private static func intern(_ text: String, in list: inout [String], index: inout [String: Int]) -> Int {
    if let known = index[text] { return known }
    index[text] = list.count
    list.append(text)
    return list.count - 1
  }

  /// The data as JSON for the page's `<script type="application/json">`: every `<` written as
  /// `\u003c`, so that no text can close the element.
  func json() -> String {
    var json = JSONText()
    json.object { o in
      o.member("spacing") { $0.int(spacing) }
      o.member("times") { $0.array(records) { $0.number($1.time) } }
      o.member("directions") { $0.array(records) { $0.string($1.direction) } }
      o.member("texts") { $0.array(records) { $0.string($1.text) } }
      o.member("emissions") { value in
        value.object { e in
          for key in emissions.keys.sorted() { e.member(String(key)) { $0.array(emissions[key]!) { $0.string($1) } } }
        }
      }
      o.member("frames") { $0.array(frames) { item, frame in
        item.object { f in
          f.member("r") { $0.int(frame.record) }
          f.member("s") { $0.int(frame.svg) }
          f.member("t") { $0.int(frame.tree) }
          f.member("d") { $0.string(frame.diff) }
          f.member("c") { $0.array(frame.changed) { $0.int($1) } }
        }
      } }
      o.member("svgs") { $0.array(svgs) { $0.string($1) } }
      o.member("trees") { $0.array(trees) { $0.string($1) } }
    }
    return HTMLPage.embeddable(json: json.bytes)
  }
}
