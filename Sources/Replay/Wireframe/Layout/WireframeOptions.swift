import CommandCodec
import ReplayCore

/// What to draw of a state, beyond what a person would see.
public struct WireframeOptions: Hashable, Sendable {
  /// Draw hidden elements too (SET_VISIBILITY 0), laid out as if visible and dimmed. The closed
  /// drawer stays off screen.
  public var showsHidden: Bool
  /// Elements to draw in a selector state of their own choosing: `ACTIVE` for pressed, `HOVER`,
  /// `DISABLED`, ... (the state a platform would be in is not in the model's state). Elements not
  /// listed are drawn in their state: SELECTED for a button whose value is set, else NORMAL.
  public var states: [Int32: StyleSelector]
  /// Make the order of elements visible, for pictures compared side by side (a conformance
  /// failure): an element that shows no text (a button, a label, a navigation bar item) is named
  /// by kind and id in the placeholder's italics (`button 5`), and children that would lie on top
  /// of each other (in a frame view or frame layout) are cascaded, each one ``cascade`` points
  /// lower and further right than the one before. A state projected without its texts, or two
  /// states that differ only in their children's order (REORDER_CHILD ignored), would otherwise
  /// draw the same picture.
  public var showsOrder: Bool

  public init(showsHidden: Bool = false, states: [Int32: StyleSelector] = [:], showsOrder: Bool = false) {
    self.showsHidden = showsHidden
    self.states = states
    self.showsOrder = showsOrder
  }

  /// The deepest nesting laid out, counted from the view; deeper elements are not drawn (a
  /// fuzzed or hostile trace may nest thousands of layouts).
  public static let maximumDepth = 128
  /// The most elements laid out in one wireframe: past a screenful of a long list, children are
  /// not laid out at all (a trace may hold a million siblings), so that time and memory follow
  /// what is drawn.
  public static let maximumElements = 5_000
  /// The most rows drawn per list sheet, and tiles per grid.
  public static let maximumRows = 100
  /// How far each child of an overlay is moved from the one before with ``showsOrder``.
  public static let cascade = WireframeSize(width: 12, height: 22)
  /// The most options drawn per picker, radio group, segmented control and action sheet.
  public static let maximumOptions = 12

  /// The selector state `element` is drawn in.
  public func selector(for element: Element) -> StyleSelector {
    if let forced = states[element.id] { return forced }
    return element.kind == .button && element.value != 0 ? .selected : .normal
  }
}
