@testable import ReplayLive
import Testing

// RecordMode.resolve as a decision table: which of the flags and environment variables decides
// the record mode of `replay --engine`, what the summary names as its source, and which
// combinations are errors rather than a silent guess.

@Suite struct RecordModeTests {
  /// One row: the flags and the environment, and the mode and source they give.
  struct Row: Sendable, CustomTestStringConvertible {
    var flag: RecordMode? = nil
    var ci = false
    var rerecord = false
    var environment: [String: String] = [:]
    var mode: RecordMode
    var source: String

    var testDescription: String {
      let flags = [flag.map { "--record \($0.rawValue)" }, ci ? "--ci" : nil, rerecord ? "--rerecord" : nil].compactMap { $0 }
      let variables = environment.map { "\($0.key)=\($0.value)" }.sorted()
      return (flags + variables).joined(separator: " ") + " → \(mode.rawValue) (\(source))"
    }
  }

  static let decisions: [Row] = [
    // Nothing said: record what is missing.
    Row(mode: .missing, source: "the default"),
    // --record decides, over everything in the environment.
    Row(flag: .never, mode: .never, source: "--record never"),
    Row(flag: .failed, environment: ["CI": "true", "CMDTOOL_RECORD": "all"], mode: .failed, source: "--record failed"),
    Row(flag: .all, environment: ["CMDTOOL_RERECORD": "true"], mode: .all, source: "--record all"),
    // A legacy flag that says the same as --record is no contradiction.
    Row(flag: .never, ci: true, mode: .never, source: "--record never"),
    Row(flag: .all, rerecord: true, mode: .all, source: "--record all"),
    // The legacy flags, over the environment.
    Row(ci: true, environment: ["CMDTOOL_RECORD": "all"], mode: .never, source: "--ci"),
    Row(rerecord: true, environment: ["CI": "true"], mode: .all, source: "--rerecord"),
    // CMDTOOL_RECORD, over the legacy variable and CI; empty counts as unset.
    Row(environment: ["CMDTOOL_RECORD": "failed"], mode: .failed, source: "CMDTOOL_RECORD=failed"),
    Row(environment: ["CMDTOOL_RECORD": "missing", "CI": "true"], mode: .missing, source: "CMDTOOL_RECORD=missing"),
    Row(environment: ["CMDTOOL_RECORD": "never", "CMDTOOL_RERECORD": "1"], mode: .never, source: "CMDTOOL_RECORD=never"),
    Row(environment: ["CMDTOOL_RECORD": "", "CI": "true"], mode: .never, source: "CI=true"),
    // CMDTOOL_RERECORD=1, over CI; 0 and empty are unset.
    Row(environment: ["CMDTOOL_RERECORD": "1", "CI": "true"], mode: .all, source: "CMDTOOL_RERECORD=1"),
    Row(environment: ["CMDTOOL_RERECORD": "0"], mode: .missing, source: "the default"),
    Row(environment: ["CMDTOOL_RERECORD": ""], mode: .missing, source: "the default"),
    // CI set to anything but empty, 0 or false (in any case) means never, as Jest has it.
    Row(environment: ["CI": "true"], mode: .never, source: "CI=true"),
    Row(environment: ["CI": "1"], mode: .never, source: "CI=1"),
    Row(environment: ["CI": "woodpecker"], mode: .never, source: "CI=woodpecker"),
    Row(environment: ["CI": ""], mode: .missing, source: "the default"),
    Row(environment: ["CI": "0"], mode: .missing, source: "the default"),
    Row(environment: ["CI": "false"], mode: .missing, source: "the default"),
    Row(environment: ["CI": "FALSE"], mode: .missing, source: "the default"),
  ]

  @Test(arguments: decisions)
  func decides(_ row: Row) throws {
    let (mode, source) = try RecordMode.resolve(flag: row.flag, ci: row.ci, rerecord: row.rerecord, environment: { row.environment[$0] })
    #expect(mode == row.mode)
    #expect(source == row.source)
  }

  /// Combinations that cannot be meant, and the message each gives (it names what was given).
  struct Refusal: Sendable, CustomTestStringConvertible {
    var flag: RecordMode? = nil
    var ci = false
    var rerecord = false
    var environment: [String: String] = [:]
    var message: String
    var testDescription: String { message }
  }

  static let refusals: [Refusal] = [
    Refusal(ci: true, rerecord: true, message: "--ci never records and --rerecord records everything: give one of them (or --record MODE)"),
    Refusal(flag: .all, ci: true, message: "--record all contradicts --ci; give one of them"),
    Refusal(flag: .missing, ci: true, message: "--record missing contradicts --ci; give one of them"),
    Refusal(flag: .never, rerecord: true, message: "--record never contradicts --rerecord; give one of them"),
    Refusal(flag: .failed, rerecord: true, message: "--record failed contradicts --rerecord; give one of them"),
    Refusal(environment: ["CMDTOOL_RECORD": "sometimes"], message: "CMDTOOL_RECORD=sometimes is not a record mode: use never, missing, failed or all"),
    // Modes are lower case, as --record takes them.
    Refusal(environment: ["CMDTOOL_RECORD": "ALL"], message: "CMDTOOL_RECORD=ALL is not a record mode: use never, missing, failed or all"),
    Refusal(environment: ["CMDTOOL_RERECORD": "true"], message: "CMDTOOL_RERECORD=true is not understood: use CMDTOOL_RECORD=all (or CMDTOOL_RERECORD=1)"),
    Refusal(environment: ["CMDTOOL_RERECORD": "yes", "CI": "true"], message: "CMDTOOL_RERECORD=yes is not understood: use CMDTOOL_RECORD=all (or CMDTOOL_RERECORD=1)"),
  ]

  @Test(arguments: refusals)
  func refuses(_ row: Refusal) {
    #expect {
      _ = try RecordMode.resolve(flag: row.flag, ci: row.ci, rerecord: row.rerecord, environment: { row.environment[$0] })
    } throws: { error in
      (error as? RecordMode.Failure)?.description == row.message
    }
  }

  @Test func aFlagMeansTheEnvironmentIsNotRead() throws {
    // Not even to find fault with it: a run given --record has said what it wants.
    var read: [String] = []
    let (mode, _) = try RecordMode.resolve(flag: .never, ci: false, rerecord: false, environment: { read.append($0); return "sometimes" })
    #expect(mode == .never)
    #expect(read.isEmpty)
  }
}
