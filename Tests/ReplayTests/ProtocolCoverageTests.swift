import CommandCodec
import Foundation
@testable import ReplayCore
import Testing

/// ProtocolCoverage counts what records exercise, and merging two counts is counting both.
@Suite struct ProtocolCoverageTests {
  static func coverage(_ lines: String...) -> ProtocolCoverage {
    var coverage = ProtocolCoverage()
    for record in decode(lines).records { coverage.record(record) }
    return coverage
  }

  /// Every record of a bundled trace, read one at a time.
  static func records(_ name: String) throws -> [TraceRecord] {
    let reader = try TraceFileReader(path: Repository.trace(name))
    defer { reader.close() }
    return try reader.readAll()
  }

  @Test("Types, counts and the fields set: exercised, missing, and set without meaning")
  func commandsAndFields() {
    let coverage = Self.coverage(
      #"{"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"App"}"#,
      #"{"batch":[{"type":"CREATE_BUTTON","internalId":1,"childInternalId":2,"textValue":"OK"},{"type":"CREATE_BUTTON","internalId":1,"childInternalId":3,"flags":4}]}"#,
      #"{"type":"SET_VISIBILITY","internalId":2}"#)
    #expect(coverage.recordCount == 3)
    #expect(coverage.commandCount == 4)
    #expect(coverage.count(of: .createButton) == 2)
    #expect(coverage.count(of: .createTextField) == 0)
    let app = coverage.coverage(of: .createApplication)
    #expect(app.exercisedFields == [.childInternalId, .textValue])
    #expect(app.missingFields == [.textValue2, .flags])
    #expect(app.otherFields.isEmpty)
    // Fields add up over the commands of a type; flags mean nothing on a button.
    let button = coverage.coverage(of: .createButton)
    #expect(button.exercisedFields == [.internalId, .childInternalId, .textValue])
    #expect(button.missingFields.isEmpty)
    #expect(button.otherFields == [.flags])
    // A hide sets value to its default: the field is not exercised.
    #expect(coverage.coverage(of: .setVisibility).missingFields == [.value])
    #expect(coverage.fieldsSet(by: .setVisibility) == [.internalId])
  }

  @Test("SET_STYLE: selectors by value (an invalid one apart), keys known or not, empty keys not counted")
  func styles() {
    let coverage = Self.coverage(
      ##"{"batch":[{"type":"SET_STYLE","internalId":2,"textValue":"color","textValue2":"#fff"},{"type":"SET_STYLE","internalId":2,"value":1,"textValue":"color","textValue2":"#000"},{"type":"SET_STYLE","internalId":2,"value":5,"textValue":"shimmer","textValue2":"on"}]}"##,
      #"{"type":"SET_STYLE","internalId":2,"value":9,"textValue":"padding"}"#,
      #"{"type":"SET_STYLE","internalId":2,"value":3}"#)
    #expect(coverage.selectors.map(\.count) == [1, 1, 0, 1, 0, 1])
    #expect(coverage.invalidSelectorCount == 1)
    #expect(coverage.count(ofStyleKey: "color") == 2)
    #expect(coverage.count(ofStyleKey: "padding") == 1)
    #expect(coverage.styleKeysSeen == ["color", "padding", "shimmer"])
    let keys = coverage.styleKeys
    #expect(keys.count == StyleKeys.known.count + 1)
    #expect(keys.last == StyleKeyCoverage(key: "shimmer", count: 1, isKnown: false))
    #expect(coverage.ratio(.styleKeys) == CoverageRatio(covered: 2, total: StyleKeys.known.count))
    #expect(coverage.ratio(.selectors) == CoverageRatio(covered: 4, total: 6))
    #expect(coverage.neverExercised(.selectors) == ["HOVER", "DISABLED"])
  }

  @Test("Events by class and field; modal results and markers counted")
  func eventsAndOthers() {
    let coverage = Self.coverage(
      #"{"t":1,"event":"ValueEvent","target":5,"text":"alice"}"#,
      #"{"t":2,"event":"ValueEvent","target":5,"value":1}"#,
      #"{"t":3,"event":"ImageResponseEvent","target":5,"success":true}"#,
      #"{"t":4,"modal":7,"value":1}"#,
      #"{"t":5,"marker":"step"}"#)
    #expect(coverage.eventCount == 3)
    #expect(coverage.count(of: EventKind.value) == 2)
    let value = coverage.coverage(of: EventKind.value)
    #expect(value.exercisedFields == ["text", "value"])
    #expect(value.missingFields == ["value2"])
    #expect(coverage.modalResultCount == 1)
    #expect(coverage.markerCount == 1)
    // ImageResponseEvent is counted, but platforms never send it: no part of the ratio.
    #expect(coverage.count(of: EventKind.imageResponse) == 1)
    #expect(coverage.ratio(.events) == CoverageRatio(covered: 1, total: 17))
    #expect(coverage.ratio(.eventFields).covered == 2)
  }

  @Test("Older engine names are counted but stay out of the ratios")
  func olderNames() {
    let coverage = Self.coverage(#"{"type":"CREATE_PROGRESSBAR","internalId":2,"childInternalId":9}"#)
    #expect(coverage.count(of: .createProgressBar) == 1)
    #expect(coverage.olderCommandTypesSeen.map(\.type) == [.createProgressBar])
    #expect(coverage.ratio(.commands) == CoverageRatio(covered: 0, total: 73))
    #expect(coverage.commandTypes.count == 73)
  }

  @Test("Nothing seen: every ratio is 0 of its whole, and the wholes are the protocol's")
  func empty() {
    let coverage = ProtocolCoverage()
    let fields = CommandType.allCases.filter(\.isCurrent).reduce(0) { $0 + $1.fields.count }
    let eventFields = EventKind.allCases.filter(\.isSentByPlatforms).reduce(0) { $0 + $1.fields.count }
    #expect(coverage.summary.map(\.ratio) == [
      CoverageRatio(covered: 0, total: 73), CoverageRatio(covered: 0, total: fields),
      CoverageRatio(covered: 0, total: 17), CoverageRatio(covered: 0, total: eventFields),
      CoverageRatio(covered: 0, total: 6), CoverageRatio(covered: 0, total: 64),
    ])
  }

  @Test("What was never exercised is the rest of each whole", arguments: CoverageMetric.allCases)
  func neverExercisedIsTheRest(_ metric: CoverageMetric) throws {
    var coverage = ProtocolCoverage()
    for name in Repository.bundledTraces { for record in try Self.records(name) { coverage.record(record) } }
    let ratio = coverage.ratio(metric)
    #expect(ratio.covered > 0)
    #expect(coverage.neverExercised(metric).count == ratio.total - ratio.covered)
  }

  @Test("Merging the counts of two parts is counting the whole, at any split", arguments: ["list.jsonl", "login.jsonl", "dialogs.jsonl"])
  func mergeEqualsWhole(_ name: String) throws {
    let records = try Self.records(name)
    var whole = ProtocolCoverage()
    for record in records { whole.record(record) }
    for split in [0, 1, records.count / 2, records.count - 1, records.count] {
      var first = ProtocolCoverage()
      var second = ProtocolCoverage()
      for record in records[..<split] { first.record(record) }
      for record in records[split...] { second.record(record) }
      #expect(first.merging(second) == whole, "split at \(split)")
      #expect(second.merging(first) == whole, "split at \(split), merged the other way")
    }
    #expect(whole.merging(ProtocolCoverage()) == whole)
    #expect(whole.merging(whole).commandCount == 2 * whole.commandCount)
  }

  @Test("The decoder's bulk path counts what reading record by record counts", arguments: ["list.jsonl", "images.jsonl", "teardown.jsonl"])
  func bulkPath(_ name: String) throws {
    var byRecord = ProtocolCoverage()
    for record in try Self.records(name) { byRecord.record(record) }
    var bulk = ProtocolCoverage()
    let reader = try TraceFileReader(path: Repository.trace(name))
    defer { reader.close() }
    #expect(try reader.read(into: &bulk))
    #expect(bulk == byRecord)
    #expect(bulk.recordCount > 0)
  }

  @Test("Commands and events fed alone (as a conformance case sends them) count as in records")
  func feedingDirectly() {
    var direct = ProtocolCoverage()
    direct.add([Command(.createButton, internalId: 1, childInternalId: 2, textValue: "OK")])
    direct.add(Event.timer(TimerEvent(id: 4)))
    let viaRecords = Self.coverage(
      #"{"type":"CREATE_BUTTON","internalId":1,"childInternalId":2,"textValue":"OK"}"#,
      #"{"event":"TimerEvent","target":2,"id":4}"#)
    #expect(direct.recordCount == 0)
    #expect(direct.commandTypes == viaRecords.commandTypes)
    #expect(direct.eventKinds == viaRecords.eventKinds)
  }
}

extension ProtocolCoverageTests {
  /// Issue #26 §3: a widget's own SET_STYLE key (a `border-color` property) is the widget's, not
  /// the built-in style key of that name; any other key to the widget is a plain style.
  @Test func aWidgetsOwnStyleKeyIsCountedApartFromTheBuiltInKeys() throws {
    let schema = try WidgetSchema(parsing: #"""
      {"widgetSchema": 1, "name": "framed", "widgets": [{"name": "Framed", "create": {"command": "CREATE_FRAMED", "code": 1100},
        "properties": {"borderColor": {"type": "colour", "set": {"command": "SET_STYLE", "key": "border-color"}}}}]}
      """#)
    var coverage = ProtocolCoverage()
    coverage.startTrace(widgets: schema)
    coverage.add([
      Command(custom: "CREATE_FRAMED", internalId: 3, childInternalId: 9),
      Command(.setStyle, internalId: 9, textValue: "border-color", textValue2: "red"),
      Command(.setStyle, internalId: 9, textValue: "margin", textValue2: "4"),
      Command(.setStyle, internalId: 5, textValue: "border-color", textValue2: "#000"),
    ])
    #expect(coverage.widgetStyleKeyCounts == ["border-color": 1])
    #expect(coverage.count(ofStyleKey: "border-color") == 1, "only the built-in element's")
    #expect(coverage.count(ofStyleKey: "margin") == 1)
    // A new trace forgets the widgets of the last: id 9 is then a built-in element.
    coverage.startTrace(widgets: nil)
    coverage.add(Command(.setStyle, internalId: 9, textValue: "border-color", textValue2: "red"))
    #expect(coverage.count(ofStyleKey: "border-color") == 2 && coverage.widgetStyleKeyCounts == ["border-color": 1])
    let report = CoverageReport(coverage, traces: ["t.jsonl"])
    #expect(report.renderText().contains("custom widget style keys (not in the ratios): border-color 1"))
    #expect(report.renderJSON().contains(#""customStyleKeys":[{"key":"border-color","count":1}]"#))
  }
}
