import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

// The event scripts `cmdtool record` plays (Sources/Replay/Recording/EventScript.swift): one
// timed step per JSON line, elements named by id or selector.

@Suite struct EventScriptTests {
  /// Parses `lines` (joined with "\n"); a failure fails the test.
  private func parse(_ lines: String..., sourceLocation: SourceLocation = #_sourceLocation) -> [EventScript.Step] {
    do {
      return try EventScript(parsing: lines.joined(separator: "\n")).steps
    } catch {
      Issue.record("unexpected failure: \(error)", sourceLocation: sourceLocation)
      return []
    }
  }

  /// The failure parsing `lines` gives; nil (and a failed test) when it parses.
  private func failure(_ lines: String..., sourceLocation: SourceLocation = #_sourceLocation) -> EventScript.Failure? {
    do {
      let script = try EventScript(parsing: lines.joined(separator: "\n"))
      Issue.record("parsed, expected a failure: \(script.steps.map(\.action))", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }

  // MARK: - Every step kind

  @Test func tapTakesAnIdOrASelector() {
    let steps = parse(
      #"{"t":100,"tap":7}"#,
      ##"{"t":200,"tap":"#8"}"##,
      #"{"t":300,"tap":"button \"Log in\""}"#)
    #expect(steps.map(\.action) == [.tap(.id(7)), .tap(.id(8)), .tap(.match(kind: .button, text: "Log in"))])
    #expect(steps.map(\.time) == [100, 200, 300])
  }

  @Test func typeNeedsATargetAndAText() {
    let steps = parse(#"{"t":800,"type":"textField","text":"alice"}"#, #"{"t":900,"type":6,"text":""}"#)
    #expect(steps.map(\.action) == [.type(.match(kind: .textField, text: nil), text: "alice"), .type(.id(6), text: "")])
  }

  @Test func backIsTheBackKey() {
    #expect(parse(#"{"t":8000,"back":true}"#).map(\.action) == [.back])
  }

  @Test func chooseAnswersADialogWithAnOption() {
    let steps = parse(#"{"t":5000,"choose":"dialog","option":1}"#, #"{"t":5100,"choose":12,"option":0}"#)
    #expect(steps.map(\.action) == [.choose(.match(kind: .dialog, text: nil), option: 1), .choose(.id(12), option: 0)])
  }

  @Test func selectPicksAValueInAPickerOrARadioGroup() throws {
    let steps = parse(#"{"t":100,"select":"picker","value":2}"#, #"{"select":9,"value":30}"#)
    #expect(steps.map(\.action) == [.select(.match(kind: .picker, text: nil), value: 2), .select(.id(9), value: 30)])
    #expect(failure(#"{"select":"picker"}"#)?.message.contains("selecting needs an integer \"value\"") == true)
    #expect(failure(#"{"select":"picker","value":1,"option":2}"#)?.message == "unexpected key \"option\"")
    // What it sends: the picker's ValueEvent with the value; a button has nothing to select.
    var model = ReferenceModel()
    model.apply(TraceRecord(time: 0, .batch([Command(.createApplication, childInternalId: 1), Command(.createFrameView, internalId: 1, childInternalId: 2), Command(.createPicker, internalId: 2, childInternalId: 3), Command(.createButton, internalId: 2, childInternalId: 4)])), index: 0)
    let records = try steps[0].records(at: 100, in: model.state, secret: { _ in nil })
    #expect(records == [TraceRecord(time: 100, .event(target: 3, .value(ValueEvent(value: 2))))])
    let button = parse(#"{"select":4,"value":1}"#)[0]
    #expect(throws: EventScript.Step.Failure.self) { try button.records(at: 0, in: model.state, secret: { _ in nil }) }
  }

  @Test func markerIsANote() {
    #expect(parse(#"{"t":6000,"marker":"items deleted"}"#).map(\.action) == [.marker("items deleted")])
  }

  @Test func sendTakesAnyEventRecord() {
    let steps = parse(
      #"{"t":4000,"send":{"event":"SysInfoEvent","target":1,"type":6}}"#,
      #"{"t":4100,"send":{"event":"TimerEvent","target":12,"id":15}}"#)
    #expect(steps.map(\.action) == [.send(target: 1, .sysInfo(SysInfoEvent(type: 6))), .send(target: 12, .timer(TimerEvent(id: 15)))])
  }

  @Test func theExampleScriptParses() throws {
    let text = try String(contentsOfFile: Repository.traces.appendingPathComponent("example.script.jsonl").path, encoding: .utf8)
    let script = try EventScript(parsing: text)
    #expect(script.steps.count == 8)
    #expect(script.steps.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 10])
    #expect(script.steps[2].action == .type(.id(6), text: "hunter2"))
    #expect(script.steps.last?.action == .back)
  }

  // MARK: - Times, lines, sources

  @Test func anOmittedTimeIsThePreviousStepsAndTheFirstIsZero() {
    let steps = parse(#"{"marker":"start"}"#, #"{"t":1500,"back":true}"#, #"{"marker":"same moment"}"#)
    #expect(steps.map(\.time) == [0, 1500, 1500])
  }

  @Test func equalTimesAreFine() {
    #expect(parse(#"{"t":100,"back":true}"#, #"{"t":100,"back":true}"#).map(\.time) == [100, 100])
  }

  @Test func fractionalMillisecondsAreKept() {
    #expect(parse(#"{"t":12.5,"back":true}"#).first?.time == 12.5)
  }

  @Test func blankLinesAndCommentsAreSkippedButCounted() {
    let steps = parse("# a comment", "", "   ", "// another", #"  {"t":1,"back":true}  "#, #"{"t":2,"marker":"x"}"#)
    #expect(steps.map(\.line) == [5, 6])
  }

  @Test func theSourceIsTheLineAsWrittenWithoutSurroundingBlanks() {
    let steps = parse("   " + #"{"t":1200,"tap":"button \"Log in\""}"# + "\t ")
    #expect(steps.first?.source == #"{"t":1200,"tap":"button \"Log in\""}"#)
  }

  @Test func crlfLineEndingsAreLineEndings() throws {
    // A script saved with Windows line endings: "\r\n" is one Character in Swift.
    let script = try EventScript(parsing: "{\"t\":300,\"type\":\"textField\",\"text\":\"alice\"}\r\n# note\r\n{\"t\":600,\"back\":true}\r\n")
    #expect(script.steps.map(\.action) == [.type(.match(kind: .textField, text: nil), text: "alice"), .back])
    #expect(script.steps.map(\.line) == [1, 3])
    #expect(script.steps.map(\.source) == [#"{"t":300,"type":"textField","text":"alice"}"#, #"{"t":600,"back":true}"#])
  }

  @Test func anEmptyScriptHasNoSteps() {
    #expect(parse("").isEmpty)
    #expect(parse("# nothing to do", "").isEmpty)
  }

  // MARK: - Errors, with their lines

  @Test func badJSONNamesItsLine() {
    let error = failure(#"{"t":1,"back":true}"#, "# comment", #"{"t":2,"back":tru}"#)
    #expect(error?.line == 3)
    #expect(error?.column == 15)
    #expect(error?.description == "line 3, column 15: not a JSON object: expected a value, found 't'")
    // A trailing comma is named as such, at its column.
    #expect(failure(#"{"t":1,"back":true,}"#)?.description == #"line 1, column 19: not a JSON object: a trailing comma before "}" (JSON allows none)"#)
  }

  @Test func aJSONValueThatIsNotAnObjectIsBad() {
    #expect(failure("[1,2]")?.message == #"a step is a JSON object, such as {"t":1500,"tap":"button \"OK\""}"#)
    #expect(failure("42")?.line == 1)
  }

  @Test func decreasingTimesAreAnError() {
    let error = failure(#"{"t":300,"back":true}"#, #"{"t":200,"back":true}"#)
    #expect(error?.line == 2)
    #expect(error?.message.contains("earlier than the previous step's") == true)
  }

  @Test func anOmittedTimeKeepsThePreviousForTheOrderCheck() {
    let error = failure(#"{"t":300,"back":true}"#, #"{"back":true}"#, #"{"t":299,"back":true}"#)
    #expect(error?.line == 3)
  }

  @Test(arguments: [#"{"t":-1,"back":true}"#, #"{"t":"100","back":true}"#, #"{"t":null,"back":true}"#])
  func timesMustBeNonNegativeNumbers(line: String) {
    let error = failure(line)
    #expect(error?.line == 1)
    #expect(error?.message.contains("non-negative number of milliseconds") == true)
  }

  @Test func unknownKeysAreNamed() {
    #expect(failure(#"{"t":1,"tap":7,"text":"x"}"#)?.message == #"unexpected key "text""#)
    #expect(failure(#"{"t":1,"back":true,"target":1}"#)?.message == #"unexpected key "target""#)
    #expect(failure(#"{"t":1,"marker":"m","detail":"d"}"#)?.message == #"unexpected key "detail""#)
    #expect(failure(#"{"t":1,"choose":"dialog","option":1,"value":2}"#)?.message == #"unexpected key "value""#)
  }

  @Test func aStepWithoutAnActionSaysWhichExist() {
    let error = failure(#"{"t":1}"#)
    #expect(error?.message.contains(#"a step needs one of "tap", "type", "back", "choose", "select", "marker" or "send""#) == true)
    #expect(failure(#"{"t":1,"click":7}"#)?.message.contains("a step needs one of") == true)
  }

  @Test func typingWithoutTextIsAnError() {
    let error = failure("", #"{"t":1,"type":"textField"}"#)
    #expect(error?.line == 2)
    #expect(error?.message == #"typing needs "text" (a string) or "secret" (the name of a secret)"#)
    #expect(failure(#"{"t":1,"type":"textField","text":5}"#)?.message == #"typing needs "text" (a string) or "secret" (the name of a secret)"#)
    #expect(failure(#"{"t":1,"type":"textField","text":"a","secret":"PASSWORD"}"#)?.message == #"typing takes "text" or "secret", not both"#)
  }

  @Test func typingANamedSecret() throws {
    let steps = parse(#"{"t":1,"type":"textField \"Password\"","secret":"PASSWORD"}"#, ##"{"t":2,"type":"#6","secret":"api_token_2"}"##)
    #expect(steps.map(\.action) == [.typeSecret(.match(kind: .textField, text: "Password"), name: "PASSWORD"), .typeSecret(.id(6), name: "api_token_2")])
    let script = try EventScript(parsing: steps.map(\.source).joined(separator: "\n") + "\n" + #"{"t":3,"type":5,"secret":"PASSWORD"}"#)
    #expect(script.secretNames == ["PASSWORD", "api_token_2"])
    #expect(failure(##"{"t":1,"type":"#6","secret":"pass word"}"##)?.message.contains("is not a secret's name") == true)
    #expect(failure(##"{"t":1,"type":"#6","secret":"2FA"}"##)?.message.contains("is not a secret's name") == true)
  }

  @Test func choosingWithoutAnIntegerOptionIsAnError() {
    #expect(failure(#"{"t":1,"choose":"dialog"}"#)?.message.contains(#"choosing needs an integer "option""#) == true)
    #expect(failure(#"{"t":1,"choose":"dialog","option":1.5}"#)?.message.contains(#"integer "option""#) == true)
    #expect(failure(#"{"t":1,"choose":"dialog","option":"1"}"#)?.message.contains(#"integer "option""#) == true)
  }

  @Test func aBadSelectorIsAnError() {
    let error = failure(#"{"t":1,"back":true}"#, #"{"t":2,"tap":"buton \"OK\""}"#)
    #expect(error?.line == 2)
    #expect(error?.message == #""tap": unknown kind "buton" (did you mean "button"?)"#)
    #expect(failure(#"{"t":1,"type":"textField \"unterminated","text":"x"}"#)?.message == #""type": the text "unterminated has no closing quote"#)
    #expect(failure(#"{"t":1,"choose":[12],"option":1}"#)?.message.contains(#""choose" must be"#) == true)
    #expect(failure(#"{"t":1,"tap":7.5}"#)?.message.contains(#""tap" must be"#) == true)
  }

  @Test func aMarkerMustBeAString() {
    #expect(failure(#"{"t":1,"marker":5}"#)?.message == #""marker" must be a string"#)
  }

  @Test func sendMustBeAnEventRecord() {
    #expect(failure(#"{"t":1,"send":"ValueEvent"}"#)?.message.contains(#""send" must be an event record object"#) == true)
    let notAnEvent = failure(#"{"t":1,"send":{"type":"CREATE_BUTTON","internalId":1,"childInternalId":2}}"#)
    #expect(notAnEvent?.message.contains(#""send" is not an event record"#) == true)
    let unknownEvent = failure(#"{"t":1,"send":{"event":"NoSuchEvent","target":1}}"#)
    #expect(unknownEvent?.message.contains(#""send" is not an event record"#) == true)
  }
}
