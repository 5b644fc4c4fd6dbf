import ReplayCore

extension ResolvedStyle {
  /// What an element of `kind` looks like before its styles: the wireframe's neutral widgets.
  ///
  /// Sizes follow the engine's constructors where they pre-style (protocol notes §4: frame,
  /// flipper and scroll layouts match their parent both ways, text fields and text views match
  /// its width, navigation bars sit at the bottom); layouts, lists and bars fill their parent's
  /// width as block elements do; every other widget wraps its content. The looks (fills, borders,
  /// radii, padding) are the wireframe's own, listed in docs/WIREFRAME.md.
  ///
  /// - Complexity: O(1).
  public static func defaults(for kind: ElementKind) -> ResolvedStyle {
    var style = ResolvedStyle()
    switch kind {
    case .application, .frameView, .openGLView:
      style.width = .matchParent
      style.height = .matchParent
    case .navigationView:
      style.width = .matchParent
      style.height = .matchParent
      style.background = .color(WireframePalette.paper)
    case .frameLayout, .flipperLayout, .scrollLayout, .pager:
      style.width = .matchParent
      style.height = .matchParent
    case .linearLayout, .eventLayout, .tableLayout, .autoColumnLayout, .radioGroup:
      style.width = .matchParent
    case .textField, .textView, .searchBar:
      style.width = .matchParent
      style.padding = StyleInsets(top: 8, right: 10, bottom: 8, left: 10)
      style.border = StyleBorder(width: 1, color: WireframePalette.control)
      style.borderRadius = 4
      style.margin = StyleInsets(top: 4, right: 0, bottom: 4, left: 0)
      if kind == .searchBar { style.borderRadius = 18 }
    case .listView, .gridView:
      style.width = .matchParent
      style.border = StyleBorder(width: 1, color: WireframePalette.line)
    case .button:
      style.background = .color(WireframePalette.button)
      style.padding = StyleInsets(top: 8, right: 16, bottom: 8, left: 16)
      style.borderRadius = 4
      style.minHeight = 36
      style.textAlign = .center
      style.font.weight = 500
      style.margin = StyleInsets(top: 4, right: 0, bottom: 4, left: 0)
    case .switch, .checkbox:
      style.padding = StyleInsets(top: 6, right: 0, bottom: 6, left: 0)
    case .picker:
      style.border = StyleBorder(width: 1, color: WireframePalette.control)
      style.borderRadius = 4
      style.padding = StyleInsets(all: 4)
      style.margin = StyleInsets(top: 4, right: 0, bottom: 4, left: 0)
    case .segmentedControl:
      style.border = StyleBorder(width: 1, color: WireframePalette.accent)
      style.borderRadius = 6
      style.color = WireframePalette.accent
      style.margin = StyleInsets(top: 4, right: 0, bottom: 4, left: 0)
    case .custom:
      // A custom widget is a labelled box; its size rules and preview apply over its style
      // (ElementLayout.widgetStyle).
      style.border = StyleBorder(width: 1, color: WireframePalette.accent, line: .dashed)
      style.borderRadius = 4
      style.padding = StyleInsets(all: 6)
      style.margin = StyleInsets(top: 4, right: 0, bottom: 4, left: 0)
    case .imageView:
      style.background = .color(WireframePalette.placeholder)
      style.border = StyleBorder(width: 1, color: WireframePalette.control, line: .dashed)
    case .text:
      style.padding = StyleInsets(top: 2, right: 0, bottom: 2, left: 0)
    case .dialog, .alertDialog:
      style.background = .color(WireframePalette.paper)
      style.borderRadius = 8
      style.padding = StyleInsets(all: 16)
    case .actionSheet:
      style.background = .color(WireframePalette.paper)
      style.borderRadius = 12
      style.padding = StyleInsets(top: 8, right: 0, bottom: 8, left: 0)
    case .actionBar:
      style.width = .matchParent
      style.height = .points(56)
      style.background = .color(WireframePalette.surface)
      style.padding = StyleInsets(top: 0, right: 8, bottom: 0, left: 16)
      style.font = StyleFont(size: 18, weight: 600)
    case .navigationBar:
      style.width = .matchParent
      style.height = .points(56)
      style.background = .color(WireframePalette.surface)
      style.gravity = StyleAlignment(vertical: .bottom)
    case .navigationBarItem:
      style.font.size = 12
      style.textAlign = .center
      style.padding = StyleInsets(all: 8)
    case .separator:
      style.width = .matchParent
      style.height = .points(1)
      style.background = .color(WireframePalette.line)
      style.margin = StyleInsets(top: 8, right: 0, bottom: 8, left: 0)
    case .slider:
      style.width = .matchParent
      style.height = .points(28)
    case .progressSpinner:
      style.width = .points(32)
      style.height = .points(32)
      style.margin = StyleInsets(all: 4)
    case .notification:
      style.width = .matchParent
      style.background = .color(WireframePalette.paper)
      style.border = StyleBorder(width: 1, color: WireframePalette.line)
      style.borderRadius = 8
      style.padding = StyleInsets(all: 12)
      style.margin = StyleInsets(top: 4, right: 0, bottom: 4, left: 0)
    case .pageControl:
      style.padding = StyleInsets(all: 4)
    }
    return style
  }

  /// The colour of links in a text label when its LINK styles set none.
  public static let defaultLinkColor = WireframePalette.accent
}
