/// Where content sits in its box: horizontally, vertically, or both.
///
/// Two keys give it:
///
/// - `text-align`: `left`, `center`, `right` or `justify` (drawn as `left`; `start` and `end` too)
///   aligns a text's lines.
/// - `gravity`, Android's gravity: on a layout it places the children in the layout's box (as
///   `LinearLayout.setGravity` does), on a text it aligns the text when `text-align` is not set.
///   Words joined by `|` or spaces: `left`/`start`, `right`/`end`, `center_horizontal`, `top`,
///   `bottom`, `center_vertical`, and `center` for both; dashes count as underscores. An unknown
///   word makes the whole value unknown.
///
/// ```swift
/// StyleAlignment.gravity("center")               // center, center
/// StyleAlignment.gravity("bottom|right")         // trailing, bottom
/// StyleAlignment.textAlign("center")             // StyleAlignment(horizontal: .center)
/// ```
public struct StyleAlignment: Hashable, Sendable {
  public enum Horizontal: String, Hashable, Sendable {
    case leading, center, trailing
  }

  public enum Vertical: String, Hashable, Sendable {
    case top, center, bottom
  }

  /// The horizontal alignment, nil where the value says nothing about it.
  public var horizontal: Horizontal?
  /// The vertical alignment, nil where the value says nothing about it.
  public var vertical: Vertical?

  public init(horizontal: Horizontal? = nil, vertical: Vertical? = nil) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// The alignment a `text-align` value gives, or nil.
  public static func textAlign(_ text: String) -> StyleAlignment? {
    switch text.trimmingWhitespace.lowercased() {
    case "left", "start", "justify": return StyleAlignment(horizontal: .leading)
    case "center": return StyleAlignment(horizontal: .center)
    case "right", "end": return StyleAlignment(horizontal: .trailing)
    default: return nil
    }
  }

  /// The alignment a `gravity` value gives, or nil.
  public static func gravity(_ text: String) -> StyleAlignment? {
    let words = text.lowercased().split(whereSeparator: { $0 == "|" || $0.isWhitespace })
    guard !words.isEmpty else { return nil }
    var alignment = StyleAlignment()
    for word in words {
      switch word.replacingDashes {
      case "left", "start": alignment.horizontal = .leading
      case "right", "end": alignment.horizontal = .trailing
      case "center_horizontal": alignment.horizontal = .center
      case "top": alignment.vertical = .top
      case "bottom": alignment.vertical = .bottom
      case "center_vertical": alignment.vertical = .center
      case "center":
        alignment.horizontal = .center
        alignment.vertical = .center
      default: return nil
      }
    }
    return alignment
  }

  /// This alignment where it says something, `other` where it does not.
  public func over(_ other: StyleAlignment) -> StyleAlignment {
    StyleAlignment(horizontal: horizontal ?? other.horizontal, vertical: vertical ?? other.vertical)
  }
}

extension Substring {
  fileprivate var replacingDashes: String { String(map { $0 == "-" ? "_" : $0 }) }
}
