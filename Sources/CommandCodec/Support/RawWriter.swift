/// A write cursor over memory reserved beforehand: the encoders' hot path.
///
/// Appending to `[UInt8]` byte by byte pays a uniqueness and a capacity check per call; an encoder
/// instead reserves an upper bound for a whole record (``withReservedSpace(in:bound:_:)``),
/// writes through this cursor, and gives the unused tail back.
struct RawWriter {
  let base: UnsafeMutablePointer<UInt8>
  var position = 0

  @inline(__always)
  mutating func byte(_ value: UInt8) {
    base[position] = value
    position += 1
  }

  @inline(__always)
  mutating func varint(_ value: UInt64) {
    var v = value
    while v >= 0x80 {
      base[position] = UInt8(truncatingIfNeeded: v) | 0x80
      position += 1
      v >>= 7
    }
    base[position] = UInt8(truncatingIfNeeded: v)
    position += 1
  }

  @inline(__always)
  mutating func zigZag(_ value: Int64) {
    varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  @inline(__always)
  mutating func double(_ value: Double) {
    var bits = value.bitPattern.littleEndian
    withUnsafeBytes(of: &bits) { (base + position).update(from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 8) }
    position += 8
  }

  /// Copies `source` to the cursor.
  ///
  /// Most copies are short (a JSON key, a style value, a label): up to 32 bytes they are done
  /// with a few overlapping word loads and stores, which only touch `source`'s bytes and the
  /// bytes being written, instead of a call to `memmove` (a tenth of JSON encoding).
  @inline(__always)
  mutating func bytes(_ source: UnsafeRawBufferPointer) {
    let count = source.count
    guard count > 0, let from = source.baseAddress else { return }
    let to = UnsafeMutableRawPointer(base + position)
    if count >= 8 && count <= 32 {
      if count <= 16 {
        let head = from.loadUnaligned(as: UInt64.self)
        let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        to.storeBytes(of: head, as: UInt64.self)
        to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
      } else {
        let first = from.loadUnaligned(as: UInt64.self)
        let second = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let third = from.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
        let fourth = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        to.storeBytes(of: first, as: UInt64.self)
        to.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
        to.storeBytes(of: third, toByteOffset: count - 16, as: UInt64.self)
        to.storeBytes(of: fourth, toByteOffset: count - 8, as: UInt64.self)
      }
    } else if count >= 4 && count < 8 {
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      to.storeBytes(of: head, as: UInt32.self)
      to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    } else if count < 4 {
      for i in 0..<count { base[position + i] = from.load(fromByteOffset: i, as: UInt8.self) }
    } else {
      to.copyMemory(from: from, byteCount: count)
    }
    position += count
  }

  @inline(__always)
  mutating func bytes(_ source: StaticString) {
    bytes(UnsafeRawBufferPointer(start: source.utf8Start, count: source.utf8CodeUnitCount))
  }

  /// Appends at most `bound` bytes to `array` through a cursor; the unused reserve is removed.
  @inline(__always)
  static func withReservedSpace<Result>(in array: inout [UInt8], bound: Int, _ body: (inout RawWriter) throws(CodecError) -> Result) throws(CodecError) -> Result {
    #if compiler(>=6.2)
      // Where the standard library lends the array's spare capacity, nothing is zero-filled first
      // (a record's bound is several times its size: filling it was a tenth of encoding).
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        var result: Result? = nil
        try array.append(addingCapacity: bound) { (span: inout OutputSpan<UInt8>) throws(CodecError) in
          try span.withUnsafeMutableBufferPointer { (buffer, initialized) throws(CodecError) in
            var writer = RawWriter(base: buffer.baseAddress!)
            result = try body(&writer)
            initialized = writer.position
          }
        }
        return result!
      }
    #endif
    let start = array.count
    array.appendZeros(bound)
    let outcome: Swift.Result<(Result, Int), CodecError> = array.withUnsafeMutableBufferPointer { buffer in
      var writer = RawWriter(base: buffer.baseAddress! + start)
      do throws(CodecError) {
        let result = try body(&writer)
        return .success((result, writer.position))
      } catch {
        return .failure(error)
      }
    }
    switch outcome {
    case .success(let (result, used)):
      array.removeLast(bound - used)
      return result
    case .failure(let error):
      array.removeLast(bound)
      throw error
    }
  }
}

extension RawWriter {
  /// The non-throwing form of ``withReservedSpace(in:bound:_:)``.
  @inline(__always)
  static func appending(to array: inout [UInt8], bound: Int, _ body: (inout RawWriter) -> Void) {
    #if compiler(>=6.2)
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        array.append(addingCapacity: bound) { (span: inout OutputSpan<UInt8>) in
          span.withUnsafeMutableBufferPointer { buffer, initialized in
            var writer = RawWriter(base: buffer.baseAddress!)
            body(&writer)
            initialized = writer.position
          }
        }
        return
      }
    #endif
    let start = array.count
    array.appendZeros(bound)
    let used: Int = array.withUnsafeMutableBufferPointer { buffer in
      var writer = RawWriter(base: buffer.baseAddress! + start)
      body(&writer)
      return writer.position
    }
    array.removeLast(bound - used)
  }
}

/// Zeros to copy from: appending a `repeatElement` sequence iterates generically, element by
/// element, in unoptimized builds (a debug `cmdtool record` spent 80% of its time there).
private let zeroBytes = [UInt8](repeating: 0, count: 4096)

extension Array where Element == UInt8 {
  /// Appends `count` zero bytes, copied in blocks (a `memcpy` in any build).
  @inline(__always)
  mutating func appendZeros(_ count: Int) {
    var remaining = count
    zeroBytes.withUnsafeBufferPointer { zeros in
      while remaining > 0 {
        let block = Swift.min(remaining, zeros.count)
        append(contentsOf: UnsafeBufferPointer(rebasing: zeros[..<block]))
        remaining -= block
      }
    }
  }
}

extension String {
  /// Calls `body` with the string's UTF-8 bytes, without copying a native string.
  @inline(__always)
  func withUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
    if let result = utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
    var copy = self
    return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
  }
}
