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

  // MARK: - Widgets

  /// The fuzz targets decode with a copy of `all.widgets.json` (`FuzzWidgets`, so that they need
  /// no file at run time); the copy must be the file.
  @Test func theFuzzSchemaIsTheBundledFile() throws {
    #expect(Array(FuzzWidgets.text.utf8) == WidgetSchemaFixtures.bundled("all.widgets.json"))
    #expect(FuzzWidgets.schema == WidgetCases.all)
  }

  /// Every input of the widget vectors, by name and format: the seeds with custom commands.
  static let widgetInputs: [(name: String, format: TraceFormat, input: [UInt8])] = {
    var inputs: [(name: String, format: TraceFormat, input: [UInt8])] = []
    for vector in VectorStore.valid where vector.widgets != nil {
      inputs.append((vector.name, .jsonLines, Array(vector.jsonl.utf8)))
      inputs.append((vector.name, .binary, Hex.decode(vector.binaryHex) ?? []))
      if let input = vector.jsonlInput { inputs.append((vector.name + " (input)", .jsonLines, Array(input.utf8))) }
    }
    for vector in VectorStore.invalid where vector.name.hasPrefix("widgets/") {
      inputs.append((vector.name, TraceFormat(rawValue: vector.format) ?? .binary, Hex.decode(vector.inputHex) ?? []))
    }
    return inputs
  }()

  /// The widget vectors keep the contract, decoded with the schema (as the fuzz targets do) and
  /// without: a header that names a schema nobody gave is refused, and round-trips as refused.
  @Test func widgetVectorsKeepTheContract() {
    #expect(Self.widgetInputs.count > 40)
    for (name, format, input) in Self.widgetInputs {
      #expect(!input.isEmpty, "\(name)")
      if let violation = TraceContract.violation(input, format: format) {
        Issue.record("\(name) as \(format.rawValue): \(violation)")
      }
      if let violation = TraceContract.violation(input, format: format, widgets: nil) {
        Issue.record("\(name) as \(format.rawValue), no schema: \(violation)")
      }
    }
  }
}
