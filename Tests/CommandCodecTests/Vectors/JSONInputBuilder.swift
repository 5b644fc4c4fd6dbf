import CommandCodec

/// Builds a JSON Lines input with the place of the expected error marked in the text, so that the
/// expected line, column and byte offset follow from the declaration instead of from a decoder.
///
/// In a line, `⟦` marks the byte the error points at (it is removed from the input); `raw` parts
/// insert arbitrary bytes, such as invalid UTF-8.
struct JSONInputBuilder {
  static let markCharacter: Character = "⟦"

  enum Part {
    case text(String)
    case raw([UInt8])
  }

  private(set) var bytes: [UInt8] = []
  private(set) var markLine: Int? = nil
  private(set) var markColumn: Int? = nil
  private(set) var markOffset: Int? = nil
  private var lineCount = 0

  /// Appends one line made of `parts`, then `terminator` (nil for a last line without a newline).
  mutating func line(_ parts: [Part], terminator: String? = "\n") {
    lineCount += 1
    let lineStart = bytes.count
    for part in parts {
      switch part {
      case .raw(let raw): bytes += raw
      case .text(let text):
        for character in text {
          if character == Self.markCharacter {
            precondition(markOffset == nil, "one mark per input")
            markOffset = bytes.count
            markLine = lineCount
            markColumn = bytes.count - lineStart + 1
          } else {
            bytes += Array(String(character).utf8)
          }
        }
      }
    }
    if let terminator { bytes += Array(terminator.utf8) }
  }

  mutating func line(_ text: String, terminator: String? = "\n") { line([.text(text)], terminator: terminator) }

  /// An invalid JSON case whose error is at the mark.
  static func invalid(
    _ name: String, _ description: String, _ error: CodecError.Code, recordsBefore: Int,
    _ build: (inout JSONInputBuilder) -> Void
  ) -> InvalidCase {
    var builder = JSONInputBuilder()
    build(&builder)
    guard let offset = builder.markOffset else { preconditionFailure("\(name): no ⟦ mark") }
    return InvalidCase(
      name: name, description: description, format: .jsonLines, input: builder.bytes, error: error,
      byteOffset: offset, line: builder.markLine, column: builder.markColumn, recordsBefore: recordsBefore)
  }

  /// The common shape: a header line, `before` records, then the lines given (the mark in one of them).
  static func afterHeader(
    _ name: String, _ description: String, _ error: CodecError.Code, lines: [String], terminated: Bool = true
  ) -> InvalidCase {
    let prefix = [#"{"trace":1}"#]
    let all = prefix + lines
    let markedIndex = all.firstIndex { $0.contains(markCharacter) } ?? 0
    return invalid(name, description, error, recordsBefore: markedIndex - 1) { b in
      for (index, text) in all.enumerated() {
        b.line(text, terminator: terminated || index < all.count - 1 ? "\n" : nil)
      }
    }
  }
}
