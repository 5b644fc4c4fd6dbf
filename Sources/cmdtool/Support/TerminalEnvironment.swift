#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What decides how cmdtool behaves at a terminal: a few environment variables and whether
/// standard output and standard error are terminals.
///
/// A value rather than direct `getenv`/`isatty` calls, so that the decisions in ``Terminal`` can
/// be tested with any environment.
struct TerminalEnvironment: Sendable {
  /// The environment variables that matter (others may be present and are ignored).
  var variables: [String: String]
  /// Whether standard output is a terminal.
  var standardOutputIsTerminal: Bool
  /// Whether standard error is a terminal.
  var standardErrorIsTerminal: Bool

  init(variables: [String: String] = [:], standardOutputIsTerminal: Bool = false, standardErrorIsTerminal: Bool = false) {
    self.variables = variables
    self.standardOutputIsTerminal = standardOutputIsTerminal
    self.standardErrorIsTerminal = standardErrorIsTerminal
  }

  /// The variables the decisions read.
  static let names = ["NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "TERM", "CI", "COLUMNS", "CMDTOOL_PROGRESS_DELAY"]

  /// This process's environment and descriptors.
  static var current: TerminalEnvironment {
    var variables: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { variables[name] = String(cString: value) }
    }
    return TerminalEnvironment(variables: variables, standardOutputIsTerminal: isatty(1) == 1, standardErrorIsTerminal: isatty(2) == 1)
  }

  /// Whether `name` is set to something (no-color.org: "present and not an empty string,
  /// regardless of its value", so even `NO_COLOR=0` turns colors off).
  func hasValue(_ name: String) -> Bool {
    guard let value = variables[name] else { return false }
    return !value.isEmpty
  }

  /// Whether `name` is set to a value that means yes: anything but empty, `0` or `false`
  /// (`FORCE_COLOR=0` and `CI=false` are common ways of saying no).
  func isEnabled(_ name: String) -> Bool {
    guard let value = variables[name] else { return false }
    return !value.isEmpty && value != "0" && value.lowercased() != "false"
  }
}
