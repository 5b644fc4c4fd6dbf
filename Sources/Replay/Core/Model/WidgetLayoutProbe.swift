import CommandCodec

/// What a layout gives custom widgets, asked by the model after each record (docs/WIDGETS.md §7.1).
///
/// The model runs no layout: where a widget ends up depends on its parents' styles, the
/// viewport and its siblings, which the wireframe computes. A model given a probe
/// (``ReferenceModel/Options/layout``) asks it after every record that leaves custom widgets
/// in the tree, logs each widget's `frame` when it changes (CWIWidget's `setWidgetViewFrame:`)
/// and reports `widget-size` when the size the layout offered breaks the widget's size rules.
/// Without a probe the model logs no frame at all, rather than one it made up.
///
/// The wireframe's ``WidgetFrameProbe`` (ReplayWireframe) is the probe the CLI passes.
public protocol WidgetLayoutProbe: Sendable {
  /// The frames the layout gives the custom widgets of `state` that it lays out, by element id,
  /// on a screen of `viewport` (the trace header's; nil when it gives none).
  ///
  /// - Complexity: a layout of what can be seen of `state`.
  func frames(in state: UIState, viewport: Viewport?) -> [Int32: WidgetFrame]
}

/// Where a custom widget is drawn, and the size its layout asked of it before the widget's size
/// rules clamped it.
public struct WidgetFrame: Hashable, Sendable {
  /// The box drawn, in screen points (its origin relative to the screen's top left).
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double
  /// The width and height the layout offered the box (a style's width, a match-parent parent's
  /// width, a `given` axis's offer), before the size rules narrowed it.
  public var givenWidth: Double
  public var givenHeight: Double

  /// Creates a frame; the given size defaults to the size drawn.
  public init(x: Double, y: Double, width: Double, height: Double, givenWidth: Double? = nil, givenHeight: Double? = nil) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.givenWidth = givenWidth ?? width
    self.givenHeight = givenHeight ?? height
  }
}
