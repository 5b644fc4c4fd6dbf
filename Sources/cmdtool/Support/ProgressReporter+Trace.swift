import Replay

extension ProgressReporter {
  /// A reporter of how far `reader` has come through its file, in bytes (of the file's size,
  /// when it is a regular file), fed by the reader's progress hook once per chunk read.
  ///
  /// ```swift
  /// let reader = try TraceFileReader(path: trace)
  /// let progress = ProgressReporter(reading: reader, verb: "replaying")
  /// defer { progress.finish() }
  /// result = try Replayer.replay(reader)
  /// ```
  ///
  /// - Parameters:
  ///   - verb: what is done with the records (`replaying`, `converting`), before the path.
  ///   - streamingToStandardOutput: the command writes its results to standard output as it reads
  ///     (see ``Terminal/showsProgress(in:streamingToStandardOutput:)``).
  convenience init(reading reader: TraceFileReader, verb: String, streamingToStandardOutput: Bool = false) {
    let name = reader.path == "-" ? "standard input" : reader.path
    self.init(label: "\(verb) \(name)", total: reader.fileSize, unit: .bytes, isEnabled: Terminal.showsProgress(streamingToStandardOutput: streamingToStandardOutput))
    // Weak: the reader may outlive the reporter (a command keeps reading after finish()), and
    // the reporter's deinit is what erases a line left by a command that threw.
    reader.progressHandler = { [weak self] bytes in self?.update(done: bytes) }
  }
}
