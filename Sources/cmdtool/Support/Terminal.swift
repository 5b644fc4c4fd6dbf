#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the terminal on standard output can do.
enum Terminal {
  /// Colors on a terminal, never in a pipe or a file, and never when NO_COLOR is set
  /// (https://no-color.org).
  static var useColor: Bool {
    if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
    return isatty(1) == 1
  }
}
