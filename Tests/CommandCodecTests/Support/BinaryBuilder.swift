/// Writes binary trace bytes by hand, independently of the codec's encoder, so that tests can state
/// expected bytes (and malformed ones) from the format's rules rather than from the encoder's output.
///
/// The rules used here: unsigned LEB128 varints; ZigZag for signed integers; little-endian IEEE 754
/// doubles; a file starts with the magic, the version byte, the numbering byte and a header record
/// (a varint length and a payload); every record is a kind byte, a varint payload length and the
/// payload; a literal string is `varint(length << 2)` then its UTF-8 bytes.
struct BinaryBuilder {
  static let magic: [UInt8] = [0x89, 0x43, 0x4D, 0x44, 0x0D, 0x0A, 0x1A, 0x0A]

  private(set) var bytes: [UInt8] = []
  /// Offsets noted with ``mark()``, in order.
  private(set) var marks: [Int] = []

  var count: Int { bytes.count }

  /// Notes the current offset (e.g. where a bad field starts).
  mutating func mark() { marks.append(bytes.count) }

  mutating func raw(_ values: [UInt8]) { bytes += values }

  mutating func byte(_ value: UInt8) { bytes.append(value) }

  mutating func varint(_ value: UInt64) {
    var v = value
    repeat {
      let low = UInt8(v & 0x7F)
      v >>= 7
      bytes.append(v == 0 ? low : low | 0x80)
    } while v != 0
  }

  mutating func zigzag(_ value: Int64) {
    varint(value >= 0 ? UInt64(value) * 2 : UInt64(-(value + 1)) * 2 + 1)
  }

  mutating func double(_ value: Double) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((value.bitPattern >> UInt64(shift)) & 0xFF)) }
  }

  /// A literal, non-interned string.
  mutating func string(_ value: String) { stringBytes(Array(value.utf8)) }

  /// A literal, non-interned string of arbitrary (possibly invalid) bytes.
  mutating func stringBytes(_ value: [UInt8]) {
    varint(UInt64(value.count) << 2)
    bytes += value
  }

  /// The file's start: magic, version, numbering and a header record with `header` as its payload.
  mutating func fileHeader(version: UInt8 = 1, numbering: UInt8 = 0, _ header: (inout BinaryBuilder) -> Void = { $0.varint(0) }) {
    raw(Self.magic)
    byte(version)
    byte(numbering)
    var payload = BinaryBuilder()
    header(&payload)
    appendPayload(payload)
  }

  /// A record: the kind byte, the payload length and the payload.
  mutating func record(_ kind: UInt8, _ build: (inout BinaryBuilder) -> Void) {
    byte(kind)
    var payload = BinaryBuilder()
    build(&payload)
    appendPayload(payload)
  }

  private mutating func appendPayload(_ payload: BinaryBuilder) {
    varint(UInt64(payload.count))
    let base = bytes.count
    bytes += payload.bytes
    marks += payload.marks.map { $0 + base }
  }

  // Record kinds.
  static let batch: UInt8 = 0x01
  static let event: UInt8 = 0x02
  static let modalResult: UInt8 = 0x03
  static let marker: UInt8 = 0x04
}
