import ReplayCore

/// The texts and numbers a generated stream carries: short labels most of the time (in several
/// scripts, as the engine's apps are localized), and now and then odd ones that are still valid in
/// the protocol (empty, huge, control characters, JSON's special characters, emoji sequences,
/// right-to-left overrides, extreme integers), which no rule of the model flags but every codec,
/// snapshot and renderer has to carry unchanged.
enum StreamText {
  static let words = [
    "Inbox", "Settings", "Profile", "Search", "Messages", "Photos", "Done", "Cancel", "OK", "Back",
    "Näytä", "Päivitä", "Tallenna", "Ημερολόγιο", "今日", "Войти", "مرحبا", "שלום", "Añadir", "Größe",
  ]

  /// Valid texts no model rule objects to, chosen to trip up encoders, decoders and printers.
  static let odd: [String] = [
    "",
    " ",
    "\u{0}",
    "a\u{0}b",
    "\t\n\r",
    "\u{1}\u{1F}\u{7F}",
    "\"quoted\" \\ back\\slash /",
    "{\"t\":1,\"marker\":\"violation\"}",
    "\u{2028}\u{2029}",
    "\u{FEFF}BOM",
    "\u{202E}desrever",
    "e\u{301}\u{301}",
    "👩‍👩‍👧‍👦🏳️‍🌈",
    "\u{10FFFF}\u{FFFD}\u{FFFF}",
    "<secret:PASSWORD>",
    "%s%n%d",
    "-0",
    "1e309",
    "NaN",
    "null",
    String(repeating: "x", count: 255),
    String(repeating: "ä", count: 4096),
  ]

  /// A huge text (over 64 KiB, past any 16-bit length), rarely.
  static let huge = String(repeating: "Lorem ipsum dolor sit amet, ", count: 2400) + "END"

  /// Integers at the edges, for values the model stores without a rule.
  static let oddIntegers: [Int32] = [0, -1, 1, Int32.max, Int32.min, 65_535, 65_536, -65_536, 255, 256]

  static let styles: [(key: String, values: [String])] = [
    ("color", ["#000000", "#ffffff", "#2a6df4", "white", "black"]),
    ("background-color", ["#ffffff", "#f5f5f5", "#2a6df4", "#80000000"]),
    ("padding", ["4", "8", "16"]), ("margin", ["0", "4", "8"]), ("margin-top", ["2", "12"]),
    ("font-size", ["small", "medium", "large", "14", "18"]), ("font-weight", ["normal", "bold", "300"]),
    ("width", ["match-parent", "wrap-content", "120", "320"]), ("height", ["wrap-content", "48", "64"]),
    ("text-align", ["left", "center", "right"]), ("border-radius", ["4", "8"]),
    ("opacity", ["1", "0.5", "0.500000"]), ("white-space", ["normal", "nowrap", "no-wrap"]),
    ("gravity", ["bottom", "center"]), ("weight", ["1", "2"]), ("hint", ["Name", "Password"]),
    ("background", ["linear-gradient(#fff, #000)"]), ("text-overflow", ["ellipsis"]),
  ]

  static let preferenceKeys = ["user", "lang", "theme", "lastLogin", "token", "onboarded", "volume", "ääkköset"]

  static let imageHosts = ["https://cdn.example.com/", "http://img.example.org/", "https://example.net/a/"]

  static let assets = ["logo.png", "avatar@2x.png", "icon-back.pdf"]
}
