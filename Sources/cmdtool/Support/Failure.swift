import ArgumentParser
import Replay

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Exit statuses shared by every subcommand.
enum ExitStatus {
  /// The input could not be read or is invalid (the message is on standard error).
  static let badInput = ExitCode(2)
}

/// Prints `message` to standard error as `cmdtool: message`.
func printError(_ message: String) {
  let line = "cmdtool: " + message + "\n"
  var bytes = Array(line.utf8)
  bytes.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
}

extension TraceFileError {
  /// Reports the error and returns the exit code for bad input.
  func reported() -> ExitCode {
    printError(description)
    return ExitStatus.badInput
  }
}

/// Reports a peer that cannot be started or fails at once (a setup error: nothing was tested)
/// with its own words, and returns the exit status for it.
func setupError(_ what: String, peer: String, said: String) -> ExitCode {
  printError(what + "; nothing was tested")
  if !said.isEmpty { printError(PeerWords.quoted(said, by: peer)) }
  return ExitStatus.badInput
}
