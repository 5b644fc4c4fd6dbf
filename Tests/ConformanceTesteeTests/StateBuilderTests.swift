import CommandCodec
import ConformanceTestee
import ReplayCore
import ReplayFuzz
import Testing

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

  /// What a platform that keeps everything the model keeps would add, read off the model's state.
  static func builder(for state: UIState) -> StateBuilder {
    var builder = StateBuilder(time: state.time)
    builder.record = state.lastRecordIndex
    builder.application = state.applicationId
    builder.activeView = state.activeView
    builder.history = state.history
    builder.navigationView = state.navigationView
    builder.modals = state.modalStack
    builder.toasts = state.toasts.map { SnapshotToast(number: $0.number, text: $0.text, from: $0.from, shownAt: $0.shownAt, expiresAt: $0.expiresAt) }
    builder.timers = state.timers.values.map { SnapshotTimer(id: $0.id, owner: $0.owner, interval: $0.interval, nextFire: $0.nextFire, fired: $0.fireCount) }
    builder.committedPreferences = state.preferences.committed
    builder.pendingPreferenceUpdates = state.preferences.pendingUpdates
    builder.pendingPreferenceDeletions = state.preferences.pendingDeletions
    builder.networkActivity = state.networkActivity
    builder.quit = state.hasQuit
    builder.requests = state.requests.map { SnapshotRequest(time: $0.time, record: $0.recordIndex, kind: $0.kind.rawValue, from: $0.from, text: $0.text) }
    // Roots first, then each element's children in its order: the order a walk adds them in.
    let elements = state.elements.values
    for element in elements where element.parent == nil { builder.add(element.id, snapshotElement(element)) }
    for element in elements {
      for child in element.children { builder.add(child, snapshotElement(state.elements[child]!), parent: element.id) }
    }
    return builder
  }

  static func snapshotElement(_ element: Element) -> SnapshotElement {
    var out = SnapshotElement(kind: element.kind.rawValue)
    out.text = element.text
    out.secondaryText = element.secondaryText
    out.value = element.value
    out.count = element.count
    out.hidden = !element.isVisible
    out.error = element.error
    out.flags = element.flags
    for selector in element.styles.selectors {
      out.styles[selector] = Dictionary(uniqueKeysWithValues: element.styles.sorted(for: selector).map { ($0.key, $0.value) })
    }
    out.options = element.options.map { SnapshotElement.Option(id: $0.id, label: $0.label) }
    out.links = element.links
    if let list = element.list {
      out.list.columns = list.columns.map { SnapshotList.Column(name: $0.name, type: $0.type) }
      out.list.sheets = list.sheets
      for (sheet, rows) in list.rowCounts { out.list.rowCounts[Int32(sheet)] = rows }
      for (address, text) in list.cells { out.list.cells[SnapshotList.Cell(sheet: Int32(address.sheet), row: address.row, column: address.column)] = text }
    }
    if let image = element.image {
      out.image.sources = image.sources.map { SnapshotImage.Source(url: $0.url, width: $0.width, height: $0.height) }
      out.image.file = image.file
      out.image.requested = image.requestedURL
      out.image.requestedWidth = image.requestedWidth
      out.image.released = image.isReleased
    }
    out.stopped = element.isStopped
    out.modalResult = element.modalResult
    if let widget = element.widget {
      var snapshotWidget = SnapshotWidget(kind: widget.kind)
      snapshotWidget.attributes = widget.attributes
      snapshotWidget.properties = widget.properties
      snapshotWidget.displayable = widget.isDisplayable
      out.widget = snapshotWidget
    }
    return out
  }
}
