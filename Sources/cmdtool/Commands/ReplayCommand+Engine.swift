import ArgumentParser
import CommandCodec
import Foundation
import Replay

/// `cmdtool replay --engine`: many recordings against one engine build, with CI reports. The work
/// is ``RecordingSuite``'s; this prints it.
extension ReplayCommand {
  func runAgainst(engine: String, widgets: WidgetSchema?) throws {
    let mode: RecordMode
    let source: String
    do {
      (mode, source) = try RecordMode.resolve(flag: record, ci: ci, rerecord: rerecord, environment: SecretStore.processEnvironment)
    } catch {
      throw ValidationError(error.description)
    }
    var replay = EngineReplay.Options(engine: ["sh", "-c", engine])
    replay.transport = engineOptions.transport
    replay.limits = engineOptions.limits
    replay.ignoring = try ignoreOptions.rules()
    replay.tolerance = tolerance
    replay.secretsFile = try secretsOptions.file()
    replay.acceptFailedRecordings = acceptFailedRecordings
    replay.widgets = widgets
    var options = RecordingSuite.Options(replay: replay)
    options.mode = mode
    options.keep = keep
    options.allowEmpty = allowEmpty
    let suite: RecordingSuite
    do {
      suite = try RecordingSuite(paths: traces, options: options)
    } catch let empty as RecordingSuite.Empty {
      printError(empty.description)
      throw ExitStatus.badInput
    } catch {
      printError("\(error.localizedDescription)")
      throw ExitStatus.badInput
    }
    if let htmlReport {
      do {
        try FileManager.default.createDirectory(atPath: htmlReport, withIntermediateDirectories: true)
      } catch {
        printError("\(htmlReport): cannot create the folder for --html-report: \(error.localizedDescription)")
        throw ExitStatus.badInput
      }
    }
    // What is printed and written names the engine command without the secrets' values.
    let secrets = Self.knownSecrets(file: replay.secretsFile?.text)
    var pages = FailurePages(folder: htmlReport, engine: secrets.scrub(engine))
    SignalTrap.install()
    let output = StandardOutput()
    defer { output.flush() }
    // Say so when the environment chose the mode: CI=true quietly turning recording off surprises.
    if !source.hasPrefix("--") && source != "the default" { output.writeLine("record mode \(mode.rawValue) (\(source))") }
    let palette = color.palette
    // Each recording prints a line as it ends; between them, the one running is on standard error.
    let progress = ProgressReporter(label: "replaying recordings", total: suite.paths.count, unit: .steps("recording"), isEnabled: Terminal.showsProgress(streamingToStandardOutput: true))
    let summary = try suite.run(started: { number, _, path in
      progress.update(done: number - 1, label: "replaying \((path as NSString).lastPathComponent)")
    }, finished: { result in
      progress.clear()
      let name = (result.trace as NSString).lastPathComponent
      defer { pages.note(result) }
      switch result.status {
      case .passed where result.recorded:
        output.writeLine("REC   \(name)" + (result.message.isEmpty ? "" : ": " + result.message))
      case .passed:
        output.writeLine("PASS  \(name) (\(Format.fixed(result.seconds, digits: 2)) s)")
      case .failed, .error:
        output.writeLine("FAIL  \(name): \(result.message)")
        // The engine's own words before cmdtool's diff of what it did.
        if !result.engineSaid.isEmpty { output.writeLine(PeerWords.quoted(result.engineSaid, by: "the engine", indent: "      ")) }
        if let report = result.report, !report.isEqual {
          output.write(report.renderText(palette).split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "      " + $0 }.joined(separator: "\n"))
        }
        if !result.hint.isEmpty { output.writeLine("      hint: \(result.hint)") }
        if !result.newRecording.isEmpty { output.writeLine("      new recording: \(result.newRecording)") }
        if let page = pages.write(result) { output.writeLine("      page: \(page)") }
      }
      output.flush()
    })
    progress.finish()
    if let setup = summary.setupError {
      // No recording was compared: not a failure of the build's behaviour, and no report of it.
      output.flush()
      let what = setup.message.hasPrefix("the new run: ") ? String(setup.message.dropFirst("the new run: ".count)) : setup.message
      let status = cmdtool.setupError("replaying \((setup.trace as NSString).lastPathComponent), \(what)", peer: "the engine", said: setup.engineSaid)
      printError("(the engine command runs with sh -c: \(secrets.scrub(engine)))")
      throw status
    }
    let results = summary.results
    let failed = summary.failed
    let interruption = summary.interruption.map { RunInterruption(signal: $0, signalName: SignalTrap.name(of: $0) ?? "signal \($0)", done: results.count, total: suite.paths.count, unit: "recording") }
    var line = "\(results.count) recording\(results.count == 1 ? "" : "s"): \(results.count - failed) passed, \(failed) failed"
    if summary.written > 0 { line += ", \(summary.written) written" }
    if let interruption { line += "; \(interruption)" }
    output.writeLine(line)
    if let folder = summary.keptFolder, keep == nil { output.writeLine("the new runs that failed are in \(folder)") }
    if mode != .failed && mode != .all { acceptHints(results, secrets: secrets).forEach(output.writeLine) }
    output.flush()
    let compared = results.compactMap(\.report)
    for warning in DiffReport.ignoreWarnings(compared, comparison: compared.count == 1 ? "the comparison" : "any of the \(compared.count) comparisons") { printError("warning: " + warning) }
    if let index = pages.writeIndex(summary: [line, "engine: \(secrets.scrub(engine))"] + (interruption.map { ["\($0); \(paths(remaining: suite.paths.count - results.count))"] } ?? [])) {
      output.writeLine("report: \(index)")
      output.flush()
    }
    if let junit { try writeReport(ReplayReports.junit(results, interruption: interruption), to: junit) }
    if let report { try writeReport(ReplayReports.json(results, interruption: interruption), to: report) }
    if pages.failedWrites > 0 { throw ExitStatus.badInput }
    if let interruption {
      printError("\(interruption); \(paths(remaining: suite.paths.count - results.count))")
      throw ExitCode(SignalTrap.exitStatus(for: interruption.signal))
    }
    if failed > 0 { throw ExitCode(1) }
  }

  /// `--html-report`: a visual diff page per failing recording, DIR/NAME.html (NAME-2.html
  /// and so on when two recordings share a name), and DIR/index.html listing every recording.
  private struct FailurePages {
    let folder: String?
    let engine: String
    /// The index's name is taken from the start: a recording called `index` gets `index-2.html`.
    var taken: Set<String> = [ReplayIndexPage.fileName]
    /// The index's rows, in the order the recordings ran.
    var entries: [ReplayIndexPage.Entry] = []
    /// The page written for the result being reported, if any.
    private var lastPage: String?
    /// Pages that could not be written (each said so on standard error).
    var failedWrites = 0

    init(folder: String?, engine: String) {
      self.folder = folder
      self.engine = engine
    }

    /// Writes the page of `result`, returning its path; nil without a folder, or on failure.
    mutating func write(_ result: EngineReplay.Result) -> String? {
      guard let folder else { return nil }
      let file = (result.trace as NSString).lastPathComponent
      let stem = (file as NSString).deletingPathExtension
      var name = stem.isEmpty ? file : stem
      var number = 2
      while taken.contains(name + ".html") {
        name = "\(stem)-\(number)"
        number += 1
      }
      taken.insert(name + ".html")
      let path = (folder as NSString).appendingPathComponent(name + ".html")
      let title = "cmdtool replay: \(file) \(result.status == .error ? "could not be compared" : "differs")"
      let captions = VisualDiffPage.Captions(a: "the recording (\(file))", b: "the new run")
      var summary = ["\(result.status == .error ? "ERROR" : "FAIL"): \(result.message)", "engine: \(engine)"]
      if !result.newRecording.isEmpty { summary.append("new recording: \(result.newRecording)") }
      let page = result.report.map { VisualDiffPage(report: $0, title: title, captions: captions, summary: summary) }
        ?? VisualDiffPage(title: title, captions: captions, summary: summary, moments: [])
      guard save(page.html, to: path, inputs: [result.trace]) else { return nil }
      lastPage = name + ".html"
      return path
    }

    /// Writes `html` to `path` whole, never onto one of `inputs`; false (said on standard error, and counted) when it cannot.
    private mutating func save(_ html: String, to path: String, inputs: [String] = []) -> Bool {
      do {
        try AtomicFile.write(Array(html.utf8), to: path, inputs: inputs)
        return true
      } catch {
        printError(error.description)
        failedWrites += 1
        return false
      }
    }

    /// Adds `result`'s row to the index, linking the page ``write(_:)`` wrote for it.
    mutating func note(_ result: EngineReplay.Result) {
      guard folder != nil else { return }
      let verdict: ReplayIndexPage.Verdict = switch result.status {
      case .passed: result.recorded ? .recorded : .passed
      case .failed: .failed
      case .error: .error
      }
      entries.append(ReplayIndexPage.Entry(name: result.trace, verdict: verdict, message: result.message, page: lastPage))
      lastPage = nil
    }

    /// Writes DIR/index.html, returning its path; nil without a folder, or on failure.
    mutating func writeIndex(summary: [String]) -> String? {
      guard let folder else { return nil }
      let path = (folder as NSString).appendingPathComponent(ReplayIndexPage.fileName)
      let page = ReplayIndexPage(title: "cmdtool replay --engine", summary: summary, entries: entries)
      return save(page.html, to: path) ? path : nil
    }
  }

  /// How to accept the changes of the recordings that differ while their new runs ended well
  /// (the same command line with `--record failed`, which records those anew), and which ones
  /// cannot be accepted so: their new run failed (a script step that no longer plays, a crash).
  private func acceptHints(_ results: [EngineReplay.Result], secrets: SecretStore) -> [String] {
    let unacceptable = results.filter { $0.status == .failed && !$0.acceptable && $0.report != nil }.map { ($0.trace as NSString).lastPathComponent }
    var hints = unacceptable.isEmpty ? [] : ["\(unacceptable.joined(separator: ", ")): the new run itself failed, so recording anew (--record failed) would fail too: fix the engine or the script first"]
    let acceptable = results.filter(\.acceptable)
    guard !acceptable.isEmpty else { return hints }
    var words: [String] = []
    var arguments = CommandLine.arguments.dropFirst()[...]
    while let word = arguments.popFirst() {
      if word == "--" {
        words += ["--"] + arguments
        break
      }
      if word == "--ci" || word == "--rerecord" || word.hasPrefix("--record=") { continue }
      if word == "--record" {
        _ = arguments.popFirst()
        continue
      }
      words.append(word)
    }
    let names = acceptable.map { ($0.trace as NSString).lastPathComponent }.joined(separator: ", ")
    let accept = "if the new behaviour is right, accept it by recording \(acceptable.count == 1 ? "it" : "them") (\(names)) anew"
    // With secrets in play, the engine command may hold one (`--password "$PW"`, expanded by the
    // shell): the command line is not repeated into a CI log.
    guard secrets.isEmpty else {
      hints.append(accept + ": run the same command with --record failed (not repeated here, as secrets are in use)")
      return hints
    }
    hints.append(accept + ":\n  " + ShellText.command(["cmdtool"] + words + ["--record", "failed"]))
    return hints
  }

  /// Every secret's value the environment (`CMDTOOL_SECRET_NAME`) and the secrets file give,
  /// to keep them out of what is printed: an engine command may hold one.
  private static func knownSecrets(file: String?) -> SecretStore {
    let variables = ProcessInfo.processInfo.environment.keys
    let names = SecretStore.otherNames(than: [], variables: variables, fileText: file)
    // A file with a bad line is the replay's error to report; the environment's values still count.
    return (try? SecretStore.load(names, purpose: "replay", fileText: file))
      ?? (try? SecretStore.load(SecretStore.otherNames(than: [], variables: variables), purpose: "replay")) ?? SecretStore()
  }

  /// The new runs are kept under the recordings' names: never in the recordings' own folder.
  func refuseKeepingInTheRecordingsFolder() throws {
    guard let keep, let kept = FileIdentity(path: keep) else { return }
    for path in traces {
      var isFolder: ObjCBool = false
      let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? path : (path as NSString).deletingLastPathComponent
      if FileIdentity(path: folder.isEmpty ? "." : folder) == kept {
        throw ValidationError("--keep \(keep) is the folder of the recordings (\(folder.isEmpty ? "." : folder)): the new runs would take their place; keep them in another folder")
      }
    }
  }

  private func paths(remaining: Int) -> String {
    remaining == 0 ? "every recording ran" : "\(remaining) recording\(remaining == 1 ? "" : "s") not run"
  }

  /// Writes a report file whole or not at all.
  private func writeReport(_ text: String, to path: String) throws {
    do {
      try AtomicFile.write(Array(text.utf8), to: path, inputs: traces)
    } catch {
      printError(error.description)
      throw ExitStatus.badInput
    }
  }
}
