import ArgumentParser
import Replay

extension TraceFileWriter {
  /// Why a command stopped writing a trace before the end.
  enum Stop {
    /// Reading the input or writing the output failed.
    case failed(TraceFileError)
    /// Ctrl-C, SIGTERM or SIGHUP (``SignalTrap``).
    case interrupted(Int32)
  }

  /// Keeps what was written (`OUT.partial`), says what is really on disk (whole records only:
  /// a full disk keeps fewer than were converted) and what became of OUT, and returns the exit
  /// status: 2, or 128+N for signal N.
  func abandoned(after stop: Stop) -> ExitCode {
    let kept = abandon()
    let count = "\(recordsInFile) whole record\(recordsInFile == 1 ? "" : "s")"
    let place = path == "-" ? kept : "\(kept); \(targetReport())"
    switch stop {
    case .failed(let error):
      printError(error.description)
      printError("wrote the \(count) before the error to \(place)")
      return ExitStatus.badInput
    case .interrupted(let signal):
      let name = SignalTrap.name(of: signal) ?? "signal \(signal)"
      printError("interrupted by \(name): wrote the \(count) before it to \(place)")
      return ExitCode(SignalTrap.exitStatus(for: signal))
    }
  }
}
