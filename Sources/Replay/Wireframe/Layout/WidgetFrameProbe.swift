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
    var frames: [Int32: WidgetFrame] = [:]
    for box in WireframeLayout.layout(state, viewport: WireframeLayout.viewport(viewport)).root.flattened {
      guard let id = box.elementId, box.widgetKind != nil, !box.isHidden, let given = box.givenSize else { continue }
      let body = box.body
      frames[id] = WidgetFrame(x: body.x, y: body.y, width: body.width, height: body.height, givenWidth: given.width, givenHeight: given.height)
    }
    return frames
  }
}
