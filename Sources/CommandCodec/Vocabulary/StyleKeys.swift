/// The style keys SET_STYLE carries that the protocol knows of (protocol notes §4).
///
/// Keys are open-ended: SET_STYLE sends any string in `textValue`, and the reference model stores
/// every non-empty key verbatim (docs/PROTOCOL.md §6, decision 8). This list is the keys the
/// seed document or at least one platform (iOS, Android, GTK) handles, so that a tool can say
/// which of them a set of traces never exercised; a key not listed is not wrong, only unknown.
///
/// ```swift
/// StyleKeys.isKnown("font-size")  // true
/// StyleKeys.isKnown("no-wrap")    // false: a value (GTK's white-space), not a key
/// ```
public enum StyleKeys {
  /// Every known key, in the order of the notes' table: the keys of the seed and of the platforms
  /// first, then those only Android or only GTK handles.
  public static let known: [String] = [
    "padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
    "margin", "margin-top", "margin-right", "margin-bottom", "margin-left",
    "weight", "opacity", "shadow", "top", "left", "right", "bottom",
    "width", "height", "min-width", "min-height", "max-width", "max-height",
    "background", "background-color", "color", "gravity", "zoom",
    "border", "border-radius", "border-color", "border-width",
    "font-size", "white-space", "text-overflow", "font-weight", "font-style", "text-align", "font-family",
    "icon-attachment", "icon", "hint", "max-lines", "min-scale", "tint", "overflow", "scale", "line-spacing",
    // Android only.
    "box-shadow", "text-shadow", "line-height", "decoration", "title", "animate-transition", "frame",
    "divider", "drawer-button", "enter-animation", "return-animation", "page-margin", "max-length",
    "active-color",
    // GTK only.
    "font-variant", "single-line",
  ]

  /// The position of each known key in ``known``.
  public static let index: [String: Int] = Dictionary(
    uniqueKeysWithValues: known.enumerated().map { ($0.element, $0.offset) })

  /// Whether `key` is one of the ``known`` keys (matched exactly: keys are case-sensitive).
  public static func isKnown(_ key: String) -> Bool { index[key] != nil }
}
