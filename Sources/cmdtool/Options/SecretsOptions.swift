import ArgumentParser
import Replay

/// Where named secrets come from besides the environment: shared by `record` and
/// `replay --engine`.
struct SecretsOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("A file of named secrets, lines NAME=value, for script steps {\"type\":…,\"secret\":\"NAME\"}; CMDTOOL_SECRET_NAME in the environment wins. The recording holds <secret:NAME>, never the value.", valueName: "file"))
  var secrets: String?

  /// The file's path and text, nil without --secrets.
  func file() throws -> (path: String, text: String)? {
    guard let secrets else { return nil }
    guard let text = try? String(contentsOfFile: secrets, encoding: .utf8) else {
      printError("\(secrets): cannot read the secrets file")
      throw ExitStatus.badInput
    }
    return (secrets, text)
  }
}
