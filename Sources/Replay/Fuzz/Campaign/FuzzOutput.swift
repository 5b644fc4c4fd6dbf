import CommandCodec
import Foundation
import ReplayCore
import ReplayLive

/// A campaign's output folder:
///
/// ```text
/// OUT/failures/SLUG/script.jsonl      the minimal script (`cmdtool record --script` plays it)
/// OUT/failures/SLUG/recording.jsonl   what it does to the engine
/// OUT/failures/SLUG/failure.json      the failure, where it was found, the reproduction
/// OUT/summary.json                    the campaign (summary-K-of-N.json for shard K of N)
/// OUT/fixed/SLUG/                     a saved failure whose script no longer fails that way
/// ```
///
/// A failure's folder is named by its signature, so the folders of several shards (or campaigns)
/// merge: the shorter script of the same failure wins. Files are replaced whole, never truncated.
struct FuzzOutput {
  let folder: String

  private var failures: String { (folder as NSString).appendingPathComponent("failures") }
  private var workFolder: String { (folder as NSString).appendingPathComponent(".work") }

  func prepare() throws {
    try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
  }

  /// A scratch file for runs and shrinking (removed at the end).
  func work(_ name: String) -> String { (workFolder as NSString).appendingPathComponent(name) }

  func cleanUp() {
    try? FileManager.default.removeItem(atPath: workFolder)
  }

  /// Keeps a shrunk failure (unless its folder holds a script as short already).
  func keep(_ minimal: FailureShrinker.Result, originalSteps: Int, run: Int, target: FuzzTarget) throws -> FuzzCampaign.Found {
    let directory = (failures as NSString).appendingPathComponent(minimal.failure.slug)
    let script = (directory as NSString).appendingPathComponent("script.jsonl")
    let recording = (directory as NSString).appendingPathComponent("recording.jsonl")
    var found = FuzzCampaign.Found(
      failure: minimal.failure, folder: directory, script: script, recording: recording, steps: minimal.steps.count,
      originalSteps: originalSteps, run: run, shrinkRuns: minimal.runs, shrinkSeconds: minimal.seconds, mergedWithEarlier: false)
    found.shrinkInterrupted = minimal.interrupted
    if let existing = try? String(contentsOfFile: script, encoding: .utf8), let earlier = try? EventScript(parsing: existing), earlier.steps.count <= minimal.steps.count {
      found.steps = earlier.steps.count
      found.mergedWithEarlier = true
      return found
    }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // The recording of the minimal script, made by the shrinker's run of it.
    if let bytes = FileManager.default.contents(atPath: minimal.recording) { try AtomicFile.write(Array(bytes), to: recording) }
    // A step may type a secret's value inside other text: the saved script holds its
    // placeholder, as the recording does.
    let lines = minimal.steps.map { Self.scrubbed($0.source, secrets: target.secrets) }
    try AtomicFile.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: script)
    var description = JSONText()
    description.object { o in
      o.member("failure") { $0.string(minimal.failure.signature) }
      o.member("place") { $0.string(minimal.failure.place) }
      o.member("detail") { $0.string(minimal.failure.detail) }
      if !minimal.failure.engineSaid.isEmpty { o.member("engineSaid") { $0.string(minimal.failure.engineSaid) } }
      if minimal.interrupted { o.member("shrinkInterrupted") { $0.bool(true) } }
      o.member("steps") { $0.int(minimal.steps.count) }
      o.member("originalSteps") { $0.int(originalSteps) }
      o.member("run") { $0.int(run) }
      o.member("shrinkRuns") { $0.int(minimal.runs) }
      o.member("reproduce") { $0.string(found.reproduction(engine: target.engine, widgetsFile: target.widgetsFile, secretsFile: target.secretsFile, secrets: target.secrets)) }
    }
    try AtomicFile.write(description.bytes + [0x0A], to: (directory as NSString).appendingPathComponent("failure.json"))
    return found
  }

  /// A script step's line with every known secret's value in what it types or writes (a typed
  /// text, a sent event's or a widget event's fields, a marker's label) replaced by its
  /// placeholder `<secret:NAME>`, inside longer text too. Selectors stay as written: they name
  /// what the engine shows, and a step must find its element when the script is played again
  /// (docs/FUZZING.md). The line itself when nothing changes.
  static func scrubbed(_ line: String, secrets: SecretStore) -> String {
    let typed = EventScript.mappingTypedTexts(in: line, secrets.scrub)
    guard case .object(var step)? = try? JSONValue.parse(typed), case .string(let label)? = step["marker"], secrets.scrub(label) != label else { return typed }
    step["marker"] = .string(secrets.scrub(label))
    return JSONValue.object(step).canonicalText
  }

  /// Writes the campaign's summary.
  func writeSummary(_ report: FuzzCampaign.Report, options: FuzzCampaign.Options) throws {
    let name = options.shard.count == 1 ? "summary.json" : "summary-\(options.shard.index)-of-\(options.shard.count).json"
    var text = JSONText()
    text.object { o in
      o.member("seed") { $0.string(String(options.seed)) }  // a string: 64 bits do not fit a JSON number
      o.member("shard") { $0.string("\(options.shard.index)/\(options.shard.count)") }
      // An interrupted campaign says so first: it never counts as having run clean.
      if let interrupted = report.interrupted { o.member("interrupted") { $0.string(interrupted.description) } }
      o.member("runs") { $0.int(report.runs) }
      o.member("replayed") { $0.int(report.replayed) }
      o.member("steps") { $0.int(report.steps) }
      o.member("distinctStates") { $0.int(report.distinctStates) }
      o.member("seconds") { $0.raw(Format.fixed(report.seconds, digits: 3)) }
      o.member("statesOverTime") { text in
        text.array(report.statesOverTime) { text, point in
          text.object { p in
            p.member("run") { $0.int(point.run) }
            p.member("states") { $0.int(point.states) }
            p.member("seconds") { $0.raw(Format.fixed(point.seconds, digits: 3)) }
          }
        }
      }
      o.member("failures") { text in
        text.array(report.failures) { text, found in
          text.object { f in
            f.member("failure") { $0.string(found.failure.signature) }
            f.member("place") { $0.string(found.failure.place) }
            f.member("steps") { $0.int(found.steps) }
            f.member("folder") { $0.string(found.folder) }
            if found.savedBefore { f.member("savedBefore") { $0.bool(true) } }
            if found.shrinkInterrupted { f.member("shrinkInterrupted") { $0.bool(true) } }
          }
        }
      }
      o.member("fixed") { text in
        text.array(report.fixed) { text, fixed in
          text.object { f in
            f.member("failure") { $0.string(fixed.signature) }
            f.member("folder") { $0.string(fixed.folder) }
            if let now = fixed.now { f.member("now") { $0.string(now.signature) } }
          }
        }
      }
    }
    try AtomicFile.write(text.bytes + [0x0A], to: (folder as NSString).appendingPathComponent(name))
  }
}

extension FuzzCampaign.Found {
  /// The one line that plays the minimal script against the engine again (and, for a broken
  /// rule, checks the recording it makes; for an invariant, shows the screen it ends on).
  ///
  /// - Parameters:
  ///   - widgetsFile: the widget schema's file, given to every command of the line.
  ///   - secretsFile: the file of the named secrets the script types, if they came from one.
  ///   - secrets: the secrets known: an engine argument holding a value shows its placeholder.
  public func reproduction(engine: [String], widgetsFile: String? = nil, secretsFile: String? = nil, secrets: SecretStore = SecretStore()) -> String {
    let command = ShellText.command(engine.map(secrets.scrub))
    let widgets = widgetsFile.map { " --widgets " + ShellText.quoted($0) } ?? ""
    let secrets = secretsFile.map { " --secrets " + ShellText.quoted($0) } ?? ""
    let record = "cmdtool record\(widgets)\(secrets) --script \(ShellText.quoted(script)) --out repro.jsonl -- \(command)"
    switch failure.kind {
    case .brokeRule: return record + "; cmdtool check repro.jsonl\(widgets)"
    case .invariant: return record + "; cmdtool replay repro.jsonl\(widgets)"
    default: return record
    }
  }
}
