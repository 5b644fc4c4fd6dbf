import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `cmdtool` with standard error (and, if asked, standard output) on a
/// pseudo-terminal, as a person at a terminal would, and captures what the terminal received.
///
/// What cmdtool does at a terminal (progress lines, colors) depends on `isatty`, which no pipe
/// can fake; a pseudo-terminal is a real terminal device that the test reads from the other side.
enum PseudoTerminal {
  struct Result {
    var status: Int32
    /// Every byte the terminal received (standard error, and standard output when it was on the
    /// terminal too), as text. The terminal turns `\n` into `\r\n`.
    var terminal: String
    /// Standard output, when it went to a pipe.
    var stdout: String
    /// How long the command ran.
    var seconds: Double
  }

  /// Runs `cmdtool arguments` with standard error on a fresh pseudo-terminal of `columns`
  /// columns.
  ///
  /// - Parameters:
  ///   - environment: changes to the test's environment (nil removes). The color variables,
  ///     `CI` and `CMDTOOL_PROGRESS_DELAY` are removed and `TERM` is `xterm` unless given here, so
  ///     the run is the same in a developer's shell and in CI.
  ///   - standardOutputOnTerminal: standard output goes to the terminal as well (else to a pipe).
  static func run(_ arguments: [String], environment: [String: String?] = [:], standardOutputOnTerminal: Bool = false, columns: UInt16 = 120, sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
    let (controller, device) = try open(columns: columns)
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = arguments
    process.environment = CommandRunner.mergedEnvironment(["CI": nil, "TERM": "xterm", "CMDTOOL_PROGRESS_DELAY": nil].merging(environment) { $1 })
    let deviceHandle = FileHandle(fileDescriptor: device, closeOnDealloc: false)
    let out = Pipe()
    process.standardError = deviceHandle
    process.standardOutput = standardOutputOnTerminal ? deviceHandle : out
    process.standardInput = FileHandle.nullDevice

    // Read the terminal while the command runs: a full terminal buffer would block it.
    let received = Received()
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
        if count > 0 {
          received.append(buffer[0..<count])
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          break  // EIO once the last descriptor of the device is closed: the command is done.
        }
      }
      received.finish()
    }
    let start = Date()
    try process.run()
    // Only the command holds the device now, so its exit ends the reader's loop.
    close(device)
    reader.start()
    let stdout = standardOutputOnTerminal ? Data() : out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    let bytes = received.wait()
    close(controller)
    return Result(status: process.terminationStatus, terminal: String(decoding: bytes, as: UTF8.self), stdout: String(decoding: stdout, as: UTF8.self), seconds: seconds)
  }

  /// A new pseudo-terminal: the controlling side (for the test) and the device (for the command).
  private static func open(columns: UInt16) throws -> (Int32, Int32) {
    let functions = try PseudoTerminalFunctions()
    // Close-on-exec, so that no other command started meanwhile (tests run in parallel) keeps
    // the device open: the reader would wait for that command's end too.
    let controller = functions.openController(O_RDWR | O_NOCTTY | O_CLOEXEC)
    var name = [CChar](repeating: 0, count: 128)
    guard controller >= 0, functions.grant(controller) == 0, functions.unlock(controller) == 0,
      functions.name(controller, &name, name.count) == 0
    else {
      throw Failure(message: "no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let device = openDevice(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard device >= 0 else { throw Failure(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
    var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    return (controller, device)
  }

  struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// The bytes read so far, shared between the reading thread and the test.
  private final class Received: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    private var isDone = false

    func append(_ chunk: ArraySlice<UInt8>) {
      condition.lock()
      bytes.append(contentsOf: chunk)
      condition.unlock()
    }

    func finish() {
      condition.lock()
      isDone = true
      condition.broadcast()
      condition.unlock()
    }

    func wait() -> [UInt8] {
      condition.lock()
      defer { condition.unlock() }
      while !isDone { condition.wait() }
      return bytes
    }
  }
}

// `open` under a name that the enum's own `open(columns:)` does not hide.
private func openDevice(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }

/// The C library's pseudo-terminal functions, looked up at run time: Swift's Glibc module leaves
/// out the declarations of `posix_openpt` and its kin (they need `_XOPEN_SOURCE`), though every
/// C library has them.
private struct PseudoTerminalFunctions {
  let openController: @convention(c) (Int32) -> Int32
  let grant: @convention(c) (Int32) -> Int32
  let unlock: @convention(c) (Int32) -> Int32
  let name: @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

  init() throws {
    let library = dlopen(nil, RTLD_NOW)
    func symbol(_ name: String) throws -> UnsafeMutableRawPointer {
      guard let address = dlsym(library, name) else { throw PseudoTerminal.Failure(message: "the C library has no \(name)") }
      return address
    }
    openController = unsafeBitCast(try symbol("posix_openpt"), to: (@convention(c) (Int32) -> Int32).self)
    grant = unsafeBitCast(try symbol("grantpt"), to: (@convention(c) (Int32) -> Int32).self)
    unlock = unsafeBitCast(try symbol("unlockpt"), to: (@convention(c) (Int32) -> Int32).self)
    name = unsafeBitCast(try symbol("ptsname_r"), to: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)
  }
}
