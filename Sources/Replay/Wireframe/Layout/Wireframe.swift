import ReplayCore

/// A UI state laid out as boxes: what ``WireframeLayout`` computes and ``WireframeSVG`` draws.
///
/// ```swift
/// let wireframe = WireframeLayout.layout(state, viewport: WireframeLayout.viewport(header.viewport))
/// wireframe.box(for: 7)?.frame      // where button 7 is
/// wireframe.elementId(atX: 40, y: 300)  // which element a click there hits
/// ```
public struct Wireframe: Hashable, Sendable {
  /// The screen's size: the viewport.
  public var size: WireframeSize
  /// The screen. Its children, in drawing order: the active view (or a notice that there is
  /// none), the scrim and the drawer when it is open, a scrim and each open modal bottom to top,
  /// and the toasts.
  public var root: WireframeBox
  /// The moment of the state, in milliseconds (``UIState/time``).
  public var time: Double

  public init(size: WireframeSize, root: WireframeBox, time: Double) {
    self.size = size
    self.root = root
    self.time = time
  }

  /// Every box, parents before children: the order they are drawn in.
  ///
  /// - Complexity: O(n) in the boxes.
  public var boxes: [WireframeBox] { root.flattened }

  /// The box of the element `id`, nil when it is not drawn.
  ///
  /// - Complexity: O(n) in the boxes.
  public func box(for id: Int32) -> WireframeBox? {
    boxes.first { $0.elementId == id }
  }

  /// The boxes of one kind, in drawing order.
  public func boxes(of kind: WireframeBox.Kind) -> [WireframeBox] {
    boxes.filter { $0.kind == kind }
  }

  /// The element drawn topmost at a point (inside its clip), nil when only the screen is there.
  ///
  /// - Complexity: O(n) in the boxes.
  public func elementId(atX x: Double, y: Double) -> Int32? {
    var hit: Int32?
    func visit(_ box: WireframeBox) {
      guard box.clip.map({ $0.contains(x: x, y: y) }) ?? true else { return }
      if let id = box.elementId, box.frame.contains(x: x, y: y) { hit = id }
      for child in box.children { visit(child) }
    }
    visit(root)
    return hit
  }
}
