/// The object keys the trace format defines outside event fields, matched from raw bytes.
enum JSONKey: UInt8, CaseIterable {
  // Command fields (type first, then the engine's order).
  case type, internalId, childInternalId, value, key, textValue, textValue2
  case row, column, sheet, width, height, flags
  // Record keys.
  case t, batch, event, target, modal, marker, detail
  // Header keys.
  case trace, numbering, created, creator, viewport, preferences
  // Viewport keys (width and height are shared with commands).
  case scale

  var name: String { JSONKey.names[Int(rawValue)] }

  var bit: UInt64 { 1 << UInt64(rawValue) }

  private static let names: [String] = [
    "type", "internalId", "childInternalId", "value", "key", "textValue", "textValue2",
    "row", "column", "sheet", "width", "height", "flags",
    "t", "batch", "event", "target", "modal", "marker", "detail",
    "trace", "numbering", "created", "creator", "viewport", "preferences", "scale",
  ]

  private static let table = PackedNameTable(allCases.map { ($0.name, $0) })

  /// The key spelled by `bytes`, exactly.
  @inline(__always)
  static func match(_ bytes: UnsafeRawBufferPointer) -> JSONKey? {
    table.value(for: bytes)
  }

  /// The keys of a command other than "type", with the field each sets.
  static let commandFields: [JSONKey] = [
    .internalId, .childInternalId, .value, .key, .textValue, .textValue2,
    .row, .column, .sheet, .width, .height, .flags,
  ]
}
