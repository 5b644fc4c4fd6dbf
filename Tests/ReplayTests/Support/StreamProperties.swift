import CommandCodec
import Foundation
import ReplayCore
import ReplayFuzz
import Testing

/// Why a property failed for one stream: a signature that stays the same while the stream is
/// shrunk (`invariant parent-link`, `json round trip`), and a message for people.
struct PropertyFailure: Error, CustomStringConvertible {
  var signature: String
  var message: String
  var description: String { message }
}

/// The streams a property runs over, as `cmdtool fuzz streams` makes them: seed `s` here is the
/// trace `cmdtool fuzz streams --count 1 --seed s --commands N --violations P` writes.
struct StreamCases {
  var seeds: ClosedRange<UInt64>
  var commands: Int
  var violations: Double = 0

  init(seeds: ClosedRange<UInt64>, commands: Int, violations: Double = 0) {
    // PROPERTY_SEEDS=N runs N seeds from the same first one: a longer hunt, on request.
    if let count = ProcessInfo.processInfo.environment["PROPERTY_SEEDS"].flatMap(UInt64.init), count > 0 {
      self.seeds = seeds.lowerBound...(seeds.lowerBound + count - 1)
    } else {
      self.seeds = seeds
    }
    self.commands = commands
    self.violations = violations
  }

  var configuration: StreamGenerator.Configuration {
    var configuration = StreamGenerator.Configuration()
    configuration.violationPercent = violations
    return configuration
  }

  func stream(_ seed: UInt64) -> (header: TraceHeader, records: [TraceRecord]) {
    StreamGenerator.records(seed: seed, commands: commands, configuration: configuration)
  }

  /// The command that writes the stream of `seed` again.
  func reproduction(_ seed: UInt64) -> String {
    "cmdtool fuzz streams --out /tmp/repro --count 1 --seed \(seed) --commands \(commands) --violations \(Format.number(violations))"
  }
}

/// Runs `property` over the stream of every seed; at the first failure, shrinks the stream with
/// delta debugging (over its records, keeping the failure's signature) and records an issue with
/// the seed, how to write the stream again, and the shrunk stream as JSON Lines.
///
/// - Parameter property: nil when the property holds for the stream, else why not.
func checkProperty(
  _ name: String, over cases: StreamCases, sourceLocation: SourceLocation = #_sourceLocation,
  _ property: (_ header: TraceHeader, _ records: [TraceRecord]) throws -> PropertyFailure?
) rethrows {
  for seed in cases.seeds {
    let (header, records) = cases.stream(seed)
    guard let failure = try property(header, records) else { continue }
    let shrunk = try shrink(records) { candidate in try property(header, candidate)?.signature == failure.signature }
    let last = try property(header, shrunk.records)?.message ?? failure.message
    Issue.record(
      """
      property "\(name)" fails for seed \(seed) (\(records.count) records): \(failure.message)
      write the stream again with: \(cases.reproduction(seed))
      shrunk by delta debugging to \(shrunk.records.count) records, \(shrunk.commands) commands (\(shrunk.tests) tests): \(last)
      \(jsonLines(header, shrunk.records))
      """, sourceLocation: sourceLocation)
    return
  }
}

/// Shrinks a failing stream with delta debugging: first over its records, then over the commands
/// of each batch left, keeping `fails` true; at most `budget` tests in each phase.
func shrink(_ records: [TraceRecord], budget: Int = 400, fails: ([TraceRecord]) throws -> Bool) rethrows -> (records: [TraceRecord], commands: Int, tests: Int) {
  let byRecord = try DeltaDebugging.minimize(records, maxTests: budget, fails: fails)
  var current = byRecord.items
  var tests = byRecord.tests
  for index in current.indices {
    guard case .batch(let commands) = current[index].body, commands.count > 1 else { continue }
    let time = current[index].time
    let byCommand = try DeltaDebugging.minimize(commands, maxTests: budget / 4) { candidate in
      var stream = current
      stream[index] = .batch(candidate, at: time)
      return try fails(stream)
    }
    current[index] = .batch(byCommand.items, at: time)
    tests += byCommand.tests
  }
  let commands = current.reduce(0) { count, record in
    if case .batch(let commands) = record.body { return count + commands.count }
    return count
  }
  return (current, commands, tests)
}

/// A stream as JSON Lines (a header line, then one record per line).
func jsonLines(_ header: TraceHeader, _ records: [TraceRecord]) -> String {
  var encoder = JSONTraceEncoder()
  var bytes: [UInt8] = []
  do {
    try encoder.encodeHeader(header, into: &bytes)
    for record in records { try encoder.encode(record, into: &bytes) }
  } catch {
    return "(cannot be written as JSON Lines: \(error))"
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// A stream written to a temporary file in `format`; the caller removes it.
func temporaryTrace(_ header: TraceHeader, _ records: [TraceRecord], format: TraceFormat) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).\(format.fileExtension)").path
  let writer = try TraceFileWriter(path: path, format: format, header: header)
  for record in records { try writer.write(record) }
  try writer.close()
  return path
}

/// The labels of a stream: (index of the labelled record, rule), in order.
func violationLabels(_ records: [TraceRecord]) -> [(record: Int, rule: DiagnosticRule)] {
  records.enumerated().compactMap { index, record in
    if case .success(let rule)? = ViolationLabel.rule(labelledBy: record) { return (index + 1, rule) }
    return nil
  }
}

/// Where two states differ, member by member and element field by field (what `==` sees, which
/// a StateDiff, comparing what a platform shows, may not).
func firstDifference(_ a: UIState, _ b: UIState) -> String? {
  let members: [(String, (UIState) -> AnyHashable)] = [
    ("applicationId", { $0.applicationId }), ("activeView", { $0.activeView }), ("history", { $0.history }),
    ("navigationView", { $0.navigationView }), ("modalStack", { $0.modalStack }), ("toasts", { $0.toasts }),
    ("timers", { $0.timers }), ("preferences", { $0.preferences }), ("networkActivity", { $0.networkActivity }),
    ("hasQuit", { $0.hasQuit }), ("requests", { $0.requests }), ("time", { $0.time }), ("lastRecordIndex", { $0.lastRecordIndex }),
  ]
  for (name, value) in members where value(a) != value(b) { return "\(name): \(value(a)) ≠ \(value(b))" }
  let ids = Set(a.elements.sortedIds).union(b.elements.sortedIds).sorted()
  for id in ids {
    guard let x = a.elements[id], let y = b.elements[id] else { return "element \(id) only on one side" }
    guard x != y else { continue }
    let fields: [(String, (Element) -> AnyHashable)] = [
      ("kind", { $0.kind }), ("parent", { $0.parent }), ("children", { $0.children }), ("text", { $0.text }),
      ("secondaryText", { $0.secondaryText }), ("value", { $0.value }), ("count", { $0.count }), ("isVisible", { $0.isVisible }),
      ("error", { $0.error }), ("styles", { $0.styles }), ("options", { $0.options }), ("flags", { $0.flags }), ("links", { $0.links }),
      ("list", { $0.list }), ("image", { $0.image }), ("isStopped", { $0.isStopped }), ("modalResult", { $0.modalResult }),
    ]
    for (name, value) in fields where value(x) != value(y) { return "element \(id) \(name): \(value(x)) ≠ \(value(y))" }
    return "element \(id) differs in no field"
  }
  return a == b ? nil : "the states differ in no member"
}
