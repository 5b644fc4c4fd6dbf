/// The values a recording has hidden so far, and where else they are replaced: where a value is
/// a whole field, or a whole word inside other text (`Welcome, alice!`), never a part of a word
/// (`word` inside `password`).
///
/// Why words: a replay types the stand-in, so every text the engine derives from the value holds
/// the stand-in in the new run; the recording must too, or the runs would differ. Text that merely
/// contains the letters (a help text saying "password" when the password is `word`) is the
/// engine's own and stays the same in both runs, so it must not be touched either.
struct HiddenValues: Sendable {
  /// Values with their stand-ins, longest first (one containing another is replaced whole).
  private var entries: [(value: [UInt8], standIn: [UInt8])] = []

  var isEmpty: Bool { entries.isEmpty }

  /// Notes `value`, hidden as `standIn`.
  mutating func insert(_ value: String, standIn: String) {
    let bytes = Array(value.utf8)
    guard !entries.contains(where: { $0.value == bytes }) else { return }
    entries.append((bytes, Array(standIn.utf8)))
    entries.sort { $0.value.count > $1.value.count }
  }

  /// `text` with every hidden value that stands as a whole word replaced by its stand-in.
  /// - Complexity: O(n·v) for n bytes and v values, and no allocation when nothing is replaced.
  func replacing(in text: String) -> String {
    guard !entries.isEmpty, !text.isEmpty else { return text }
    var copy = text
    let replaced = copy.withUTF8 { bytes -> String? in
      guard let first = firstMatch(in: bytes, from: 0) else { return nil }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + 32)
      var copied = 0
      var match: (Int, Int)? = first
      while let (start, entry) = match {
        result.append(contentsOf: bytes[copied..<start])
        result.append(contentsOf: entries[entry].standIn)
        copied = start + entries[entry].value.count
        match = firstMatch(in: bytes, from: copied)
      }
      result.append(contentsOf: bytes[copied...])
      return String(decoding: result, as: UTF8.self)
    }
    return replaced ?? text
  }

  /// The first place at or after `from` where a hidden value stands as a whole word, skipping
  /// stand-ins (`redacted-` and 16 hex digits).
  private func firstMatch(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> (Int, Int)? {
    var index = from
    while index < bytes.count {
      if let end = Self.standInEnd(in: bytes, at: index) {
        index = end
        continue
      }
      if index == 0 || !Self.isWordByte(bytes[index - 1]) || !Self.isWordByte(bytes[index]) {
        for (number, entry) in entries.enumerated() where bytes[index] == entry.value[0] && index + entry.value.count <= bytes.count {
          let end = index + entry.value.count
          guard bytes[index..<end].elementsEqual(entry.value) else { continue }
          // A whole word: no word byte on either side (unless the value itself ends in a non-word byte).
          let startsWord = index == 0 || !Self.isWordByte(bytes[index - 1]) || !Self.isWordByte(entry.value[0])
          let endsWord = end == bytes.count || !Self.isWordByte(bytes[end]) || !Self.isWordByte(entry.value[entry.value.count - 1])
          if startsWord && endsWord { return (index, number) }
        }
      }
      index += 1
    }
    return nil
  }

  /// Letters and digits, and every byte of a non-ASCII character (a letter in most scripts).
  private static func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
  }

  /// The end of a stand-in that starts at `index`, if one does.
  private static func standInEnd(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let prefix: StaticString = "redacted-"
    guard bytes[index] == UInt8(ascii: "r"), index + 25 <= bytes.count else { return nil }
    for offset in 0..<9 where bytes[index + offset] != prefix.utf8Start[offset] { return nil }
    for offset in 9..<25 {
      let byte = bytes[index + offset]
      guard (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) else { return nil }
    }
    return index + 25
  }
}
