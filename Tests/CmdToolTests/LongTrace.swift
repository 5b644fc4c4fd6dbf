import Foundation
import Testing

/// A generated trace of many chunks (about 1.9 MB; the reader reports progress once per 64 KiB),
/// made once for the suite that has this trait and removed after it. Its path is ``path`` inside
/// the suite. The progress tests set `CMDTOOL_PROGRESS_DELAY=0`, so the line shows from the first
/// chunk however fast the machine: the trace need not take any particular time.
struct LongTrace: SuiteTrait, TestScoping {
  static let commands = 200_000

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
