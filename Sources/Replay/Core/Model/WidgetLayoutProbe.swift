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
/// A whole layout after every record would cost a screenful of boxes per record (an 8× slower
/// replay of a trace setting one label 30,000 times), so a probe may also say what it needs to
/// tell, after a record that changed only some elements, that no frame moved
/// (``layout(_:viewport:)``, ``holds(_:changed:in:viewport:)``): the model then skips the layout.
///
/// The wireframe's ``WidgetFrameProbe`` (ReplayWireframe) is the probe the CLI passes.
public protocol WidgetLayoutProbe: Sendable {
  /// The frames the layout gives the custom widgets of `state` that it lays out, by element id,
  /// on a screen of `viewport` (the trace header's; nil when it gives none).
  ///
  /// - Complexity: a layout of what can be seen of `state`.
  func frames(in state: UIState, viewport: Viewport?) -> [Int32: WidgetFrame]

  /// The frames, and what the probe keeps of the layout to answer ``holds(_:changed:in:viewport:)``
  /// after the next records (nil: it keeps nothing, and every record is laid out anew).
  func layout(_ state: UIState, viewport: Viewport?) -> (frames: [Int32: WidgetFrame], memo: (any WidgetLayoutMemo)?)

  /// Whether the layout `memo` was kept from still holds for `state`, in which only the elements
  /// `changed` (a superset: inserted, mutated or removed ones) differ, and the active view,
  /// drawer, modal stack and viewport do not: then every box outside the changed elements, and
  /// so every frame, is where it was. False whenever the probe cannot tell.
  func holds(_ memo: any WidgetLayoutMemo, changed: [Int32], in state: UIState, viewport: Viewport?) -> Bool
}

extension WidgetLayoutProbe {
  /// The frames alone: the model lays out after every record.
  public func layout(_ state: UIState, viewport: Viewport?) -> (frames: [Int32: WidgetFrame], memo: (any WidgetLayoutMemo)?) {
    (frames(in: state, viewport: viewport), nil)
  }

  /// Never: the model lays out after every record.
  public func holds(_ memo: any WidgetLayoutMemo, changed: [Int32], in state: UIState, viewport: Viewport?) -> Bool { false }
}

/// What a ``WidgetLayoutProbe`` keeps of its last layout, held by the model between records (a
/// value: a model copied for time travel keeps its own).
public protocol WidgetLayoutMemo: Sendable {}

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

  /// The frame with every number in hundredths of a point (``Format/hundredths(_:)``), as the
  /// model keeps, compares and logs it: a layout's float noise (`38.50000000000001`) neither
  /// shows nor counts as a move.
  public var rounded: WidgetFrame {
    WidgetFrame(
      x: Format.hundredths(x), y: Format.hundredths(y), width: Format.hundredths(width), height: Format.hundredths(height),
      givenWidth: Format.hundredths(givenWidth), givenHeight: Format.hundredths(givenHeight))
  }
}
