import CommandCodec
import ConformanceTestee
import ReplayCore
import ReplayFuzz
import Testing
@testable import reference_testee

/// The state builder writes what cmdtool's own snapshot writer writes, byte for byte: a platform
/// that reports the model's state through the builder is read back as that state.
@Suite("ConformanceTestee: the state builder")
struct StateBuilderTests {
  @Test("For generated sessions, the builder's snapshot of every state equals StateSnapshotWriter's", arguments: 1...12)
  func equalsTheModelsWriter(seed: UInt64) {
    var configuration = StreamGenerator.Configuration()
    // Odd texts (control characters, quotes, emoji) and integers at the edges test the escaping.
    configuration.oddValuePercent = 25
    var generator = StreamGenerator(seed: seed, commands: 700, configuration: configuration)
    var model = ReferenceModel(header: generator.header)
    var index = 0
    var compared = 0
    while let record = generator.next() {
      model.apply(record, index: index)
      index += 1
      // Every few records, and always where a snapshot has the most parts: mid-session.
      guard index % 7 == 0 else { continue }
      let expected = StateSnapshotWriter.snapshot(of: model.state)
      let built = Self.builder(for: model.state).snapshot()
      #expect(String(decoding: built, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "seed \(seed), after record #\(index - 1)")
      if built != expected { return }
      compared += 1
    }
    #expect(compared >= 5)
  }

  @Test("The parts a generated session reaches are all exercised over the seeds")
  func partsReached() {
    // Guards the property above against streams that never reach a part: across the seeds, each
    // of these members appears in some snapshot.
    var seen = Set<String>()
    let members = ["\"toasts\"", "\"timers\"", "\"preferences\"", "\"requests\"", "\"modals\"", "\"navigation\"", "\"detached\"", "\"history\"",
                   "\"styles\"", "\"options\"", "\"list\"", "\"image\"", "\"hidden\"", "\"error\"", "\"links\"", "\"modalResult\""]
    for seed in UInt64(1)...12 {
      var generator = StreamGenerator(seed: seed, commands: 700)
      var model = ReferenceModel(header: generator.header)
      var index = 0
      while let record = generator.next() {
        model.apply(record, index: index)
        index += 1
        let text = String(decoding: Self.builder(for: model.state).snapshot(), as: UTF8.self)
        for member in members where text.contains(member) { seen.insert(member) }
      }
    }
    #expect(Set(members).subtracting(seen).isEmpty, "never reached: \(Set(members).subtracting(seen).sorted())")
  }

  @Test("Defaults are left out, styles ordered by selector and key bytes, navigation shown from its element")
  func layout() {
    var state = StateBuilder(time: 6412.5)
    state.application = 1
    state.navigationView = 4
    state.add(1, SnapshotElement(kind: "application"))
    var view = SnapshotElement(kind: "frameView")
    view.styles = [.active: ["b": "2"], .normal: ["é": "x", "z": "\u{7}"]]
    state.add(2, view, parent: 1)
    var drawer = SnapshotElement(kind: "navigationView")
    drawer.hidden = true
    state.add(4, drawer)
    state.add(10, SnapshotElement(kind: "text"), parent: 2)
    state.add(9, SnapshotElement(kind: "text"), parent: 2)
    state.committedPreferences = ["b": "1"]
    state.pendingPreferenceDeletions = ["z", "a"]
    let expected = """
      {
        "version": 1,
        "time": 6412.5,
        "application": 1,
        "navigation": {"view":4,"shown":false},
        "preferences": {"committed":{"b":"1"},"pendingDeletions":["a","z"]},
        "detached": [4],
        "elements": {
          "1": {"kind":"application","children":[2]},
          "2": {"kind":"frameView","parent":1,"children":[10,9],"styles":{"NORMAL":{"z":"\\u0007","é":"x"},"ACTIVE":{"b":"2"}}},
          "4": {"kind":"navigationView","hidden":true},
          "9": {"kind":"text","parent":2},
          "10": {"kind":"text","parent":2}
        }
      }

      """
    #expect(String(decoding: state.snapshot(), as: UTF8.self) == expected)
  }

  @Test("Adding an id again replaces the element and moves it to its new parent")
  func replace() {
    var state = StateBuilder(time: 0)
    state.add(1, SnapshotElement(kind: "linearLayout"))
    state.add(2, SnapshotElement(kind: "linearLayout"))
    state.add(3, SnapshotElement(kind: "text"), parent: 1)
    state.add(3, SnapshotElement(kind: "button"), parent: 2)
    let text = String(decoding: state.snapshot(), as: UTF8.self)
    #expect(text.contains("\"1\": {\"kind\":\"linearLayout\"}"))
    #expect(text.contains("\"3\": {\"kind\":\"button\",\"parent\":2}"))
    #expect(state.detached == [1, 2])
  }

  /// What a platform that keeps everything the model keeps adds: the reference testee's walk.
  static func builder(for state: UIState) -> StateBuilder {
    StateBuilder(walking: state)
  }
}
