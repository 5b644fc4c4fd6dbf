import ArgumentParser
import CommandCodec

extension TraceFormat: ExpressibleByArgument {
  public init?(argument: String) {
    switch argument.lowercased() {
    case "json", "jsonl", "jsonlines": self = .jsonLines
    case "binary", "bin", "cmdtrace": self = .binary
    default: return nil
    }
  }

  public static var allValueStrings: [String] { ["json", "binary"] }
}

/// How `show` prints records.
enum ShowFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}

/// How `replay` prints the state: the tree, the canonical snapshot, or a wireframe picture.
enum ReplayFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, svg
}
