import CommandCodec
import ReplayCore

/// The wireframe's layout as the model's ``WidgetLayoutProbe``: the frames custom widgets get on
/// the screen the trace's header gives (else ``WireframeLayout/defaultViewport``), as `view`
/// draws them (docs/WIDGETS.md §7.1).
///
/// ```swift
/// let result = try Replayer.replay(reader, options: .init(layout: WidgetFrameProbe()))
/// // result.model.emissions: `frame 8,12 375×44`; result.model.diagnostics: `widget-size`
/// ```
public struct WidgetFrameProbe: WidgetLayoutProbe {
  /// A probe laying out as the wireframe does.
  public init() {}

  /// The body of every custom widget's box drawn (not hidden) in the wireframe of `state` on
  /// `viewport`, with the size its parent offered.
  ///
  /// - Complexity: O(n) in the elements laid out (a screenful, docs/WIREFRAME.md §2).
  public func frames(in state: UIState, viewport: Viewport?) -> [Int32: WidgetFrame] {
    var leaves: LaidOutLeaves?
    return frames(in: state, viewport: viewport, leaves: &leaves)
  }

  /// The frames, and the leaves laid out: after a record that changed only leaves which keep
  /// their size, ``holds(_:changed:in:viewport:)`` tells the model that no frame moved.
  public func layout(_ state: UIState, viewport: Viewport?) -> (frames: [Int32: WidgetFrame], memo: (any WidgetLayoutMemo)?) {
    var leaves: LaidOutLeaves? = LaidOutLeaves()
    let frames = frames(in: state, viewport: viewport, leaves: &leaves)
    return (frames, leaves)
  }

  /// Whether each changed element is a leaf of the last layout that, laid out again with what its
  /// parent offered it then, takes the same size, style and visibility (``LaidOutLeaves``).
  ///
  /// - Complexity: a layout of the changed elements alone.
  public func holds(_ memo: any WidgetLayoutMemo, changed: [Int32], in state: UIState, viewport: Viewport?) -> Bool {
    guard let leaves = memo as? LaidOutLeaves else { return false }
    return leaves.hold(changed: changed, in: state, viewport: WireframeLayout.screenSize(WireframeLayout.viewport(viewport)))
  }

  func frames(in state: UIState, viewport: Viewport?, leaves: inout LaidOutLeaves?) -> [Int32: WidgetFrame] {
    var frames: [Int32: WidgetFrame] = [:]
    let wireframe = WireframeLayout.layout(state, viewport: WireframeLayout.viewport(viewport), options: WireframeOptions(), leaves: &leaves)
    for box in wireframe.root.flattened {
      guard let id = box.elementId, box.widgetKind != nil, !box.isHidden, let given = box.givenSize else { continue }
      let body = box.body
      frames[id] = WidgetFrame(x: body.x, y: body.y, width: body.width, height: body.height, givenWidth: given.width, givenHeight: given.height)
    }
    return frames
  }
}
