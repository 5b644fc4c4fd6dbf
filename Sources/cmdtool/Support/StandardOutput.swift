import Replay

/// Buffered standard output: commands print many lines, and one write per line is slow.
final class StandardOutput {
  private var buffer: [UInt8] = []
  private let file = FileDescriptor.standardOutput

  init() { buffer.reserveCapacity(1 << 16) }

  deinit { flush() }

  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  func writeLine(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { flush() }
  }

  func write(bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  func flush() {
    guard !buffer.isEmpty else { return }
    // A closed pipe (e.g. `| head`) is not an error worth reporting.
    let file = self.file
    _ = buffer.withUnsafeBytes { bytes in
      Result { () throws(IOError) in try file.write(bytes, path: "standard output") }
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
