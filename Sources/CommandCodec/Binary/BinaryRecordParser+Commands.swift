/// A batch's commands: the hot loop of binary decoding (docs/BINARY_FORMAT.md §7).
extension BinaryRecordParser {
  /// Parses a batch's commands into `commands`, whose contents they replace.
  ///
  /// The commands already there are overwritten field by field rather than destroyed and made
  /// anew: in bulk decoding (one array for every batch) that spares, per command, the release of
  /// four strings and their re-initialization, most of them empty.
  mutating func parseBatch(_ r: inout BinaryReader, into commands: inout [Command]) throws(CodecError) {
    let countStart = r.position
    let count = try varint(&r, field: "the command count")
    // Every command takes at least two bytes: check before reserving room for them.
    guard count <= UInt64(r.remaining / 2) else {
      throw error(.malformed, at: countStart, "the batch declares \(count) commands but its record holds at most \(r.remaining / 2)")
    }
    let batchCount = Int(count)
    let reusable = min(commands.count, batchCount)
    if commands.count > batchCount { commands.removeLast(commands.count - batchCount) }
    commands.reserveCapacity(batchCount)
    for index in 0..<batchCount {
      // Decoded straight into the array's storage: no copy of the command afterwards.
      if index < reusable {
        try parseCommand(&r, over: &commands[index], resetting: true)
      } else {
        // A new command is at its defaults already: nothing to reset (a copy of the parsing
        // without the resets, since most batches of `next()` are new arrays).
        commands.append(Command(.clear))
        try parseCommand(&r, over: &commands[index], resetting: false)
      }
    }
  }

  /// Parses one command over `command`, setting every field (those absent to their default,
  /// when `resetting`; a new command is at its defaults already).
  @inline(__always)
  private mutating func parseCommand(_ r: inout BinaryReader, over command: inout Command, resetting: Bool) throws(CodecError) {
    let start = r.position
    let code = try varint(&r, field: "the command type")
    if let type = numbering.type(forCode: code) {
      command.type = type
      if resetting && !command.customType.isEmpty { command.customType = "" }
    } else {
      command.customType = try customCommand(code, at: start)
      command.type = .custom
    }
    let presenceStart = r.position
    let presence = try varint(&r, field: "the command's presence bits")
    if presence & ~BinaryFormat.knownCommandBits != 0 { throw unknownBits(presence, of: command, at: presenceStart) }
    // A set presence bit must carry a non-default value: one command, one encoding. The fields
    // found at their default are collected as they are read (a register, not a second look at the
    // command: reading the just-written command back stalled on store forwarding) and reported
    // after the whole command, so an error later in it still comes first.
    var defaults: UInt64 = 0
    // Integers are stored whether present or not (a store of 0 costs less than a branch).
    command.internalId = try optionalInt32(&r, presence: presence, bit: 0, field: "internalId", base: previousInternalId, defaults: &defaults)
    if presence & (1 << 0) != 0 { previousInternalId = command.internalId }
    command.childInternalId = try optionalInt32(&r, presence: presence, bit: 1, field: "childInternalId", base: previousChildInternalId, defaults: &defaults)
    if presence & (1 << 1) != 0 { previousChildInternalId = command.childInternalId }
    command.value = try optionalInt32(&r, presence: presence, bit: 2, field: "value", defaults: &defaults)
    // A string field is never empty once read: the reader refuses an empty string.
    if presence & (1 << 3) != 0 {
      command.textValue = try string(&r, field: "textValue")
    } else if resetting && !command.textValue.isEmpty {
      command.textValue = ""
    }
    if presence & (1 << 4) != 0 {
      command.textValue2 = try string(&r, field: "textValue2")
    } else if resetting && !command.textValue2.isEmpty {
      command.textValue2 = ""
    }
    if presence & ~0b11111 == 0 {
      if resetting {  // the rare fields, all absent
        command.flags = 0
        if !command.key.isEmpty { command.key = "" }
        command.row = 0
        command.column = 0
        command.sheet = 0
        command.width = 0
        command.height = 0
      }
    } else {
      try parseRareFields(&r, presence: presence, defaults: &defaults, over: &command)
    }
    if defaults != 0 { throw presentDefault(command, field: defaults.trailingZeroBitCount, at: presenceStart) }
  }

  /// The fields after textValue2 (flags, key, row, column, sheet, width, height), when any is set.
  @inline(__always)
  private mutating func parseRareFields(_ r: inout BinaryReader, presence: UInt64, defaults: inout UInt64, over command: inout Command) throws(CodecError) {
    command.flags = try optionalUnsigned(&r, presence: presence, bit: 5, field: "flags", type: "UInt32", defaults: &defaults)
    if presence & (1 << 6) != 0 {
      command.key = try string(&r, field: "key")
    } else if !command.key.isEmpty {
      command.key = ""
    }
    command.row = try optionalInt32(&r, presence: presence, bit: 7, field: "row", defaults: &defaults)
    command.column = try optionalInt32(&r, presence: presence, bit: 8, field: "column", defaults: &defaults)
    command.sheet = try optionalUnsigned(&r, presence: presence, bit: 9, field: "sheet", type: "UInt16", defaults: &defaults)
    command.width = try optionalInt32(&r, presence: presence, bit: 10, field: "width", defaults: &defaults)
    command.height = try optionalInt32(&r, presence: presence, bit: 11, field: "height", defaults: &defaults)
  }

  /// An unsigned field (`type` names `T` in the range error) present when `bit` of `presence` is
  /// set, else 0; a present 0 is noted in `defaults`.
  @inline(__always)
  private mutating func optionalUnsigned<T: FixedWidthInteger & UnsignedInteger>(
    _ r: inout BinaryReader, presence: UInt64, bit: UInt64, field: StaticString, type: StaticString, defaults: inout UInt64
  ) throws(CodecError) -> T {
    guard presence & (1 << bit) != 0 else { return 0 }
    let start = r.position
    let raw = try varint(&r, field: field)
    guard let value = T(exactly: raw) else { throw rangeFailure(at: start, field: field, value: Int64(bitPattern: raw), type: type) }
    if value == 0 { defaults |= 1 << bit }
    return value
  }

  /// An Int32 field (a delta from `base`) present when `bit` of `presence` is set, else 0; a
  /// present 0 is noted in `defaults`.
  @inline(__always)
  private mutating func optionalInt32(_ r: inout BinaryReader, presence: UInt64, bit: UInt64, field: StaticString, base: Int32 = 0, defaults: inout UInt64) throws(CodecError) -> Int32 {
    guard presence & (1 << bit) != 0 else { return 0 }
    let value = try int32(&r, field: field, base: base)
    if value == 0 { defaults |= 1 << bit }
    return value
  }

  /// The name of the widget schema's command with opcode `code` (docs/WIDGETS.md §6.1).
  @inline(never)
  private func customCommand(_ code: UInt64, at position: Int) throws(CodecError) -> String {
    if WidgetCommand.customCodes.contains(code) {
      guard let widgets = options.widgets else {
        throw error(.unknownCommandType, at: position, "command type code \(code) is a custom widget's command (codes \(WidgetCommand.customCodes.lowerBound)–\(WidgetCommand.customCodes.upperBound)); give its schema with --widgets")
      }
      guard let command = widgets.command(code: code) else {
        throw error(.unknownCommandType, at: position, "command type code \(code) is not a command of widget schema \(widgets.reference)")
      }
      return command.name
    }
    throw error(.unknownCommandType, at: position, "command type code \(code) does not exist in numbering \(numbering.name) (codes 0–\(numbering.types.count - 1), custom widgets \(WidgetCommand.customCodes.lowerBound)–\(WidgetCommand.customCodes.upperBound))")
  }

  @inline(never)
  private func unknownBits(_ presence: UInt64, of command: Command, at position: Int) -> CodecError {
    error(.unknownField, at: position, "\(command.typeName) sets presence bits 0x\(String(presence & ~BinaryFormat.knownCommandBits, radix: 16)) that no command field has")
  }

  @inline(never)
  private func presentDefault(_ command: Command, field bit: Int, at position: Int) -> CodecError {
    let field = BinaryFormat.commandFieldBits[bit]
    return error(.nonCanonical, at: position, "\(command.typeName) marks \(field.rawValue) present with its default value; leave the bit clear instead")
  }
}
