/// Scans one line of JSON Lines input: the lexical layer (whitespace, strings, numbers, skipping).
///
/// The record layer is in `JSONLineParser+Records.swift`. Errors carry the line, the 1-based
/// column in bytes, the absolute byte offset and the record index.
struct JSONLineParser {
  let bytes: UnsafeRawBufferPointer
  var position = 0
  let context: JSONErrorContext
  let options: JSONDecodingOptions
  /// Key lookups made so far for duplicate and field checks: tests check that it grows linearly
  /// with the keys of a line.
  var work = 0

  init(_ bytes: UnsafeRawBufferPointer, context: JSONErrorContext, options: JSONDecodingOptions) {
    self.bytes = bytes
    self.context = context
    self.options = options
  }

  var isAtEnd: Bool { position >= bytes.count }

  func error(_ code: CodecError.Code, at position: Int, _ message: String) -> CodecError {
    context.error(code, at: position, message)
  }

  /// The error for a line that stops before its record is complete: truncation on a last line
  /// without a newline (the input was cut), a syntax error otherwise.
  func unexpectedEnd(_ expectation: String) -> CodecError {
    if context.lineIsUnterminated {
      return error(.truncated, at: position, "the input ends inside this line's record (expected \(expectation)); every record before it is intact")
    }
    return error(.syntax, at: position, "the line ends where \(expectation) should follow")
  }

  // MARK: - Structure

  @inline(__always)
  mutating func skipWhitespace() {
    while position < bytes.count {
      let byte = bytes[position]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
      position += 1
    }
  }

  /// The next non-whitespace byte, without consuming it.
  @inline(__always)
  mutating func peek(_ expectation: @autoclosure () -> String) throws(CodecError) -> UInt8 {
    skipWhitespace()
    guard position < bytes.count else { throw unexpectedEnd(expectation()) }
    return bytes[position]
  }

  @inline(__always)
  mutating func expect(_ byte: UInt8, _ expectation: @autoclosure () -> String) throws(CodecError) {
    let found = try peek(expectation())
    guard found == byte else { throw unexpected(expectation()) }
    position += 1
  }

  /// After a member: true for `,` (another member follows), false for the closing byte.
  ///
  /// A comma right before the closing byte is named as a trailing comma, at the comma: people
  /// (and some emitters) write them, and "expected a key, found '}'" hides what to remove.
  @inline(__always)
  mutating func nextMember(closing: UInt8, _ container: @autoclosure () -> String) throws(CodecError) -> Bool {
    let found = try peek("\",\" or \"\(Character(Unicode.Scalar(closing)))\" in \(container())")
    position += 1
    if found == UInt8(ascii: ",") {
      let comma = position - 1
      // No throwing peek: a line that ends after the comma keeps its end-of-line error.
      skipWhitespace()
      if position < bytes.count && bytes[position] == closing {
        throw error(.syntax, at: comma, "a trailing comma before \"\(Character(Unicode.Scalar(closing)))\" (JSON allows none)")
      }
      return true
    }
    if found == closing { return false }
    position -= 1
    throw unexpected("\",\" or \"\(Character(Unicode.Scalar(closing)))\" in \(container())")
  }

  /// Refuses a byte order mark at the current position, naming it: editors on Windows add one
  /// silently, and "found byte 0xEF" does not tell anyone what to change.
  ///
  /// - Parameters:
  ///   - subject: what starts with it, e.g. "the trace" or "the document".
  ///   - remedy: what to do about it.
  func refuseByteOrderMark(_ subject: String, _ remedy: String = "save it without one") throws(CodecError) {
    guard UnsafeRawBufferPointer(rebasing: bytes[position...]).starts(with: UTF8Validation.byteOrderMark) else { return }
    throw error(.syntax, at: position, "\(subject) starts with a UTF-8 byte order mark (EF BB BF); \(remedy)")
  }

  func unexpected(_ expectation: String) -> CodecError {
    error(.syntax, at: position, "expected \(expectation), found \(describeByte(at: position))")
  }

  func describeByte(at position: Int) -> String {
    guard position < bytes.count else { return "the end of the line" }
    let byte = bytes[position]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  /// What kind of JSON value starts at the current position, for wrong-type messages.
  func describeValue(at position: Int) -> String {
    guard position < bytes.count else { return "nothing" }
    switch bytes[position] {
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    default: return describeByte(at: position)
    }
  }

  // MARK: - Strings

  /// A string token: either a span of the line (no escapes) or unescaped bytes.
  enum StringToken {
    case span(Range<Int>)
    case unescaped([UInt8])
  }

  /// Reads a string; the current byte must be `"`.
  @inline(__always)
  mutating func readStringToken() throws(CodecError) -> StringToken {
    let open = position
    position += 1
    let start = position
    var sawHighBit = false
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let range = start..<position
        position += 1
        if range.count > options.maxStringLength {
          throw error(.stringTooLong, at: open, "the string is \(range.count) bytes, more than the limit of \(options.maxStringLength)")
        }
        if sawHighBit, let bad = UTF8Validation.firstInvalidOffset(UnsafeRawBufferPointer(rebasing: bytes[range])) {
          throw error(.invalidUTF8, at: start + bad, "the string is not valid UTF-8 (byte 0x\(String(bytes[start + bad], radix: 16, uppercase: true)))")
        }
        return .span(range)
      }
      if byte == UInt8(ascii: "\\") { return try readEscapedString(open: open, start: start) }
      if byte < 0x20 {
        throw error(.syntax, at: position, "a control character (0x\(String(byte, radix: 16, uppercase: true))) must be escaped inside a string")
      }
      if byte >= 0x80 { sawHighBit = true }
      position += 1
    }
    throw unexpectedEnd("the closing quote of the string that starts at column \(open + 1)")
  }

  private mutating func readEscapedString(open: Int, start: Int) throws(CodecError) -> StringToken {
    var out: [UInt8] = []
    try appendRawRun(start..<position, to: &out)
    var rawStart = position  // start of the pending unescaped run
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        try appendRawRun(rawStart..<position, to: &out)
        position += 1
        if position - open - 2 > options.maxStringLength {
          throw error(.stringTooLong, at: open, "the string is \(position - open - 2) bytes, more than the limit of \(options.maxStringLength)")
        }
        return .unescaped(out)
      }
      if byte < 0x20 {
        throw error(.syntax, at: position, "a control character (0x\(String(byte, radix: 16, uppercase: true))) must be escaped inside a string")
      }
      if byte != UInt8(ascii: "\\") {
        position += 1
        continue
      }
      try appendRawRun(rawStart..<position, to: &out)
      let escapeStart = position
      position += 1
      guard position < bytes.count else { throw unexpectedEnd("an escape sequence") }
      let escaped = bytes[position]
      position += 1
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try readHex4(escapeStart)
        if scalar >= 0xD800 && scalar < 0xDC00 {
          // A high surrogate must be followed by an escaped low surrogate; the line may end first.
          if position == bytes.count || (position + 1 == bytes.count && bytes[position] == UInt8(ascii: "\\")) {
            position = bytes.count
            throw unexpectedEnd("the low surrogate escape after \\u\(String(scalar, radix: 16, uppercase: true))")
          }
          guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
            throw error(.invalidUTF8, at: escapeStart, "\\u\(String(scalar, radix: 16, uppercase: true)) is a lone high surrogate; it must be followed by a low surrogate escape")
          }
          position += 2
          let low = try readHex4(position - 2)
          guard low >= 0xDC00 && low < 0xE000 else {
            throw error(.invalidUTF8, at: escapeStart, "\\u\(String(scalar, radix: 16, uppercase: true)) is followed by \\u\(String(low, radix: 16, uppercase: true)), not a low surrogate")
          }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if scalar >= 0xDC00 && scalar < 0xE000 {
          throw error(.invalidUTF8, at: escapeStart, "\\u\(String(scalar, radix: 16, uppercase: true)) is a lone low surrogate")
        }
        appendUTF8(scalar, to: &out)
      default:
        throw error(.syntax, at: escapeStart, "\\\(Character(Unicode.Scalar(escaped))) is not a JSON escape (use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)")
      }
      rawStart = position
    }
    throw unexpectedEnd("the closing quote of the string that starts at column \(open + 1)")
  }

  private mutating func readHex4(_ escapeStart: Int) throws(CodecError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count else { throw unexpectedEnd("four hex digits after \\u") }
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error(.syntax, at: escapeStart, "\\u must be followed by four hex digits")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  private func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80: out.append(UInt8(scalar))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | scalar >> 6))
      out.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | scalar >> 12))
      out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      out.append(UInt8(0x80 | scalar & 0x3F))
    default:
      out.append(UInt8(0xF0 | scalar >> 18))
      out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      out.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// Appends an unescaped run of a string, which must be valid UTF-8 on its own (escapes are ASCII,
  /// so a valid sequence never spans one); an error points at the first bad byte.
  private func appendRawRun(_ range: Range<Int>, to out: inout [UInt8]) throws(CodecError) {
    let run = UnsafeRawBufferPointer(rebasing: bytes[range])
    if let bad = UTF8Validation.firstInvalidOffset(run) {
      throw error(.invalidUTF8, at: range.lowerBound + bad, "the string is not valid UTF-8 (byte 0x\(String(run[bad], radix: 16, uppercase: true)))")
    }
    out.append(contentsOf: run)
  }

  /// Reads a string value as a Swift String.
  @inline(__always)
  mutating func readString() throws(CodecError) -> String {
    switch try readStringToken() {
    case .span(let range): return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    case .unescaped(let out): return String(decoding: out, as: UTF8.self)
    }
  }

  // MARK: - Numbers

  /// A scanned number: its span, whether it has no fraction or exponent, and its value when it is
  /// such an integer of at most 18 digits.
  struct NumberToken {
    var range: Range<Int>
    var isInteger: Bool
    var integer: Int64?
    var isNegative: Bool
  }

  /// Scans a number by the JSON grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  @inline(__always)
  mutating func scanNumber() throws(CodecError) -> NumberToken {
    let start = position
    var negative = false
    if bytes[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    let digitsStart = position
    var magnitude: Int64 = 0
    while position < bytes.count {
      let digit = bytes[position] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      if position - digitsStart < 18 { magnitude = magnitude * 10 + Int64(digit) }
      position += 1
    }
    let digitCount = position - digitsStart
    guard digitCount > 0 else {
      if position >= bytes.count { throw unexpectedEnd("digits of a number") }
      throw error(.syntax, at: position, "a number needs digits after its sign")
    }
    if digitCount > 1 && bytes[digitsStart] == UInt8(ascii: "0") {
      throw error(.syntax, at: digitsStart, "a JSON number has no leading zeros")
    }
    var isInteger = true
    if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      let fractionStart = position
      while position < bytes.count && bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
      if position == fractionStart {
        if position >= bytes.count { throw unexpectedEnd("digits after the decimal point") }
        throw error(.syntax, at: position, "a decimal point must be followed by digits")
      }
    }
    if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
      isInteger = false
      position += 1
      if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
      let exponentStart = position
      while position < bytes.count && bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
      if position == exponentStart {
        if position >= bytes.count { throw unexpectedEnd("the digits of an exponent") }
        throw error(.syntax, at: position, "an exponent needs digits")
      }
    }
    var integer: Int64? = nil
    if isInteger {
      // Up to 18 digits always fit; longer ones are parsed exactly, and nil when beyond Int64.
      integer = digitCount <= 18 ? (negative ? -magnitude : magnitude) : Int64(text(start..<position))
    }
    return NumberToken(range: start..<position, isInteger: isInteger, integer: integer, isNegative: negative)
  }

  /// Reads an integer in `range` for the field `name`.
  @inline(__always)
  mutating func readInteger(_ name: @autoclosure () -> String, in range: ClosedRange<Int64>, typeName: @autoclosure () -> String) throws(CodecError) -> Int64 {
    let start = position
    let first = bytes[position]
    guard first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 else {
      throw error(.wrongType, at: start, "\(name()) must be an integer, not \(describeValue(at: start))")
    }
    let token = try scanNumber()
    guard token.isInteger else {
      throw error(.wrongType, at: start, "\(name()) must be an integer, not \(Excerpt.plain(text(token.range)))")
    }
    guard let value = token.integer, range.contains(value) else {
      throw error(.numberOutOfRange, at: start, "\(name()) is \(Excerpt.plain(text(token.range))), outside \(typeName()) (\(range.lowerBound)...\(range.upperBound))")
    }
    return value
  }

  /// Reads a finite number for the field `name`.
  mutating func readDouble(_ name: @autoclosure () -> String) throws(CodecError) -> Double {
    let start = position
    let first = bytes[position]
    guard first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 else {
      throw error(.wrongType, at: start, "\(name()) must be a number, not \(describeValue(at: start))")
    }
    let token = try scanNumber()
    return try double(from: token, name())
  }

  func double(from token: NumberToken, _ name: @autoclosure () -> String) throws(CodecError) -> Double {
    if let integer = token.integer, integer.magnitude < 1 << 53 {
      if integer == 0 && token.isNegative { return -0.0 }
      return Double(integer)
    }
    let literal = text(token.range)
    guard let value = Double(literal), value.isFinite else {
      throw error(.numberOutOfRange, at: token.range.lowerBound, "\(name()) is \(Excerpt.plain(literal)), out of range: \(WidgetValueSyntax.doubleOverflow(negative: token.isNegative))")
    }
    return value
  }

  func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// Reads `true` or `false`.
  mutating func readBool(_ name: @autoclosure () -> String) throws(CodecError) -> Bool {
    if matchLiteral("true") { return true }
    if matchLiteral("false") { return false }
    try checkLineEndsInsideLiteral()
    throw error(.wrongType, at: position, "\(name()) must be true or false, not \(describeValue(at: position))")
  }

  /// Throws `unexpectedEnd` (truncation on an unterminated last line) when the rest of the line is
  /// the start of `true`, `false` or `null`: the input stops inside the literal.
  func checkLineEndsInsideLiteral() throws(CodecError) {
    let rest = UnsafeRawBufferPointer(rebasing: bytes[position...])
    guard !rest.isEmpty && rest.count < 5 else { return }
    for literal in ["true", "false", "null"] where rest.count < literal.utf8.count {
      if literal.utf8.starts(with: rest) {
        var end = self
        end.position = bytes.count
        throw end.unexpectedEnd("the literal \(literal)")
      }
    }
  }

  mutating func matchLiteral(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for i in 0..<count where bytes[position + i] != literal.utf8Start[i] { return false }
    position += count
    return true
  }

  // MARK: - Skipping

  /// Skips any JSON value, refusing nesting deeper than the limit.
  mutating func skipValue(depth: Int) throws(CodecError) {
    guard depth <= options.maxNestingDepth else {
      throw error(.nestingTooDeep, at: position, "values nest deeper than \(options.maxNestingDepth) levels")
    }
    let first = try peek("a value")
    switch first {
    case UInt8(ascii: "\""): _ = try readStringToken()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      guard matchLiteral("true") || matchLiteral("false") || matchLiteral("null") else {
        try checkLineEndsInsideLiteral()
        throw unexpected("a value")
      }
    case UInt8(ascii: "{"):
      position += 1
      if try peek("a key or \"}\"") == UInt8(ascii: "}") {
        position += 1
        return
      }
      repeat {
        guard try peek("a key") == UInt8(ascii: "\"") else { throw unexpected("a key in quotes") }
        _ = try readStringToken()
        try expect(UInt8(ascii: ":"), "\":\" after the key")
        try skipValue(depth: depth + 1)
      } while try nextMember(closing: UInt8(ascii: "}"), "an object")
    case UInt8(ascii: "["):
      position += 1
      if try peek("a value or \"]\"") == UInt8(ascii: "]") {
        position += 1
        return
      }
      repeat {
        try skipValue(depth: depth + 1)
      } while try nextMember(closing: UInt8(ascii: "]"), "an array")
    default:
      throw unexpected("a value")
    }
  }
}

/// Where a line is, to build errors from positions within it (a value, so closures can keep it).
struct JSONErrorContext: Sendable {
  let lineNumber: Int
  let lineOffset: Int
  let recordIndex: Int?
  /// The line is the last of the input and has no newline: running out of bytes means truncation.
  let lineIsUnterminated: Bool

  func error(_ code: CodecError.Code, at position: Int, _ message: String) -> CodecError {
    CodecError(code, at: .line(lineNumber, column: position + 1, byte: lineOffset + position), record: recordIndex, message)
  }
}
