@testable import cmdtool
import Testing

/// When cmdtool colors and when it shows progress: the documented order, with an injected
/// environment and injected terminals.
@Suite("Terminal decisions")
struct TerminalDecisionTests {
  struct ColorCase: CustomTestStringConvertible, Sendable {
    var choice: ColorChoice
    var variables: [String: String]
    var isTerminal: Bool
    var expected: Bool
    var testDescription: String { "--color \(choice) \(variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }) \(isTerminal ? "tty" : "pipe") → \(expected ? "color" : "plain")" }
  }

  static let colorCases: [ColorCase] = [
    // 1. --color always|never wins over everything.
    ColorCase(choice: .always, variables: [:], isTerminal: false, expected: true),
    ColorCase(choice: .always, variables: ["NO_COLOR": "1", "TERM": "dumb"], isTerminal: false, expected: true),
    ColorCase(choice: .never, variables: [:], isTerminal: true, expected: false),
    ColorCase(choice: .never, variables: ["FORCE_COLOR": "1", "CLICOLOR_FORCE": "1"], isTerminal: true, expected: false),
    // 2. NO_COLOR set and not empty: no color, whatever its value, even with FORCE_COLOR.
    ColorCase(choice: .auto, variables: ["NO_COLOR": "1"], isTerminal: true, expected: false),
    ColorCase(choice: .auto, variables: ["NO_COLOR": "0"], isTerminal: true, expected: false),
    ColorCase(choice: .auto, variables: ["NO_COLOR": "1", "FORCE_COLOR": "1"], isTerminal: true, expected: false),
    ColorCase(choice: .auto, variables: ["NO_COLOR": ""], isTerminal: true, expected: true),
    ColorCase(choice: .auto, variables: ["NO_COLOR": ""], isTerminal: false, expected: false),
    // 3. FORCE_COLOR or CLICOLOR_FORCE, not empty, 0 or false: color even in a pipe, even on a dumb terminal.
    ColorCase(choice: .auto, variables: ["FORCE_COLOR": "1"], isTerminal: false, expected: true),
    ColorCase(choice: .auto, variables: ["FORCE_COLOR": "3"], isTerminal: false, expected: true),
    ColorCase(choice: .auto, variables: ["FORCE_COLOR": "true"], isTerminal: false, expected: true),
    ColorCase(choice: .auto, variables: ["CLICOLOR_FORCE": "1"], isTerminal: false, expected: true),
    ColorCase(choice: .auto, variables: ["CLICOLOR_FORCE": "1", "TERM": "dumb"], isTerminal: false, expected: true),
    ColorCase(choice: .auto, variables: ["FORCE_COLOR": "0"], isTerminal: false, expected: false),
    ColorCase(choice: .auto, variables: ["FORCE_COLOR": "false"], isTerminal: false, expected: false),
    ColorCase(choice: .auto, variables: ["FORCE_COLOR": ""], isTerminal: false, expected: false),
    ColorCase(choice: .auto, variables: ["CLICOLOR_FORCE": "0"], isTerminal: false, expected: false),
    // FORCE_COLOR=0 does not force; it does not forbid either: a terminal still gets color.
    ColorCase(choice: .auto, variables: ["FORCE_COLOR": "0"], isTerminal: true, expected: true),
    // 4. TERM=dumb: no color on a terminal.
    ColorCase(choice: .auto, variables: ["TERM": "dumb"], isTerminal: true, expected: false),
    ColorCase(choice: .auto, variables: ["TERM": "xterm-256color"], isTerminal: true, expected: true),
    // 5. Otherwise: a terminal gets color, a pipe or a file does not.
    ColorCase(choice: .auto, variables: [:], isTerminal: true, expected: true),
    ColorCase(choice: .auto, variables: [:], isTerminal: false, expected: false),
    ColorCase(choice: .auto, variables: ["TERM": "xterm", "CI": "true"], isTerminal: false, expected: false),
  ]

  @Test("The color decision, in the documented order", arguments: colorCases)
  func color(_ testCase: ColorCase) {
    let environment = TerminalEnvironment(variables: testCase.variables, standardOutputIsTerminal: testCase.isTerminal)
    #expect(Terminal.usesColor(testCase.choice, in: environment) == testCase.expected)
  }

  @Test("Standard error being a terminal does not matter for colors (they go to standard output)")
  func colorLooksAtStandardOutput() {
    let environment = TerminalEnvironment(standardOutputIsTerminal: false, standardErrorIsTerminal: true)
    #expect(!Terminal.usesColor(.auto, in: environment))
  }

  struct ProgressCase: CustomTestStringConvertible, Sendable {
    var variables: [String: String]
    var standardError: Bool
    var standardOutput: Bool = false
    var streaming: Bool = false
    var expected: Bool
    var testDescription: String {
      "\(variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }) stderr \(standardError ? "tty" : "pipe") stdout \(standardOutput ? "tty" : "pipe")\(streaming ? " streaming" : "") → \(expected ? "progress" : "none")"
    }
  }

  static let progressCases: [ProgressCase] = [
    ProgressCase(variables: [:], standardError: true, expected: true),
    ProgressCase(variables: ["TERM": "xterm"], standardError: true, standardOutput: true, expected: true),
    // Never in a pipe or a file.
    ProgressCase(variables: [:], standardError: false, expected: false),
    ProgressCase(variables: ["FORCE_COLOR": "1"], standardError: false, expected: false),
    // Not on a dumb terminal, not in CI.
    ProgressCase(variables: ["TERM": "dumb"], standardError: true, expected: false),
    ProgressCase(variables: ["CI": "1"], standardError: true, expected: false),
    ProgressCase(variables: ["CI": "true"], standardError: true, expected: false),
    ProgressCase(variables: ["CI": "false"], standardError: true, expected: true),
    ProgressCase(variables: ["CI": ""], standardError: true, expected: true),
    // Colors have no say.
    ProgressCase(variables: ["NO_COLOR": "1"], standardError: true, expected: true),
    // Output streamed to the same kind of terminal: none; streamed into a pipe: shown.
    ProgressCase(variables: [:], standardError: true, standardOutput: true, streaming: true, expected: false),
    ProgressCase(variables: [:], standardError: true, standardOutput: false, streaming: true, expected: true),
  ]

  @Test("The progress decision", arguments: progressCases)
  func progress(_ testCase: ProgressCase) {
    let environment = TerminalEnvironment(variables: testCase.variables, standardOutputIsTerminal: testCase.standardOutput, standardErrorIsTerminal: testCase.standardError)
    #expect(Terminal.showsProgress(in: environment, streamingToStandardOutput: testCase.streaming) == testCase.expected)
  }

  @Test("The progress delay: half a second, or CMDTOOL_PROGRESS_DELAY seconds; what is not a number of seconds is ignored", arguments: [
    (nil, 500_000_000), ("0", 0), ("0.25", 250_000_000), ("3", 3_000_000_000), ("-1", 500_000_000), ("soon", 500_000_000),
    ("", 500_000_000), ("nan", 500_000_000), ("inf", 500_000_000),
  ] as [(String?, UInt64)])
  func progressDelay(value: String?, nanoseconds: UInt64) {
    let environment = TerminalEnvironment(variables: value.map { ["CMDTOOL_PROGRESS_DELAY": $0] } ?? [:], standardErrorIsTerminal: true)
    #expect(Terminal.progressDelay(in: environment) == nanoseconds)
  }

  @Test("--color parses auto, always and never, and nothing else")
  func colorOption() throws {
    #expect(try ColorOptions.parse([]).color == .auto)
    #expect(try ColorOptions.parse(["--color", "always"]).color == .always)
    #expect(try ColorOptions.parse(["--color", "never"]).color == .never)
    #expect(throws: (any Error).self) { try ColorOptions.parse(["--color", "sometimes"]) }
  }
}
