/// Writes a trace in the binary format (`docs/BINARY_FORMAT.md`): header, then one record at a time.
///
/// The encoder is stateful (the interning table, the previous time and ids), so records must be
/// encoded in order with one encoder, exactly as a decoder will read them.
///
/// ```swift
/// var encoder = BinaryTraceEncoder()
/// var bytes: [UInt8] = []
/// try encoder.encodeHeader(TraceHeader(), into: &bytes)
/// try encoder.encode(.batch([Command(.createButton, internalId: 2, childInternalId: 5)], at: 0), into: &bytes)
/// ```
public struct BinaryTraceEncoder: Sendable {
  /// The numbering whose codes the encoder writes (the toolkit's own by default).
  public let numbering: CommandNumbering
  /// Which strings go into the interning table.
  public let interning: StringInterning
  /// The largest record the encoder writes; larger ones are refused as decoders would refuse them.
  public let maxRecordLength: Int
  /// The longest string the encoder writes.
  public let maxStringLength: Int

  /// The widget schema whose codes custom commands are written with (docs/WIDGETS.md §6.1).
  public let widgets: WidgetSchema?

  private var strings = EncoderStringTable()
  private var previousTime: Double = 0
  private var previousInternalId: Int32 = 0
  private var previousChildInternalId: Int32 = 0
  private var failed = false

  public init(
    numbering: CommandNumbering = .cmdtool, interning: StringInterning = .repeatingFields,
    limits: BinaryDecodingOptions = BinaryDecodingOptions(), widgets: WidgetSchema? = nil
  ) {
    self.widgets = widgets ?? limits.widgets
    self.numbering = numbering
    self.interning = interning
    self.maxRecordLength = limits.maxRecordLength
    self.maxStringLength = limits.maxStringLength
  }

  /// Appends the magic, the version, the numbering and the header record to `out`.
  ///
  /// - Throws: `unsupportedVersion` for a header version this encoder does not write, and what a
  ///   decoder would refuse: `unknownNumbering` for an unknown numbering name, `invalidValue` for a
  ///   negative or non-finite viewport scale, `stringTooLong` and `recordTooLong` past the limits.
  ///   Nothing is appended when it throws.
  public mutating func encodeHeader(_ header: TraceHeader, into out: inout [UInt8]) throws(CodecError) {
    guard header.version == Int(BinaryFormat.version) else {
      throw CodecError(.unsupportedVersion, at: .byte(out.count), "this encoder writes format version \(BinaryFormat.version), not \(header.version)")
    }
    if let numbering = header.numbering, CommandNumbering.named(numbering) == nil {
      throw CodecError(.unknownNumbering, at: .byte(out.count), "unknown numbering \(Excerpt.quoted(numbering)); known: \(CommandNumbering.all.map(\.name).joined(separator: ", "))")
    }
    if let failure = header.viewport?.scaleFailure { throw CodecError(.invalidValue, at: .byte(out.count), failure) }
    if let named = header.widgets {
      guard WidgetSchemaReference.isFingerprint(named.fingerprint) else {
        throw CodecError(.invalidValue, at: .byte(out.count), "the widget schema fingerprint must be \"fnv1a64:\" and 16 lower-case hex digits, not \(Excerpt.quoted(named.fingerprint))")
      }
      // Custom opcodes are the header's schema's: another schema would write other codes.
      if let widgets, widgets.fingerprint != named.fingerprint {
        throw CodecError(.schemaMismatch, at: .byte(out.count), "the header names widget schema \(named) but the encoder was given \(widgets.reference)")
      }
    }
    let strings = [header.numbering, header.created, header.creator, header.widgets?.name].compactMap { $0 } + header.preferences.flatMap { [$0.key, $0.value] }
    if let long = strings.first(where: { $0.utf8.count > maxStringLength }) {
      throw CodecError(.stringTooLong, at: .byte(out.count), "a header string of \(long.utf8.count) bytes is longer than the limit of \(maxStringLength)")
    }
    var payload: [UInt8] = []
    var presence: UInt64 = 0
    if header.numbering != nil { presence |= BinaryFormat.headerNumberingBit }
    if header.created != nil { presence |= BinaryFormat.headerCreatedBit }
    if header.creator != nil { presence |= BinaryFormat.headerCreatorBit }
    if header.viewport != nil { presence |= BinaryFormat.headerViewportBit }
    if !header.preferences.isEmpty { presence |= BinaryFormat.headerPreferencesBit }
    if header.widgets != nil { presence |= BinaryFormat.headerWidgetsBit }
    payload.writeVarint(presence)
    if let numbering = header.numbering { payload.writeLengthPrefixed(numbering) }
    if let created = header.created { payload.writeLengthPrefixed(created) }
    if let creator = header.creator { payload.writeLengthPrefixed(creator) }
    if let viewport = header.viewport {
      payload.writeZigZag(Int64(viewport.width))
      payload.writeZigZag(Int64(viewport.height))
      payload.writeDouble(viewport.scale)
    }
    if !header.preferences.isEmpty {
      let sorted = header.sortedPreferences
      payload.writeVarint(UInt64(sorted.count))
      for (key, value) in sorted {
        payload.writeLengthPrefixed(key)
        payload.writeLengthPrefixed(value)
      }
    }
    if let named = header.widgets {
      payload.writeLengthPrefixed(named.name)
      payload.writeLengthPrefixed(named.fingerprint)
    }
    guard payload.count <= maxRecordLength else {
      throw CodecError(.recordTooLong, at: .byte(out.count), "the header is \(payload.count) bytes, more than the limit of \(maxRecordLength)")
    }
    out.append(contentsOf: BinaryFormat.magic)
    out.append(BinaryFormat.version)
    out.append(numbering.id)
    out.writeVarint(UInt64(payload.count))
    out.append(contentsOf: payload)
  }

  /// Appends one record to `out`.
  ///
  /// - Throws: `invalidValue` or `timeGoesBackwards` for a bad time, `unknownCommandType` for a
  ///   type the numbering lacks, `stringTooLong` and `recordTooLong` past the limits. Nothing is
  ///   appended when it throws; after `recordTooLong` the encoder refuses further records.
  public mutating func encode(_ record: TraceRecord, into out: inout [UInt8]) throws(CodecError) {
    guard !failed else {
      throw CodecError(.invalidValue, at: .byte(out.count), "the encoder stopped after an earlier record was too long")
    }
    if let failure = TraceTime.validate(record.time, after: previousTime) {
      throw CodecError(failure.code, at: .byte(out.count), failure.message)
    }
    // One pass checks what decoders would refuse and bounds the record's size; then the record
    // is written through a cursor into that much reserved space.
    let bound = try precheck(record, at: out.count)
    let offset = out.count
    try RawWriter.withReservedSpace(in: &out, bound: bound) { (writer: inout RawWriter) throws(CodecError) in
      try write(record, into: &writer, offset: offset)
    }
  }

  // MARK: - Records

  private mutating func write(_ record: TraceRecord, into w: inout RawWriter, offset: Int) throws(CodecError) {
    let kind: BinaryFormat.RecordKind
    switch record.body {
    case .batch: kind = .batch
    case .event: kind = .event
    case .modalResult: kind = .modalResult
    case .marker: kind = .marker
    }
    w.byte(kind.rawValue)
    w.byte(0)  // the length, patched below
    let payloadStart = w.position
    writeTime(record.time, into: &w)
    switch record.body {
    case .batch(let commands):
      w.varint(UInt64(commands.count))
      // Through a pointer: passing `commands[index]` copies the command (six strings retained
      // and released), since the writer mutates `self` while the array is borrowed.
      commands.withUnsafeBufferPointer { commands in
        guard let base = commands.baseAddress else { return }
        for index in commands.indices { writeCommand(base + index, into: &w) }
      }
    case .event(let target, let event):
      w.varint(UInt64(event.kind.rawValue))
      w.zigZag(Int64(target))
      writeEventFields(event, into: &w)
    case .modalResult(let dialog, let value):
      w.zigZag(Int64(dialog))
      w.zigZag(Int64(value))
    case .marker(let label, let detail):
      w.varint((label.isEmpty ? 0 : 1) | (detail.isEmpty ? 0 : 2))
      let intern = interning == .all
      if !label.isEmpty { writeString(label, intern: intern, into: &w) }
      if !detail.isEmpty { writeString(detail, intern: intern, into: &w) }
    }
    let length = w.position - payloadStart
    if length < 0x80 {
      w.base[payloadStart - 1] = UInt8(length)
      return
    }
    guard length <= maxRecordLength else {
      failed = true
      throw CodecError(.recordTooLong, at: .byte(offset), "the record is \(length) bytes, more than the limit of \(maxRecordLength)")
    }
    // Widen the one-byte length: move the payload up (the bound left room for it).
    let extra = [UInt8].varintSize(UInt64(length)) - 1
    UnsafeMutableRawPointer(w.base + payloadStart + extra).copyMemory(from: w.base + payloadStart, byteCount: length)
    var lengthWriter = RawWriter(base: w.base, position: payloadStart - 1)
    lengthWriter.varint(UInt64(length))
    w.position += extra
  }

  @inline(__always)
  private mutating func writeTime(_ time: Double, into w: inout RawWriter) {
    let time = time == 0 ? 0 : time  // -0 is 0
    if time.isSafeInteger, previousTime.isSafeInteger {
      w.varint(UInt64(time - previousTime) << 1)
    } else {
      w.byte(1)
      w.double(time)
    }
    previousTime = time
  }

  @inline(__always)
  private mutating func writeCommand(_ command: UnsafePointer<Command>, into w: inout RawWriter) {
    // `precheck` has made sure the numbering has every type of the batch.
    if command.pointee.type == .custom {
      w.varint(widgets?.command(named: command.pointee.customType)?.code ?? 0)
    } else {
      w.varint(UInt64(numbering.id == 0 ? command.pointee.type.rawValue : numbering.code(for: command.pointee.type) ?? 0))
    }
    var presence: UInt64 = 0
    if command.pointee.internalId != 0 { presence |= 1 << 0 }
    if command.pointee.childInternalId != 0 { presence |= 1 << 1 }
    if command.pointee.value != 0 { presence |= 1 << 2 }
    if !command.pointee.textValue.isEmpty { presence |= 1 << 3 }
    if !command.pointee.textValue2.isEmpty { presence |= 1 << 4 }
    if command.pointee.flags != 0 { presence |= 1 << 5 }
    if !command.pointee.key.isEmpty { presence |= 1 << 6 }
    if command.pointee.row != 0 { presence |= 1 << 7 }
    if command.pointee.column != 0 { presence |= 1 << 8 }
    if command.pointee.sheet != 0 { presence |= 1 << 9 }
    if command.pointee.width != 0 { presence |= 1 << 10 }
    if command.pointee.height != 0 { presence |= 1 << 11 }
    w.varint(presence)
    if presence == 0 { return }
    if presence & (1 << 0) != 0 {
      w.zigZag(Int64(command.pointee.internalId) - Int64(previousInternalId))
      previousInternalId = command.pointee.internalId
    }
    if presence & (1 << 1) != 0 {
      w.zigZag(Int64(command.pointee.childInternalId) - Int64(previousChildInternalId))
      previousChildInternalId = command.pointee.childInternalId
    }
    if presence & (1 << 2) != 0 { w.zigZag(Int64(command.pointee.value)) }
    if presence & (0b11 << 3) != 0 {
      let internMask = internedTextFields(command.pointee.type)
      if presence & (1 << 3) != 0 { writeString(command.pointee.textValue, intern: internMask & 1 != 0, into: &w) }
      if presence & (1 << 4) != 0 { writeString(command.pointee.textValue2, intern: internMask & 2 != 0, into: &w) }
    }
    if presence & ~0b11111 == 0 { return }
    if presence & (1 << 5) != 0 { w.varint(UInt64(command.pointee.flags)) }
    if presence & (1 << 6) != 0 { writeString(command.pointee.key, intern: interning != .none, into: &w) }
    if presence & (1 << 7) != 0 { w.zigZag(Int64(command.pointee.row)) }
    if presence & (1 << 8) != 0 { w.zigZag(Int64(command.pointee.column)) }
    if presence & (1 << 9) != 0 { w.varint(UInt64(command.pointee.sheet)) }
    if presence & (1 << 10) != 0 { w.zigZag(Int64(command.pointee.width)) }
    if presence & (1 << 11) != 0 { w.zigZag(Int64(command.pointee.height)) }
  }

  /// Bit 0: intern textValue; bit 1: intern textValue2.
  @inline(__always)
  private func internedTextFields(_ type: CommandType) -> UInt8 {
    switch interning {
    case .none: return 0
    case .all: return 0b11
    case .repeatingFields:
      switch type {
      case .setStyle: return 0b11
      case .updatePreference, .deletePreference, .addColumn, .addOption, .addSheet: return 0b01
      default: return 0
      }
    }
  }

  private mutating func writeEventFields(_ event: Event, into w: inout RawWriter) {
    let fields = EventFieldCollector.fields(of: event)
    var presence: UInt64 = 0
    for (index, field) in fields.enumerated() where !field.value.isDefault { presence |= 1 << UInt64(index) }
    w.varint(presence)
    let intern = interning == .all
    for field in fields where !field.value.isDefault {
      switch field.value {
      case .int32(let v): w.zigZag(Int64(v))
      case .uint32(let v): w.varint(UInt64(v))
      case .int64(let v): w.zigZag(v)
      case .bool: break  // presence alone says true
      case .double(let v): w.double(v)
      case .string(let v): writeString(v, intern: intern, into: &w)
      case .bytes(let v):
        w.varint(UInt64(v.count))
        v.withUnsafeBytes { w.bytes($0) }
      }
    }
  }

  // MARK: - Strings

  /// Writes a string as a literal (interned or not) or as a reference to an interned copy.
  @inline(__always)
  private mutating func writeString(_ string: String, intern: Bool, into w: inout RawWriter) {
    string.withUTF8Bytes { bytes in
      let length = bytes.count
      if intern && length <= BinaryFormat.maxInternedLength {
        let hash = EncoderStringTable.hash(bytes)
        if let slot = strings.slot(of: bytes, hash: hash) {
          w.varint(UInt64(slot) << 1 | 1)
          return
        }
        strings.intern(bytes, hash: hash)
        w.varint(UInt64(length) << 2 | 0b10)
      } else {
        w.varint(UInt64(length) << 2)
      }
      w.bytes(bytes)
    }
  }

  /// Refuses a record the decoders would refuse (a string too long, a type the numbering lacks)
  /// before anything is written, so that a refusal leaves the encoder's state untouched; returns
  /// an upper bound of the record's size.
  private func precheck(_ record: TraceRecord, at offset: Int) throws(CodecError) -> Int {
    @inline(__always) func check(_ length: Int) throws(CodecError) -> Int {
      if length > maxStringLength {
        throw CodecError(.stringTooLong, at: .byte(offset), "a string of \(length) bytes is longer than the limit of \(maxStringLength)")
      }
      return length + 10
    }
    // Kind, length (up to 10), time (up to 9) and a count (up to 10).
    var bound = 32
    switch record.body {
    case .batch(let commands):
      let checkCodes = numbering.id != CommandNumbering.cmdtool.id
      try commands.withUnsafeBufferPointer { (commands) throws(CodecError) in
        guard let base = commands.baseAddress else { return }
        for index in commands.indices {
          let command = base + index  // no copy of the command
          if command.pointee.type == .custom {
            try checkCustom(command.pointee, at: offset)
          } else if checkCodes && numbering.code(for: command.pointee.type) == nil {
            throw CodecError(.unknownCommandType, at: .byte(offset), "\(command.pointee.type.name) has no code in numbering \(numbering.name)")
          }
          // Opcode, presence and nine integers: at most 2 × 10 + 9 × 10 bytes.
          bound += 110
          bound += try check(command.pointee.textValue.utf8.count)
          bound += try check(command.pointee.textValue2.utf8.count)
          bound += try check(command.pointee.key.utf8.count)
        }
      }
    case .event(_, let event):
      bound += 20
      for field in EventFieldCollector.fields(of: event) {
        switch field.value {
        case .string(let s): bound += try check(s.utf8.count)
        case .bytes(let b): bound += try check(b.count)
        default: bound += 10
        }
      }
    case .modalResult: bound += 20
    case .marker(let label, let detail):
      bound += 10
      bound += try check(label.utf8.count)
      bound += try check(detail.utf8.count)
    }
    return bound
  }

  /// Refuses a custom command the schema cannot give an opcode.
  @inline(never)
  private func checkCustom(_ command: Command, at offset: Int) throws(CodecError) {
    guard let widgets else {
      throw CodecError(.unknownCommandType, at: .byte(offset), "\(Excerpt.quoted(command.customType)) is a custom widget's command; binary traces need its schema (--widgets) for its code")
    }
    guard let custom = widgets.command(named: command.customType) else {
      throw CodecError(.unknownCommandType, at: .byte(offset), "\(Excerpt.quoted(command.customType)) is not a command of widget schema \(widgets.reference)")
    }
    guard custom.code != nil else {
      throw CodecError(.unknownCommandType, at: .byte(offset), "\(custom.name) has no code in widget schema \(widgets.reference); binary traces need one (docs/WIDGETS.md §2.3)")
    }
  }
}
