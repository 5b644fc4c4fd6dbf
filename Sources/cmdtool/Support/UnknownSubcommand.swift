import ArgumentParser
import CommandCodec

/// A mistyped subcommand, named before ArgumentParser parses the command line: on its own it says
/// only "Unexpected argument 'replya'" (or "2 unexpected arguments"), and `cmdtool help replya`
/// prints the root's help as if nothing were wrong.
enum UnknownSubcommand {
  /// The usage error for `arguments` (the command line without the program name) when its first
  /// argument, or the one after `help`, is not a subcommand of `root`; nil otherwise, options
  /// (`--help`, `--version`) included.
  static func error(in arguments: [String], of root: ParsableCommand.Type) -> ValidationError? {
    guard var name = arguments.first, !name.hasPrefix("-") else { return nil }
    let names = root.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
    if name == "help" {
      guard arguments.count > 1, !arguments[1].hasPrefix("-") else { return nil }
      name = arguments[1]
    }
    if names.contains(name) || name == "help" { return nil }
    if let match = Suggestion.closest(to: name, among: names + ["help"]) {
      return ValidationError("unknown subcommand \"\(name)\"; did you mean \"\(match)\"?")
    }
    return ValidationError("unknown subcommand \"\(name)\"; the subcommands are \(names.joined(separator: ", "))")
  }
}
