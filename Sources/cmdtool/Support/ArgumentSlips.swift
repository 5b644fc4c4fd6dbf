import ArgumentParser
import Foundation

/// Slips on the command line that ArgumentParser reports poorly or in the wrong order, named
/// before or instead of its own message.
enum ArgumentSlips {
  /// Options whose value may start with `#` (a record, `#12`), which a shell takes for a comment
  /// when it is not quoted.
  static let recordOptions = ["--at"]

  /// The usage error for `--at #12` written without quotes: the shell drops `#12` and everything
  /// after it, so `--at` ends the command line with no value (ArgumentParser: "Missing value").
  static func shellComment(in arguments: [String]) -> String? {
    // After `--`, words belong to an engine or testee.
    let own = arguments.prefix { $0 != "--" }
    guard let last = own.last, recordOptions.contains(last), own.count == arguments.count else { return nil }
    return "\(last) has no value: if it was \(last) #12, the shell took #12 and everything after it for a comment; quote it: \(last) '#12' (or give a time: \(last) 6.5s)"
  }

  /// Prints `message` as ArgumentParser prints a usage error of `arguments`' subcommand, with that
  /// subcommand's usage, and exits with status 64.
  static func exit(usageError message: String, arguments: [String], root: ParsableCommand.Type) -> Never {
    let command = root.configuration.subcommands.first { $0._commandName == arguments.first }
    let usage = command.map { root.usageString(for: $0) } ?? root.usageString(for: root)
    let help = command.map { "\(root._commandName) \($0._commandName)" } ?? root._commandName
    var text = "Error: \(message)\nUsage: \(usage)\n  See '\(help) --help' for more information.\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    Foundation.exit(64)
  }

  /// Whether `arguments` hold a word that looks like an option `command` does not have (before
  /// any `--`): ArgumentParser names it ("did you mean '--format'?") only after the command's
  /// `validate()`, which must then not fail first on what the unknown option left behind.
  static func hasUnknownOption(in arguments: [String], of command: ParsableCommand.Type, root: ParsableCommand.Type) -> Bool {
    let known = optionNames(in: root.helpMessage(for: command, includeHidden: true, columns: 10_000))
    return arguments.prefix { $0 != "--" }.contains { word in
      guard word.hasPrefix("--"), word.count > 2 else { return false }
      let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
      return !known.contains(name)
    }
  }

  /// Every `--name` the text mentions.
  static func optionNames(in text: String) -> Set<String> {
    var names = Set<String>()
    var rest = Substring(text)
    while let start = rest.range(of: "--") {
      let tail = rest[start.upperBound...]
      let name = tail.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
      if !name.isEmpty { names.insert("--" + name) }
      rest = tail.dropFirst(name.count)
    }
    return names
  }
}
