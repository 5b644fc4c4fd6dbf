/// Delta debugging (Zeller and Hildebrandt's ddmin): the smallest part of a failing input that
/// still fails the same way, found by trying to remove chunks of it.
///
/// The caller says what "fails the same way" means (an exact signature: the same exit status, the
/// same protocol rule, the same invariant), and each test is a real run (a live engine started
/// again), so the number of tests is what counts; results are remembered, so no candidate runs
/// twice.
///
/// ```swift
/// let minimal = DeltaDebugging.minimize(steps) { candidate in run(candidate) == failure }
/// ```
///
/// - Complexity: O(n²) tests in the worst case for n items, O(log n) when one item alone fails.
public enum DeltaDebugging {
  /// The result of minimizing.
  public struct Result<Item> {
    /// A 1-minimal failing input: removing any one item of it makes the failure go away (or the
    /// budget ran out first; then merely smaller).
    public var items: [Item]
    /// How many times `fails` was called (each a real run).
    public var tests: Int
    /// Whether the budget ran out before 1-minimality was reached.
    public var exhausted: Bool
  }

  /// Minimizes `items`, which must fail (`fails(items)` is not called for it).
  ///
  /// - Parameters:
  ///   - maxTests: the most calls of `fails` (a budget: each is a run of the engine).
  ///   - fails: whether a candidate (a subsequence of `items`, in order) fails the same way.
  public static func minimize<Item>(_ items: [Item], maxTests: Int = .max, fails: ([Item]) throws -> Bool) rethrows -> Result<Item> {
    var current = Array(items.indices)
    var granularity = 2
    var tests = 0
    var seen: Set<[Int]> = [current]
    func test(_ candidate: [Int]) throws -> Bool {
      guard seen.insert(candidate).inserted else { return false }
      tests += 1
      return try fails(candidate.map { items[$0] })
    }
    while current.count >= 2 {
      if tests >= maxTests { return Result(items: current.map { items[$0] }, tests: tests, exhausted: true) }
      let chunks = split(current, into: min(granularity, current.count))
      var reduced = false
      // A chunk alone that fails: the rest was not needed.
      for chunk in chunks where tests < maxTests {
        if try test(chunk) {
          current = chunk
          granularity = 2
          reduced = true
          break
        }
      }
      // Or the input without one chunk.
      if !reduced && chunks.count > 2 {
        for index in chunks.indices where tests < maxTests {
          let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
          if try test(complement) {
            current = complement
            granularity = max(granularity - 1, 2)
            reduced = true
            break
          }
        }
      }
      if !reduced {
        if granularity >= current.count { break }
        granularity = min(granularity * 2, current.count)
      }
    }
    return Result(items: current.map { items[$0] }, tests: tests, exhausted: false)
  }

  /// `items` cut into `count` chunks of (nearly) equal length, in order.
  static func split(_ items: [Int], into count: Int) -> [[Int]] {
    var chunks: [[Int]] = []
    var start = 0
    for index in 0..<count {
      let end = start + (items.count - start) / (count - index)
      chunks.append(Array(items[start..<end]))
      start = end
    }
    return chunks
  }
}
