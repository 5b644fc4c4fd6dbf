import CommandCodec
import ReplayCore
import Testing

@testable import ReplayWireframe

/// The served viewer's search (`/search`) answers as `text.lowercased().contains(query.lowercased())`
/// did on the formatted line, whichever path it takes (docs/STUDIO.md, "Searching a served trace").
///
/// "Did" is the expression as `TraceViewerSource` had it, in a module without Foundation: the
/// standard library's `contains`, character by character. Here Foundation is imported (by other
/// files of this target), whose `contains` compares scalars (it finds the `ä` of `"؀ä"`, which is
/// one character), so the old answer is ``TraceTextSearch/reference(_:in:)``, that expression
/// compiled where the old one was.
@Suite("The viewer's search: the byte-wise path agrees with Unicode lowercasing")
struct TraceTextSearchTests {
  /// Pieces of hostile text: letters whose case is not ASCII's (`İ` lowercases to two scalars,
  /// the Kelvin sign to `k`), combining marks and joiners that make one character with an ASCII
  /// letter, characters equal to ASCII ones (`;` and U+037E), controls the line escapes, quotes,
  /// and pieces of what the formatter writes itself.
  static let pieces = [
    "a", "Z", "zz", "Log in", "LOG", "İ", "i", "ı", "\u{212A}", "k", "K", "Ä", "ä", "a\u{308}", "e\u{301}", "\u{301}", "ß", "SS",
    "Σ", "ς", "\u{37E}", ";", "\u{1FEF}", "`", "\u{600}", "\u{200D}", "👍🏽", "\u{1B}[2J", "\n", "\r", "\r\n", "\t", "\"", "\\", "\u{9B}", "\u{7F}",
    " ", "=", "#1", "text=", "→", "0.5s", "id=3", "ValueEvent", "CREATE_TEXT", "\u{0}",
  ]

  /// The pieces that are ASCII: records made of these only take the byte-wise path.
  static let asciiPieces = pieces.filter { $0.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } }

  static func text(_ random: inout SplitMix64, ascii: Bool = false) -> String {
    let from = ascii ? asciiPieces : pieces
    if random.chance(3) { return String(repeating: from[random.below(from.count)], count: 30) }  // past the excerpt
    return (0..<random.below(5)).map { _ in from[random.below(from.count)] }.joined()
  }

  static func record(_ random: inout SplitMix64) -> TraceRecord {
    let ascii = random.chance(50)
    func text(_ random: inout SplitMix64) -> String { Self.text(&random, ascii: ascii) }
    let time = Double(random.below(100_000)) / 8
    switch random.below(6) {
    case 0: return TraceRecord(time: time, .event(target: Int32(random.below(40)), .value(ValueEvent(text: text(&random), value: Int32(random.below(3))))))
    case 1: return TraceRecord(time: time, .marker(label: text(&random), detail: text(&random)))
    case 2: return TraceRecord(time: time, .modalResult(dialog: Int32(random.below(9)), value: Int32(random.below(3))))
    default:
      let types: [CommandType] = [.createText, .setStyle, .setTextValue, .createButton, .addOption]
      let commands = (0...random.below(3)).map { _ in
        Command(types[random.below(types.count)], internalId: Int32(random.below(30)), childInternalId: Int32(random.below(30)), value: Int32(random.below(3)), key: random.chance(20) ? text(&random) : "", textValue: text(&random), textValue2: random.chance(30) ? text(&random) : "")
      }
      return TraceRecord(time: time, .batch(commands))
    }
  }

  /// A query cut from `line` (so it often spans a field's boundary: `id=3 text="Lo`), its letters'
  /// case flipped at random.
  static func query(from line: String, _ random: inout SplitMix64) -> String {
    let scalars = Array(line.unicodeScalars)
    let start = random.below(scalars.count), length = 1 + random.below(12)
    var query = String.UnicodeScalarView()
    for scalar in scalars[start..<min(scalars.count, start + length)] {
      let flipped = random.chance(50) ? String(scalar).uppercased() : String(scalar).lowercased()
      query.append(contentsOf: flipped.unicodeScalars)
    }
    return String(query)
  }

  @Test("On thousands of generated records with hostile texts, the search answers as the formatted line lowercased did")
  func agreesWithLowercasingTheFormattedLine() {
    var random = SplitMix64(seed: 27)
    var (compared, found, byteWise) = (0, 0, 0)
    for index in 0..<3_000 {
      let line = TraceViewerData.text(of: Self.record(&random), index: index)
      var queries = (0..<4).map { _ in Self.query(from: line, &random) }
      queries += (0..<2).map { _ in Self.text(&random) }
      queries += ["i", "k", ";", "e", "a", "ä", "Ä", "ss", "\"", "\\u001b", "\n#", "text=\"", "#\(index)", "→", "\r", ""]
      for query in queries {
        let old = TraceTextSearch.reference(query.lowercased(), in: line)
        #expect(TraceTextSearch(query).matches(line) == old, "\(query.debugDescription) in \(line.debugDescription)")
        compared += 1
        if old { found += 1 }
        let inert: Set<Unicode.Scalar> = ["\u{2192}", "\u{2190}", "\u{B7}", "\u{2014}", "\u{2026}"]
        if query.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) && line.unicodeScalars.allSatisfy({ ($0.isASCII && $0 != "\r") || inert.contains($0) }) { byteWise += 1 }
      }
    }
    // Both answers, and both paths, many times over.
    #expect(found > 5_000 && compared - found > 5_000)
    #expect(byteWise > 10_000)
  }

  @Test("What ignoring case means, at its edges: Unicode lowercasing, compared character by character")
  func theEdgesOfIgnoringCase() {
    #expect(TraceTextSearch("ä").matches("GRÖSSE Ä"))
    #expect(TraceTextSearch("LOG IN").matches("text=\"log in\""))
    #expect(TraceTextSearch("k").matches("5 \u{212A}"), "the Kelvin sign lowercases to k")
    #expect(!TraceTextSearch("i").matches("İ"), "İ lowercases to i and a combining dot: one other character")
    #expect(!TraceTextSearch("e").matches("e\u{301}"), "an e with a combining accent is not an e")
    #expect(TraceTextSearch(";").matches("\u{37E}"), "the Greek question mark is a semicolon")
    #expect(TraceTextSearch("a`").matches("A\u{1FEF} → x"), "the Greek varia is a grave accent")
    #expect(!TraceTextSearch("a").matches("\u{600}a → x"), "a prepended mark makes another character of the a")
    #expect(!TraceTextSearch("\n").matches("\r\n"), "a carriage return and a line feed are one character")
    #expect(!TraceTextSearch("").matches("anything"), "an empty query finds nothing")
  }
}
