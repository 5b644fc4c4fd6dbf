import CommandCodec
import ReplayCore
import Foundation

/// Replays a recorded session against an engine build: the recording's script is played again
/// (its `script` markers, selectors resolved anew, since ids may differ), the new run is recorded,
/// and the two runs are compared: the UI state after every record, the platform's own events, and
/// the engine's command stream.
public struct EngineReplay: Sendable {
  /// How one recorded session fared.
  public struct Result: Sendable {
    public enum Status: String, Sendable {
      case passed, failed, error
    }

    public var trace: String
    public var status: Status
    /// What happened, for people (empty when passed).
    public var message: String
    /// The state comparison, when both runs could be compared.
    public var report: DiffReport?
    /// The first engine record (its index in each run) where the command streams differ.
    public var commandStreamDifference: (recorded: Int, new: Int)?
    /// The new recording.
    public var newRecording: String
    public var seconds: Double

    public init(trace: String, status: Status, message: String, report: DiffReport? = nil, commandStreamDifference: (recorded: Int, new: Int)? = nil, newRecording: String, seconds: Double) {
      self.trace = trace
      self.status = status
      self.message = message
      self.report = report
      self.commandStreamDifference = commandStreamDifference
      self.newRecording = newRecording
      self.seconds = seconds
    }
  }

  /// The script a recording was made with: its `script` markers, at their times.
  public static func script(of path: String) throws(Replayer.Failure) -> (EventScript, TraceHeader) {
    let reader: TraceFileReader
    let header: TraceHeader
    do {
      reader = try TraceFileReader(path: path)
      header = try reader.readHeader()
    } catch {
      throw .unreadable(error)
    }
    var lines: [String] = []
    do {
      while let record = try reader.next() {
        if case .marker("script", let detail) = record.body { lines.append(detail) }
      }
    } catch {
      throw .unreadable(error)
    }
    do {
      return (try EventScript(parsing: lines.joined(separator: "\n")), header)
    } catch {
      throw .unreadable(.invalidContent(path: path, CodecError(.invalidValue, at: .byte(0), "a script marker is not a script step: \(error)")))
    }
  }

  /// Replays `recording` against `engine`, writing the new run to `newRecording`.
  public static func run(recording: String, engine: [String], newRecording: String, timeout: Double = 10, transport: WireTransport = .stdio, ignoring rules: DiffIgnoreRules = DiffIgnoreRules()) -> Result {
    let start = EngineProcess.now()
    func elapsed() -> Double { (EngineProcess.now() - start) / 1000 }
    let script: EventScript
    let header: TraceHeader
    do {
      (script, header) = try self.script(of: recording)
    } catch {
      return Result(trace: recording, status: .error, message: error.description, newRecording: newRecording, seconds: elapsed())
    }
    var configuration = Recorder.Configuration(engine: engine, script: script, output: newRecording, format: TraceFormat(pathExtensionOf: newRecording) ?? .jsonLines)
    configuration.timeout = timeout
    configuration.transport = transport
    configuration.viewport = header.viewport
    configuration.preferences = header.preferences
    let outcome = Recorder(configuration).run()
    var problems: [String] = []
    if let problem = outcome.problem { problems.append("the new run: \(problem)") }
    // The engine-exit marker carries stderr, which may legitimately differ: markers never enter the state.
    let report: DiffReport
    do {
      report = try DiffReport(try DiffInput.open(recording), try DiffInput.open(newRecording), names: (recording, newRecording), ignoring: rules)
    } catch let failure as DiffInput.Failure {
      return Result(trace: recording, status: .error, message: (problems + [failure.description]).joined(separator: "; "), newRecording: newRecording, seconds: elapsed())
    } catch {
      return Result(trace: recording, status: .error, message: (problems + ["\(error)"]).joined(separator: "; "), newRecording: newRecording, seconds: elapsed())
    }
    let streams = (try? commandStreamDifference(recording, newRecording)) ?? nil
    if let divergence = report.divergence {
      problems.append("the runs differ after \(DiffReport.place(divergence.recordA, divergence.timeA)) of the recording and \(DiffReport.place(divergence.recordB, divergence.timeB)) of the new run" + (divergence.diff.changes.first.map { ": \(StateDiff.line(for: $0, .plain, 120))" } ?? ""))
    } else if let events = report.events, !events.isEmpty {
      problems.append("the platform events differ after the first \(events.commonPrefix)")
    }
    if let streams, report.divergence == nil {
      problems.append("the engine's commands differ at record #\(streams.recorded) of the recording (#\(streams.new) of the new run)")
    }
    let status: Result.Status = problems.isEmpty ? .passed : (outcome.problemIsBadInput ? .error : .failed)
    return Result(trace: recording, status: status, message: problems.joined(separator: "; "), report: report, commandStreamDifference: streams, newRecording: newRecording, seconds: elapsed())
  }

  /// The first engine → platform batch that differs between two recordings (times aside), with
  /// its record index in each.
  static func commandStreamDifference(_ a: String, _ b: String) throws -> (recorded: Int, new: Int)? {
    func batches(_ path: String) throws -> [(Int, [Command])] {
      let reader = try TraceFileReader(path: path)
      _ = try reader.readHeader()
      var result: [(Int, [Command])] = []
      var index = 0
      while let record = try reader.next() {
        if case .batch(let commands) = record.body { result.append((index, commands)) }
        index += 1
      }
      return result
    }
    let x = try batches(a)
    let y = try batches(b)
    for position in 0..<max(x.count, y.count) {
      let left = position < x.count ? x[position] : nil
      let right = position < y.count ? y[position] : nil
      if left?.1 != right?.1 { return (left?.0 ?? -1, right?.0 ?? -1) }
    }
    return nil
  }
}
