import Foundation
import Testing

/// Runs the built `cmdtool` binary, as a user would, and captures what it prints.
struct CommandRunner {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: Data
  }

  /// The directory of the test bundle holds the binaries of the same build.
  static var binary: URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
    var directory = testBinary.deletingLastPathComponent()
    // On macOS the test bundle is a directory: Foo.xctest/Contents/MacOS/Foo.
    while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS" || directory.lastPathComponent == "Contents" {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("cmdtool")
  }

  /// The repository root, for the bundled traces.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  /// Runs `cmdtool` with `arguments`; `environment` adds to (or, with a nil value, removes from)
  /// the test's own environment.
  static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String?] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = mergedEnvironment(environment)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Read before waiting, so a full pipe cannot block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData)
  }

  /// Variables that change how cmdtool prints (colors): cleared for every run, so that a
  /// developer's `FORCE_COLOR` or `NO_COLOR` cannot change what the tests see; a test that wants
  /// one passes it in `environment`.
  static let terminalVariables = ["NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE"]

  /// The test's own environment without ``terminalVariables``, plus `changes` (nil removes).
  static func mergedEnvironment(_ changes: [String: String?]) -> [String: String] {
    var merged = ProcessInfo.processInfo.environment
    for name in terminalVariables { merged[name] = nil }
    for (key, value) in changes { merged[key] = value }
    return merged
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cmdtool-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
