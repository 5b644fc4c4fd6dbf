import CommandCodec
import ReplayCore

/// One moment a visual diff draws: the two runs' states at that point, the difference between
/// them, and the screens they are drawn on.
///
/// ```swift
/// let moment = VisualDiffMoment(label: "end", a: before, b: after, diff: StateDiff(from: before, to: after), viewport: WireframeLayout.defaultViewport)
/// moment.highlighted   // the elements the diff's changes name: outlined on both sides
/// ```
public struct VisualDiffMoment: Sendable {
  /// What the moment is, for people: `first divergence (after record #2)`, `end`, `step 3 of 5 (…)`.
  public var label: String
  /// The state of run A (the recording, the expected state) and of run B (the new run, the actual).
  public var stateA: UIState
  public var stateB: UIState
  /// The difference from A to B (after whatever ignore rules the caller applied).
  public var diff: StateDiff
  /// The screen each side is drawn on.
  public var viewportA: WireframeSize
  public var viewportB: WireframeSize

  /// A moment whose two sides share one screen.
  public init(label: String, a: UIState, b: UIState, diff: StateDiff, viewport: WireframeSize) {
    self.init(label: label, a: a, b: b, diff: diff, viewportA: viewport, viewportB: viewport)
  }

  /// A moment whose sides are drawn on screens of their own (two traces with different headers).
  public init(label: String, a: UIState, b: UIState, diff: StateDiff, viewportA: WireframeSize, viewportB: WireframeSize) {
    self.label = label
    stateA = a
    stateB = b
    self.diff = diff
    self.viewportA = viewportA
    self.viewportB = viewportB
  }

  /// The elements the diff's changes name (added, removed, moved or changed): outlined on both
  /// sides wherever they are drawn.
  public var highlighted: Set<Int32> { Set(diff.changes.compactMap(\.element)) }

  /// The moments of a `cmdtool diff` report: of two traces, the first divergence (when there is
  /// one) and the end; of a snapshot on either side, the one comparison.
  ///
  /// - Parameter endLabel: the name of the last moment (`end`, or `at 7s` for a diff `--at` a point).
  public static func moments(of report: DiffReport, endLabel: String = "end") -> [VisualDiffMoment] {
    let a = WireframeLayout.viewport(report.viewportA)
    let b = WireframeLayout.viewport(report.viewportB)
    var moments: [VisualDiffMoment] = []
    if let divergence = report.divergence {
      moments.append(VisualDiffMoment(label: "first divergence (\(place(divergence)))", a: divergence.stateA, b: divergence.stateB, diff: divergence.diff, viewportA: a, viewportB: b))
    }
    moments.append(VisualDiffMoment(label: endLabel, a: report.stateA, b: report.stateB, diff: report.final, viewportA: a, viewportB: b))
    return moments
  }

  /// `after record #2`; `after record #2 of A and #3 of B` when the runs stood at different
  /// records; `at the start` before any record (`at the start of A and after record #0 of B`).
  static func place(_ divergence: RunComparison.Divergence) -> String {
    switch (divergence.recordA, divergence.recordB) {
    case (nil, nil): return "at the start"
    case (let a?, let b?): return a == b ? "after record #\(a)" : "after record #\(a) of A and #\(b) of B"
    case (let a, let b):
      let side: (Int?) -> String = { record in record.map { "after record #\($0)" } ?? "at the start" }
      return "\(side(a)) of A and \(side(b)) of B"
    }
  }

  /// The highlighted elements that are in `state` but not drawn on its screen (in a view that is
  /// not active, under a closed drawer, detached), as `button 12`, in id order: the page names
  /// them, so a change nobody can see is not silently missing from the picture.
  static func offscreen(_ ids: Set<Int32>, in state: UIState, drawn: Set<Int32>) -> [String] {
    ids.subtracting(drawn).sorted().compactMap { id in state[id].map { "\($0.kind.rawValue) \(id)" } }
  }
}
