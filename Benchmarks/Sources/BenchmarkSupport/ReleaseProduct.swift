import Foundation

/// An executable of the parent package built in release (the example engine, the reference
/// testee), which benchmarks run as a peer process: the path given, or the repository's build,
/// built first when it is missing.
public enum ReleaseProduct {
  /// Why no executable could be found or built.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The repository root: four levels above this file (Benchmarks/Sources/BenchmarkSupport/…).
  public static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// `given` (from an option such as `--engine`), or `.build/release/PRODUCT` of the repository,
  /// built with `swift build -c release --product PRODUCT` when missing (its output on stderr).
  public static func locate(_ product: String, given: String?, option: String) throws -> String {
    if let given {
      guard FileManager.default.isExecutableFile(atPath: given) else { throw Failure(description: "\(option) \(given) is not an executable file") }
      return given
    }
    let root = repositoryRoot
    let path = root.appendingPathComponent(".build/release/\(product)").path
    if FileManager.default.isExecutableFile(atPath: path) { return path }
    FileHandle.standardError.write(Data("\(path) is missing; building it: swift build -c release --product \(product)\n".utf8))
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    build.arguments = ["swift", "build", "-c", "release", "--product", product]
    build.currentDirectoryURL = root
    build.standardOutput = FileHandle.standardError
    build.standardError = FileHandle.standardError
    do { try build.run() } catch { throw Failure(description: "cannot run swift build: \(error)") }
    build.waitUntilExit()
    guard build.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: path) else {
      throw Failure(description: "swift build -c release --product \(product) failed; pass \(option) PATH")
    }
    return path
  }
}
