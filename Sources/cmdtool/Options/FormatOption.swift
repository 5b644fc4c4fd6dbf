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
