import CommandCodec
import NIOConcurrencyHelpers
import ReplayCore
import ReplayLive

/// The session's script, as the page's actions are played (codegen): each step's line in
/// docs/SCRIPT_FORMAT.md, taken from the `script` marker the recording holds for it, so it is
/// redacted exactly as the recording is (a password typed in clear is its stand-in, a named
/// secret its name) and `record --script` of it plays the same steps again.
public final class StudioScript: Sendable {
  private let lines = NIOLockedValueBox<[String]>([])
  /// The quiet that counts as settled on the wall clock, nil on the virtual clock: a wall-clock
  /// script plays again with `--clock wall --settle MS`, as its header says.
  let wallSettle: Double?

  /// The line of the saved script file the first step is on, the others following one a line:
  /// the header comment is one line (``headerComment(engine:secrets:wallSettle:)``). The session's
  /// recording says so (``RecordingSettings/ScriptLines``), so `replay --engine` of it and
  /// `record --script` of the file name the same line.
  public static let firstStepLine = 2

  public init(wallSettle: Double? = nil) {
    self.wallSettle = wallSettle
  }

  /// The lines so far, in order.
  public var steps: [String] { lines.withLockedValue { $0 } }

  /// Takes a step's line from a record as the recording holds it (``Recorder/onWrite``).
  public func note(_ record: TraceRecord) {
    guard case .marker("script", let line) = record.body else { return }
    lines.withLockedValue { $0.append(line) }
  }

  /// The script file's text: a comment line saying where it came from (the engine's command,
  /// secrets scrubbed: `--password VALUE` is a secret all the same; ``headerComment``), then one
  /// step per line, then notes on passwords typed in clear (``trailingComment(engine:)``).
  public func text(engine: [String], secrets: SecretStore) -> String {
    headerComment(engine: engine, secrets: secrets, wallSettle: wallSettle) + steps.map { $0 + "\n" }.joined() + trailingComment(engine: engine)
  }

  /// Where the script of the recording `path` goes: `rec.jsonl` and `rec.cmdtrace` give
  /// `rec.script.jsonl`.
  public static func path(besideRecording path: String) -> String {
    for suffix in [".jsonl", ".cmdtrace"] where path.hasSuffix(suffix) {
      return String(path.dropLast(suffix.count)) + ".script.jsonl"
    }
    return path + ".script.jsonl"
  }
}

extension StudioScript {
  /// Writes the script to `path` as the recording was written (``AtomicFile``): in place when
  /// the recording took its place (`committed`), else kept as `PATH.partial` beside
  /// `OUT.partial`, the target left as it was.
  /// - Returns: where the script is.
  /// - Throws: ``IOError`` naming the file; `path` is then as it was.
  public func save(to path: String, committed: Bool, engine: [String], secrets: SecretStore, inputs: [String]) throws(IOError) -> String {
    let bytes = Array(text(engine: engine, secrets: secrets).utf8)
    guard !committed else {
      try AtomicFile.write(bytes, to: path, inputs: inputs)
      return path
    }
    let file = try AtomicFile(path: path, inputs: inputs)
    let written: Result<Void, IOError> = bytes.withUnsafeBytes { raw in
      Result { () throws(IOError) in try file.descriptor.write(raw, path: file.unfinishedPath) }
    }
    let kept = file.abandon()
    try written.get()
    return kept
  }
}
