/// Writes a trace as canonical JSON Lines (`docs/TRACE_FORMAT.md`): one record per line.
///
/// Output is canonical: keys in a fixed order, no spaces, fields at their default omitted,
/// integers without exponents. Equal traces give byte-identical text.
///
/// ```swift
/// var encoder = JSONTraceEncoder()
/// var text: [UInt8] = []
/// try encoder.encode(.batch([Command(.createButton, internalId: 2, childInternalId: 5, textValue: "OK")], at: 0), into: &text)
/// // {"t":0,"type":"CREATE_BUTTON","internalId":2,"childInternalId":5,"textValue":"OK"}
/// ```
public struct JSONTraceEncoder: Sendable {
  private var previousTime: Double = 0

  public init() {}

  /// Appends the header line.
  ///
  /// - Throws: what a decoder would refuse: `unsupportedVersion`, `unknownNumbering`, or
  ///   `invalidValue` for a negative or non-finite viewport scale. Nothing is appended then.
  public func encodeHeader(_ header: TraceHeader, into out: inout [UInt8]) throws(CodecError) {
    guard header.version == TraceHeader.currentVersion else {
      throw CodecError(.unsupportedVersion, at: .byte(out.count), "this encoder writes format version \(TraceHeader.currentVersion), not \(header.version)")
    }
    if let numbering = header.numbering, CommandNumbering.named(numbering) == nil {
      throw CodecError(.unknownNumbering, at: .byte(out.count), "unknown numbering \(Excerpt.quoted(numbering)); known: \(CommandNumbering.all.map(\.name).joined(separator: ", "))")
    }
    if let failure = header.viewport?.scaleFailure { throw CodecError(.invalidValue, at: .byte(out.count), failure) }
    if let named = header.widgets, !WidgetSchemaReference.isFingerprint(named.fingerprint) {
      throw CodecError(.invalidValue, at: .byte(out.count), "the widget schema fingerprint must be \"fnv1a64:\" and 16 lower-case hex digits, not \(Excerpt.quoted(named.fingerprint))")
    }
    out.append(UInt8(ascii: "{"))
    out.writeJSONKey("trace")
    out.writeJSONInt(Int64(header.version))
    if let numbering = header.numbering {
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("numbering")
      out.writeJSONString(numbering)
    }
    if let created = header.created {
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("created")
      out.writeJSONString(created)
    }
    if let creator = header.creator {
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("creator")
      out.writeJSONString(creator)
    }
    if let viewport = header.viewport {
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("viewport")
      out.append(UInt8(ascii: "{"))
      var first = true
      func separator(_ out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
      }
      if viewport.width != 0 {
        separator(&out)
        out.writeJSONKey("width")
        out.writeJSONInt(Int64(viewport.width))
      }
      if viewport.height != 0 {
        separator(&out)
        out.writeJSONKey("height")
        out.writeJSONInt(Int64(viewport.height))
      }
      if viewport.scale.bitPattern != 0 {  // -0 is kept, as in event fields
        separator(&out)
        out.writeJSONKey("scale")
        out.writeJSONNumber(viewport.scale)
      }
      out.append(UInt8(ascii: "}"))
    }
    if !header.preferences.isEmpty {
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("preferences")
      out.append(UInt8(ascii: "{"))
      for (index, entry) in header.sortedPreferences.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        out.writeJSONString(entry.key)
        out.append(UInt8(ascii: ":"))
        out.writeJSONString(entry.value)
      }
      out.append(UInt8(ascii: "}"))
    }
    if let named = header.widgets {
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("widgets")
      out.append(UInt8(ascii: "{"))
      out.writeJSONKey("name")
      out.writeJSONString(named.name)
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("fingerprint")
      out.writeJSONString(named.fingerprint)
      out.append(UInt8(ascii: "}"))
    }
    out.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "\n")])
  }

  /// Appends one record as one line.
  ///
  /// - Throws: `invalidValue` or `timeGoesBackwards` for a bad time, `invalidValue` for an event
  ///   field that is an infinity or a NaN (JSON has no such numbers) or a custom command whose
  ///   name is not a custom command name; nothing is appended then, and the encoder is unchanged.
  public mutating func encode(_ record: TraceRecord, into out: inout [UInt8]) throws(CodecError) {
    if let failure = TraceTime.validate(record.time, after: previousTime) {
      throw CodecError(failure.code, at: .byte(out.count), failure.message)
    }
    var eventFields: [(name: StaticString, value: EventFieldValue)] = []
    if case .event(_, let event) = record.body {
      eventFields = EventFieldCollector.fields(of: event)
      for field in eventFields {
        if case .double(let d) = field.value, !d.isFinite {
          throw CodecError(.invalidValue, at: .byte(out.count), "\(event.kind.name).\(field.name) is \(d), not a finite number")
        }
      }
    }
    let time = record.time == 0 ? 0 : record.time
    if case .batch(let commands) = record.body {
      // The hot path: bound the line, then write it through a cursor.
      var bound = 64
      var hasCustom = false
      commands.withUnsafeBufferPointer { commands in
        guard let base = commands.baseAddress else { return }
        for index in commands.indices {
          let command = base + index
          bound += 420 + 6 * (command.pointee.textValue.utf8.count + command.pointee.textValue2.utf8.count + command.pointee.key.utf8.count + command.pointee.customType.utf8.count)
          hasCustom = hasCustom || command.pointee.type == .custom
        }
      }
      // Before the time is taken: a refused record leaves the encoder as it was.
      if hasCustom { try Self.checkCustomNames(commands, at: out.count) }
      previousTime = time
      RawWriter.appending(to: &out, bound: bound) { w in writeBatch(commands, at: time, into: &w) }
      return
    }
    previousTime = time
    out.append(UInt8(ascii: "{"))
    out.writeJSONKey("t")
    out.writeJSONNumber(time)
    switch record.body {
    case .batch:
      break  // written above
    case .event(let target, let event):
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("event")
      out.writeJSONString(event.kind.name)
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("target")
      out.writeJSONInt(Int64(target))
      for field in eventFields where !field.value.isDefault {
        out.append(UInt8(ascii: ","))
        out.writeJSONKey(field.name)
        switch field.value {
        case .int32(let v): out.writeJSONInt(Int64(v))
        case .uint32(let v): out.writeJSONInt(Int64(v))
        case .int64(let v): out.writeJSONInt(v)
        case .bool: out.append(contentsOf: "true".utf8)
        case .double(let v): out.writeJSONNumber(v)
        case .string(let v): out.writeJSONString(v)
        case .bytes(let v): out.writeJSONString(Base64.encode(v))
        }
      }
    case .modalResult(let dialog, let value):
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("modal")
      out.writeJSONInt(Int64(dialog))
      if value != 0 {
        out.append(UInt8(ascii: ","))
        out.writeJSONKey("value")
        out.writeJSONInt(Int64(value))
      }
    case .marker(let label, let detail):
      out.append(UInt8(ascii: ","))
      out.writeJSONKey("marker")
      out.writeJSONString(label)
      if !detail.isEmpty {
        out.append(UInt8(ascii: ","))
        out.writeJSONKey("detail")
        out.writeJSONString(detail)
      }
    }
    out.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "\n")])
  }

  /// Every type's quoted name (`"CREATE_BUTTON"`) in one buffer, indexed by raw value through
  /// ``quotedNameStarts``: no array per name to retain on the hot path.
  private static let quotedNameBytes: [UInt8] = Array(CommandType.allCases.map { "\"" + $0.name + "\"" }.joined().utf8)
  private static let quotedNameStarts: [Int] = CommandType.allCases.reduce(into: [0]) { $0.append($0.last! + $1.name.utf8.count + 2) }

  @inline(__always)
  private func writeBatch(_ commands: [Command], at time: Double, into w: inout RawWriter) {
    w.bytes("{\"t\":")
    w.jsonNumber(time)
    Self.quotedNameBytes.withUnsafeBytes { names in
      Self.quotedNameStarts.withUnsafeBufferPointer { starts in
        // Commands are read through a pointer: `commands[index]` would copy each (its six strings
        // retained and released).
        commands.withUnsafeBufferPointer { commands in
          guard let base = commands.baseAddress else { return }
          if commands.count == 1 {
            w.bytes(",\"type\":")
            writeType(base, names, starts, into: &w)
            writeFields(base, into: &w)
          } else {
            w.bytes(",\"batch\":[")
            for index in commands.indices {
              w.bytes(index == 0 ? "{\"type\":" : ",{\"type\":")
              writeType(base + index, names, starts, into: &w)
              writeFields(base + index, into: &w)
              w.byte(UInt8(ascii: "}"))
            }
            w.byte(UInt8(ascii: "]"))
          }
        }
      }
    }
    w.bytes("}\n")
  }

  @inline(__always)
  private func writeType(_ command: UnsafePointer<Command>, _ names: UnsafeRawBufferPointer, _ starts: UnsafeBufferPointer<Int>, into w: inout RawWriter) {
    if command.pointee.type == .custom {
      w.jsonString(command.pointee.customType)
    } else {
      let raw = Int(command.pointee.type.rawValue)
      w.bytes(UnsafeRawBufferPointer(rebasing: names[starts[raw]..<starts[raw + 1]]))
    }
  }

  /// Refuses a custom command whose name a decoder could not read back as one: the names of
  /// widget schemas have the engine's form and never a built-in's (docs/WIDGETS.md §2.3).
  @inline(never)
  private static func checkCustomNames(_ commands: [Command], at offset: Int) throws(CodecError) {
    for command in commands where command.type == .custom {
      guard WidgetCommand.isValidName(command.customType), CommandType(name: command.customType) == nil else {
        throw CodecError(.invalidValue, at: .byte(offset), "\(Excerpt.quoted(command.customType)) is not a custom command name (a capital, then capitals, digits and _, not a built-in name)")
      }
    }
  }

  @inline(__always)
  private func writeFields(_ command: UnsafePointer<Command>, into w: inout RawWriter) {
    if command.pointee.internalId != 0 {
      w.bytes(",\"internalId\":")
      w.jsonInt(Int64(command.pointee.internalId))
    }
    if command.pointee.childInternalId != 0 {
      w.bytes(",\"childInternalId\":")
      w.jsonInt(Int64(command.pointee.childInternalId))
    }
    if command.pointee.value != 0 {
      w.bytes(",\"value\":")
      w.jsonInt(Int64(command.pointee.value))
    }
    if !command.pointee.key.isEmpty {
      w.bytes(",\"key\":")
      w.jsonString(command.pointee.key)
    }
    if !command.pointee.textValue.isEmpty {
      w.bytes(",\"textValue\":")
      w.jsonString(command.pointee.textValue)
    }
    if !command.pointee.textValue2.isEmpty {
      w.bytes(",\"textValue2\":")
      w.jsonString(command.pointee.textValue2)
    }
    if command.pointee.row != 0 {
      w.bytes(",\"row\":")
      w.jsonInt(Int64(command.pointee.row))
    }
    if command.pointee.column != 0 {
      w.bytes(",\"column\":")
      w.jsonInt(Int64(command.pointee.column))
    }
    if command.pointee.sheet != 0 {
      w.bytes(",\"sheet\":")
      w.jsonInt(Int64(command.pointee.sheet))
    }
    if command.pointee.width != 0 {
      w.bytes(",\"width\":")
      w.jsonInt(Int64(command.pointee.width))
    }
    if command.pointee.height != 0 {
      w.bytes(",\"height\":")
      w.jsonInt(Int64(command.pointee.height))
    }
    if command.pointee.flags != 0 {
      w.bytes(",\"flags\":")
      w.jsonInt(Int64(command.pointee.flags))
    }
  }
}
