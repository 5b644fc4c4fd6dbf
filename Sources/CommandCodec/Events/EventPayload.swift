/// The fields of one event class, visited in a fixed order by both codecs.
///
/// A payload lists its fields once, in ``mapFields(_:)``; the binary codec numbers them by the
/// order of the calls, the JSON codec names them by the `name` argument, and decoders assign
/// through the same calls. Field order is part of the binary format: new fields go at the end.
public protocol EventPayload: Hashable, Sendable {
  /// The event class this payload belongs to.
  static var kind: EventKind { get }
  /// A payload with every field at its default (zero, false or empty).
  init()
  /// Presents every field, in order, to `mapper`, which may read or replace it.
  mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError)
}

/// Something that reads or assigns the fields of an ``EventPayload``, one call per field.
///
/// The names are the JSON keys (camelCase, after the engine's getters).
public protocol EventFieldMapper {
  mutating func map(_ name: StaticString, _ value: inout Int32) throws(CodecError)
  mutating func map(_ name: StaticString, _ value: inout UInt32) throws(CodecError)
  mutating func map(_ name: StaticString, _ value: inout Int64) throws(CodecError)
  mutating func map(_ name: StaticString, _ value: inout Bool) throws(CodecError)
  mutating func map(_ name: StaticString, _ value: inout Double) throws(CodecError)
  mutating func map(_ name: StaticString, _ value: inout String) throws(CodecError)
  mutating func map(_ name: StaticString, _ value: inout [UInt8]) throws(CodecError)
}

/// The kind of value an event field holds.
public enum EventFieldType: String, Sendable {
  case int32, uint32, int64, bool, double, string, bytes
}

/// The name and type of one event field, as ``EventKind/fields`` lists them.
public struct EventFieldDescriptor: Hashable, Sendable {
  public let name: String
  public let type: EventFieldType
}

/// Collects descriptors: the schema of a payload, read off its `mapFields`.
struct EventSchemaCollector: EventFieldMapper {
  var fields: [EventFieldDescriptor] = []
  mutating func add(_ name: StaticString, _ type: EventFieldType) {
    fields.append(EventFieldDescriptor(name: name.description, type: type))
  }
  mutating func map(_ name: StaticString, _ value: inout Int32) { add(name, .int32) }
  mutating func map(_ name: StaticString, _ value: inout UInt32) { add(name, .uint32) }
  mutating func map(_ name: StaticString, _ value: inout Int64) { add(name, .int64) }
  mutating func map(_ name: StaticString, _ value: inout Bool) { add(name, .bool) }
  mutating func map(_ name: StaticString, _ value: inout Double) { add(name, .double) }
  mutating func map(_ name: StaticString, _ value: inout String) { add(name, .string) }
  mutating func map(_ name: StaticString, _ value: inout [UInt8]) { add(name, .bytes) }
}
