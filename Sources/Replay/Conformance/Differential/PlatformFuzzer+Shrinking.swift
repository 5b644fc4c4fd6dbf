import CommandCodec
import Foundation
import ReplayCore
import ReplayFuzz
import ReplayLive

extension PlatformFuzzer {
  /// Shrinks a diverging case: delta debugging over its steps, then over the commands left in its
  /// batches, each candidate a real run of the testee that must diverge with the same signature
  /// (the same difference after the same cause). A candidate must stay a stream the engine could
  /// send: CREATE_APPLICATION is never dropped, and one that breaks a rule of the model the
  /// original did not break at that command (an element created under a parent removed, a command
  /// to an element never created) does not count, nor does one the model cannot play (an action on
  /// what no longer exists). Then saves it.
  /// - Parameter original: the run's result, which shows the divergence when no smaller case
  ///   could be run (the budget or a signal stopped the shrinking first).
  func shrink(_ testCase: ConformanceCase, signature: String, run: Int, original: CaseResult, pool: TesteePool) -> Divergence {
    let start = Monotonic.now()
    let deadline = start + options.shrinkSeconds * 1000
    var runs = 0
    // The last candidate that diverged the same way is the smallest so far: what is kept when
    // the budget runs out or a signal comes (the search stops then, rather than trying every
    // candidate in vain: thousands of commands make millions).
    var last: (steps: [CaseStep], result: CaseResult)? = nil
    struct Stop: Error {}
    // The rules the original breaks, and where: a candidate may break only those.
    let allowed = (try? CaseExpectation(testCase)).map { Self.violations(of: testCase, $0) } ?? []
    // The application's creation stays first, whatever is dropped after it.
    let pinned = testCase.steps.prefix { step in
      if case .commands(let commands) = step.action { return commands.contains { $0.type == .createApplication } }
      return false
    }
    func diverges(_ rest: [CaseStep]) throws -> Bool {
      guard Monotonic.now() < deadline, SignalTrap.count == 0 else { throw Stop() }
      guard !rest.isEmpty else { return false }
      let steps = Array(pinned) + rest
      var candidate = testCase
      candidate.steps = steps
      guard let expectation = try? CaseExpectation(candidate), Self.violations(of: candidate, expectation).isSubset(of: allowed) else { return false }
      runs += 1
      // Judged by its first difference alone: nothing after it is played.
      let result = CaseRunner.run(candidate, expected: expectation, pool: pool, stoppingAtFirstDifference: true)
      if SignalTrap.count > 0 { throw Stop() }
      guard DivergenceSignature.of(result, in: candidate) == signature else { return false }
      last = (steps, result)
      return true
    }
    var steps = Array(testCase.steps.dropFirst(pinned.count))
    do {
      steps = try DeltaDebugging.minimize(steps, fails: diverges).items
      // The commands inside the batches left, one by one.
      var positions: [(step: Int, command: Int)] = []
      for (index, step) in steps.enumerated() {
        if case .commands(let commands) = step.action { positions += commands.indices.map { (index, $0) } }
      }
      func rebuild(_ kept: [(step: Int, command: Int)]) -> [CaseStep] {
        var keep: [Int: Set<Int>] = [:]
        for position in kept { keep[position.step, default: []].insert(position.command) }
        return steps.enumerated().compactMap { index, step in
          guard case .commands(let commands) = step.action else { return step }
          let left = commands.indices.filter { keep[index]?.contains($0) == true }.map { commands[$0] }
          return left.isEmpty ? nil : CaseStep(at: step.time, .commands(left))
        }
      }
      let commands = try DeltaDebugging.minimize(positions) { try diverges(rebuild($0)) }.items
      steps = Array(pinned) + rebuild(commands)
    } catch {
      steps = last?.steps ?? testCase.steps
    }
    var minimal = testCase
    minimal.steps = steps
    let result = steps == testCase.steps ? original : fullResult(of: minimal, signature: signature) ?? last?.result ?? original
    let saved = save(minimal, signature: signature)
    var divergence = Divergence(
      signature: signature, run: run, seed: seed(ofRun: run), originalSteps: testCase.steps.count, steps: steps.count,
      commands: minimal.commandCount, result: result, path: saved.path, caseName: saved.caseName, shrinkRuns: runs,
      shrinkSeconds: (Monotonic.now() - start) / 1000)
    divergence.shrinkInterrupted = SignalTrap.caught != nil
    return divergence
  }

  /// The saved case's report: the candidates stopped at their first difference, and the case a
  /// person reads lists every difference. Nil when a signal came, or when the case no longer
  /// diverges the same way (a flaky testee).
  private func fullResult(of minimal: ConformanceCase, signature: String) -> CaseResult? {
    guard SignalTrap.count == 0, let expectation = try? CaseExpectation(minimal) else { return nil }
    let result = CaseRunner.run(minimal, expected: expectation, settings: options.testee)
    return DivergenceSignature.of(result, in: minimal) == signature ? result : nil
  }

  /// The rules a case breaks on the model, each with the time and the command (or record) that
  /// breaks it: what stays the same when other steps are dropped (record indices do not).
  static func violations(of testCase: ConformanceCase, _ expectation: CaseExpectation) -> Set<String> {
    // The model counts a record for every step but `advance`.
    let records = testCase.steps.filter { if case .advance = $0.action { return false } else { return true } }
    return Set(
      expectation.diagnostics.map { diagnostic in
        guard records.indices.contains(diagnostic.recordIndex) else { return "\(diagnostic.rule) at record \(diagnostic.recordIndex)" }
        let step = records[diagnostic.recordIndex]
        if case .commands(let commands) = step.action, let index = diagnostic.commandIndex, commands.indices.contains(index) {
          return "\(diagnostic.rule) at \(step.time): \(commands[index])"
        }
        return "\(diagnostic.rule) at \(step.time): \(step.action)"
      })
  }

  /// Writes the case as a trace, `OUT/divergences/divergence-HASH.jsonl`, and the failure beside
  /// it (`.txt`); the name is the signature's hash, so shards and reruns find the same file.
  func save(_ testCase: ConformanceCase, signature: String) -> (path: String, caseName: String) {
    let hash = Self.hash(signature)
    let folder = options.output + "/divergences"
    let path = folder + "/divergence-\(hash).jsonl"
    let records = (try? CaseExpectation(testCase))?.traceRecords ?? []
    var encoder = TraceEncoder(format: .jsonLines)
    var bytes: [UInt8] = []
    var header = testCase.header
    header.creator = ScenarioCase.fuzzCreator
    try? encoder.encodeHeader(header, into: &bytes)
    for record in records { try? encoder.encode(record, into: &bytes) }
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try? AtomicFile.write(bytes, to: path)
    try? AtomicFile.write(Array("\(signature)\n".utf8), to: folder + "/divergence-\(hash).txt")
    return (path, ScenarioCase.caseName(forFile: path, tier: .recommended))
  }

  /// A short stable hash (FNV-1a, 32 bits, hex) of a signature.
  static func hash(_ text: String) -> String {
    var value: UInt32 = 0x811C_9DC5
    for byte in text.utf8 {
      value ^= UInt32(byte)
      value = value &* 0x0100_0193
    }
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }
}
