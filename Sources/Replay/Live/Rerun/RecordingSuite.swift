import CommandCodec
import Foundation
import ReplayCore

/// Many recordings against one engine build, in a ``RecordMode``: what `cmdtool replay --engine`
/// runs in CI.
///
/// New runs are recorded into a temporary folder (or `keep`); the ones that passed are removed,
/// and so is the folder when nothing failed, so a green run leaves nothing behind. Recordings are
/// only ever replaced atomically, by a run that succeeded.
public final class RecordingSuite {
  public struct Options: Sendable {
    public var replay: EngineReplay.Options
    public var mode: RecordMode = .missing
    /// Keep every new run in this folder (else a temporary one).
    public var keep: String?
    /// Accept a suite with no recording at all (none given, an empty folder) as passing, as Jest's
    /// `--passWithNoTests`; without it that is an error (``Empty``).
    public var allowEmpty = false

    public init(replay: EngineReplay.Options) {
      self.replay = replay
    }
  }

  /// How the suite went.
  public struct Summary: Sendable {
    public var results: [EngineReplay.Result] = []
    /// Recordings written (recorded or re-recorded).
    public var written = 0
    /// The folder holding new runs that were kept (failures, or everything with `keep`).
    public var keptFolder: String?
    /// The signal that stopped the suite, if one did.
    public var interruption: Int32?
    /// The first run of the engine failed before its first record (it cannot start, or exits at
    /// once): a setup error that every recording would show, so the suite stopped at it.
    public var setupError: EngineReplay.Result?

    public var failed: Int { results.filter { $0.status != .passed }.count }
  }

  public let paths: [String]
  public let options: Options

  /// Nothing to replay: no recording given, or folders without recordings or scripts.
  public struct Empty: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// - Parameter paths: recordings and folders (a folder stands for its recordings, and for the
  ///   recording of each `NAME.script.jsonl` in it that has none yet).
  /// - Throws: ``Empty`` when that is nothing (unless ``Options/allowEmpty``), or the error of
  ///   a folder that cannot be listed.
  public init(paths: [String], options: Options) throws {
    self.paths = try Self.expand(paths, recordingScripts: true)
    self.options = options
    if self.paths.isEmpty && !options.allowEmpty {
      throw Empty(description: "\(paths.joined(separator: ", ")): no recording, and no NAME.script.jsonl to record one from: nothing was tested (--allow-empty accepts that)")
    }
  }

  /// Runs every recording; `started(i, n, path)` and `finished(result)` report as it goes.
  public func run(started: (Int, Int, String) -> Void = { _, _, _ in }, finished: (EngineReplay.Result) -> Void = { _ in }) throws -> Summary {
    let files = FileManager.default
    let folder: URL
    if let keep = options.keep {
      folder = URL(fileURLWithPath: keep)
      try files.createDirectory(at: folder, withIntermediateDirectories: true)
    } else {
      var template = Array((files.temporaryDirectory.path as NSString).appendingPathComponent("cmdtool-replay-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: files.temporaryDirectory.path])
      }
      folder = URL(fileURLWithPath: String(cString: made))
    }
    var summary = Summary()
    var keepFolder = options.keep != nil
    // Until the engine has written a record once, a run that fails before its first record says
    // the engine cannot start at all: every recording would fail the same way.
    var engineAnswered = false
    recordings: for (number, path) in paths.enumerated() {
      if let signal = SignalTrap.caught {
        summary.interruption = signal
        break
      }
      started(number + 1, paths.count, path)
      let name = (path as NSString).lastPathComponent
      let exists = files.fileExists(atPath: path)
      var result: EngineReplay.Result
      switch options.mode {
      case .all:
        result = record(path, exists: exists)
      case .never where !exists:
        let script = files.fileExists(atPath: Self.scriptPath(for: path)) ? Self.scriptPath(for: path) : "SCRIPT"
        result = EngineReplay.Result(trace: path, status: .failed, message: "the recording \(path) is missing, and --record never (or CI) does not record it; record it with `cmdtool record --out \(path) --script \(script) -- ENGINE`, or run with --record missing", newRecording: "", seconds: 0)
      case .missing where !exists, .failed where !exists:
        result = record(path, exists: false)
      default:
        let newRecording = folder.appendingPathComponent(name).path
        result = EngineReplay.run(recording: path, newRecording: newRecording, options: options.replay)
        if result.engineFailedEarly && !engineAnswered {
          if options.keep == nil { try? files.removeItem(atPath: newRecording) }
          summary.setupError = result
          break recordings
        }
        if result.status != .passed && options.mode == .failed && SignalTrap.caught == nil {
          let rerecorded = record(path, exists: true)
          if rerecorded.status == .passed {
            result.status = .passed
            result.recorded = true
            result.message = "recorded anew; it was: \(result.message)"
          } else {
            result.message += "; recording it anew failed too: \(rerecorded.message)"
          }
        }
        // Decided on the final status: a failure that was recorded anew is no failure to keep.
        if result.status == .passed && options.keep == nil && !result.newRecording.isEmpty {
          try? files.removeItem(atPath: newRecording)
          result.newRecording = ""  // gone: reports must not point at it
        }
        if result.status != .passed && !result.newRecording.isEmpty { keepFolder = true }
      }
      if result.recorded && result.status == .passed { summary.written += 1 }
      if result.engineFailedEarly && !engineAnswered {
        summary.setupError = result
        break
      }
      engineAnswered = engineAnswered || result.engineAnswered
      summary.results.append(result)
      finished(result)
      if let signal = SignalTrap.caught {
        summary.interruption = signal
        break
      }
    }
    if keepFolder {
      summary.keptFolder = folder.path
    } else {
      try? files.removeItem(at: folder)
    }
    return summary
  }

  /// Records `path` from its own script (or NAME.script.jsonl beside it), the way it was made;
  /// the recording is replaced only if the run succeeds.
  private func record(_ path: String, exists: Bool) -> EngineReplay.Result {
    let start = Monotonic.now()
    func result(_ status: EngineReplay.Result.Status, _ message: String) -> EngineReplay.Result {
      var result = EngineReplay.Result(trace: path, status: status, message: message, newRecording: "", seconds: (Monotonic.now() - start) / 1000)
      result.recorded = status == .passed
      return result
    }
    let sidecar = Self.scriptPath(for: path)
    var session: RecordedSession
    if exists {
      do {
        session = try RecordedSession.read(path, widgets: options.replay.widgets)
      } catch {
        return result(.error, error.description)
      }
    } else {
      session = RecordedSession(header: TraceHeader(viewport: Viewport(width: 375, height: 667, scale: 2)), settings: RecordingSettings(), script: EventScript())
    }
    if FileManager.default.fileExists(atPath: sidecar) {
      guard let text = try? String(contentsOfFile: sidecar, encoding: .utf8) else { return result(.error, "\(sidecar): cannot read the script") }
      do {
        session.script = try EventScript(parsing: text, file: sidecar)
      } catch {
        return result(.error, "\(sidecar): \(error)")
      }
      session.settings.secretNames = session.script.secretNames
      session.settings.scriptLines = RecordingSettings.ScriptLines(of: session.script)
    } else if !exists {
      return result(.error, "the recording is missing and there is no \(sidecar) to record it from")
    }
    let configuration: Recorder.Configuration
    do {
      configuration = try EngineReplay.configuration(replaying: session, named: path, into: path, options: options.replay)
    } catch {
      return result(.error, error.description)
    }
    // Held in a local for the whole run: the recorder is its runner's (weak) delegate.
    let recorder = Recorder(configuration)
    let outcome = withExtendedLifetime(recorder) { recorder.run() }
    guard outcome.succeeded else {
      let place = outcome.path.isEmpty ? "nothing was recorded" : "the new recording is at \(outcome.path); \(outcome.target)"
      var failed = result(outcome.failedBeforeFirstRecord ? .error : .failed, "\(outcome.startFailure ?? outcome.problem ?? "the recording failed"); \(place)")
      failed.engineSaid = outcome.engineSaid
      failed.engineFailedEarly = outcome.failedBeforeFirstRecord
      failed.engineAnswered = outcome.recordsReceived > 0
      return failed
    }
    var recorded = result(.passed, "")
    recorded.engineAnswered = true
    return recorded
  }

  /// `NAME.script.jsonl` beside `NAME.jsonl` (or `NAME.cmdtrace`).
  public static func scriptPath(for trace: String) -> String {
    (trace as NSString).deletingPathExtension + ".script.jsonl"
  }

  /// Files stay; folders become their traces (scripts and partial outputs aside), sorted.
  ///
  /// - Parameter recordingScripts: a folder also stands for the recording of each
  ///   `NAME.script.jsonl` in it without a `NAME.jsonl` or `NAME.cmdtrace` beside it: `NAME.jsonl`,
  ///   missing (the record mode decides what becomes of it).
  public static func expand(_ paths: [String], recordingScripts: Bool = false) throws -> [String] {
    var result: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: path))
        var traces: Set<String> = []
        for name in names {
          if name.hasSuffix(".script.jsonl") {
            let stem = String(name.dropLast(".script.jsonl".count))
            if recordingScripts && !names.contains(stem + ".cmdtrace") { traces.insert(stem + ".jsonl") }
          } else if name.hasSuffix(".jsonl") || name.hasSuffix(".cmdtrace") {
            traces.insert(name)
          }
        }
        for name in traces.sorted() { result.append((path as NSString).appendingPathComponent(name)) }
      } else {
        result.append(path)
      }
    }
    return result
  }
}
