/// The fast path for command lines in the canonical form ``JSONTraceEncoder`` writes (issue #15):
///
///     {"t":12,"type":"SET_STYLE","internalId":5,"textValue":"color","textValue2":"#fff"}
///     {"t":12,"batch":[{"type":"CREATE_BUTTON","internalId":2,"childInternalId":5},…]}
///
/// Keys are matched as fixed byte prefixes in the canonical order ("t", then "type" or "batch";
/// command keys in ``Command/Field`` order, each at most once), integers and strings without
/// escapes are read directly (a string with escapes by the general parser's own string reader).
/// It gives up on anything else — whitespace, another key order, an unknown or repeated key, a
/// flawed string (a bad escape, a control character, invalid UTF-8, over the limit), an integer out of range or written with a fraction or an exponent, a name that is not a
/// built-in command type (a widget schema's command), an empty batch, a time the general parser
/// would refuse — and the caller then parses the line again from its start with the general
/// parser, so that every error, place and edge case stays that parser's. Whatever it accepts, the
/// general parser accepts with the same record (tests decode lines both ways).
extension JSONLineParser {
  /// Decodes a canonical command line or batch, appending its commands to `commands`.
  ///
  /// - Returns: the record's time (normalized: -0 is 0), or nil when the line is not in canonical
  ///   form; `commands` is then as it was and the line must be parsed by ``parseLine``.
  mutating func parseCanonicalCommands(previousTime: Double, commands: inout [Command]) -> Double? {
    // The general parser holds keys and type names to the string limit too: below the longest,
    // its errors must be had.
    guard options.maxStringLength >= Self.longestCanonicalName else { return nil }
    let initialCount = commands.count
    let parsed = CanonicalTypeTable.slots.withUnsafeBufferPointer { slots in parseCanonicalBody(commands: &commands, slots) }
    guard let time = parsed, TraceTime.validate(time, after: previousTime) == nil
    else {
      if commands.count > initialCount { commands.removeSubrange(initialCount...) }
      return nil
    }
    return time == 0 ? 0 : time
  }

  /// The longest key or built-in type name the fast path matches, in bytes.
  static let longestCanonicalName = (CommandType.names + JSONKey.allCases.map(\.name)).map(\.utf8.count).max()!

  @inline(__always)
  private mutating func parseCanonicalBody(commands: inout [Command], _ slots: UnsafeBufferPointer<UInt64>) -> Double? {
    position = 0
    guard matchPrefix("{\"t\":"), let time = canonicalTime() else { return nil }
    if matchPrefix(",\"type\":") {
      commands.append(Command(.clear))
      guard canonicalCommand(into: &commands[commands.count - 1], slots), matchByte(UInt8(ascii: "}")) else { return nil }
    } else if matchPrefix(",\"batch\":[") {
      commands.reserveCapacity(commands.count + 1 + (bytes.count - position) / 64)
      repeat {
        guard matchPrefix("{\"type\":") else { return nil }
        commands.append(Command(.clear))
        guard canonicalCommand(into: &commands[commands.count - 1], slots), matchByte(UInt8(ascii: "}")) else { return nil }
      } while matchByte(UInt8(ascii: ","))
      guard matchPrefix("]}") else { return nil }
    } else {
      return nil
    }
    return position == bytes.count ? time : nil
  }

  /// The value of "t", read by the general parser's number scanner (so its value is the same); nil
  /// for anything but a number followed by ",".
  @inline(__always)
  private mutating func canonicalTime() -> Double? {
    guard position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 else { return nil }
    do throws(CodecError) {
      let token = try scanNumber()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return nil }
      return try double(from: token, "t")
    } catch {
      return nil
    }
  }

  /// Reads a command's members after `"type":`, up to its closing brace (not consumed).
  @inline(__always)
  private mutating func canonicalCommand(into command: inout Command, _ slots: UnsafeBufferPointer<UInt64>) -> Bool {
    guard let type = canonicalCommandType(slots) else { return false }
    command.type = type
    let int32Range = Int64(Int32.min)...Int64(Int32.max)
    if matchPrefix(",\"internalId\":") {
      guard let value = canonicalInteger(int32Range) else { return false }
      command.internalId = Int32(truncatingIfNeeded: value)
    }
    if matchPrefix(",\"childInternalId\":") {
      guard let value = canonicalInteger(int32Range) else { return false }
      command.childInternalId = Int32(truncatingIfNeeded: value)
    }
    if matchPrefix(",\"value\":") {
      guard let value = canonicalInteger(int32Range) else { return false }
      command.value = Int32(truncatingIfNeeded: value)
    }
    // The rarer fields only when something other than the closing brace follows.
    guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return true }
    if matchPrefix(",\"key\":") {
      guard let value = canonicalString() else { return false }
      command.key = value
    }
    if matchPrefix(",\"textValue\":") {
      guard let value = canonicalString() else { return false }
      command.textValue = value
    }
    if matchPrefix(",\"textValue2\":") {
      guard let value = canonicalString() else { return false }
      command.textValue2 = value
    }
    guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return true }
    if matchPrefix(",\"row\":") {
      guard let value = canonicalInteger(int32Range) else { return false }
      command.row = Int32(truncatingIfNeeded: value)
    }
    if matchPrefix(",\"column\":") {
      guard let value = canonicalInteger(int32Range) else { return false }
      command.column = Int32(truncatingIfNeeded: value)
    }
    if matchPrefix(",\"sheet\":") {
      guard let value = canonicalInteger(0...Int64(UInt16.max)) else { return false }
      command.sheet = UInt16(truncatingIfNeeded: value)
    }
    if matchPrefix(",\"width\":") {
      guard let value = canonicalInteger(int32Range) else { return false }
      command.width = Int32(truncatingIfNeeded: value)
    }
    if matchPrefix(",\"height\":") {
      guard let value = canonicalInteger(int32Range) else { return false }
      command.height = Int32(truncatingIfNeeded: value)
    }
    if matchPrefix(",\"flags\":") {
      guard let value = canonicalInteger(0...Int64(UInt32.max)) else { return false }
      command.flags = UInt32(truncatingIfNeeded: value)
    }
    return true
  }

  /// A built-in command type's name in quotes; nil for any other string or value.
  @inline(__always)
  private mutating func canonicalCommandType(_ slots: UnsafeBufferPointer<UInt64>) -> CommandType? {
    guard let range = canonicalNameSpan() else { return nil }
    // A name with an escape, a control character or a byte above 0x7F is no built-in name: the
    // lookup fails and the general parser reads the line.
    let type: CommandType?
    if range.lowerBound + PackedName.capacity <= bytes.count {
      type = CanonicalTypeTable.lookup(bytes, range, slots)
    } else {
      type = CommandType.lookup(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }
    guard let type else { return nil }
    position = range.upperBound + 1
    return type
  }

  /// The contents of the string at the current position (not consumed) up to the first quote,
  /// when that is at most ``PackedName/capacity`` bytes on: nil otherwise.
  @inline(__always)
  private func canonicalNameSpan() -> Range<Int>? {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
    let start = position + 1
    var index = start
    let count = bytes.count
    while index + 8 <= count && index - start <= PackedName.capacity {
      let quote = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x2222_2222_2222_2222
      let found = (quote &- 0x0101_0101_0101_0101) & ~quote & 0x8080_8080_8080_8080
      // The lowest flagged byte is always a quote (a borrow only flags bytes above one).
      if found != 0 { return start..<(index + found.trailingZeroBitCount / 8) }
      index += 8
    }
    while index < count && index - start <= PackedName.capacity {
      if bytes[index] == UInt8(ascii: "\"") { return start..<index }
      index += 1
    }
    return nil
  }

  /// A string without escapes or control characters, valid UTF-8 and within the length limit.
  @inline(__always)
  private mutating func canonicalString() -> String? {
    guard let range = canonicalStringSpan() else {
      // An escape or a flaw: the general parser's own reader, whose value is by construction the
      // one the general parser would give; any error sends the line to the general parser.
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
      do throws(CodecError) { return try readString() } catch { return nil }
    }
    let span = UnsafeRawBufferPointer(rebasing: bytes[range])
    guard range.count <= options.maxStringLength else { return nil }
    position = range.upperBound + 1
    return String(decoding: span, as: UTF8.self)
  }

  /// The contents of the string at the current position (not consumed), or nil when there is no
  /// string there or it has an escape, a control character or invalid UTF-8.
  @inline(__always)
  private func canonicalStringSpan() -> Range<Int>? {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
    let start = position + 1
    var index = start
    var high: UInt8 = 0
    let count = bytes.count
    // Eight bytes at a time while none is '"', '\\', a control character or above 0x7F.
    while index + 8 <= count {
      let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let quote = word ^ 0x2222_2222_2222_2222
      let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
      let special = ((quote &- 0x0101_0101_0101_0101) & ~quote)
        | ((backslash &- 0x0101_0101_0101_0101) & ~backslash)
        | ((word &- 0x2020_2020_2020_2020) & ~word)
        | word
      if special & 0x8080_8080_8080_8080 != 0 { break }
      index += 8
    }
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        if high >= 0x80 && UTF8Validation.firstInvalidOffset(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) != nil {
          return nil
        }
        return start..<index
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      high |= byte
      index += 1
    }
    return nil
  }

  /// A plain JSON integer in `range` (no fraction or exponent: the caller's next match fails on
  /// one); nil otherwise.
  @inline(__always)
  private mutating func canonicalInteger(_ range: ClosedRange<Int64>) -> Int64? {
    var index = position
    let count = bytes.count
    var negative = false
    if index < count && bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    let digitsStart = index
    var magnitude: Int64 = 0
    while index < count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      magnitude = magnitude * 10 + Int64(digit)
      index += 1
      if index - digitsStart > 10 { return nil }
    }
    let digitCount = index - digitsStart
    guard digitCount > 0, digitCount == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
    let value = negative ? -magnitude : magnitude
    guard range.contains(value) else { return nil }
    position = index
    return value
  }

  @inline(__always)
  private mutating func matchByte(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// Consumes `prefix` when the bytes at the current position spell it.
  @inline(__always)
  private mutating func matchPrefix(_ prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    let start = prefix.utf8Start
    if count >= 8 {
      // Eight bytes at a time, the last word overlapping the one before it.
      let expected = UnsafeRawPointer(start)
      var offset = 0
      while offset + 8 < count {
        guard bytes.loadUnaligned(fromByteOffset: position + offset, as: UInt64.self) == expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
        offset += 8
      }
      guard bytes.loadUnaligned(fromByteOffset: position + count - 8, as: UInt64.self) == expected.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) else { return false }
    } else {
      for i in 0..<count where bytes[position + i] != start[i] { return false }
    }
    position += count
    return true
  }
}

/// Built-in command type names in an open-addressed hash table of packed words, read straight
/// from the line: one hash and usually one comparison, where ``CommandType/lookup(_:)`` copies the
/// name and compares it with every name of its length.
enum CanonicalTypeTable {
  static let slotCount = 512
  /// Five words a slot: the name's four packed words, then its length << 8 | raw value + 1 (0 for
  /// an empty slot).
  static let slots: [UInt64] = {
    var slots = [UInt64](repeating: 0, count: slotCount * 5)
    for type in CommandType.allCases {
      let bytes = Array(type.name.utf8)
      var words: [UInt64] = [0, 0, 0, 0]
      for (index, byte) in bytes.enumerated() { words[index / 8] |= UInt64(byte) << UInt64(8 * (index % 8)) }
      var slot = CanonicalTypeTable.index(words[0], words[1], words[2], words[3], bytes.count)
      while slots[slot * 5 + 4] != 0 { slot = (slot + 1) & (slotCount - 1) }
      slots.replaceSubrange(slot * 5..<slot * 5 + 5, with: words + [UInt64(bytes.count) << 8 | (UInt64(type.rawValue) + 1)])
    }
    return slots
  }()

  @inline(__always)
  static func index(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ length: Int) -> Int {
    var hash = w0 &* 0x9E37_79B9_7F4A_7C15
    hash ^= w1 &* 0xC2B2_AE3D_27D4_EB4F
    hash ^= w2 &* 0x1656_67B1_9E37_79F9
    hash ^= w3 &* 0x27D4_EB2F_1656_67C5
    hash ^= UInt64(length)
    return Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 55)
  }

  /// The built-in type spelled by `bytes[range]`; the line must hold 32 bytes from its start.
  /// `slots` is ``slots``, fetched once a line.
  @inline(__always)
  static func lookup(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ slots: UnsafeBufferPointer<UInt64>) -> CommandType? {
    let length = range.count
    guard length <= PackedName.capacity else { return nil }
    @inline(__always) func word(_ index: Int) -> UInt64 {
      let remaining = length - 8 * index
      if remaining <= 0 { return 0 }
      let loaded = bytes.loadUnaligned(fromByteOffset: range.lowerBound + 8 * index, as: UInt64.self)
      return remaining >= 8 ? loaded : loaded & ((1 << UInt64(8 * remaining)) &- 1)
    }
    let w0 = word(0), w1 = word(1), w2 = word(2), w3 = word(3)
    var slot = index(w0, w1, w2, w3, length)
    while true {
      let meta = slots[slot * 5 + 4]
      if meta == 0 { return nil }
      if meta >> 8 == UInt64(length) && slots[slot * 5] == w0 && slots[slot * 5 + 1] == w1 && slots[slot * 5 + 2] == w2 && slots[slot * 5 + 3] == w3 {
        return CommandType(rawValue: UInt8(truncatingIfNeeded: meta & 0xFF) &- 1)
      }
      slot = (slot + 1) & (slotCount - 1)
    }
  }
}
