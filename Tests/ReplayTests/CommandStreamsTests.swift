import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

// The engine's command streams of two recordings, compared as `replay --engine` does
// (Sources/Replay/Live/Rerun/CommandStreams.swift): batch by batch on the virtual clock; on the
// wall clock between the points of WallClockCuts, one sequence per element.

@Suite("Command streams")
struct CommandStreamsTests {
  typealias Run = WallClockComparisonTests.Run

  private func difference(_ a: [String], _ b: [String], wallClock: Bool, ignoring rules: [String] = []) throws -> (recorded: Int, new: Int)? {
    let files = try TemporaryTraces()
    return try withExtendedLifetime(files) {
      try CommandStreams.firstDifference(try files.write("a.jsonl", a), try files.write("b.jsonl", b), wallClock: wallClock, ignoring: DiffIgnoreRules(rules))
    }
  }

  static let screen = #"{"t":0,"batch":[{"type":"CREATE_APPLICATION","childInternalId":1},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_TEXT","internalId":2,"childInternalId":3},{"type":"CREATE_TEXT","internalId":2,"childInternalId":4}]}"#

  static func set(_ id: Int, _ text: String, at time: Int) -> String {
    #"{"t":\#(time),"type":"SET_TEXT_VALUE","internalId":\#(id),"textValue":"\#(text)"}"#
  }

  static func step(_ number: Int, at time: Int) -> String {
    #"{"t":\#(time),"marker":"script","detail":"step \#(number)"}"#
  }

  @Test("On the virtual clock, batch by batch")
  func batchByBatch() throws {
    let a = [Self.screen, Self.set(3, "x", at: 10), Self.set(4, "y", at: 20)]
    #expect(try difference(a, a, wallClock: false) == nil)
    // The same commands in one batch: another batch boundary is a difference.
    let joined = [Self.screen, #"{"t":10,"batch":[{"type":"SET_TEXT_VALUE","internalId":3,"textValue":"x"},{"type":"SET_TEXT_VALUE","internalId":4,"textValue":"y"}]}"#]
    #expect(try difference(a, joined, wallClock: false).map { [$0.recorded, $0.new] } == [1, 1])
    #expect(try difference(a, [Self.screen, Self.set(3, "x", at: 10), Self.set(4, "z", at: 20)], wallClock: false).map { [$0.recorded, $0.new] } == [2, 2])
    // A rule that ignores the value's path makes it the same.
    #expect(try difference(a, [Self.screen, Self.set(3, "x", at: 10), Self.set(4, "z", at: 20)], wallClock: false, ignoring: ["* · text"]) == nil)
  }

  @Test("On the wall clock, per element between steps: answers to a step and a tick may interleave")
  func perElementBetweenSteps() throws {
    // The step's answer sets 3, the tick's answer sets 4: in either order, in any batches.
    let a = [Self.screen, Self.step(0, at: 100), Self.set(3, "x", at: 101), Self.set(4, "tick", at: 102), Self.step(1, at: 300)]
    let b = [Self.screen, Self.step(0, at: 100), Self.set(4, "tick", at: 101), Self.set(3, "x", at: 103), Self.step(1, at: 300)]
    #expect(try difference(a, b, wallClock: true) == nil)
    #expect(try difference(a, b, wallClock: false) != nil)
    // The commands to one element in another order are not the same.
    let twice = [Self.screen, Self.step(0, at: 100), Self.set(3, "x", at: 101), Self.set(3, "y", at: 102), Self.step(1, at: 300)]
    let swapped = [Self.screen, Self.step(0, at: 100), Self.set(3, "y", at: 101), Self.set(3, "x", at: 102), Self.step(1, at: 300)]
    #expect(try difference(twice, swapped, wallClock: true).map { [$0.recorded, $0.new] } == [2, 2])
    // Nor is a command that came before a step in one run and after it in the other.
    let late = [Self.screen, Self.step(0, at: 100), Self.step(1, at: 300), Self.set(3, "x", at: 301), Self.set(4, "tick", at: 302)]
    #expect(try difference(a, late, wallClock: true).map { [$0.recorded, $0.new] } == [2, -1])
  }

  @Test("On the wall clock, a tick's answer on the other side of a step is the same stream")
  func aTickAcrossAStep() throws {
    let a = Run()
    let b = Run(created: 3_001, late: Dictionary(uniqueKeysWithValues: (1..<12).map { ($0, 3) }))
    #expect(try difference(a.lines, b.lines, wallClock: true) == nil)
    // An engine that answers one tick with another text differs there.
    let other = try #require(try difference(a.lines, Run(answerText: [2: "Session two"]).lines, wallClock: true))
    #expect(a.lines[other.recorded].contains(#""Session 2""#), "\(other)")
  }
}
