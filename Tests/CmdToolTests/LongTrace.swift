import Foundation
import Testing

/// A generated trace that takes well over the half second before progress shows (about 1.5 s
/// to replay in a debug build; optimized builds are faster, so it is longer there), made once
/// for the suite that has this trait and removed after it. Its path is ``path`` inside the suite.
struct LongTrace: SuiteTrait, TestScoping {
  #if DEBUG
  static let commands = 1_000_000
  #else
  static let commands = 5_000_000
  #endif

  @TaskLocal static var path: String?

  func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("long.cmdtrace").path
    let generated = try CommandRunner.run(["generate", path, "--commands", "\(Self.commands)", "--seed", "7"])
    try #require(generated.status == 0, "\(generated.stderr)")
    try await Self.$path.withValue(path) { try await function() }
  }
}
