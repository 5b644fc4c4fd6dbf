import ArgumentParser
import Replay

/// `--color auto|always|never`, for every subcommand that colors its output.
///
/// ```swift
/// @OptionGroup var color: ColorOptions
/// ...
/// output.write(report.renderText(color.palette))
/// ```
struct ColorOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp(
    "When to color the output: auto (on a terminal, unless NO_COLOR is set or TERM=dumb; FORCE_COLOR or CLICOLOR_FORCE force it), always or never.",
    valueName: "when"))
  var color: ColorChoice = .auto

  /// Whether standard output gets colors (``Terminal/usesColor(_:in:)``).
  var usesColor: Bool { Terminal.usesColor(color) }

  /// The diff palette to print with.
  var palette: StateDiff.Palette { usesColor ? .terminal : .plain }
}
