import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

/// Golden files of the diff tests: Tests/ReplayTests/Snapshots/diff/<name>.
///
/// With `RECORD_SNAPSHOTS=1` they are (re-)written instead of compared; review every change to
/// them by eye before committing.
enum DiffGolden {
  static let directory = Repository.snapshots.appendingPathComponent("diff")

  /// Compares `actual` with the golden file `name` (or records it).
  static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = directory.appendingPathComponent(name)
    if Repository.isRecordingSnapshots {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url, options: .atomic)
      } catch {
        Issue.record("cannot record \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record("no golden file diff/\(name); record it with RECORD_SNAPSHOTS=1 and review it", sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let index = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expectedLines.count, actualLines.count)
    let line = { (lines: [Substring]) in index < lines.count ? String(lines[index]) : "(none)" }
    Issue.record("""
      output differs from golden diff/\(name) at line \(index + 1):
        golden: \(line(expectedLines))
        now:    \(line(actualLines))
      whole output:
      \(actual)
      If the change is intended, re-record with RECORD_SNAPSHOTS=1 and review the diff.
      """, sourceLocation: sourceLocation)
  }
}

/// Trace files written for a test, removed when the value goes away.
final class TemporaryTraces {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("difftests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// Writes `lines` (JSON Lines records, an optional header first) and returns the path.
  func write(_ name: String, _ lines: [String]) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data((lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    return url.path
  }

  /// Writes raw bytes and returns the path.
  func write(_ name: String, bytes: [UInt8]) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }
}

/// The bundled traces the diff tests replay: every trace under traces/ (event scripts for
/// `cmdtool record`, `*.script.jsonl`, are not traces).
var diffTraces: [String] { Repository.bundledTraces.filter { !$0.hasSuffix(".script.jsonl") } }

/// Compares two in-memory traces in lockstep.
func compareRuns(_ a: [String], _ b: [String], alignment: RunComparison.Alignment = .record, to point: ReplayPoint = .end, ignoring patterns: [String] = [], timeTolerance: Double = 0, recentCount: Int = 3) throws -> RunComparison {
  let files = try TemporaryTraces()
  let readerA = try TraceFileReader(path: try files.write("a.jsonl", a))
  let readerB = try TraceFileReader(path: try files.write("b.jsonl", b))
  defer {
    readerA.close()
    readerB.close()
    withExtendedLifetime(files) {}
  }
  return try RunComparison(readerA, readerB, alignment: alignment, to: point, ignoring: DiffIgnoreRules(patterns), timeTolerance: timeTolerance, recentCount: recentCount)
}

/// Compares two bundled traces in lockstep.
func compareBundled(_ a: String, _ b: String, alignment: RunComparison.Alignment = .record, to point: ReplayPoint = .end, ignoring patterns: [String] = []) throws -> RunComparison {
  let readerA = try TraceFileReader(path: Repository.trace(a))
  let readerB = try TraceFileReader(path: Repository.trace(b))
  defer {
    readerA.close()
    readerB.close()
  }
  return try RunComparison(readerA, readerB, alignment: alignment, to: point, ignoring: DiffIgnoreRules(patterns))
}

/// A few replay points of a bundled trace: records at the start, middle and end, times between
/// records and past the last one, and the end.
func replayPoints(of name: String) throws -> [ReplayPoint] {
  let reader = try TraceFileReader(path: Repository.trace(name))
  defer { reader.close() }
  _ = try reader.readHeader()
  let records = try reader.readAll()
  let last = records.count - 1
  let lastTime = records.last?.time ?? 0
  var points: [ReplayPoint] = [.end, .record(0), .record(last / 2), .record(last)]
  points += [.time(0), .time(lastTime / 3), .time(lastTime / 2 + 0.5), .time(lastTime), .time(lastTime + 60_000)]
  return points
}

/// The plain text of a diff between two models' states.
func diffText(_ a: ReferenceModel, _ b: ReferenceModel, ignoring patterns: [String] = []) -> String {
  StateDiff(from: a.state, to: b.state, ignoring: DiffIgnoreRules(patterns)).renderText(.plain)
}

/// Parses JSON text (objects, arrays or fragments).
func parseJSON(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Parses JSON bytes.
func parseJSON(_ bytes: [UInt8]) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
}

/// Whether two parsed JSON values are equal (objects by key, arrays by position, numbers by
/// value, booleans distinct from numbers).
func jsonEqual(_ x: Any, _ y: Any) -> Bool {
  switch (x, y) {
  case (let x as [String: Any], let y as [String: Any]):
    return x.count == y.count && x.allSatisfy { key, value in y[key].map { jsonEqual(value, $0) } ?? false }
  case (let x as [Any], let y as [Any]):
    return x.count == y.count && zip(x, y).allSatisfy { jsonEqual($0, $1) }
  case (let x as String, let y as String):
    return x == y
  case (is NSNull, is NSNull):
    return true
  case (let x as NSNumber, let y as NSNumber):
    return isJSONBoolean(x) == isJSONBoolean(y) && x == y
  default:
    return false
  }
}

/// Whether a parsed NSNumber is a JSON boolean (JSONSerialization gives NSNumber for both).
func isJSONBoolean(_ number: NSNumber) -> Bool {
  String(cString: number.objCType) == "c"
}

/// A state with every kind of content a snapshot can hold: styles of several selectors, links,
/// errors, flags, options, list content, images (requested, asset, released), a stopped spinner,
/// a hidden element, a detached subtree, the drawer open, a closed dialog and an open action sheet,
/// history, a toast, a running timer, committed and pending preferences, requests, quit.
enum KitchenSink {
  static let lines: [String] = Prelude.both + [
    batch(
      c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"Read the terms""#),
      c("CREATE_LINK", #""internalId":4,"textValue":"terms""#),
      c("SET_STYLE", #""internalId":4,"textValue":"color","textValue2":"red""#),
      c("SET_STYLE", #""internalId":4,"value":1,"textValue":"color","textValue2":"blue""#),
      c("SET_STYLE", #""internalId":4,"value":5,"textValue":"text-decoration","textValue2":"underline""#),
      c("SET_STYLE", #""internalId":4,"textValue":"a/b~c","textValue2":"slash and tilde""#),
      c("CREATE_TEXTFIELD", #""internalId":3,"childInternalId":5,"flags":1"#),
      c("SET_ERROR", #""internalId":5,"value":1,"textValue":"Required""#),
      c("CREATE_SWITCH", #""internalId":3,"childInternalId":6,"value":1,"textValue":"On","textValue2":"Off""#),
      c("CREATE_PICKER", #""internalId":3,"childInternalId":7"#),
      c("ADD_OPTION", #""internalId":7,"value":1,"textValue":"Small""#),
      c("ADD_OPTION", #""internalId":7,"value":2,"textValue":"Large""#),
      c("CREATE_LISTVIEW", #""internalId":3,"childInternalId":8"#),
      c("ADD_COLUMN", #""internalId":8,"value":1,"textValue":"Name""#),
      c("ADD_COLUMN", #""internalId":8,"textValue":"Plain""#),
      c("ADD_SHEET", #""internalId":8,"textValue":"One""#),
      c("ADD_SHEET", #""internalId":8,"textValue":"Two""#),
      c("RESHAPE_SHEET", #""internalId":8,"value":3"#),
      c("SET_TEXT_DATA", #""internalId":8,"textValue":"a""#),
      c("SET_TEXT_DATA", #""internalId":8,"textValue":"b","row":2,"column":1"#),
      c("SET_TEXT_DATA", #""internalId":8,"textValue":"c","sheet":1"#),
      c("CREATE_IMAGEVIEW", #""internalId":3,"childInternalId":9,"textValue":"https://cdn.example.com/p-100.jpg","width":100,"height":50"#),
      c("ADD_IMAGE_URL", #""internalId":9,"textValue":"https://cdn.example.com/p-200.jpg","width":200,"height":100"#),
      c("SET_STYLE", #""internalId":9,"textValue":"width","textValue2":"150""#),
      c("CREATE_IMAGEVIEW", #""internalId":3,"childInternalId":10,"textValue":"asset.png""#),
      c("CREATE_IMAGEVIEW", #""internalId":3,"childInternalId":11,"textValue":"https://cdn.example.com/q.jpg","width":64,"height":64"#),
      c("CREATE_PROGRESS_SPINNER", #""internalId":3,"childInternalId":12"#),
      c("STOP", #""internalId":12"#),
      c("CREATE_PAGE_CONTROL", #""internalId":3,"childInternalId":13,"value":4"#),
      c("CREATE_BUTTON", #""internalId":3,"childInternalId":14,"textValue":"Hidden""#),
      c("SET_VISIBILITY", #""internalId":14"#),
      c("CREATE_LINEAR_LAYOUT", #""internalId":3,"childInternalId":15"#),
      c("CREATE_TEXT", #""internalId":15,"childInternalId":16,"textValue":"tab\there \"quoted\" \\ back é ✓ \u0001 line\nbreak""#),
      c("CREATE_ACTIONBAR", #""internalId":2,"childInternalId":17,"textValue":"Title","textValue2":"Subtitle""#),
      c("CREATE_NAVIGATIONVIEW", #""internalId":1,"childInternalId":18"#),
      c("CREATE_DIALOG", #""internalId":2,"childInternalId":19,"textValue":"Confirm""#),
      c("CREATE_ACTION_SHEET", #""internalId":2,"childInternalId":20,"textValue":"Share""#),
      c("CREATE_FRAMEVIEW", #""internalId":1,"childInternalId":21"#)),
    c("RELEASE", #""internalId":11"#),
    c("REMOVE_CHILD", #""internalId":3,"childInternalId":15"#),
    #"{"modal":19,"value":1}"#,
    c("SET_INT_VALUE", #""internalId":21,"value":1"#),
    c("SET_VISIBILITY", #""internalId":18,"value":1"#),
    c("CREATE_TOAST", #""internalId":3,"value":1,"textValue":"Saved""#),
    c("CREATE_TIMER", #""internalId":3,"childInternalId":60,"value":250"#),
    batch(
      c("UPDATE_PREFERENCE", #""internalId":1,"textValue":"lang","textValue2":"fi""#),
      c("UPDATE_PREFERENCE", #""internalId":1,"textValue":"a/b~c","textValue2":"x""#),
      c("COMMIT_PREFERENCES", #""internalId":1"#),
      c("UPDATE_PREFERENCE", #""internalId":1,"textValue":"user","textValue2":"bob""#),
      c("DELETE_PREFERENCE", #""internalId":1,"textValue":"lang""#)),
    batch(
      c("SHOW_NETWORK_ACTIVITY", #""internalId":3,"value":1"#),
      c("LAUNCH_BROWSER", #""internalId":3,"textValue":"https://example.com/?q=a&b=\"c\"""#),
      c("QUIT_APP", #""internalId":1"#)),
    #"{"t":600.5,"marker":"later"}"#,
  ]

  static var replayed: ReferenceModel { model(lines) }
}
