/// One event field's value, typed: what the codecs move between an ``EventPayload`` and bytes.
enum EventFieldValue: Hashable, Sendable {
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case bool(Bool)
  case double(Double)
  case string(String)
  case bytes([UInt8])

  /// Whether the value is its type's default: codecs omit such fields. A double is default only
  /// when its bits are all zero, so -0.0 survives a round trip.
  var isDefault: Bool {
    switch self {
    case .int32(let v): return v == 0
    case .uint32(let v): return v == 0
    case .int64(let v): return v == 0
    case .bool(let v): return !v
    case .double(let v): return v.bitPattern == 0
    case .string(let v): return v.isEmpty
    case .bytes(let v): return v.isEmpty
    }
  }
}

/// Reads every field of a payload, in order, with its name.
struct EventFieldCollector: EventFieldMapper {
  var values: [(name: StaticString, value: EventFieldValue)] = []
  mutating func map(_ name: StaticString, _ value: inout Int32) { values.append((name, .int32(value))) }
  mutating func map(_ name: StaticString, _ value: inout UInt32) { values.append((name, .uint32(value))) }
  mutating func map(_ name: StaticString, _ value: inout Int64) { values.append((name, .int64(value))) }
  mutating func map(_ name: StaticString, _ value: inout Bool) { values.append((name, .bool(value))) }
  mutating func map(_ name: StaticString, _ value: inout Double) { values.append((name, .double(value))) }
  mutating func map(_ name: StaticString, _ value: inout String) { values.append((name, .string(value))) }
  mutating func map(_ name: StaticString, _ value: inout [UInt8]) { values.append((name, .bytes(value))) }

  /// The fields of `event`, in binary order.
  static func fields(of event: Event) -> [(name: StaticString, value: EventFieldValue)] {
    var collector = EventFieldCollector()
    var payload = event.payload
    payload.collect(into: &collector)
    return collector.values
  }
}

extension EventPayload {
  fileprivate mutating func collect(into collector: inout EventFieldCollector) {
    do { try mapFields(&collector) } catch { preconditionFailure("collecting fields cannot fail") }
  }
}

/// Sets a bit for every field of a payload that is not at its default, in field order.
struct EventPresenceMapper: EventFieldMapper {
  var mask: UInt32 = 0
  private var index: UInt32 = 0

  private mutating func note(_ value: EventFieldValue) {
    if !value.isDefault { mask |= 1 << index }
    index += 1
  }

  mutating func map(_ name: StaticString, _ value: inout Int32) { note(.int32(value)) }
  mutating func map(_ name: StaticString, _ value: inout UInt32) { note(.uint32(value)) }
  mutating func map(_ name: StaticString, _ value: inout Int64) { note(.int64(value)) }
  mutating func map(_ name: StaticString, _ value: inout Bool) { note(.bool(value)) }
  mutating func map(_ name: StaticString, _ value: inout Double) { note(.double(value)) }
  mutating func map(_ name: StaticString, _ value: inout String) { note(.string(value)) }
  mutating func map(_ name: StaticString, _ value: inout [UInt8]) { note(.bytes(value)) }
}

/// Assigns fields of a payload from a source that yields a value (of the field's type) or nil.
struct EventFieldAssigner: EventFieldMapper {
  typealias Source = (_ index: Int, _ name: StaticString, _ type: EventFieldType) throws(CodecError) -> EventFieldValue?
  var index = 0
  let source: Source

  init(_ source: @escaping Source) { self.source = source }

  private mutating func next(_ name: StaticString, _ type: EventFieldType) throws(CodecError) -> EventFieldValue? {
    defer { index += 1 }
    return try source(index, name, type)
  }

  mutating func map(_ name: StaticString, _ value: inout Int32) throws(CodecError) {
    if case .int32(let v)? = try next(name, .int32) { value = v }
  }
  mutating func map(_ name: StaticString, _ value: inout UInt32) throws(CodecError) {
    if case .uint32(let v)? = try next(name, .uint32) { value = v }
  }
  mutating func map(_ name: StaticString, _ value: inout Int64) throws(CodecError) {
    if case .int64(let v)? = try next(name, .int64) { value = v }
  }
  mutating func map(_ name: StaticString, _ value: inout Bool) throws(CodecError) {
    if case .bool(let v)? = try next(name, .bool) { value = v }
  }
  mutating func map(_ name: StaticString, _ value: inout Double) throws(CodecError) {
    if case .double(let v)? = try next(name, .double) { value = v }
  }
  mutating func map(_ name: StaticString, _ value: inout String) throws(CodecError) {
    if case .string(let v)? = try next(name, .string) { value = v }
  }
  mutating func map(_ name: StaticString, _ value: inout [UInt8]) throws(CodecError) {
    if case .bytes(let v)? = try next(name, .bytes) { value = v }
  }

  /// Builds an event of `kind`, asking `source` for each field in order.
  static func makeEvent(_ kind: EventKind, source: @escaping Source) throws(CodecError) -> Event {
    var assigner = EventFieldAssigner(source)
    var payload = kind.payloadType.init()
    try payload.mapFields(&assigner)
    return Event(payload)
  }
}
