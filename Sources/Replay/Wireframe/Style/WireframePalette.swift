/// The wireframe's own colours: what an element without colour styles is drawn in, and the marks
/// the wireframe adds (errors, scrims, highlights). Neutral greys and one accent, so that the
/// colours a trace sets stand out.
public enum WireframePalette {
  /// Text.
  public static let ink = StyleColor(red: 0x20, green: 0x21, blue: 0x24)
  /// Secondary text: subtitles, titles of sheets, captions of placeholders.
  public static let muted = StyleColor(red: 0x5f, green: 0x63, blue: 0x68)
  /// A text field's hint, shown while it is empty.
  public static let hint = StyleColor(red: 0x80, green: 0x86, blue: 0x8b)
  /// Lines: separators, list rows, borders of lists and cards.
  public static let line = StyleColor(red: 0xda, green: 0xdc, blue: 0xe0)
  /// Borders of inputs (text fields, pickers) and the off state of switches.
  public static let control = StyleColor(red: 0x9a, green: 0xa0, blue: 0xa6)
  /// Bars (action bar, navigation bar) and list headers.
  public static let surface = StyleColor(red: 0xf1, green: 0xf3, blue: 0xf4)
  /// Buttons without a background.
  public static let button = StyleColor(red: 0xe8, green: 0xea, blue: 0xed)
  /// Image placeholders.
  public static let placeholder = StyleColor(red: 0xe8, green: 0xea, blue: 0xed)
  /// The on state of switches and checkboxes, selected options, links, focus.
  public static let accent = StyleColor(red: 0x1a, green: 0x73, blue: 0xe8)
  /// A selected option's background.
  public static let selection = StyleColor(red: 0xe8, green: 0xf0, blue: 0xfe)
  /// Errors: the message under an element and its outline.
  public static let error = StyleColor(red: 0xd9, green: 0x30, blue: 0x25)
  /// The screen, dialogs, sheets and the drawer.
  public static let paper = StyleColor(red: 0xff, green: 0xff, blue: 0xff)
  /// Toasts.
  public static let toast = StyleColor(red: 0x32, green: 0x32, blue: 0x32)
  /// What dims the screen under the open drawer and under dialogs (black at 32%).
  public static let scrim = StyleColor(red: 0, green: 0, blue: 0, alpha: 82)
  /// The outline of highlighted elements (``SVGOptions/highlighted``).
  public static let highlight = StyleColor(red: 0xf2, green: 0x99, blue: 0x00)
}
