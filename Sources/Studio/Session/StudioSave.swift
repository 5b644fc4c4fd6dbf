import CommandCodec
import ReplayCore
import ReplayLive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Saving while the session goes on (the page's Save, `POST /save`): the recording so far and
/// its script, each replacing `OUT` and `OUT`'s script atomically, the live engine left running.
///
/// A recording ends with how the engine ended (its `engine-exit` marker, after what it wrote as
/// its input closed): `replay --engine` needs it, and `record --script` writes it. The live
/// engine cannot end and go on, so a save plays the script so far again, as `record --script`
/// of the saved script does, against a fresh instance of the engine (same command, options and
/// secrets) into a scratch file; that recording is saved only when it begins with every byte
/// the live session recorded so far (the session as it was, then the engine's end). An engine
/// that does not play the same again (a thread of its own, the wall clock) is refused, naming
/// the first record that differs; nothing is written then. The virtual clock only: on the wall
/// clock the script would have to be played again in real time (only the end saves).
final class StudioSave {
  /// Why a save is refused.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let configuration: Recorder.Configuration
  private let out: String
  private let scriptPath: String
  private let scratch: String
  private let script: StudioScript
  private let live: Recorder
  private var attempts = 0
  /// The saves that wrote the files.
  private(set) var saves = 0

  /// - Parameters:
  ///   - configuration: the live session's recording configuration.
  ///   - out: where the recording goes (`--out`), `scriptPath` its script.
  ///   - scratch: a folder of the session's own, for the recordings played again.
  ///   - live: the live session's recorder (its recording so far).
  init(configuration: Recorder.Configuration, out: String, scriptPath: String, scratch: String, script: StudioScript, live: Recorder) {
    self.configuration = configuration
    self.out = out
    self.scriptPath = scriptPath
    self.scratch = scratch
    self.script = script
    self.live = live
  }

  /// Why this session cannot save before its end, nil when it can: shown on the page, and the
  /// answer (409) to `POST /save`.
  static func refusal(out: String?, clock: SessionClock) -> String? {
    if out == nil { return "there is nowhere to save: start cmdtool studio with --out FILE" }
    if clock == .wall {
      return "on the wall clock (--clock wall) a save before the end would play the whole script again in real time: \"Save and end\" saves"
    }
    return nil
  }

  /// Saves the session so far, whose clock is at `time`: the recording to `out`, the script
  /// beside it.
  /// - Returns: what was saved, in words for the page.
  /// - Throws: ``Failure`` saying why nothing was written.
  func save(at time: Double) throws(Failure) -> String {
    attempts += 1
    do {
      try live.flushRecording()
    } catch {
      throw Failure(description: error.message)
    }
    guard let (livePath, liveRecords) = live.recordingSoFar else { throw Failure(description: "the session has no recording yet") }
    let secrets = configuration.redaction.secrets
    let text = script.text(engine: configuration.engine, secrets: secrets)
    var again = configuration
    do {
      again.script = try EventScript(parsing: text)
    } catch {
      throw Failure(description: "the session's script does not read back: \(error)")
    }
    again.output = scratch + "/save-\(attempts)." + (configuration.format == .binary ? "cmdtrace" : "jsonl")
    again.replacing = false
    again.inputs = []
    defer { unlink(again.output) }
    // Held in a local for the whole run: the recorder is its runner's (weak) delegate.
    let recorder = Recorder(again)
    let outcome = withExtendedLifetime(recorder) { recorder.run() }
    guard outcome.succeeded, outcome.committed else {
      throw Failure(description: "playing the script again (as record --script does) failed: \(outcome.problem ?? "the recording was not written")")
    }
    let liveBytes: [UInt8]
    let bytes: [UInt8]
    do {
      liveBytes = try FileDescriptor.readWholeFile(at: livePath)
      bytes = try FileDescriptor.readWholeFile(at: again.output)
    } catch {
      throw Failure(description: error.description)
    }
    guard bytes.starts(with: liveBytes) else {
      throw Failure(description: "the engine did not play the script the same way again, so a recording of it would not be this session's: " + Self.firstDifference(livePath, again.output, widgets: configuration.widgets))
    }
    do {
      try AtomicFile.write(bytes, to: out, inputs: configuration.inputs)
      _ = try script.save(to: scriptPath, committed: true, engine: configuration.engine, secrets: secrets, inputs: configuration.inputs)
    } catch {
      throw Failure(description: error.description)
    }
    saves += 1
    let steps = again.script.steps.count
    return "saved \(steps) step\(steps == 1 ? "" : "s") and \(liveRecords) records at \(Format.time(milliseconds: time)) to \(out) and \(scriptPath); the session goes on"
  }

  /// Where the live recording and the one played again part: `record N: the session has …,
  /// played again …`.
  private static func firstDifference(_ live: String, _ again: String, widgets: WidgetSchema?) -> String {
    do {
      let a = try TraceFileReader(path: live, widgets: widgets)
      let b = try TraceFileReader(path: again, widgets: widgets)
      _ = try a.readHeader()
      _ = try b.readHeader()
      var index = 0
      while let record = try a.next() {
        let other = try b.next()
        if other != record {
          func line(_ record: TraceRecord?) -> String {
            record.map { Format.clipped(TraceRecordFormatter.lines(for: $0, index: index).first ?? "", to: 160) } ?? "nothing"
          }
          return "record \(index): the session has \(line(record)), played again \(line(other))"
        }
        index += 1
      }
      return "the headers differ"
    } catch {
      return "\(error)"
    }
  }
}
