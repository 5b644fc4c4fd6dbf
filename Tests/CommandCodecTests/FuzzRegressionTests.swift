import Foundation
import Testing
@testable import CommandCodec

/// Every input kept in `FuzzTesting/FailCases/` (one file per case: crashers the fuzzers found,
/// minimized, and inputs that were too slow) keeps the fuzz contract, on every `swift test`.
///
/// The contract is the fuzz targets' own: `FuzzContract/` holds links to the files of
/// `FuzzTesting/Sources/FuzzCommon/`, so this test and the fuzzers check exactly the same rules
/// (docs/FUZZING.md). Each case is read as binary and as JSON Lines, whatever it holds, and is
/// also fed a byte at a time and in random pieces.
@Suite struct FuzzRegressionTests {
  static let directory: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // FuzzRegressionTests.swift, CommandCodecTests, Tests
    return parts.joined(separator: "/") + "/FuzzTesting/FailCases"
  }()

  /// The case files, by name (the folder's README aside).
  static let cases: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0 != "README.md" && !$0.hasPrefix(".") }.sorted()
  }()

  static func bytes(of name: String) throws -> [UInt8] {
    let data = try #require(FileManager.default.contents(atPath: directory + "/" + name), "cannot read \(name)")
    return Array(data)
  }

  @Test func theFolderIsFound() {
    #expect(!Self.cases.isEmpty, "no cases in \(Self.directory)")
  }

  @Test(arguments: cases)
  func keepsTheContract(_ name: String) throws {
    let input = try Self.bytes(of: name)
    for format in TraceFormat.allCases {
      if let violation = TraceContract.violation(input, format: format) {
        Issue.record("\(name) as \(format.rawValue): \(violation)")
      }
      // More splittings than the fuzzer's one: a byte at a time (for inputs of up to 64 KiB) and
      // random pieces of several sizes.
      let whole = DecodingRun(input, format: format)
      var splittings: [(String, [Int])] = [4, 64, 4096].map { ("random pieces of about \($0) bytes", ChunkedDecoding.randomCuts(count: input.count, seed: 7, meanLength: $0)) }
      if input.count <= 1 << 16 { splittings.append(("a byte at a time", input.count > 1 ? Array(1..<input.count) : [])) }
      for (how, cuts) in splittings {
        let run = DecodingRun(input, format: format, cuts: cuts)
        #expect(run.error == whole.error, "\(name) as \(format.rawValue), \(how): \(String(describing: run.error)), whole: \(String(describing: whole.error))")
        #expect(run.fingerprint == whole.fingerprint, "\(name) as \(format.rawValue), \(how): \(run.records.count) records, whole: \(whole.records.count)")
      }
    }
  }
}
