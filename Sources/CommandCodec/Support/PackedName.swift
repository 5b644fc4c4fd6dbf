/// A short ASCII name (at most 32 bytes) packed into four words, compared in four integer
/// comparisons: how the JSON decoder matches keys and command type names without byte loops.
struct PackedName: Hashable, Sendable {
  let length: Int
  let w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

  static let capacity = 32

  /// Packs `bytes` (zero-padded); nil when longer than ``capacity``.
  @inline(__always)
  init?(_ bytes: UnsafeRawBufferPointer) {
    let count = bytes.count
    guard count <= Self.capacity else { return nil }
    length = count
    if count == Self.capacity {
      w0 = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
      w1 = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      w2 = bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
      w3 = bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
      return
    }
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: count) }
    (w0, w1, w2, w3) = words
  }

  init?(_ name: String) {
    guard let packed = Array(name.utf8).withUnsafeBytes({ PackedName($0) }) else { return nil }
    self = packed
  }
}

/// Looks names up by length, then by packed comparison.
struct PackedNameTable<Value: Sendable>: Sendable {
  private var buckets: [[(name: PackedName, value: Value)]]

  init(_ entries: [(String, Value)]) {
    buckets = Array(repeating: [], count: PackedName.capacity + 1)
    for (name, value) in entries {
      guard let packed = PackedName(name) else { preconditionFailure("\(name) is longer than \(PackedName.capacity) bytes") }
      buckets[packed.length].append((packed, value))
    }
  }

  /// The value of the name spelled by `bytes`, exactly.
  @inline(__always)
  func value(for bytes: UnsafeRawBufferPointer) -> Value? {
    guard bytes.count <= PackedName.capacity, bytes.baseAddress != nil || bytes.isEmpty else { return nil }
    let bucket = buckets[bytes.count]
    if bucket.isEmpty { return nil }
    guard let packed = PackedName(bytes) else { return nil }
    for entry in bucket where entry.name == packed { return entry.value }
    return nil
  }
}
