import CommandCodec

/// A trace's header and records as bytes of their own, for comparing two decodings exactly.
///
/// `==` on the codec's types is not exact enough for the contract: a NaN in an event field is not
/// equal to itself, and Swift strings compare by canonical equivalence ("é" equals "e\u{301}"),
/// while the codec is lossless down to the UTF-8 bytes and the bit patterns of doubles. The
/// fingerprint is written here, independently of both encoders, so that a field an encoder drops
/// cannot hide from the comparison.
struct TraceFingerprint: Equatable {
  private(set) var bytes: [UInt8] = []
  /// Whether an event field holds an infinity or a NaN (which JSON cannot carry).
  private(set) var hasNonFiniteDouble = false

  init(header: TraceHeader?, records: [TraceRecord]) {
    if let header { add(header) } else { word(0xFFFF_FFFF) }
    word(UInt64(records.count))
    for record in records { add(record) }
  }

  static func == (a: TraceFingerprint, b: TraceFingerprint) -> Bool { a.bytes == b.bytes }

  private mutating func word(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  private mutating func text(_ value: String) {
    word(UInt64(value.utf8.count))
    bytes.append(contentsOf: value.utf8)
  }

  private mutating func optionalText(_ value: String?) {
    guard let value else { return word(0xFFFF_FFFF) }
    text(value)
  }

  private mutating func add(_ header: TraceHeader) {
    word(UInt64(bitPattern: Int64(header.version)))
    optionalText(header.numbering)
    optionalText(header.created)
    optionalText(header.creator)
    if let viewport = header.viewport {
      word(UInt64(UInt32(bitPattern: viewport.width)) << 32 | UInt64(UInt32(bitPattern: viewport.height)))
      word(viewport.scale.bitPattern)
    } else {
      word(0xFFFF_FFFF)
    }
    let preferences = header.sortedPreferences
    word(UInt64(preferences.count))
    for (key, value) in preferences {
      text(key)
      text(value)
    }
    if let widgets = header.widgets {
      text(widgets.name)
      text(widgets.fingerprint)
    } else {
      word(0xFFFF_FFFF)
    }
  }

  private mutating func add(_ record: TraceRecord) {
    word(record.time.bitPattern)
    switch record.body {
    case .batch(let commands):
      word(1)
      word(UInt64(commands.count))
      for command in commands { add(command) }
    case .event(let target, let event):
      word(2)
      word(UInt64(UInt32(bitPattern: target)))
      word(UInt64(event.kind.rawValue))
      var mapper = FieldMapper()
      var payload = event.payload
      do {
        try payload.mapFields(&mapper)
      } catch {
        fatalError("reading the fields of \(event.kind) failed: \(error)")
      }
      bytes += mapper.bytes
      hasNonFiniteDouble = hasNonFiniteDouble || mapper.hasNonFiniteDouble
    case .modalResult(let dialog, let value):
      word(3)
      word(UInt64(UInt32(bitPattern: dialog)) << 32 | UInt64(UInt32(bitPattern: value)))
    case .marker(let label, let detail):
      word(4)
      text(label)
      text(detail)
    }
  }

  private mutating func add(_ command: Command) {
    word(UInt64(command.type.rawValue))
    text(command.customType)
    for value in [command.internalId, command.childInternalId, command.value, command.row, command.column, command.width, command.height] {
      word(UInt64(UInt32(bitPattern: value)))
    }
    word(UInt64(command.sheet) << 32 | UInt64(command.flags))
    text(command.key)
    text(command.textValue)
    text(command.textValue2)
  }

  /// Writes every field of an event payload, in the payload's order.
  private struct FieldMapper: EventFieldMapper {
    var bytes: [UInt8] = []
    var hasNonFiniteDouble = false

    private mutating func word(_ value: UInt64) {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func map(_ name: StaticString, _ value: inout Int32) { word(UInt64(UInt32(bitPattern: value))) }
    mutating func map(_ name: StaticString, _ value: inout UInt32) { word(UInt64(value)) }
    mutating func map(_ name: StaticString, _ value: inout Int64) { word(UInt64(bitPattern: value)) }
    mutating func map(_ name: StaticString, _ value: inout Bool) { word(value ? 1 : 0) }
    mutating func map(_ name: StaticString, _ value: inout Double) {
      word(value.bitPattern)
      if !value.isFinite { hasNonFiniteDouble = true }
    }
    mutating func map(_ name: StaticString, _ value: inout String) {
      word(UInt64(value.utf8.count))
      bytes.append(contentsOf: value.utf8)
    }
    mutating func map(_ name: StaticString, _ value: inout [UInt8]) {
      word(UInt64(value.count))
      bytes.append(contentsOf: value)
    }
  }
}
