import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

@Suite("State snapshot reader")
struct SnapshotReaderTests {
  // MARK: - Round trips

  @Test("write → read → write is byte-identical for every bundled trace at several points", arguments: diffTraces)
  func roundTripBundled(_ name: String) throws {
    for point in try replayPoints(of: name) {
      let state = try replayFile(name, to: point).state
      let written = StateSnapshotWriter.snapshot(of: state)
      let read = try StateSnapshotReader.read(written)
      #expect(StateSnapshotWriter.snapshot(of: read) == written, "\(name) at \(point)")
      // And the diff sees no difference between the state and its snapshot read back.
      let diff = StateDiff(from: state, to: read)
      #expect(diff.isEmpty, "\(name) at \(point): \(diff.renderText())")
      #expect(read.time == state.time)
      #expect(read.lastRecordIndex == state.lastRecordIndex)
    }
  }

  @Test("The golden snapshots read back to what they say")
  func goldens() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Repository.snapshots.path).filter { $0.hasSuffix(".json") }.sorted()
    #expect(names.contains("login.json"))
    for name in names {
      let bytes = try [UInt8](Data(contentsOf: Repository.snapshots.appendingPathComponent(name)))
      #expect(StateSnapshotReader.looksLikeSnapshot(bytes))
      #expect(StateSnapshotWriter.snapshot(of: try StateSnapshotReader.read(bytes)) == bytes, "\(name)")
    }
  }

  @Test("write → read → write is byte-identical for a state with every kind of content")
  func roundTripKitchenSink() throws {
    let model = KitchenSink.replayed
    expectClean(model)
    let state = model.state
    // The state has what it is meant to have.
    #expect(state.detached == [15])
    #expect(state.isNavigationShown)
    #expect(state.modalStack == [20])
    #expect(state.history == [2])
    #expect(state.toasts.count == 1)
    #expect(state.timers[60]?.fireCount == 2)
    #expect(state.preferences.hasPendingChanges)
    #expect(state.hasQuit && state.networkActivity)
    #expect(state.requests.count == 3)
    #expect(state.elements[9]?.image?.requestedURL == "https://cdn.example.com/p-200.jpg")
    #expect(state.elements[11]?.image?.isReleased == true)
    #expect(state.elements[19]?.modalResult == 1)

    let written = StateSnapshotWriter.snapshot(of: state)
    let read = try StateSnapshotReader.read(written)
    #expect(StateSnapshotWriter.snapshot(of: read) == written)
    #expect(StateDiff(from: state, to: read).isEmpty)
    #expect(StateDiff(from: read, to: state).isEmpty)
    // Everything but what a snapshot does not keep (timers' creation times, style order) is equal.
    #expect(read.elements.count == state.elements.count)
    #expect(read.preferences == state.preferences)
    #expect(read.toasts == state.toasts)
    #expect(read.requests == state.requests)
    #expect(read.history == state.history)
    #expect(read.modalStack == state.modalStack)
    #expect(read.navigationView == state.navigationView)
    #expect(read.elements[16]?.text == state.elements[16]?.text)
  }

  @Test("Whitespace and key order do not matter when reading")
  func layout() throws {
    let compact = #"{"version":1,"time":12.5,"elements":{"4":{"kind":"button","text":"OK","parent":3},"3":{"children":[4],"kind":"linearLayout"}}}"#
    let state = try StateSnapshotReader.read(Array(compact.utf8))
    #expect(state.time == 12.5)
    #expect(state.elements[4]?.text == "OK")
    #expect(state.elements[3]?.children == [4])
    #expect(StateSnapshotWriter.snapshot(of: state).text == """
      {
        "version": 1,
        "time": 12.5,
        "detached": [3],
        "elements": {
          "3": {"kind":"linearLayout","children":[4]},
          "4": {"kind":"button","parent":3,"text":"OK"}
        }
      }

      """)
  }

  @Test("Booleans and numbers are told apart (JSONSerialization gives NSNumber for both)")
  func booleansAndNumbers() throws {
    let state = try StateSnapshotReader.read(Array(#"{"version":1,"time":0,"networkActivity":true,"elements":{"4":{"kind":"switch","value":1,"hidden":true,"count":0,"flags":1}}}"#.utf8))
    #expect(state.networkActivity)
    #expect(state.elements[4]?.value == 1)
    #expect(state.elements[4]?.isVisible == false)
    #expect(state.elements[4]?.flags == 1)
    #expect(readError(#"{"version":1,"time":0,"elements":{"4":{"kind":"switch","value":true}}}"#) == "elements.4.value: expected a number, found a boolean")
    #expect(readError(#"{"version":1,"time":0,"elements":{"4":{"kind":"switch","value":false}}}"#) == "elements.4.value: expected a number, found a boolean")
    #expect(readError(#"{"version":1,"time":0,"elements":{"4":{"kind":"switch","hidden":1}}}"#) == "elements.4.hidden: expected true or false, found a number")
    #expect(readError(#"{"version":1,"time":0,"elements":{"4":{"kind":"switch","hidden":0}}}"#) == "elements.4.hidden: expected true or false, found a number")
    #expect(readError(#"{"version":1,"time":0,"quit":1,"elements":{}}"#) == "quit: expected true or false, found a number")
    #expect(readError(#"{"version":1,"time":true,"elements":{}}"#) == "time: expected a number, found a boolean")
    #expect(readError(#"{"version":true,"time":0,"elements":{}}"#) == "version: expected a number, found a boolean")
  }

  // MARK: - Strict errors name the place

  @Test("Strict errors name the place", arguments: [
    // The document.
    (#"[1,2]"#, "expected an object, found an array"),
    (#"{"version":1,"time":0,"elements":{},"colour":"red"}"#, "colour: is not a key of a state snapshot"),
    (#"{"time":0,"elements":{}}"#, "version: expected a number; the key is missing"),
    (#"{"version":2,"time":0,"elements":{}}"#, "version: snapshot version 2 is not supported (this cmdtool reads 1)"),
    (#"{"version":1,"elements":{}}"#, "time: expected a number; the key is missing"),
    (#"{"version":1,"time":"0","elements":{}}"#, "time: expected a number, found a string"),
    (#"{"version":1,"time":0}"#, "elements: expected an object; the key is missing"),
    (#"{"version":1,"time":0,"elements":[]}"#, "elements: expected an object, found an array"),
    (#"{"version":1,"time":0,"record":1.5,"elements":{}}"#, "record: expected an integer that fits Int"),
    (#"{"version":1,"time":0,"activeView":3000000000,"elements":{}}"#, "activeView: expected an integer that fits Int32"),
    (#"{"version":1,"time":0,"history":[2,"3"],"elements":{}}"#, "history[1]: expected a number, found a string"),
    (#"{"version":1,"time":0,"navigation":{"view":7},"elements":{}}"#, "navigation.shown: expected true or false; the key is missing"),
    (#"{"version":1,"time":0,"navigation":{"view":7,"shown":true,"open":true},"elements":{}}"#, "navigation.open: is not a key of a state snapshot"),
    (#"{"version":1,"time":0,"navigation":{"view":7,"shown":true},"elements":{"7":{"kind":"navigationView","hidden":true}}}"#, "navigation.shown: says true but the drawer element 7 is hidden"),
    (#"{"version":1,"time":0,"toasts":[{"number":1,"from":3,"shownAt":0,"expiresAt":2000}],"elements":{}}"#, "toasts[0].text: expected a string; the key is missing"),
    (#"{"version":1,"time":0,"toasts":[{"number":1,"text":"x","from":3,"shownAt":0,"expiresAt":2000,"duration":2000}],"elements":{}}"#, "toasts[0].duration: is not a key of a state snapshot"),
    (#"{"version":1,"time":0,"timers":[{"id":1,"owner":3,"interval":500,"nextFire":"500","fired":0}],"elements":{}}"#, "timers[0].nextFire: expected a number, found a string"),
    (#"{"version":1,"time":0,"preferences":{"committed":{"lang":1}},"elements":{}}"#, "preferences.committed.lang: expected a string, found a number"),
    (#"{"version":1,"time":0,"preferences":{"committed":{},"pending":{}},"elements":{}}"#, "preferences.pending: is not a key of a state snapshot"),
    (#"{"version":1,"time":0,"preferences":{"committed":{},"pendingDeletions":"lang"},"elements":{}}"#, "preferences.pendingDeletions: expected an array, found a string"),
    (#"{"version":1,"time":0,"requests":[{"time":0,"record":1,"kind":"launch","from":3}],"elements":{}}"#, "requests[0].kind: \"launch\" is not a request kind"),
    (#"{"version":1,"time":0,"requests":[{"time":0,"record":"1","kind":"quit","from":3}],"elements":{}}"#, "requests[0].record: expected a number, found a string"),
    // Elements.
    (#"{"version":1,"time":0,"elements":{"x":{"kind":"button"}}}"#, "elements.x: element keys are ids"),
    (#"{"version":1,"time":0,"elements":{"4":"button"}}"#, "elements.4: expected an object, found a string"),
    (#"{"version":1,"time":0,"elements":{"4":{}}}"#, "elements.4.kind: expected a string; the key is missing"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"buton"}}}"#, "elements.4.kind: \"buton\" is not an element kind"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"button","colour":"red"}}}"#, "elements.4.colour: is not a key of a state snapshot"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"button","text":7}}}"#, "elements.4.text: expected a string, found a number"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"button","children":[5,null]}}}"#, "elements.4.children[1]: expected a number, found null"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"button","value":2.5}}}"#, "elements.4.value: expected an integer that fits Int32"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"button","flags":-1}}}"#, "elements.4.flags: expected an integer that fits UInt32"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"button","error":null}}}"#, "elements.4.error: expected a string, found null"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"button","styles":{"PRESSED":{"color":"red"}}}}}"#, "elements.4.styles.PRESSED: is not a selector"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"button","styles":{"ACTIVE":{"color":1}}}}}"#, "elements.4.styles.ACTIVE.color: expected a string, found a number"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"button","styles":["color"]}}}"#, "elements.4.styles: expected an object, found an array"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"picker","options":[{"id":1}]}}}"#, "elements.4.options[0].label: expected a string; the key is missing"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"picker","options":[{"id":1,"label":"S","selected":true}]}}}"#, "elements.4.options[0].selected: is not a key of a state snapshot"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"text","links":[1]}}}"#, "elements.4.links[0]: expected a string, found a number"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"listView","list":{"rows":1}}}}"#, "elements.4.list.rows: is not a key of a state snapshot"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"listView","list":{"columns":[{"name":"Name","width":10}]}}}}"#, "elements.4.list.columns[0].width: is not a key of a state snapshot"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"listView","list":{"rowCounts":{"first":3}}}}}"#, "elements.4.list.rowCounts.first: row count keys are sheet numbers"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"listView","list":{"cells":[[0,0,"a"]]}}}}"#, "elements.4.list.cells[0]: a cell is [sheet, row, column, text]"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"listView","list":{"cells":[[0,0,0,1]]}}}}"#, "elements.4.list.cells[0][3]: expected a string, found a number"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"listView","list":{"cells":[[70000,0,0,"a"]]}}}}"#, "elements.4.list.cells[0][0]: expected an integer that fits UInt16"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"imageView","image":{"url":"x"}}}}"#, "elements.4.image.url: is not a key of a state snapshot"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"imageView","image":{"sources":[{"url":"x","width":1}]}}}}"#, "elements.4.image.sources[0].height: expected a number; the key is missing"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"imageView","image":{"sources":[{"url":"x","width":1,"height":1,"scale":2}]}}}}"#, "elements.4.image.sources[0].scale: is not a key of a state snapshot"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"imageView","image":{"released":"yes"}}}}"#, "elements.4.image.released: expected true or false, found a string"),
    (#"{"version":1,"time":0,"elements":{"4":{"kind":"dialog","modalResult":"1"}}}"#, "elements.4.modalResult: expected a number, found a string"),
  ])
  func strictErrors(_ text: String, _ expected: String) {
    #expect(readError(text) == expected)
  }

  @Test("A request without record reads as record 0 (a testee does not count records, CONFORMANCE.md §1.5)")
  func requestWithoutRecord() throws {
    let state = try StateSnapshotReader.read(Array(#"{"version":1,"time":0,"requests":[{"time":5,"kind":"quit","from":3}],"elements":{}}"#.utf8))
    #expect(state.requests.map(\.recordIndex) == [0])
    #expect(state.requests.map(\.from) == [3])
  }

  @Test("An element key is an id as the writer writes it: one key per element")
  func elementKeys() throws {
    #expect(readError(#"{"version":1,"time":0,"elements":{"04":{"kind":"button"}}}"#) == "elements.04: element keys are ids")
    #expect(readError(#"{"version":1,"time":0,"elements":{"+4":{"kind":"button"}}}"#) == "elements.+4: element keys are ids")
    #expect(readError(#"{"version":1,"time":0,"elements":{"4":{"kind":"button"},"04":{"kind":"text"}}}"#) == "elements.04: element keys are ids")
    #expect(readError(#"{"version":1,"time":0,"elements":{"-4":{"kind":"button"}}}"#) == nil)
    #expect(readError(#"{"version":1,"time":0,"elements":{"0":{"kind":"button"}}}"#) == nil)
  }

  @Test("Not JSON at all")
  func notJSON() {
    #expect(readError(#"{"version":1,"time":0,"elements":{"4":{"kind":"button"}"#) == "line 1, column 56: not valid JSON: the document ends where \",\" or \"}\" in an object should follow")
    #expect(readError("") == "line 1, column 1: not valid JSON: the document ends where a value should follow")
    #expect(readError("{\n  \"version\": 1,\n  \"time\": 0,\n}") == "line 3, column 12: not valid JSON: a trailing comma before \"}\" (JSON allows none)")
    #expect(readError("\u{FEFF}{}") == "line 1, column 1: not valid JSON: the document starts with a UTF-8 byte order mark (EF BB BF); save it without one")
  }

  @Test("Snapshots are told from traces by their first key")
  func looksLikeSnapshot() throws {
    #expect(StateSnapshotReader.looksLikeSnapshot(Array(#"{"version":1}"#.utf8)))
    #expect(StateSnapshotReader.looksLikeSnapshot(Array("{\n  \"version\": 1,\n".utf8)))
    #expect(StateSnapshotReader.looksLikeSnapshot(Array(" \n\t{ \"version\" :1".utf8)))
    #expect(!StateSnapshotReader.looksLikeSnapshot(Array(#"{"time":0,"version":1}"#.utf8)))
    #expect(!StateSnapshotReader.looksLikeSnapshot(Array(#"{"trace":1,"numbering":"engine-2018-11-28"}"#.utf8)))
    #expect(!StateSnapshotReader.looksLikeSnapshot(Array(#"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1}"#.utf8)))
    #expect(!StateSnapshotReader.looksLikeSnapshot([UInt8]()))
    for name in diffTraces {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Repository.trace(name))))
      #expect(!StateSnapshotReader.looksLikeSnapshot(bytes), "\(name)")
      #expect(StateSnapshotReader.looksLikeSnapshot(StateSnapshotWriter.snapshot(of: try replayFile(name).state)))
    }
  }
}

/// The description of the error reading `text` as a snapshot, nil when it reads.
func readError(_ text: String) -> String? {
  do {
    _ = try StateSnapshotReader.read(Array(text.utf8))
    return nil
  } catch {
    return error.description
  }
}
