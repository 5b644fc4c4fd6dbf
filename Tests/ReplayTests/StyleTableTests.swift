import CommandCodec
@testable import ReplayCore
import Testing

/// The style table's own contract, beside the SET_STYLE rules in ModelRuleTests+Values: known keys
/// are stored by number and other keys by string, and neither shows through.
@Suite("Style table")
struct StyleTableTests {
  @Test("Every known key is found by its bytes, and near misses are not")
  func catalogFindsKnownKeys() {
    for (position, key) in StyleKeys.known.enumerated() {
      #expect(StyleKeyCatalog.position(of: key) == position)
      #expect(StyleKeyCatalog.key(at: position) == key)
    }
    for key in ["", "Color", "colour", "color ", "font-size-", "background-colo", "padding-top-left", "é", "background-color-x"] {
      #expect(StyleKeyCatalog.position(of: key) == nil, "\(key)")
    }
    // A key made at run time (not a literal) is found too.
    let built = ["font", "size"].joined(separator: "-")
    #expect(StyleKeyCatalog.position(of: built) == StyleKeys.known.firstIndex(of: "font-size"))
  }

  @Test("Known and other keys read back the same way, in first-set order")
  func knownAndOtherKeys() {
    var styles = StyleTable()
    styles.set("color", to: "red", for: .normal)
    styles.set("made-up", to: "1", for: .normal)
    styles.set("color", to: "blue", for: .active)
    styles.set("made-up", to: "2", for: .active)
    styles.set("made-up", to: "3", for: .normal)
    #expect(styles.count == 4)
    #expect(styles.entries.map { "\($0.selector).\($0.key)=\($0.value)" } == ["NORMAL.color=red", "NORMAL.made-up=3", "ACTIVE.color=blue", "ACTIVE.made-up=2"])
    #expect(styles.value("made-up") == "3")
    #expect(styles.value("made-up", for: .active) == "2")
    #expect(styles.value("made-up", for: .hover) == nil)
    #expect(styles.sorted(for: .active).map(\.key) == ["color", "made-up"])
    #expect(styles.selectors == [.normal, .active])
  }

  @Test("Tables with the same styles are equal and hash alike, whatever order they were set in")
  func equalityIgnoresOrder() {
    var a = StyleTable()
    a.set("color", to: "red", for: .normal)
    a.set("x-one", to: "1", for: .normal)
    a.set("x-two", to: "2", for: .link)
    var b = StyleTable()
    b.set("x-two", to: "2", for: .link)
    b.set("color", to: "red", for: .normal)
    b.set("x-one", to: "1", for: .normal)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    var c = b
    c.set("x-one", to: "changed", for: .normal)
    #expect(c != a)
    #expect(b == a, "a copy is a value of its own")
    var d = a
    d.set("x-one", to: "1", for: .active)
    #expect(d != a)
    #expect(StyleTable() == StyleTable())
    #expect(StyleTable() != a)
  }

  @Test("An other key matches the key it was set with, as strings compare")
  func otherKeysCompareAsStrings() {
    var styles = StyleTable()
    // "é" precomposed and decomposed: different bytes (and fingerprints), equal as Swift strings.
    styles.set("caf\u{E9}", to: "1", for: .normal)
    styles.set("cafe\u{301}", to: "2", for: .normal)
    #expect(styles.count == 2, "set compares keys by their fingerprint first, as it always did")
    #expect(styles.value("caf\u{E9}") == "1", "a lookup by string finds the first equal key")
    var other = StyleTable()
    other.set("caf\u{E9}", to: "1", for: .normal)
    other.set("cafe\u{301}", to: "2", for: .normal)
    #expect(styles == other)
  }

  @Test("Values of every length read back exactly, kept in their slot up to 12 bytes and aside beyond")
  func valuesOfEveryLength() {
    // ASCII, two-, three- and four-byte characters, so that a character straddles byte 8 and 12.
    let pieces = ["a", "#", "\u{E9}", "\u{20AC}", "\u{1F600}", "0", "\u{0}"]
    var random = SplitMix64(seed: 7)
    for length in 0...24 {
      for round in 0..<40 {
        var value = ""
        while value.utf8.count < length { value += pieces[random.below(pieces.count)] }
        var styles = StyleTable()
        styles.set("color", to: "seed", for: .normal)
        styles.set("color", to: value, for: .normal)
        styles.set("x-other", to: value, for: .active)
        #expect(styles.value("color") == value, "length \(length), round \(round)")
        #expect(styles.value("x-other", for: .active) == value)
        #expect(Array(styles.entries[0].value.utf8) == Array(value.utf8), "the same bytes, not only an equal string")
        var copy = StyleTable()
        copy.set("x-other", to: value, for: .active)
        copy.set("color", to: value, for: .normal)
        #expect(copy == styles)
        copy.set("color", to: value + "!", for: .normal)
        #expect(copy != styles)
      }
    }
  }

  @Test("A value that grows past a slot and shrinks back reuses its entry aside")
  func longValuesAreReused() {
    var styles = StyleTable()
    let long = String(repeating: "x", count: 40)
    for round in 0..<1_000 {
      styles.set("background", to: long + String(round), for: .normal)
      styles.set("background", to: "#fff", for: .normal)
      styles.set("font-family", to: long, for: .normal)
    }
    #expect(styles.value("background") == "#fff")
    #expect(styles.value("font-family") == long)
    #expect(styles.longValueEntries <= 2, "one entry per slot at most, not one per SET_STYLE")
    styles.set("background", to: long + "!", for: .normal)
    #expect(styles.value("background") == long + "!")
    #expect(styles.value("font-family") == long)
  }

  @Test("Values compare as strings: canonically equivalent values are equal, in or out of their slot")
  func valuesCompareAsStrings() {
    for padding in ["", String(repeating: "p", count: 10)] {
      var a = StyleTable()
      a.set("font-family", to: padding + "caf\u{E9}", for: .normal)
      var b = StyleTable()
      b.set("font-family", to: padding + "cafe\u{301}", for: .normal)
      #expect(a == b, "\(padding.count)")
      #expect(a.hashValue == b.hashValue)
    }
  }
}
