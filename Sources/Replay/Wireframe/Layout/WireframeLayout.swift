import CommandCodec
import ReplayCore

/// Lays out a UI state as a wireframe: the screen a conforming platform shows, as boxes
/// (docs/WIREFRAME.md has the rules).
///
/// The screen is the viewport. On it, bottom to top: the active view filling it; the open
/// drawer at its left over a scrim; each open dialog (centred) or action sheet (at the bottom)
/// over a scrim of its own, in modal-stack order; the toasts, stacked up from the bottom, the
/// newest lowest.
///
/// ```swift
/// let result = try Replayer.replay(reader, to: .time(6_500))
/// let wireframe = WireframeLayout.layout(result.state, viewport: WireframeLayout.viewport(result.header.viewport))
/// let svg = WireframeSVG.render(wireframe)
/// ```
public enum WireframeLayout {
  /// The viewport of a trace whose header gives none: a phone, 390 × 844 points.
  public static let defaultViewport = WireframeSize(width: 390, height: 844)
  /// The largest viewport side drawn.
  public static let maximumSide = 10_000.0

  /// The viewport a trace header's gives (its width and height, at most ``maximumSide``), else
  /// ``defaultViewport``.
  public static func viewport(_ viewport: Viewport?) -> WireframeSize {
    guard let viewport, viewport.width > 0, viewport.height > 0 else { return defaultViewport }
    return WireframeSize(width: min(Double(viewport.width), maximumSide), height: min(Double(viewport.height), maximumSide))
  }

  /// The wireframe of `state` on a screen of `viewport`.
  ///
  /// - Complexity: O(n) in the displayed elements (and the rows, options and texts they draw).
  public static func layout(_ state: UIState, viewport: WireframeSize = defaultViewport, options: WireframeOptions = WireframeOptions()) -> Wireframe {
    var leaves: LaidOutLeaves?
    return layout(state, viewport: viewport, options: options, leaves: &leaves)
  }

  /// The size a screen of `viewport` is laid out at.
  static func screenSize(_ viewport: WireframeSize) -> WireframeSize {
    WireframeSize(width: min(max(viewport.width, 1), maximumSide), height: min(max(viewport.height, 1), maximumSide))
  }

  /// ``layout(_:viewport:options:)``, noting the leaves laid out in `leaves` when it is not nil.
  static func layout(_ state: UIState, viewport: WireframeSize, options: WireframeOptions, leaves: inout LaidOutLeaves?) -> Wireframe {
    let size = screenSize(viewport)
    let screenFrame = WireframeRect(x: 0, y: 0, width: size.width, height: size.height)
    var engine = ElementLayout(state: state, options: options, viewport: size)
    engine.leaves = leaves
    defer { leaves = engine.leaves }
    var screenStyle = ResolvedStyle()
    screenStyle.background = .color(WireframePalette.paper)
    screenStyle.border = StyleBorder(width: 1, color: WireframePalette.line)
    var screen = WireframeBox(kind: .screen, frame: screenFrame, style: screenStyle)
    screen.clipsChildren = true

    if let id = state.activeView, let view = state[id], view.isVisible || options.showsHidden {
      screen.children.append(engine.layout(view, width: .exactly(size.width), height: .exactly(size.height), depth: 0))
    } else {
      screen.children.append(notice(state.activeView == nil ? "no active view" : "the active view is hidden", in: size))
    }
    if let id = state.navigationView, state.isNavigationShown, let drawer = state[id] {
      screen.children.append(scrim(size))
      let style = engine.style(of: drawer)
      let width = style.width.points ?? min(size.width - 56, 320)
      screen.children.append(engine.layout(drawer, width: .exactly(width), height: .exactly(size.height), depth: 0))
    }
    for id in state.modalStack {
      guard let modal = state[id], modal.isVisible || options.showsHidden else { continue }
      screen.children.append(scrim(size))
      screen.children.append(self.modal(modal, engine: &engine, screen: size))
    }
    screen.children += toasts(state.toasts, screen: size)
    return Wireframe(size: size, root: screen.absolutized(originX: 0, originY: 0, clip: nil), time: state.time)
  }

  /// A dialog centred, at most 560 points wide and 24 points from the screen's edges; an action
  /// sheet across the bottom, 8 points from the edges.
  static func modal(_ modal: Element, engine: inout ElementLayout, screen: WireframeSize) -> WireframeBox {
    let style = engine.style(of: modal)
    let isSheet = modal.kind == .actionSheet
    let margin = isSheet ? 8.0 : 24
    let widthSpec: LayoutSpec
    switch style.width {
    case .points(let points): widthSpec = .exactly(points)
    case .matchParent: widthSpec = .exactly(screen.width - 2 * margin)
    case .wrapContent: widthSpec = isSheet ? .exactly(screen.width - 2 * margin) : .atMost(min(screen.width - 2 * margin, 560))
    }
    let heightSpec = style.height.points.map(LayoutSpec.exactly) ?? .atMost(screen.height - 2 * margin)
    var box = engine.layout(modal, width: widthSpec, height: heightSpec, depth: 0)
    box.frame.x = (screen.width - box.frame.width) / 2
    box.frame.y = isSheet ? screen.height - margin - box.frame.height : (screen.height - box.frame.height) / 2
    box.clipsChildren = true
    return box
  }

  /// Toasts at the bottom centre, at most the screen less 64 points wide, the newest lowest.
  static func toasts(_ toasts: [Toast], screen: WireframeSize) -> [WireframeBox] {
    var style = ResolvedStyle()
    style.background = .color(WireframePalette.toast)
    style.color = WireframePalette.paper
    style.borderRadius = 18
    style.padding = StyleInsets(top: 10, right: 16, bottom: 10, left: 16)
    var bottom = screen.height - 72
    var boxes: [WireframeBox] = []
    for toast in toasts.reversed() {
      let block = TextBlock(toast.text, font: style.font, maxWidth: max(1, screen.width - 64 - style.padding.horizontal), maxLines: 4)
      let width = block.size.width + style.padding.horizontal
      let height = max(block.size.height, style.font.lineHeight) + style.padding.vertical
      bottom -= height
      var box = WireframeBox(
        kind: .toast, frame: WireframeRect(x: (screen.width - width) / 2, y: bottom, width: width, height: height), style: style, label: toast.text,
        text: block.placed(in: block.size.width, align: .center, left: style.padding.left, top: style.padding.top, color: style.color))
      box.toastNumber = toast.number
      boxes.insert(box, at: 0)
      bottom -= 8
    }
    return boxes
  }

  /// The shade over the whole screen.
  static func scrim(_ screen: WireframeSize) -> WireframeBox {
    var style = ResolvedStyle()
    style.background = .color(WireframePalette.scrim)
    return WireframeBox(kind: .scrim, frame: WireframeRect(x: 0, y: 0, width: screen.width, height: screen.height), style: style)
  }

  /// A note in the middle of an empty screen.
  static func notice(_ message: String, in screen: WireframeSize) -> WireframeBox {
    let block = TextBlock(message, font: StyleFont(size: 14), maxWidth: screen.width - 32)
    let frame = WireframeRect(x: 16, y: (screen.height - block.size.height) / 2, width: screen.width - 32, height: block.size.height)
    return WireframeBox(kind: .notice, frame: frame, label: message, text: block.placed(in: frame.width, align: .center, color: WireframePalette.hint, isPlaceholder: true))
  }
}
