import ArgumentParser

/// The `--color` option's values: the environment decides (`auto`), or the user does.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
  /// `NO_COLOR`, `FORCE_COLOR`, `CLICOLOR_FORCE`, `TERM=dumb`, then whether standard output is a
  /// terminal (``Terminal/usesColor(_:in:)``).
  case auto
  /// Color even in a pipe or a file.
  case always
  /// Never color.
  case never
}
