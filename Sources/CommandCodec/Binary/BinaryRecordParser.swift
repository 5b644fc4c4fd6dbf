/// Parses binary records out of bytes known to hold them whole; the decoding state between records.
///
/// Every error carries the absolute byte offset (`baseOffset` plus the position) and the index of
/// the record being parsed.
struct BinaryRecordParser {
  var numbering: CommandNumbering = .cmdtool
  let options: BinaryDecodingOptions

  private var strings: ContiguousArray<String> = []
  private var internedCount = 0
  private var previousTime: Double = 0
  // The ids the next command's are deltas from (read by BinaryRecordParser+Commands.swift).
  var previousInternalId: Int32 = 0
  var previousChildInternalId: Int32 = 0

  /// The absolute offset of byte 0 of the buffer being parsed.
  var baseOffset = 0
  /// The index of the record being parsed (nil while parsing the header).
  var recordIndex: Int? = nil

  init(options: BinaryDecodingOptions) {
    self.options = options
  }

  // MARK: - Errors

  @inline(never)
  func error(_ code: CodecError.Code, at position: Int, _ message: String) -> CodecError {
    CodecError(code, at: .byte(baseOffset + position), record: recordIndex, message)
  }

  @inline(__always)
  func varint(_ r: inout BinaryReader, _ what: @autoclosure () -> String) throws(CodecError) -> UInt64 {
    switch r.readVarint() {
    case .value(let v): return v
    case .truncated: throw error(.malformed, at: r.position, "the record ends inside \(what())")
    case .invalid(let nonCanonical):
      if nonCanonical { throw error(.nonCanonical, at: r.position, "\(what()) is an overlong varint; write the shortest form") }
      throw error(.malformed, at: r.position, "\(what()) is a varint of more than 64 bits")
    }
  }

  @inline(__always)
  func int32(_ r: inout BinaryReader, _ what: @autoclosure () -> String, base: Int32 = 0) throws(CodecError) -> Int32 {
    let start = r.position
    let value = Int64(base) &+ Int64(zigZag: try varint(&r, what()))
    guard let narrow = Int32(exactly: value) else {
      throw error(.numberOutOfRange, at: start, "\(what()) is \(value), outside Int32")
    }
    return narrow
  }

  // MARK: - Hot-path reads
  //
  // The command path names its fields with StaticStrings and builds messages only in cold,
  // non-inlined functions, so the decoding loop stays small and free of string work.

  // The hot readers are `mutating` although they change nothing: a non-mutating method called
  // from a mutating one gets a copy of the whole parser (145 bytes, a memcpy per field read).
  @inline(__always)
  mutating func varint(_ r: inout BinaryReader, field: StaticString) throws(CodecError) -> UInt64 {
    switch r.readVarint() {
    case .value(let v): return v
    case .truncated: throw varintFailure(at: r.position, field: field, truncated: true, nonCanonical: false)
    case .invalid(let nonCanonical): throw varintFailure(at: r.position, field: field, truncated: false, nonCanonical: nonCanonical)
    }
  }

  @inline(never)
  func varintFailure(at position: Int, field: StaticString, truncated: Bool, nonCanonical: Bool) -> CodecError {
    if truncated { return error(.malformed, at: position, "the record ends inside \(field)") }
    if nonCanonical { return error(.nonCanonical, at: position, "\(field) is an overlong varint; write the shortest form") }
    return error(.malformed, at: position, "\(field) is a varint of more than 64 bits")
  }

  @inline(__always)
  mutating func int32(_ r: inout BinaryReader, field: StaticString, base: Int32 = 0) throws(CodecError) -> Int32 {
    let start = r.position
    let value = Int64(base) &+ Int64(zigZag: try varint(&r, field: field))
    guard let narrow = Int32(exactly: value) else { throw rangeFailure(at: start, field: field, value: value, type: "Int32") }
    return narrow
  }

  @inline(never)
  func rangeFailure(at position: Int, field: StaticString, value: Int64, type: StaticString) -> CodecError {
    error(.numberOutOfRange, at: position, "\(field) is \(value), outside \(type)")
  }

  // MARK: - Header

  /// Parses the header record's payload (`r` spans exactly the payload).
  mutating func parseHeader(_ r: inout BinaryReader, version: Int) throws(CodecError) -> TraceHeader {
    var header = TraceHeader(version: version)
    let presenceStart = r.position
    let presence = try varint(&r, "the header's presence bits")
    if presence & ~BinaryFormat.knownHeaderBits != 0 {
      throw error(.unknownField, at: presenceStart, "the header sets presence bits 0x\(String(presence & ~BinaryFormat.knownHeaderBits, radix: 16)) that format version \(version) does not define")
    }
    if presence & BinaryFormat.headerNumberingBit != 0 {
      let start = r.position
      let name = try plainString(&r, "the header's numbering")
      guard CommandNumbering.named(name) != nil else {
        throw error(.unknownNumbering, at: start, "unknown numbering \(Excerpt.quoted(name)); known: \(CommandNumbering.all.map(\.name).joined(separator: ", "))")
      }
      header.numbering = name
    }
    if presence & BinaryFormat.headerCreatedBit != 0 { header.created = try plainString(&r, "the header's creation time") }
    if presence & BinaryFormat.headerCreatorBit != 0 { header.creator = try plainString(&r, "the header's creator") }
    if presence & BinaryFormat.headerViewportBit != 0 {
      let width = try int32(&r, "the viewport width")
      let height = try int32(&r, "the viewport height")
      let scaleStart = r.position
      guard let scale = r.readDouble() else { throw error(.malformed, at: r.position, "the header ends inside the viewport scale") }
      guard scale.isFinite && scale >= 0 else { throw error(.invalidValue, at: scaleStart, "the viewport scale \(scale) is not a finite, non-negative number") }
      header.viewport = Viewport(width: width, height: height, scale: scale)
    }
    if presence & BinaryFormat.headerPreferencesBit != 0 {
      let countStart = r.position
      let count = try varint(&r, "the preference count")
      guard count <= UInt64(r.remaining / 2) else {
        throw error(.malformed, at: countStart, "the header declares \(count) preferences but has room for at most \(r.remaining / 2)")
      }
      var previousKey: [UInt8]? = nil
      for _ in 0..<count {
        let keyStart = r.position
        let key = try plainString(&r, "a preference key")
        let keyBytes = Array(key.utf8)
        if let previousKey, !previousKey.lexicographicallyPrecedes(keyBytes) {
          if previousKey == keyBytes { throw error(.duplicateKey, at: keyStart, "preference \(Excerpt.quoted(key)) appears twice") }
          throw error(.nonCanonical, at: keyStart, "preferences must be sorted by key; \(Excerpt.quoted(key)) comes too late")
        }
        previousKey = keyBytes
        let value = try plainString(&r, "the value of preference \(Excerpt.quoted(key))")
        guard header.preferences.updateValue(value, forKey: key) == nil else {
          throw error(.duplicateKey, at: keyStart, "preference \(Excerpt.quoted(key)) appears twice (keys equal after Unicode normalization count as one)")
        }
      }
    }
    if presence & BinaryFormat.headerWidgetsBit != 0 {
      let name = try plainString(&r, "the header's widget schema name")
      let start = r.position
      let fingerprint = try plainString(&r, "the header's widget schema fingerprint")
      guard WidgetSchemaReference.isFingerprint(fingerprint) else {
        throw error(.invalidValue, at: start, "the widget schema fingerprint must be \"fnv1a64:\" and 16 lower-case hex digits, not \(Excerpt.quoted(fingerprint))")
      }
      header.widgets = WidgetSchemaReference(name: name, fingerprint: fingerprint)
    }
    guard r.isAtEnd else { throw error(.malformed, at: r.position, "\(r.remaining) bytes are left over at the end of the header") }
    return header
  }

  /// A length-prefixed string without interning, as the header writes them.
  private func plainString(_ r: inout BinaryReader, _ what: @autoclosure () -> String) throws(CodecError) -> String {
    let start = r.position
    let length = try varint(&r, "the length of \(what())")
    return try utf8String(&r, length: length, lengthStart: start, what())
  }

  @inline(__always)
  private func utf8String(_ r: inout BinaryReader, length: UInt64, lengthStart: Int, _ what: @autoclosure () -> String) throws(CodecError) -> String {
    guard length <= UInt64(options.maxStringLength) else {
      throw error(.stringTooLong, at: lengthStart, "\(what()) declares \(length) bytes, more than the limit of \(options.maxStringLength)")
    }
    let bytesStart = r.position
    guard let bytes = r.readBytes(count: Int(length)) else {
      throw error(.malformed, at: bytesStart, "\(what()) declares \(length) bytes but the record has \(r.remaining) left")
    }
    if let bad = UTF8Validation.firstInvalidOffset(bytes) {
      throw error(.invalidUTF8, at: bytesStart + bad, "\(what()) is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16)))")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: - Strings with interning

  /// Why a string could not be read: the fast path only records it, a cold function words it.
  private enum StringFailure {
    case varint(position: Int, truncated: Bool, nonCanonical: Bool)
    case badSlot(start: Int, slot: UInt64)
    case empty(start: Int)
    case tooLong(start: Int, length: UInt64)
    case internedTooLong(start: Int, length: UInt64)
    case pastEnd(start: Int, length: UInt64, remaining: Int)
    case invalidUTF8(position: Int, byte: UInt8)
  }

  /// Reads a string (literal, interned literal or reference); a failure is returned, not thrown.
  @inline(__always)
  private mutating func readString(_ r: inout BinaryReader, into value: inout String) -> StringFailure? {
    let start = r.position
    let head: UInt64
    switch r.readVarint() {
    case .value(let v): head = v
    case .truncated: return .varint(position: r.position, truncated: true, nonCanonical: false)
    case .invalid(let nonCanonical): return .varint(position: r.position, truncated: false, nonCanonical: nonCanonical)
    }
    if head & 1 == 1 {
      let slot = head >> 1
      guard slot < UInt64(min(internedCount, BinaryFormat.stringTableCapacity)) else { return .badSlot(start: start, slot: slot) }
      value = strings[Int(slot)]
      return nil
    }
    let length = head >> 2
    guard length != 0 else { return .empty(start: start) }
    guard length <= UInt64(options.maxStringLength) else { return .tooLong(start: start, length: length) }
    let interned = head & 0b10 != 0
    if interned && length > UInt64(BinaryFormat.maxInternedLength) { return .internedTooLong(start: start, length: length) }
    guard let bytes = r.readBytes(count: Int(length)) else { return .pastEnd(start: r.position, length: length, remaining: r.remaining) }
    if !UTF8Validation.isASCII(bytes), let bad = UTF8Validation.firstInvalidOffset(bytes) {
      return .invalidUTF8(position: r.position - Int(length) + bad, byte: bytes[bad])
    }
    value = String(decoding: bytes, as: UTF8.self)
    if interned { intern(value) }
    return nil
  }

  @inline(never)
  private func stringError(_ failure: StringFailure, _ what: String) -> CodecError {
    switch failure {
    case .varint(let position, let truncated, let nonCanonical):
      if truncated { return error(.malformed, at: position, "the record ends inside \(what)") }
      if nonCanonical { return error(.nonCanonical, at: position, "\(what) is an overlong varint; write the shortest form") }
      return error(.malformed, at: position, "\(what) is a varint of more than 64 bits")
    case .badSlot(let start, let slot):
      let available = min(internedCount, BinaryFormat.stringTableCapacity)
      return error(.malformed, at: start, "\(what) refers to string slot \(slot), but only \(available) slots are filled")
    case .empty(let start):
      return error(.nonCanonical, at: start, "\(what) is an empty string; leave its presence bit clear instead")
    case .tooLong(let start, let length):
      return error(.stringTooLong, at: start, "\(what) declares \(length) bytes, more than the limit of \(options.maxStringLength)")
    case .internedTooLong(let start, let length):
      return error(.malformed, at: start, "\(what) is interned but \(length) bytes long; at most \(BinaryFormat.maxInternedLength) may be")
    case .pastEnd(let start, let length, let remaining):
      return error(.malformed, at: start, "\(what) declares \(length) bytes but the record has \(remaining) left")
    case .invalidUTF8(let position, let byte):
      return error(.invalidUTF8, at: position, "\(what) is not valid UTF-8 (byte 0x\(String(byte, radix: 16)))")
    }
  }

  /// A string of a command field (hot path).
  @inline(__always)
  mutating func string(_ r: inout BinaryReader, field: StaticString) throws(CodecError) -> String {
    var value = ""
    if let failure = readString(&r, into: &value) { throw stringError(failure, field.description) }
    return value
  }

  /// A string of an event or a marker.
  private mutating func string(_ r: inout BinaryReader, _ what: @autoclosure () -> String) throws(CodecError) -> String {
    var value = ""
    if let failure = readString(&r, into: &value) { throw stringError(failure, what()) }
    return value
  }

  private mutating func intern(_ value: String) {
    if internedCount < BinaryFormat.stringTableCapacity {
      strings.append(value)
    } else {
      strings[internedCount % BinaryFormat.stringTableCapacity] = value
    }
    internedCount += 1
  }

  // MARK: - Records

  /// Parses one record's payload (`r` spans exactly the payload).
  ///
  /// A batch's commands are appended to `commands` (the caller's reusable storage) and reported
  /// as ``ParsedRecord/batch(time:)``; other records come whole.
  mutating func parseRecord(kind: BinaryFormat.RecordKind, _ r: inout BinaryReader, commands: inout [Command]) throws(CodecError) -> ParsedRecord {
    let time = try readTime(&r)
    let record: TraceRecord
    switch kind {
    case .batch:
      try parseBatch(&r, into: &commands)
      guard r.isAtEnd else { throw error(.malformed, at: r.position, "\(r.remaining) bytes are left over at the end of the record") }
      return .batch(time: time)
    case .event: record = try parseEvent(&r, time: time)
    case .modalResult:
      let dialog = try int32(&r, "the dialog id")
      let value = try int32(&r, "the modal result")
      record = TraceRecord(time: time, .modalResult(dialog: dialog, value: value))
    case .marker:
      let start = r.position
      let presence = try varint(&r, "the marker's presence bits")
      guard presence & ~0b11 == 0 else { throw error(.unknownField, at: start, "the marker sets presence bits beyond its label and detail") }
      let label = presence & 1 != 0 ? try string(&r, "the marker label") : ""
      let detail = presence & 2 != 0 ? try string(&r, "the marker detail") : ""
      record = TraceRecord(time: time, .marker(label: label, detail: detail))
    }
    guard r.isAtEnd else { throw error(.malformed, at: r.position, "\(r.remaining) bytes are left over at the end of the record") }
    return .record(record)
  }

  @inline(__always)
  private mutating func readTime(_ r: inout BinaryReader) throws(CodecError) -> Double {
    let start = r.position
    let head = try varint(&r, field: "the record time")
    let time: Double
    if head & 1 == 0 {
      time = previousTime + Double(head >> 1)
    } else {
      guard head == 1, let absolute = r.readDouble() else { throw timeFormFailure(head, at: start, position: r.position) }
      time = absolute
    }
    if let failure = TraceTime.validate(time, after: previousTime) { throw error(failure.code, at: start, failure.message) }
    previousTime = time
    return time == 0 ? 0 : time  // an absolute -0.0 reads as 0, as in JSON
  }

  @inline(never)
  private func timeFormFailure(_ head: UInt64, at start: Int, position: Int) -> CodecError {
    if head != 1 { return error(.malformed, at: start, "the record time has an unknown form 0x\(String(head, radix: 16))") }
    return error(.malformed, at: position, "the record ends inside its time")
  }

  private mutating func parseEvent(_ r: inout BinaryReader, time: Double) throws(CodecError) -> TraceRecord {
    let kindStart = r.position
    let code = try varint(&r, "the event class")
    guard code <= UInt64(UInt8.max), let kind = EventKind(rawValue: UInt8(code)) else {
      throw error(.unknownEventType, at: kindStart, "event class code \(code) does not exist (codes 1–\(EventKind.allCases.count))")
    }
    let target = try int32(&r, "the event target")
    let descriptors = kind.fields
    let presenceStart = r.position
    let presence = try varint(&r, "the presence bits of \(kind.name)")
    if descriptors.count < 64 && presence >> UInt64(descriptors.count) != 0 {
      throw error(.unknownField, at: presenceStart, "\(kind.name) has \(descriptors.count) fields but sets presence bit \(63 - presence.leadingZeroBitCount)")
    }
    var values = [EventFieldValue?](repeating: nil, count: descriptors.count)
    for (index, descriptor) in descriptors.enumerated() where presence & (1 << UInt64(index)) != 0 {
      let start = r.position
      let what = "\(kind.name).\(descriptor.name)"
      let value: EventFieldValue
      switch descriptor.type {
      case .int32: value = .int32(try int32(&r, what))
      case .uint32:
        let raw = try varint(&r, what)
        guard let narrow = UInt32(exactly: raw) else { throw error(.numberOutOfRange, at: start, "\(what) is \(raw), outside UInt32") }
        value = .uint32(narrow)
      case .int64: value = .int64(Int64(zigZag: try varint(&r, what)))
      case .bool: value = .bool(true)
      case .double:
        guard let double = r.readDouble() else { throw error(.malformed, at: start, "the record ends inside \(what)") }
        value = .double(double)
      case .string: value = .string(try string(&r, what))
      case .bytes:
        let length = try varint(&r, "the length of \(what)")
        guard length <= UInt64(options.maxStringLength) else {
          throw error(.stringTooLong, at: start, "\(what) declares \(length) bytes, more than the limit of \(options.maxStringLength)")
        }
        guard let bytes = r.readBytes(count: Int(length)) else {
          throw error(.malformed, at: start, "\(what) declares \(length) bytes but the record has \(r.remaining) left")
        }
        value = .bytes(Array(bytes))
      }
      if value.isDefault {
        throw error(.nonCanonical, at: start, "\(what) is present with its default value; leave its presence bit clear instead")
      }
      values[index] = value
    }
    let event = try EventFieldAssigner.makeEvent(kind) { index, _, _ in values[index] }
    return TraceRecord(time: time, .event(target: target, event))
  }
}
