import CommandCodec
import Foundation
import ReplayCore
import ReplayLive

/// The failures an output folder already holds, which a campaign into it plays first (as
/// Hypothesis replays its example database): one that still fails is reported again, one that no
/// longer does is moved to `OUT/fixed/SLUG/`, out of the failures but kept as a regression script.
extension FuzzOutput {
  /// A failure kept by an earlier campaign (or `fuzz shrink`).
  struct Saved {
    var folder: String
    var slug: String
    /// Its signature, as `failure.json` says (``FuzzFailure/signature``).
    var signature: String
    var steps: [EventScript.Step]
    var script: String
    var recording: String
  }

  /// The named secrets the saved failures' scripts type (a failure `fuzz shrink` kept of a script
  /// that logs in), so that a campaign can load their values before any engine starts.
  /// - Throws: ``FuzzCampaign/UnreadableFailure``, as ``savedFailures()``.
  static func secretNames(savedIn folder: String) throws -> [String] {
    var names: [String] = []
    for saved in try FuzzOutput(folder: folder).savedFailures() {
      for name in EventScript(steps: saved.steps).secretNames where !names.contains(name) { names.append(name) }
    }
    return names
  }

  private var fixedFolder: String { (folder as NSString).appendingPathComponent("fixed") }

  /// The failures under `OUT/failures/`, by folder name.
  /// - Throws: ``FuzzCampaign/UnreadableFailure`` for a folder without a readable `script.jsonl` and `failure.json`.
  func savedFailures() throws -> [Saved] {
    let failures = (folder as NSString).appendingPathComponent("failures")
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: failures) else { return [] }
    var saved: [Saved] = []
    for name in names.sorted() where !name.hasPrefix(".") {
      let directory = (failures as NSString).appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
      let script = (directory as NSString).appendingPathComponent("script.jsonl")
      let description = (directory as NSString).appendingPathComponent("failure.json")
      guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
        throw FuzzCampaign.UnreadableFailure(description: "\(script): cannot read the saved failure's script (remove \(directory) if it is no failure)")
      }
      let steps: [EventScript.Step]
      do {
        steps = try EventScript(parsing: text).steps
      } catch {
        throw FuzzCampaign.UnreadableFailure(description: "\(script): \(error)")
      }
      guard let bytes = FileManager.default.contents(atPath: description) else {
        throw FuzzCampaign.UnreadableFailure(description: "\(description): cannot read the saved failure's description (remove \(directory) if it is no failure)")
      }
      guard case .object(let members)? = try? JSONValue.parse(Array(bytes)), case .string(let signature)? = members["failure"] else {
        throw FuzzCampaign.UnreadableFailure(description: "\(description): not a failure description (cmdtool fuzz writes {\"failure\":SIGNATURE,…})")
      }
      saved.append(Saved(folder: directory, slug: name, signature: signature, steps: FailureShrinker.renumbered(steps), script: script, recording: (directory as NSString).appendingPathComponent("recording.jsonl")))
    }
    return saved
  }

  /// Moves a saved failure that no longer fails to `OUT/fixed/SLUG/` (replacing an older one).
  /// - Returns: where it is now.
  func moveToFixed(_ saved: Saved) throws -> String {
    try FileManager.default.createDirectory(atPath: fixedFolder, withIntermediateDirectories: true)
    let destination = (fixedFolder as NSString).appendingPathComponent(saved.slug)
    try Self.replaceFolder(at: destination, with: saved.folder)
    return destination
  }

  /// Moves the complete folder `source` to `destination`, replacing a folder there, by renames
  /// only: `destination` is the old folder or the new one, never half of either, and a failed
  /// move leaves both as they were (issue #23).
  ///
  /// rename(2) does not replace a folder that holds files, so an old `destination` is renamed
  /// aside first (`.SLUG.replaced-XXXXXXXXXXXX`, beside it), `source` renamed in, and the old
  /// one removed; if the second rename fails, the old one is renamed back.
  ///
  /// - Throws: ``IOError`` naming the folder and the move that failed.
  static func replaceFolder(at destination: String, with source: String) throws {
    let aside = ((destination as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent(".\((destination as NSString).lastPathComponent).replaced-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))")
    var movedAside = false
    if rename(destination, aside) == 0 {
      movedAside = true
    } else if errno != ENOENT {
      throw IOError(path: destination, operation: "move the folder there aside", errno: errno)
    }
    guard rename(source, destination) == 0 else {
      let code = errno
      if movedAside { _ = rename(aside, destination) }
      throw IOError(path: source, operation: "move the folder to \(destination)", errno: code)
    }
    if movedAside { try? FileManager.default.removeItem(atPath: aside) }
  }
}
