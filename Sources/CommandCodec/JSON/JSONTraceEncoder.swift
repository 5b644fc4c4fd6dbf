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
  public func encodeHeader(_ header: TraceHeader, into out: inout [UInt8]) {
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
    out.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "\n")])
  }

  /// Appends one record as one line.
  ///
  /// - Throws: `invalidValue` or `timeGoesBackwards` for a bad time, `invalidValue` for an event
  ///   field that is an infinity or a NaN (JSON has no such numbers); nothing is appended then.
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
    previousTime = time
    out.append(UInt8(ascii: "{"))
    out.writeJSONKey("t")
    out.writeJSONNumber(time)
    switch record.body {
    case .batch(let commands):
      if commands.count == 1 {
        writeCommandFields(commands[0], into: &out)
      } else {
        out.append(UInt8(ascii: ","))
        out.writeJSONKey("batch")
        out.append(UInt8(ascii: "["))
        for (index, command) in commands.enumerated() {
          if index > 0 { out.append(UInt8(ascii: ",")) }
          writeCommand(command, into: &out)
        }
        out.append(UInt8(ascii: "]"))
      }
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

  /// Appends a command as an object of its own (inside a batch).
  @inline(__always)
  private func writeCommand(_ command: Command, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "{"))
    out.writeJSONKey("type")
    out.writeJSONString(command.type.name)
    writeFields(command, into: &out)
    out.append(UInt8(ascii: "}"))
  }

  /// Appends `,"type":...` and the fields, continuing an object already open.
  @inline(__always)
  private func writeCommandFields(_ command: Command, into out: inout [UInt8]) {
    out.append(UInt8(ascii: ","))
    out.writeJSONKey("type")
    out.writeJSONString(command.type.name)
    writeFields(command, into: &out)
  }

  @inline(__always)
  private func writeFields(_ command: Command, into out: inout [UInt8]) {
    @inline(__always) func int(_ key: StaticString, _ value: Int64, _ out: inout [UInt8]) {
      out.append(UInt8(ascii: ","))
      out.writeJSONKey(key)
      out.writeJSONInt(value)
    }
    @inline(__always) func string(_ key: StaticString, _ value: String, _ out: inout [UInt8]) {
      out.append(UInt8(ascii: ","))
      out.writeJSONKey(key)
      out.writeJSONString(value)
    }
    if command.internalId != 0 { int("internalId", Int64(command.internalId), &out) }
    if command.childInternalId != 0 { int("childInternalId", Int64(command.childInternalId), &out) }
    if command.value != 0 { int("value", Int64(command.value), &out) }
    if !command.key.isEmpty { string("key", command.key, &out) }
    if !command.textValue.isEmpty { string("textValue", command.textValue, &out) }
    if !command.textValue2.isEmpty { string("textValue2", command.textValue2, &out) }
    if command.row != 0 { int("row", Int64(command.row), &out) }
    if command.column != 0 { int("column", Int64(command.column), &out) }
    if command.sheet != 0 { int("sheet", Int64(command.sheet), &out) }
    if command.width != 0 { int("width", Int64(command.width), &out) }
    if command.height != 0 { int("height", Int64(command.height), &out) }
    if command.flags != 0 { int("flags", Int64(command.flags), &out) }
  }
}
