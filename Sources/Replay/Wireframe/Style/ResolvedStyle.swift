import CommandCodec
import ReplayCore

/// The styles of one element that change what a person sees, read and checked, for one selector
/// state: what the wireframe lays out and draws with.
///
/// An element's styles are strings by selector (``StyleTable``, kept verbatim by the model). For
/// a state, each key is read from that selector's styles if the value there reads, else from
/// NORMAL's if it reads there, else the kind's default (``defaults(for:)``). A value that does
/// not read (`width: wide`, `color: red;background:url(…)`) counts as not set: it is ignored,
/// never passed on. Keys read (docs/WIREFRAME.md lists how each is drawn):
///
/// | Key | Field |
/// |---|---|
/// | `background-color`, `background` | ``background`` (`background` over `background-color` when both read) |
/// | `color` | ``color`` |
/// | `font-size`, `font-weight` | ``font`` |
/// | `text-align`, `gravity` | ``textAlign``, ``gravity`` |
/// | `padding`, `padding-*`, `margin`, `margin-*` | ``padding``, ``margin`` |
/// | `width`, `height`, `min-*`, `max-*` | ``width``, ``height``, ``minWidth`` … |
/// | `weight` | ``weight`` |
/// | `opacity` | ``opacity`` |
/// | `border`, `border-width`, `border-color`, `border-radius` | ``border``, ``borderRadius`` |
/// | `white-space`, `single-line` | ``isSingleLine`` |
/// | `hint` | ``hint`` (a text field's placeholder: trace text, drawn as text) |
///
/// ```swift
/// let style = ResolvedStyle(element.styles, kind: element.kind, selector: .selected)
/// style.background  // SELECTED's background-color if it reads, else NORMAL's, else the default
/// ```
public struct ResolvedStyle: Hashable, Sendable {
  /// The selector state the style was resolved for.
  public var selector: StyleSelector = .normal
  /// What fills the box; nil for nothing (transparent).
  public var background: StyleBackground?
  /// The text colour.
  public var color: StyleColor = WireframePalette.ink
  public var font = StyleFont()
  /// How lines of text are aligned; nil for the kind's way (``gravity`` first).
  public var textAlign: StyleAlignment.Horizontal?
  /// Where a layout places its children, and a text its lines when ``textAlign`` is nil.
  public var gravity = StyleAlignment()
  public var padding = StyleInsets.zero
  public var margin = StyleInsets.zero
  public var width = StyleLength.wrapContent
  public var height = StyleLength.wrapContent
  public var minWidth: Double?
  public var minHeight: Double?
  public var maxWidth: Double?
  public var maxHeight: Double?
  /// A linear layout child's share of the space left (0: none).
  public var weight = 0.0
  /// 0 (invisible) to 1 (opaque).
  public var opacity = 1.0
  public var border: StyleBorder?
  public var borderRadius = 0.0
  /// Whether text stays on one line (`white-space: nowrap`, GTK's `no-wrap`, `single-line`).
  public var isSingleLine = false
  /// A text field's hint.
  public var hint: String?

  public init() {}

  /// The style of `styles` for `selector`, over the defaults of `kind`.
  ///
  /// - Complexity: O(k × s): some thirty keys looked up among the element's s styles.
  public init(_ styles: StyleTable, kind: ElementKind, selector: StyleSelector = .normal) {
    self = ResolvedStyle.defaults(for: kind)
    self.selector = selector
    func raw(_ key: String, _ chosen: StyleSelector) -> String? { styles.isEmpty ? nil : styles.value(key, for: chosen) }
    func read<T>(_ key: String, _ parse: (String) -> T?) -> T? {
      if selector != .normal, let value = raw(key, selector).flatMap(parse) { return value }
      return raw(key, .normal).flatMap(parse)
    }
    // Insets and borders combine several keys: NORMAL's first, then the state's over them.
    let selectors: [StyleSelector] = selector == .normal ? [.normal] : [.normal, selector]

    background = read("background", StyleBackground.parse) ?? read("background-color", { StyleColor.parse($0).map(StyleBackground.color) }) ?? background
    color = read("color", StyleColor.parse) ?? color
    font.size = read("font-size", StyleFont.size) ?? font.size
    font.weight = read("font-weight", StyleFont.weight) ?? font.weight
    textAlign = read("text-align", StyleAlignment.textAlign)?.horizontal ?? textAlign
    gravity = read("gravity", StyleAlignment.gravity)?.over(gravity) ?? gravity
    for chosen in selectors {
      padding = StyleInsets.resolve("padding", base: padding) { raw($0, chosen) }
      margin = StyleInsets.resolve("margin", base: margin, allowsNegative: true) { raw($0, chosen) }
    }
    width = read("width", StyleLength.parse) ?? width
    height = read("height", StyleLength.parse) ?? height
    minWidth = read("min-width", StyleLength.parseSize) ?? minWidth
    minHeight = read("min-height", StyleLength.parseSize) ?? minHeight
    maxWidth = read("max-width", StyleLength.parseSize) ?? maxWidth
    maxHeight = read("max-height", StyleLength.parseSize) ?? maxHeight
    weight = read("weight") { StyleNumber.parse($0, allowsUnits: false).flatMap { (0...1000).contains($0) ? $0 : nil } } ?? weight
    opacity = read("opacity") { StyleNumber.parse($0, allowsUnits: false).flatMap { (0...1).contains($0) ? $0 : nil } } ?? opacity
    for chosen in selectors {
      if let parsed = raw("border", chosen).flatMap(StyleBorder.parse) { border = parsed }
      if let width = raw("border-width", chosen).flatMap(StyleBorder.width) { border = StyleBorder(width: width, color: border?.color, line: border?.line ?? .solid) }
      if let color = raw("border-color", chosen).flatMap(StyleColor.parse) { border = StyleBorder(width: border?.width ?? 1, color: color, line: border?.line ?? .solid) }
    }
    borderRadius = read("border-radius", StyleLength.parseSize) ?? borderRadius
    isSingleLine = read("white-space", ResolvedStyle.isNoWrap) ?? read("single-line", ResolvedStyle.isTrue) ?? isSingleLine
    hint = read("hint", { $0 }) ?? hint
  }

  /// `white-space`: `nowrap` (and GTK's `no-wrap`) true, `normal` false.
  static func isNoWrap(_ text: String) -> Bool? {
    switch text.trimmingWhitespace.lowercased() {
    case "nowrap", "no-wrap": return true
    case "normal": return false
    default: return nil
    }
  }

  /// A boolean style: `true`/`1` or `false`/`0`.
  static func isTrue(_ text: String) -> Bool? {
    switch text.trimmingWhitespace.lowercased() {
    case "true", "1": return true
    case "false", "0": return false
    default: return nil
    }
  }

  /// The padding and border width together: what lies between the box's edge and its content.
  public var contentInsets: StyleInsets { padding + StyleInsets(all: border?.width ?? 0) }
}
