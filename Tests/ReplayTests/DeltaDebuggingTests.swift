import Testing

@testable import ReplayFuzz

@Suite("Delta debugging: the smallest input that fails the same way")
struct DeltaDebuggingTests {
  @Test("One item that fails alone is found among many, in few tests")
  func oneCulprit() {
    let items = Array(0..<500)
    var calls = 0
    let result = DeltaDebugging.minimize(items) { candidate in
      calls += 1
      return candidate.contains(317)
    }
    #expect(result.items == [317])
    #expect(result.tests == calls)
    #expect(result.tests < 40, "\(result.tests) tests")
    #expect(!result.exhausted)
  }

  @Test("Several items needed together, in their order, all stay; nothing else does")
  func severalCulprits() {
    let items = Array(0..<64)
    let needed = [3, 17, 40, 41, 63]
    let result = DeltaDebugging.minimize(items) { candidate in
      // Fails only when the needed items all occur, in order (a sequence of interactions).
      var iterator = candidate.makeIterator()
      return needed.allSatisfy { wanted in
        while let item = iterator.next() { if item == wanted { return true } }
        return false
      }
    }
    #expect(result.items == needed)
  }

  @Test("The result is 1-minimal: removing any one item makes the failure go away")
  func oneMinimal() {
    // Fails when the sum of the candidate reaches 100: many minimal answers exist.
    let items = [40, 3, 30, 7, 50, 1, 20, 9]
    let fails: ([Int]) -> Bool = { $0.reduce(0, +) >= 100 }
    let result = DeltaDebugging.minimize(items, fails: fails)
    #expect(fails(result.items))
    for index in result.items.indices {
      var without = result.items
      without.remove(at: index)
      #expect(!fails(without), "\(result.items) without item \(index) still fails")
    }
  }

  @Test("A budget of tests is kept, and says it ran out")
  func budget() {
    let result = DeltaDebugging.minimize(Array(0..<1000), maxTests: 5) { $0.contains(999) && $0.contains(1) }
    #expect(result.tests <= 5)
    #expect(result.exhausted)
    #expect(result.items.contains(999) && result.items.contains(1))
  }

  @Test("No candidate is tested twice")
  func noRepeats() {
    var seen = Set<[Int]>()
    var repeated = false
    _ = DeltaDebugging.minimize(Array(0..<40)) { candidate in
      if !seen.insert(candidate).inserted { repeated = true }
      return candidate.contains(5) && candidate.contains(30)
    }
    #expect(!repeated)
  }

  @Test("Chunks cover the input in order")
  func chunks() {
    #expect(DeltaDebugging.split(Array(0..<7), into: 3) == [[0, 1], [2, 3], [4, 5, 6]])
    #expect(DeltaDebugging.split(Array(0..<2), into: 2) == [[0], [1]])
  }
}
