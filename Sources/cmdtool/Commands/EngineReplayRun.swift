import ArgumentParser
import CommandCodec
import Foundation
import Replay

/// `cmdtool replay --engine`: many recordings against one engine build, with CI reports.
struct EngineReplayRun {
  let engine: String
  let traces: [String]
  let ci: Bool
  let rerecord: Bool
  let junit: String?
  let report: String?
  let keep: String?
  let timeout: Double
  let transport: WireTransport

  func run() throws {
    let command = ["sh", "-c", engine]
    let rerecording = rerecord || ProcessInfo.processInfo.environment["CMDTOOL_RERECORD"] == "1"
    if rerecording && ci { throw ValidationError("--ci never records: drop --ci (or CMDTOOL_RERECORD) to re-record") }
    let paths = try expand(traces)
    let directory = keep.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory.appendingPathComponent("cmdtool-replay-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let output = StandardOutput()
    defer { output.flush() }
    var results: [EngineReplay.Result] = []
    for path in paths {
      let name = (path as NSString).lastPathComponent
      let exists = FileManager.default.fileExists(atPath: path)
      if rerecording || !exists {
        if ci {
          let message = "the recording \(path) is missing; record it with `cmdtool record --out \(path) --script SCRIPT -- ENGINE`, or run without --ci with CMDTOOL_RERECORD=1"
          results.append(EngineReplay.Result(trace: path, status: .failed, message: message, newRecording: "", seconds: 0))
          output.writeLine("FAIL  \(name): \(message)")
          continue
        }
        let result = record(path, exists: exists, command: command)
        results.append(result)
        output.writeLine((result.status == .passed ? "REC   " : "FAIL  ") + name + (result.message.isEmpty ? "" : ": " + result.message))
        continue
      }
      let newRecording = directory.appendingPathComponent(name).path
      let result = EngineReplay.run(recording: path, engine: command, newRecording: newRecording, timeout: timeout, transport: transport)
      results.append(result)
      switch result.status {
      case .passed: output.writeLine("PASS  \(name) (\(Format.fixed(result.seconds, digits: 2)) s)")
      case .failed, .error:
        output.writeLine("FAIL  \(name): \(result.message)")
        if let report = result.report, !report.isEqual {
          output.write(report.renderText(Terminal.useColor ? .terminal : .plain).split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "      " + $0 }.joined(separator: "\n"))
        }
        output.writeLine("      new recording: \(result.newRecording)")
      }
    }
    let failed = results.filter { $0.status != .passed }.count
    output.writeLine("\(results.count) recording\(results.count == 1 ? "" : "s"): \(results.count - failed) passed, \(failed) failed")
    output.flush()
    if let junit { try ReplayReports.junit(results).write(toFile: junit, atomically: true, encoding: .utf8) }
    if let report { try ReplayReports.json(results).write(toFile: report, atomically: true, encoding: .utf8) }
    if failed > 0 { throw ExitCode(1) }
  }

  /// Records `path` from its own script (or NAME.script.jsonl beside it).
  private func record(_ path: String, exists: Bool, command: [String]) -> EngineReplay.Result {
    let sidecar = scriptPath(for: path)
    var script: EventScript
    var header = TraceHeader(viewport: Viewport(width: 375, height: 667, scale: 2))
    if FileManager.default.fileExists(atPath: sidecar), let text = try? String(contentsOfFile: sidecar, encoding: .utf8) {
      do {
        script = try EventScript(parsing: text)
      } catch {
        return EngineReplay.Result(trace: path, status: .error, message: "\(sidecar): \(error)", newRecording: path, seconds: 0)
      }
      if exists, let (_, recordedHeader) = try? EngineReplay.script(of: path) { header = recordedHeader }
    } else if exists {
      do {
        (script, header) = try EngineReplay.script(of: path)
      } catch {
        return EngineReplay.Result(trace: path, status: .error, message: error.description, newRecording: path, seconds: 0)
      }
    } else {
      return EngineReplay.Result(trace: path, status: .error, message: "the recording is missing and there is no \(sidecar) to record it from", newRecording: path, seconds: 0)
    }
    var configuration = Recorder.Configuration(engine: command, script: script, output: path, format: TraceFormat(pathExtensionOf: path) ?? .jsonLines)
    configuration.timeout = timeout
    configuration.transport = transport
    configuration.viewport = header.viewport
    configuration.preferences = header.preferences
    let outcome = Recorder(configuration).run()
    return EngineReplay.Result(trace: path, status: outcome.succeeded ? .passed : .failed, message: outcome.problem ?? "", newRecording: path, seconds: 0)
  }

  private func scriptPath(for trace: String) -> String {
    let url = URL(fileURLWithPath: trace)
    return url.deletingPathExtension().path + ".script.jsonl"
  }

  /// Files stay; directories become their traces (not scripts), sorted.
  private func expand(_ paths: [String]) throws -> [String] {
    var result: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        let names = (try FileManager.default.contentsOfDirectory(atPath: path)).sorted()
        for name in names where (name.hasSuffix(".jsonl") || name.hasSuffix(".cmdtrace")) && !name.hasSuffix(".script.jsonl") {
          result.append((path as NSString).appendingPathComponent(name))
        }
      } else {
        result.append(path)
      }
    }
    return result
  }
}
