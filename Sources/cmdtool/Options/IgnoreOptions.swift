import ArgumentParser
import Replay

/// Paths a comparison leaves out: shared by `diff` and `replay --engine`.
struct IgnoreOptions: ParsableArguments {
  @Option(name: .long, help: "Leave out changes whose path matches this pattern (* for any characters), e.g. 'preferences · committed.lastLogin'. Repeatable.")
  var ignore: [String] = []

  @Option(name: .long, help: "A file of ignore patterns, one per line (# for comments).")
  var ignoreFile: String?

  /// The rules, the file's included.
  func rules() throws -> DiffIgnoreRules {
    var rules = DiffIgnoreRules(ignore)
    if let ignoreFile {
      guard let text = try? String(contentsOfFile: ignoreFile, encoding: .utf8) else {
        printError("\(ignoreFile): cannot read the ignore file")
        throw ExitStatus.badInput
      }
      for pattern in DiffIgnoreRules(fileText: text).patterns { rules.add(pattern) }
    }
    return rules
  }
}
