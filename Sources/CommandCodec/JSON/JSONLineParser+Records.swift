/// What one line of JSON Lines input holds.
enum JSONLine {
  case header(TraceHeader)
  /// A command line or a batch: its commands were appended to the caller's storage.
  case batch(time: Double)
  case record(TraceRecord)
}

/// The record layer: which keys each record shape has, and what their values must be.
extension JSONLineParser {
  /// The shapes a record line can have, told apart by their discriminating key.
  enum Shape {
    case command, batch, event, modal, marker, header

    init?(discriminator key: JSONKey) {
      switch key {
      case .type: self = .command
      case .batch: self = .batch
      case .event: self = .event
      case .modal: self = .modal
      case .marker: self = .marker
      case .trace: self = .header
      default: return nil
      }
    }

    var noun: String {
      switch self {
      case .command: return "a command"
      case .batch: return "a batch"
      case .event: return "an event"
      case .modal: return "a modal result"
      case .marker: return "a marker"
      case .header: return "the header"
      }
    }
  }

  /// A JSON value held until its expected type is known.
  enum Scalar {
    case string(String)
    case number(NumberToken)
    case bool(Bool)
    case null
    case container
  }

  // MARK: - Lines

  /// Parses the whole line: one object, nothing after it.
  ///
  /// The commands of a command line or a batch are appended to `commands`.
  mutating func parseLine(previousTime: Double, headerAllowed: Bool, commands: inout [Command]) throws(CodecError) -> JSONLine {
    let objectStart = try openObject("\"{\" to start a record")
    var shape: Shape? = nil
    var discriminator: JSONKey? = nil
    var time: Double? = nil
    var seen: UInt64 = 0
    var command = Command(.clear)
    var eventKind: EventKind? = nil
    var target: Int32? = nil
    var eventFields = PendingEventFields()
    var dialog: Int32? = nil
    var modalValue: Int32 = 0
    var label: String? = nil
    var detail = ""
    var header = TraceHeader()

    if try peek("a key") == UInt8(ascii: "}") {
      throw error(.missingField, at: objectStart, "an empty object is not a record; a record has one of \(Self.discriminatorList)")
    }
    repeat {
      let (keyStart, token, key) = try readKey()
      if key == .t {
        try markSeen(.t, &seen, keyStart)
        time = try readDouble("t")
        continue
      }
      if shape == nil {
        if let key, let found = Shape(discriminator: key), isDiscriminating(key) {
          shape = found
          discriminator = key
        } else {
          (shape, discriminator) = try prescanShape(objectStart: objectStart)
        }
      }
      // Events have integer fields called "type" (SysEvent, TouchEvent, ...): only a string "type" is a command's.
      if let key, let other = Shape(discriminator: key), key != discriminator, !(key == .type && shape == .event) {
        throw error(.unknownField, at: keyStart, "a record cannot have both \"\(discriminator!.name)\" and \"\(key.name)\"; it is \(shape!.noun) or \(other.noun)")
      }
      switch shape! {
      case .command:
        try parseCommandMember(key, token, keyStart, into: &command, seen: &seen)
      case .batch:
        guard key == .batch else { try unknownMember(token, keyStart, in: "a batch", known: ["t", "batch"]); continue }
        try markSeen(.batch, &seen, keyStart)
        try parseCommandArray(into: &commands)
      case .event:
        switch key {
        case .event?:
          try markSeen(.event, &seen, keyStart)
          eventKind = try parseEventKind()
        case .target?:
          try markSeen(.target, &seen, keyStart)
          target = Int32(try readInteger("target", in: Int64(Int32.min)...Int64(Int32.max), typeName: "Int32"))
        default:
          let name = keyName(token)
          if eventFields.contains(name) {
            throw error(.duplicateKey, at: keyStart, "the key \(Excerpt.quoted(name)) appears twice")
          }
          let valueStart = position
          eventFields.append(PendingEventFields.Field(name: name, value: try readScalar(), position: valueStart, keyPosition: keyStart))
        }
      case .modal:
        switch key {
        case .modal?:
          try markSeen(.modal, &seen, keyStart)
          dialog = Int32(try readInteger("modal", in: Int64(Int32.min)...Int64(Int32.max), typeName: "Int32"))
        case .value?:
          try markSeen(.value, &seen, keyStart)
          modalValue = Int32(try readInteger("value", in: Int64(Int32.min)...Int64(Int32.max), typeName: "Int32"))
        default: try unknownMember(token, keyStart, in: "a modal result", known: ["t", "modal", "value"])
        }
      case .marker:
        switch key {
        case .marker?:
          try markSeen(.marker, &seen, keyStart)
          label = try readStringValue("marker")
        case .detail?:
          try markSeen(.detail, &seen, keyStart)
          detail = try readStringValue("detail")
        default: try unknownMember(token, keyStart, in: "a marker", known: ["t", "marker", "detail"])
        }
      case .header:
        try parseHeaderMember(key, token, keyStart, into: &header, seen: &seen)
      }
    } while try nextMember(closing: UInt8(ascii: "}"), "the record")
    try expectEndOfLine()
    // Only "t" never sets the shape: the other keys all do, or fail in `prescanShape`.
    guard let shape else {
      throw error(.missingField, at: objectStart, "a record needs more than \"t\": one of \(Self.discriminatorList)")
    }

    if shape == .header {
      guard headerAllowed else {
        throw error(.unknownRecordKind, at: objectStart, "a header (a line with \"trace\") may only be the first line of a trace")
      }
      if time != nil { throw error(.unknownField, at: objectStart, "the header has no \"t\"") }
      return .header(header)
    }
    let recordTime = time ?? previousTime
    if let failure = TraceTime.validate(recordTime, after: previousTime) {
      throw error(failure.code, at: objectStart, failure.message)
    }
    let normalizedTime = recordTime == 0 ? 0 : recordTime
    switch shape {
    case .command:
      commands.append(command)
      return .batch(time: normalizedTime)
    case .batch: return .batch(time: normalizedTime)
    case .event:
      guard let target else { throw error(.missingField, at: objectStart, "an event needs a \"target\": the internal id it is sent to (0 for the application)") }
      let event = try makeEvent(eventKind!, fields: &eventFields)
      work += eventFields.work
      return .record(TraceRecord(time: normalizedTime, .event(target: target, event)))
    case .modal: return .record(TraceRecord(time: normalizedTime, .modalResult(dialog: dialog!, value: modalValue)))
    case .marker: return .record(TraceRecord(time: normalizedTime, .marker(label: label!, detail: detail)))
    case .header: fatalError("handled above")
    }
  }

  static let discriminatorList = "\"type\" (a command), \"batch\", \"event\", \"modal\", \"marker\" or \"trace\" (the header)"

  private mutating func openObject(_ expectation: String) throws(CodecError) -> Int {
    let found = try peek(expectation)
    guard found == UInt8(ascii: "{") else { throw unexpected(expectation) }
    position += 1
    return position - 1
  }

  private mutating func expectEndOfLine() throws(CodecError) {
    skipWhitespace()
    guard isAtEnd else {
      throw error(.trailingGarbage, at: position, "\(describeByte(at: position)) follows the end of the record; a line holds exactly one record")
    }
  }

  /// Reads `"key":` and leaves the position at the value.
  @inline(__always)
  private mutating func readKey() throws(CodecError) -> (start: Int, token: StringToken, key: JSONKey?) {
    guard try peek("a key") == UInt8(ascii: "\"") else { throw unexpected("a key in quotes") }
    let start = position
    let token = try readStringToken()
    try expect(UInt8(ascii: ":"), "\":\" after the key")
    skipWhitespace()
    guard position < bytes.count else { throw unexpectedEnd("a value") }
    return (start, token, match(token))
  }

  @inline(__always)
  private func match(_ token: StringToken) -> JSONKey? {
    switch token {
    case .span(let range): return JSONKey.match(UnsafeRawBufferPointer(rebasing: bytes[range]))
    case .unescaped(let out): return out.withUnsafeBytes { JSONKey.match($0) }
    }
  }

  private func keyName(_ token: StringToken) -> String {
    switch token {
    case .span(let range): return text(range)
    case .unescaped(let out): return String(decoding: out, as: UTF8.self)
    }
  }

  @inline(__always)
  private func markSeen(_ key: JSONKey, _ seen: inout UInt64, _ keyStart: Int) throws(CodecError) {
    guard seen & key.bit == 0 else {
      throw error(.duplicateKey, at: keyStart, "the key \"\(key.name)\" appears twice")
    }
    seen |= key.bit
  }

  /// Fails on a key the record shape does not have, or skips it when unknown fields are ignored.
  private mutating func unknownMember(_ token: StringToken, _ keyStart: Int, in noun: String, known: [String]) throws(CodecError) {
    let name = keyName(token)
    if options.ignoreUnknownFields {
      try skipValue(depth: 1)
      return
    }
    throw error(.unknownField, at: keyStart, "\(noun) has no field \(Excerpt.quoted(name))\(Suggestion.hint(for: name, among: known)); its fields are \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
  }

  /// Finds the key that says what the record is, when other keys come before it.
  private mutating func prescanShape(objectStart: Int) throws(CodecError) -> (Shape, JSONKey) {
    let resume = position
    position = objectStart + 1
    defer { position = resume }
    var nonStringType: Int? = nil
    repeat {
      let (_, _, key) = try readKey()
      if let key, let shape = Shape(discriminator: key), isDiscriminating(key) { return (shape, key) }
      if key == .type { nonStringType = position }
      try skipValue(depth: 1)
    } while try nextMember(closing: UInt8(ascii: "}"), "the record")
    if let nonStringType {
      position = nonStringType
      if bytes[position] == UInt8(ascii: "-") || bytes[position] &- UInt8(ascii: "0") < 10 {
        throw error(.wrongType, at: position, "\"type\" must be the enumerator name, e.g. \"CREATE_BUTTON\"; numeric codes changed between engine versions")
      }
      throw error(.wrongType, at: position, "\"type\" must be a string, not \(describeValue(at: position))")
    }
    throw error(.missingField, at: objectStart, "the record has none of \(Self.discriminatorList)")
  }

  /// Whether `key`, read up to its value, says what the record is: "type" does only with a string
  /// value, since event classes have integer fields of that name.
  @inline(__always)
  private func isDiscriminating(_ key: JSONKey) -> Bool {
    key != .type || bytes[position] == UInt8(ascii: "\"")
  }

  private mutating func readStringValue(_ name: @autoclosure () -> String) throws(CodecError) -> String {
    guard bytes[position] == UInt8(ascii: "\"") else {
      throw error(.wrongType, at: position, "\(name()) must be a string, not \(describeValue(at: position))")
    }
    return try readString()
  }

  // MARK: - Commands

  private static let commandKnown = ["type"] + Command.Field.allCases.map(\.rawValue)

  @inline(__always)
  private mutating func parseCommandMember(_ key: JSONKey?, _ token: StringToken, _ keyStart: Int, into command: inout Command, seen: inout UInt64) throws(CodecError) {
    guard let key, key.rawValue <= JSONKey.flags.rawValue else {
      if key == .t {
        throw error(.unknownField, at: keyStart, "a command inside a batch has no \"t\"; the batch's time applies to all of its commands")
      }
      try unknownMember(token, keyStart, in: "a command", known: Self.commandKnown)
      return
    }
    try markSeen(key, &seen, keyStart)
    let int32Range = Int64(Int32.min)...Int64(Int32.max)
    switch key {
    case .type: try parseCommandType(into: &command)
    case .internalId: command.internalId = Int32(truncatingIfNeeded: try readInteger("internalId", in: int32Range, typeName: "Int32"))
    case .childInternalId: command.childInternalId = Int32(truncatingIfNeeded: try readInteger("childInternalId", in: int32Range, typeName: "Int32"))
    case .value: command.value = Int32(truncatingIfNeeded: try readInteger("value", in: int32Range, typeName: "Int32"))
    case .key: command.key = try readStringValue("key")
    case .textValue: command.textValue = try readStringValue("textValue")
    case .textValue2: command.textValue2 = try readStringValue("textValue2")
    case .row: command.row = Int32(truncatingIfNeeded: try readInteger("row", in: int32Range, typeName: "Int32"))
    case .column: command.column = Int32(truncatingIfNeeded: try readInteger("column", in: int32Range, typeName: "Int32"))
    case .sheet: command.sheet = UInt16(truncatingIfNeeded: try readInteger("sheet", in: 0...Int64(UInt16.max), typeName: "UInt16"))
    case .width: command.width = Int32(truncatingIfNeeded: try readInteger("width", in: int32Range, typeName: "Int32"))
    case .height: command.height = Int32(truncatingIfNeeded: try readInteger("height", in: int32Range, typeName: "Int32"))
    case .flags: command.flags = UInt32(truncatingIfNeeded: try readInteger("flags", in: 0...Int64(UInt32.max), typeName: "UInt32"))
    default: break
    }
  }

  private mutating func parseCommandType(into command: inout Command) throws(CodecError) {
    let start = position
    guard bytes[position] == UInt8(ascii: "\"") else {
      if bytes[position] == UInt8(ascii: "-") || bytes[position] &- UInt8(ascii: "0") < 10 {
        throw error(.wrongType, at: start, "\"type\" must be the enumerator name, e.g. \"CREATE_BUTTON\"; numeric codes changed between engine versions")
      }
      throw error(.wrongType, at: start, "\"type\" must be a string, not \(describeValue(at: start))")
    }
    let token = try readStringToken()
    let type: CommandType?
    switch token {
    case .span(let range): type = CommandType.lookup(UnsafeRawBufferPointer(rebasing: bytes[range]))
    case .unescaped(let out): type = out.withUnsafeBytes { CommandType.lookup($0) }
    }
    if let type {
      command.type = type
      return
    }
    // Not built in: a widget schema's command, looked up by name (docs/WIDGETS.md §6.1).
    let name = keyName(token)
    if let custom = options.widgets?.command(named: name) {
      command.type = .custom
      command.customType = custom.name
      return
    }
    throw unknownCommandType(name, at: start)
  }

  @inline(never)
  private func unknownCommandType(_ name: String, at start: Int) -> CodecError {
    let known = CommandType.names.dropLast() + (options.widgets?.commands.map(\.name) ?? [])
    let hint = Suggestion.hint(for: name, among: Array(known))
    var message = "unknown command type \(Excerpt.quoted(name))\(hint)"
    if hint.isEmpty && options.widgets == nil && WidgetCommand.isValidName(name) {
      message += "; a custom widget's command needs its schema (--widgets FILE)"
    }
    return error(.unknownCommandType, at: start, message)
  }

  /// Reads `{...}` holding one command, as batches write them, into `command`.
  private mutating func parseCommandObject(into command: inout Command) throws(CodecError) {
    let objectStart = try openObject("\"{\" to start a command")
    var seen: UInt64 = 0
    if try peek("a key") != UInt8(ascii: "}") {
      repeat {
        let (keyStart, token, key) = try readKey()
        try parseCommandMember(key, token, keyStart, into: &command, seen: &seen)
      } while try nextMember(closing: UInt8(ascii: "}"), "the command")
    } else {
      position += 1
    }
    guard seen & JSONKey.type.bit != 0 else {
      throw error(.missingField, at: objectStart, "the command has no \"type\"")
    }
  }

  private mutating func parseCommandArray(into commands: inout [Command]) throws(CodecError) {
    guard bytes[position] == UInt8(ascii: "[") else {
      throw error(.wrongType, at: position, "\"batch\" must be an array of commands, not \(describeValue(at: position))")
    }
    position += 1
    if try peek("a command or \"]\"") == UInt8(ascii: "]") {
      position += 1
      return
    }
    // Room for the batch, estimated from the rest of the line (a command takes 60–100 bytes):
    // growing 1, 2, 4, 8, 16 moved every command of a batch several times. Bounded by the line.
    commands.reserveCapacity(commands.count + 1 + (bytes.count - position) / 64)
    repeat {
      // Decoded in place in the array's storage: no copy of the command afterwards.
      commands.append(Command(.clear))
      try parseCommandObject(into: &commands[commands.count - 1])
    } while try nextMember(closing: UInt8(ascii: "]"), "the batch")
  }

  // MARK: - Events

  private mutating func parseEventKind() throws(CodecError) -> EventKind {
    let start = position
    let name = try readStringValue("event")
    guard let kind = EventKind(name: name) else {
      throw error(.unknownEventType, at: start, "unknown event class \(Excerpt.quoted(name))\(Suggestion.hint(for: name, among: EventKind.allCases.map(\.name)))")
    }
    return kind
  }

  private mutating func readScalar() throws(CodecError) -> Scalar {
    switch bytes[position] {
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try scanNumber())
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      try skipValue(depth: 1)
      return .container
    default:
      if matchLiteral("true") { return .bool(true) }
      if matchLiteral("false") { return .bool(false) }
      if matchLiteral("null") { return .null }
      try checkLineEndsInsideLiteral()
      throw unexpected("a value")
    }
  }

  private func makeEvent(_ kind: EventKind, fields: inout PendingEventFields) throws(CodecError) -> Event {
    let context = self.context
    let parser = self
    var used = [Bool](repeating: false, count: fields.fields.count)
    var table = fields
    defer { fields = table }
    let event = try EventFieldAssigner.makeEvent(kind) { _, name, type throws(CodecError) -> EventFieldValue? in
      guard let index = table.firstIndex(of: name.description) else { return nil }
      used[index] = true
      return try parser.convert(table.fields[index], to: type, in: kind, context: context)
    }
    if let unused = used.firstIndex(of: false) {
      let field = fields.fields[unused]
      let known = kind.fields.map(\.name)
      if !options.ignoreUnknownFields {
        let list = known.isEmpty ? "it has no fields" : "its fields are " + known.map { "\"\($0)\"" }.joined(separator: ", ")
        throw context.error(.unknownField, at: field.keyPosition, "\(kind.name) has no field \(Excerpt.quoted(field.name))\(Suggestion.hint(for: field.name, among: known)); \(list)")
      }
    }
    return event
  }

  private func convert(_ field: PendingEventFields.Field, to type: EventFieldType, in kind: EventKind, context: JSONErrorContext) throws(CodecError) -> EventFieldValue {
    let what = "\(kind.name).\(field.name)"
    func wrong(_ expected: String) -> CodecError {
      let found: String
      switch field.value {
      case .string: found = "a string"
      case .number: found = "a number"
      case .bool: found = "a boolean"
      case .null: found = "null"
      case .container: found = "an object or array"
      }
      return context.error(.wrongType, at: field.position, "\(what) must be \(expected), not \(found)")
    }
    func integer(_ range: ClosedRange<Int64>, _ typeName: String) throws(CodecError) -> Int64 {
      guard case .number(let token) = field.value else { throw wrong("an integer") }
      guard token.isInteger else { throw context.error(.wrongType, at: field.position, "\(what) must be an integer, not \(Excerpt.plain(text(token.range)))") }
      guard let value = token.integer, range.contains(value) else {
        throw context.error(.numberOutOfRange, at: field.position, "\(what) is \(Excerpt.plain(text(token.range))), outside \(typeName) (\(range.lowerBound)...\(range.upperBound))")
      }
      return value
    }
    switch type {
    case .int32: return .int32(Int32(try integer(Int64(Int32.min)...Int64(Int32.max), "Int32")))
    case .uint32: return .uint32(UInt32(try integer(0...Int64(UInt32.max), "UInt32")))
    case .int64: return .int64(try integer(Int64.min...Int64.max, "Int64"))
    case .bool:
      guard case .bool(let value) = field.value else { throw wrong("true or false") }
      return .bool(value)
    case .double:
      guard case .number(let token) = field.value else { throw wrong("a number") }
      return .double(try double(from: token, what))
    case .string:
      guard case .string(let value) = field.value else { throw wrong("a string") }
      return .string(value)
    case .bytes:
      guard case .string(let value) = field.value else { throw wrong("a Base64 string") }
      guard let bytes = Base64.decode(value) else {
        throw context.error(.invalidValue, at: field.position, "\(what) must be standard Base64 with padding")
      }
      return .bytes(bytes)
    }
  }

  // MARK: - Header

  private mutating func parseHeaderMember(_ key: JSONKey?, _ token: StringToken, _ keyStart: Int, into header: inout TraceHeader, seen: inout UInt64) throws(CodecError) {
    switch key {
    case .trace?:
      try markSeen(.trace, &seen, keyStart)
      let start = position
      let version = try readInteger("trace", in: Int64(Int32.min)...Int64(Int32.max), typeName: "a version number")
      guard version == Int64(TraceHeader.currentVersion) else {
        throw error(.unsupportedVersion, at: start, "trace format version \(version) is not supported; this cmdtool reads version \(TraceHeader.currentVersion)")
      }
      header.version = Int(version)
    case .numbering?:
      try markSeen(.numbering, &seen, keyStart)
      let start = position
      let name = try readStringValue("numbering")
      guard CommandNumbering.named(name) != nil else {
        throw error(.unknownNumbering, at: start, "unknown numbering \(Excerpt.quoted(name)); known: \(CommandNumbering.all.map(\.name).joined(separator: ", "))")
      }
      header.numbering = name
    case .created?:
      try markSeen(.created, &seen, keyStart)
      header.created = try readStringValue("created")
    case .creator?:
      try markSeen(.creator, &seen, keyStart)
      header.creator = try readStringValue("creator")
    case .viewport?:
      try markSeen(.viewport, &seen, keyStart)
      header.viewport = try parseViewport()
    case .preferences?:
      try markSeen(.preferences, &seen, keyStart)
      header.preferences = try parsePreferences()
    default:
      // "widgets" is matched by name: it is the header's only key outside JSONKey's table.
      if keyName(token) == "widgets" {
        let widgetsBit: UInt64 = 1 << 63
        guard seen & widgetsBit == 0 else { throw error(.duplicateKey, at: keyStart, "the key \"widgets\" appears twice") }
        seen |= widgetsBit
        header.widgets = try parseWidgetsReference()
        return
      }
      try unknownMember(token, keyStart, in: "the header", known: ["trace", "numbering", "created", "creator", "viewport", "preferences", "widgets"])
    }
  }

  /// Reads `{"name":…,"fingerprint":…}`, the header's widget schema (docs/WIDGETS.md §6.1).
  private mutating func parseWidgetsReference() throws(CodecError) -> WidgetSchemaReference {
    let objectStart = position
    guard bytes[position] == UInt8(ascii: "{") else {
      throw error(.wrongType, at: position, "\"widgets\" must be an object with \"name\" and \"fingerprint\", not \(describeValue(at: position))")
    }
    position += 1
    var name: String?
    var fingerprint: String?
    if try peek("a key or \"}\"") == UInt8(ascii: "}") {
      position += 1
    } else {
      repeat {
        let (keyStart, token, _) = try readKey()
        switch keyName(token) {
        case "name":
          guard name == nil else { throw error(.duplicateKey, at: keyStart, "the key \"name\" appears twice") }
          name = try readStringValue("widgets.name")
        case "fingerprint":
          guard fingerprint == nil else { throw error(.duplicateKey, at: keyStart, "the key \"fingerprint\" appears twice") }
          let start = position
          let value = try readStringValue("widgets.fingerprint")
          guard WidgetSchemaReference.isFingerprint(value) else {
            throw error(.invalidValue, at: start, "widgets.fingerprint must be \"fnv1a64:\" and 16 lower-case hex digits, not \(Excerpt.quoted(value))")
          }
          fingerprint = value
        default:
          try unknownMember(token, keyStart, in: "the header's widgets", known: ["name", "fingerprint"])
        }
      } while try nextMember(closing: UInt8(ascii: "}"), "the header's widgets")
    }
    guard let fingerprint else { throw error(.missingField, at: objectStart, "the header's widgets have no \"fingerprint\"") }
    return WidgetSchemaReference(name: name ?? "", fingerprint: fingerprint)
  }

  private mutating func parseViewport() throws(CodecError) -> Viewport {
    guard bytes[position] == UInt8(ascii: "{") else {
      throw error(.wrongType, at: position, "\"viewport\" must be an object, not \(describeValue(at: position))")
    }
    position += 1
    var viewport = Viewport(width: 0, height: 0)
    var seen: UInt64 = 0
    if try peek("a key or \"}\"") == UInt8(ascii: "}") {
      position += 1
      return viewport
    }
    repeat {
      let (keyStart, token, key) = try readKey()
      switch key {
      case .width?:
        try markSeen(.width, &seen, keyStart)
        viewport.width = Int32(try readInteger("viewport.width", in: Int64(Int32.min)...Int64(Int32.max), typeName: "Int32"))
      case .height?:
        try markSeen(.height, &seen, keyStart)
        viewport.height = Int32(try readInteger("viewport.height", in: Int64(Int32.min)...Int64(Int32.max), typeName: "Int32"))
      case .scale?:
        try markSeen(.scale, &seen, keyStart)
        let start = position
        viewport.scale = try readDouble("viewport.scale")
        guard viewport.scale >= 0 else { throw error(.invalidValue, at: start, "viewport.scale must not be negative") }
      default:
        try unknownMember(token, keyStart, in: "the viewport", known: ["width", "height", "scale"])
      }
    } while try nextMember(closing: UInt8(ascii: "}"), "the viewport")
    return viewport
  }

  private mutating func parsePreferences() throws(CodecError) -> [String: String] {
    guard bytes[position] == UInt8(ascii: "{") else {
      throw error(.wrongType, at: position, "\"preferences\" must be an object of strings, not \(describeValue(at: position))")
    }
    position += 1
    var preferences: [String: String] = [:]
    if try peek("a key or \"}\"") == UInt8(ascii: "}") {
      position += 1
      return preferences
    }
    repeat {
      let (keyStart, token, _) = try readKey()
      let key = keyName(token)
      let value = try readStringValue("preference \(Excerpt.quoted(key))")
      guard preferences.updateValue(value, forKey: key) == nil else {
        throw error(.duplicateKey, at: keyStart, "preference \(Excerpt.quoted(key)) appears twice (keys equal after Unicode normalization count as one)")
      }
    } while try nextMember(closing: UInt8(ascii: "}"), "the preferences")
    return preferences
  }
}
