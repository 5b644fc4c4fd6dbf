import ArgumentParser
import Foundation
import Replay

/// Where named secrets come from besides the environment: one way for every command that plays
/// scripts (`record`, `replay --engine`, `fuzz shrink`), so that a script that types a secret
/// plays alike in all of them.
struct SecretsOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("A file of named secrets, lines NAME=value, for script steps {\"type\":…,\"secret\":\"NAME\"}; CMDTOOL_SECRET_NAME in the environment wins. The recording holds <secret:NAME>, never the value.", valueName: "file"))
  var secrets: String?

  /// The file's path and text, nil without --secrets.
  func file() throws -> (path: String, text: String)? {
    guard let secrets else { return nil }
    let bytes: [UInt8]
    do {
      bytes = try FileDescriptor.readWholeFile(at: secrets)
    } catch {
      // The system's reason, as for every file cmdtool reads: "No such file or directory".
      printError("\(secrets): cannot read the secrets file: \(error.reason ?? String(cString: strerror(error.code)))")
      throw ExitStatus.badInput
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      printError("\(secrets): cannot read the secrets file: it is not UTF-8 text")
      throw ExitStatus.badInput
    }
    return (secrets, text)
  }

  /// The values of `names` (the secrets a script types): a secret without one is an error naming
  /// it and its variable (exit status 2), found before any engine starts.
  /// - Parameter everyKnown: also every other secret the environment and the file give a value
  ///   (`record`: the recording scrubs them all, and names them for its replays).
  func load(_ names: [String], purpose: String = "the script", everyKnown: Bool = false) throws -> SecretStore {
    let file = try file()
    do {
      let others = everyKnown ? SecretStore.otherNames(than: names, variables: ProcessInfo.processInfo.environment.keys, fileText: file?.text) : []
      return try SecretStore.load(names + others, purpose: purpose, fileText: file?.text, filePath: file?.path)
    } catch {
      printError(error.description)
      throw ExitStatus.badInput
    }
  }
}
