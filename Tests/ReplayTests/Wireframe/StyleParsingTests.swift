import CommandCodec
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

@Suite("Wireframe styles: values read strictly, invalid ones ignored")
struct StyleParsingTests {
  @Test("Colours: #rgb, #rrggbb, #aarrggbb (alpha first, as Android), rgb()/rgba() and names", arguments: [
    ("#fff", StyleColor(red: 255, green: 255, blue: 255)),
    ("#2A6DF4", StyleColor(red: 0x2a, green: 0x6d, blue: 0xf4)),
    ("#802a6df4", StyleColor(red: 0x2a, green: 0x6d, blue: 0xf4, alpha: 0x80)),
    (" white ", StyleColor(red: 255, green: 255, blue: 255)),
    ("Black", StyleColor(red: 0, green: 0, blue: 0)),
    ("transparent", StyleColor(red: 0, green: 0, blue: 0, alpha: 0)),
    ("rgb(1, 2, 3)", StyleColor(red: 1, green: 2, blue: 3)),
    ("rgba(255,0,0,0.5)", StyleColor(red: 255, green: 0, blue: 0, alpha: 128)),
  ])
  func colors(_ text: String, _ expected: StyleColor) {
    #expect(StyleColor.parse(text) == expected)
  }

  @Test("Not colours: other lengths, other characters, other functions, anything around them", arguments: [
    "", "#", "#ff", "#ffff", "#fffff", "#fffffffff", "#ggg", "ff0000", "red;background:url(http://evil)", "url(#x)",
    "rgb(1,2)", "rgb(256,0,0)", "rgb(1px,2,3)", "rgba(1,2,3,2)", "hsl(0,0%,0%)", "</style>", "javascript:alert(1)", "#ff0000;x",
  ])
  func notColors(_ text: String) {
    #expect(StyleColor.parse(text) == nil)
  }

  @Test("A colour is written only as #rrggbb, with its alpha apart")
  func colorOutput() {
    let color = StyleColor.parse("#80abcdef")!
    #expect(color.hex == "#abcdef")
    #expect(abs(color.opacity - 128.0 / 255) < 1e-9)
  }

  @Test("Numbers: decimal, signed, with a fraction or exponent and an optional point unit; nothing else")
  func numbers() {
    #expect(StyleNumber.parse("24") == 24)
    #expect(StyleNumber.parse("0.500000") == 0.5)
    #expect(StyleNumber.parse(" -8 ") == -8)
    #expect(StyleNumber.parse("16px") == 16)
    #expect(StyleNumber.parse("1.5e2dp") == 150)
    #expect(StyleNumber.parse(".5") == 0.5)
    for bad in ["", "nan", "inf", "infinity", "0x10", "1e999", "12 px", "24;", "1e", "-", ".", "px", "1,5", "16em"] {
      #expect(StyleNumber.parse(bad) == nil, "\(bad)")
    }
    #expect(StyleNumber.parse("16px", allowsUnits: false) == nil)
  }

  @Test("Lengths: points, wrap-content, match-parent (and Android's spellings); no negative sizes")
  func lengths() {
    #expect(StyleLength.parse("match-parent") == .matchParent)
    #expect(StyleLength.parse("MATCH_PARENT") == .matchParent)
    #expect(StyleLength.parse("fill_parent") == .matchParent)
    #expect(StyleLength.parse("wrap-content") == .wrapContent)
    #expect(StyleLength.parse("96") == .points(96))
    #expect(StyleLength.parse("1e300") == .points(StyleLength.maximum))
    #expect(StyleLength.parse("-4") == nil)
    #expect(StyleLength.parse("wide") == nil)
  }

  @Test("Padding and margin shorthands take one to four sides, CSS order")
  func insets() {
    #expect(StyleInsets.parse("8") == StyleInsets(all: 8))
    #expect(StyleInsets.parse("8 16") == StyleInsets(top: 8, right: 16, bottom: 8, left: 16))
    #expect(StyleInsets.parse("1 2 3") == StyleInsets(top: 1, right: 2, bottom: 3, left: 2))
    #expect(StyleInsets.parse("1 2 3 4") == StyleInsets(top: 1, right: 2, bottom: 3, left: 4))
    #expect(StyleInsets.parse("1 2 3 4 5") == nil)
    #expect(StyleInsets.parse("8 sixteen") == nil)
    #expect(StyleInsets.parse("-4") == nil)
    #expect(StyleInsets.parse("-4", allowsNegative: true) == StyleInsets(all: -4))
  }

  @Test("A side's own key overrides the shorthand, whichever came first; invalid values leave what was there")
  func insetSides() {
    let styles: [String: String] = ["padding": "8", "padding-left": "30", "padding-top": "oops"]
    #expect(StyleInsets.resolve("padding") { styles[$0] } == StyleInsets(top: 8, right: 8, bottom: 8, left: 30))
    #expect(StyleInsets.resolve("margin", base: StyleInsets(all: 2)) { _ in "x" } == StyleInsets(all: 2))
  }

  @Test("Fonts: keyword and numeric sizes, weights by keyword and number")
  func fonts() {
    #expect(StyleFont.size("large") == 18)
    #expect(StyleFont.size("small") == 11)
    #expect(StyleFont.size("24") == 24)
    #expect(StyleFont.size("0") == nil)
    #expect(StyleFont.size("huge") == nil)
    #expect(StyleFont.weight("bold") == 700)
    #expect(StyleFont.weight("lighter") == 300)
    #expect(StyleFont.weight("650") == 650)
    #expect(StyleFont.weight("heavy") == nil)
    #expect(StyleFont.weight("5000") == nil)
  }

  @Test("Alignment: text-align, and gravity's words combined")
  func alignment() {
    #expect(StyleAlignment.textAlign("center") == StyleAlignment(horizontal: .center))
    #expect(StyleAlignment.textAlign("justify") == StyleAlignment(horizontal: .leading))
    #expect(StyleAlignment.gravity("center") == StyleAlignment(horizontal: .center, vertical: .center))
    #expect(StyleAlignment.gravity("bottom|right") == StyleAlignment(horizontal: .trailing, vertical: .bottom))
    #expect(StyleAlignment.gravity("center-horizontal") == StyleAlignment(horizontal: .center))
    #expect(StyleAlignment.gravity("right;x") == nil)
  }

  @Test("Borders: width, line and colour in any order; none; anything else ignored whole")
  func borders() {
    #expect(StyleBorder.parse("1px solid #dadce0") == StyleBorder(width: 1, color: StyleColor.parse("#dadce0"), line: .solid))
    #expect(StyleBorder.parse("red 2 dashed") == StyleBorder(width: 2, color: StyleColor.parse("red"), line: .dashed))
    #expect(StyleBorder.parse("none") == StyleBorder(width: 0))
    #expect(StyleBorder.parse("1 url(http://evil)") == nil)
    #expect(StyleBorder.parse("1 2") == nil)
  }

  @Test("Backgrounds: a colour or a gradient of colours; a url() or a second declaration is no background")
  func backgrounds() {
    #expect(StyleBackground.parse("#fafafa") == .color(StyleColor(red: 0xfa, green: 0xfa, blue: 0xfa)))
    #expect(StyleBackground.parse("linear-gradient(to right, red, #00f)") == .linearGradient([StyleColor.parse("red")!, StyleColor.parse("#00f")!], horizontal: true, reversed: false))
    #expect(StyleBackground.parse("radial-gradient(white, black)") == .radialGradient([StyleColor.parse("white")!, StyleColor.parse("black")!]))
    #expect(StyleBackground.parse("url(http://evil/x.png)") == nil)
    #expect(StyleBackground.parse("red;background:url(http://evil)") == nil)
    #expect(StyleBackground.parse("linear-gradient(red, url(http://evil))") == nil)
    #expect(StyleBackground.parse("linear-gradient(45deg, red, blue)") == nil)
  }

  @Test("A selector state's value wins where it reads; NORMAL's where it does not; the kind's default where neither does")
  func selectorStates() {
    var styles = StyleTable()
    styles.set("background-color", to: "#2a6df4", for: .normal)
    styles.set("background-color", to: "#1d4fb8", for: .active)
    styles.set("color", to: "#ffffff", for: .normal)
    styles.set("color", to: "not a colour", for: .active)
    styles.set("width", to: "wide", for: .normal)
    styles.set("padding", to: "4", for: .normal)
    styles.set("padding-left", to: "20", for: .active)
    let normal = ResolvedStyle(styles, kind: .button, selector: .normal)
    let active = ResolvedStyle(styles, kind: .button, selector: .active)
    #expect(normal.background == .color(StyleColor.parse("#2a6df4")!))
    #expect(active.background == .color(StyleColor.parse("#1d4fb8")!))
    #expect(active.color == StyleColor.parse("#ffffff"))
    #expect(normal.width == .wrapContent)
    #expect(normal.padding == StyleInsets(all: 4))
    #expect(active.padding == StyleInsets(top: 4, right: 4, bottom: 4, left: 20))
    #expect(ResolvedStyle(StyleTable(), kind: .button).background == .color(WireframePalette.button))
  }

  @Test("Opacity, weight, radius, white-space and border keys")
  func otherKeys() {
    var styles = StyleTable()
    styles.set("opacity", to: "0.500000", for: .normal)
    styles.set("weight", to: "2", for: .normal)
    styles.set("border-radius", to: "48", for: .normal)
    styles.set("white-space", to: "no-wrap", for: .normal)
    styles.set("border-color", to: "#ff0000", for: .normal)
    styles.set("border-width", to: "3", for: .normal)
    let style = ResolvedStyle(styles, kind: .text)
    #expect(style.opacity == 0.5)
    #expect(style.weight == 2)
    #expect(style.borderRadius == 48)
    #expect(style.isSingleLine)
    #expect(style.border == StyleBorder(width: 3, color: StyleColor(red: 255, green: 0, blue: 0)))
    styles.set("opacity", to: "1.5", for: .normal)
    #expect(ResolvedStyle(styles, kind: .text).opacity == 1)
  }

  @Test("The text metric: 0.55 em a character, 0.6 em bold; lines break at spaces, long words between characters")
  func textMetric() {
    #expect(abs(TextMetric.width(of: "Log in", font: StyleFont(size: 14)) - 46.2) < 1e-9)
    #expect(TextMetric.width(of: "ab", font: StyleFont(size: 10, weight: 700)) == 12)
    #expect(TextMetric.lines("Sign in to Acme", font: StyleFont(size: 20), maxWidth: 110) == ["Sign in to", "Acme"])
    #expect(TextMetric.lines("abcdefghij", font: StyleFont(size: 20), maxWidth: 44) == ["abcd", "efgh", "ij"])
    #expect(TextMetric.lines("one\ntwo", font: StyleFont(size: 10), maxWidth: nil) == ["one", "two"])
    #expect(TextMetric.lines("a long line of text", font: StyleFont(size: 10), maxWidth: 33, singleLine: true) == ["a lon…"])
    #expect(TextMetric.lines("aa bb cc dd", font: StyleFont(size: 10), maxWidth: 17, maxLines: 2) == ["aa", "bb…"])
    #expect(TextMetric.lines("", font: StyleFont(size: 10), maxWidth: 10).isEmpty)
  }

  @Test("A megabyte word is broken into at most the line limit, quickly")
  func longText() {
    let lines = TextMetric.lines(String(repeating: "x", count: 1_000_000), font: StyleFont(size: 10), maxWidth: 55)
    #expect(lines.count == TextMetric.maximumLines)
    #expect(lines.last?.hasSuffix(TextMetric.ellipsis) == true)
  }
}
