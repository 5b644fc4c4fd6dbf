#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The name of the case being served, for the log: CMDTOOL_CASE, then each `case` marker's
/// (docs/CONFORMANCE.md §1.9). The testee has one thread.
nonisolated(unsafe) var caseName: String? = getenv("CMDTOOL_CASE").map { String(cString: $0) }

/// Writes a line to the standard error: the testee's log, whose tail cmdtool keeps for the report.
func log(_ message: String) {
  let line = "reference-testee" + (caseName.map { " [\($0)]" } ?? "") + ": \(message)\n"
  var bytes = Array(line.utf8)
  bytes.withUnsafeMutableBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }
}

/// Logs `message` and exits with `status` at once.
func fail(_ message: String, status: Int32) -> Never {
  log(message)
  exit(status)
}
