#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal conventions CI users expect from Jest, cargo and the like: when to color, when
/// to show progress. Each decision is one function of a ``TerminalEnvironment``.
enum Terminal {
  /// Whether standard output gets ANSI colors.
  ///
  /// In this order, the first that applies decides:
  /// 1. `--color always` or `--color never`;
  /// 2. `NO_COLOR` set and not empty: no color (https://no-color.org);
  /// 3. `FORCE_COLOR` or `CLICOLOR_FORCE` set to anything but empty, `0` or `false`: color, even
  ///    in a pipe or a file (CI logs that render ANSI);
  /// 4. `TERM=dumb`: no color;
  /// 5. otherwise color only when standard output is a terminal.
  ///
  /// ```swift
  /// let palette: StateDiff.Palette = Terminal.usesColor(.auto) ? .terminal : .plain
  /// ```
  ///
  /// - Parameters:
  ///   - choice: the `--color` option.
  ///   - environment: the environment to decide in (the process's own by default).
  static func usesColor(_ choice: ColorChoice, in environment: TerminalEnvironment = .current) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto: break
    }
    if environment.hasValue("NO_COLOR") { return false }
    if environment.isEnabled("FORCE_COLOR") || environment.isEnabled("CLICOLOR_FORCE") { return true }
    if environment.variables["TERM"] == "dumb" { return false }
    return environment.standardOutputIsTerminal
  }

  /// Whether a progress line may be drawn on standard error: only when standard error is a
  /// terminal, `TERM` is not `dumb` and `CI` is not set (to anything but empty, `0` or `false`),
  /// so logs and pipes never get carriage returns.
  ///
  /// - Parameters:
  ///   - streamingToStandardOutput: the command writes its results to standard output as it
  ///     works (`convert IN -`); when that is the same kind of terminal, a progress line would
  ///     tear through the output, so there is none.
  static func showsProgress(in environment: TerminalEnvironment = .current, streamingToStandardOutput: Bool = false) -> Bool {
    guard environment.standardErrorIsTerminal else { return false }
    if environment.variables["TERM"] == "dumb" || environment.isEnabled("CI") { return false }
    if streamingToStandardOutput && environment.standardOutputIsTerminal { return false }
    return true
  }

  /// How long work runs before its progress line appears, in nanoseconds: half a second, or
  /// `CMDTOOL_PROGRESS_DELAY` seconds (`0`: from the first update), as git's
  /// `GIT_PROGRESS_DELAY`. The tests set it so that what they check of the line never depends on
  /// how fast the machine is; a value that is not a number of seconds ≥ 0 is ignored (progress
  /// is no reason to stop a command).
  static func progressDelay(in environment: TerminalEnvironment = .current) -> UInt64 {
    let standard: UInt64 = 500_000_000
    guard let text = environment.variables["CMDTOOL_PROGRESS_DELAY"], let seconds = Double(text), seconds >= 0, seconds < 1e9 else {
      return standard
    }
    return UInt64(seconds * 1e9)
  }

  /// The width of the terminal on standard error in columns: the window size, else `COLUMNS`,
  /// else 80.
  static func standardErrorColumns(in environment: TerminalEnvironment = .current) -> Int {
    var size = winsize()
    if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    if let columns = environment.variables["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
    return 80
  }
}
