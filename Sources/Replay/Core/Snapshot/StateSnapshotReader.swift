import CommandCodec

/// Reads a canonical state snapshot (docs/STATE_FORMAT.md) back into a ``UIState``, so that
/// `cmdtool diff` can compare saved snapshots with each other or with replayed traces.
///
/// Reading is strict: an unknown key, a value of the wrong type or a missing `kind` is an error
/// that names the place (`elements.12.styles.ACTIVE`). Places are built only when something
/// fails: a platform under test sends a snapshot after every step, and building a path for every
/// field cost more than reading it.
public enum StateSnapshotReader {
  /// Why a snapshot could not be read.
  public struct Failure: Error, CustomStringConvertible {
    /// Where in the document, e.g. `elements.12.value`.
    public var place: String
    public var message: String
    public var description: String { place.isEmpty ? message : "\(place): \(message)" }
  }

  /// Whether `bytes` look like a snapshot rather than a trace: a JSON object whose first key is
  /// "version" (traces start with a binary magic, `{"trace":` or `{"t":`).
  public static func looksLikeSnapshot(_ bytes: some Collection<UInt8>) -> Bool {
    let prefix = String(decoding: bytes.prefix(64), as: UTF8.self)
    // A byte order mark does not make it a trace: the snapshot reader names it as what it is.
    let compact = prefix.filter { !$0.isWhitespace && $0 != "\u{FEFF}" }
    return compact.hasPrefix("{\"version\":")
  }

  /// The state a snapshot describes.
  public static func read(_ bytes: [UInt8]) throws(Failure) -> UIState {
    let object: JSONValue
    do {
      object = try JSONValue.parse(bytes)
    } catch {
      throw Failure(place: error.location.description, message: "not valid JSON: \(error.message)")
    }
    var reader = Reader()
    return try reader.state(object)
  }

  private struct Reader {
    /// The keys an element may have (built once: every element is checked against them).
    static let elementKeys: Set<String> = ["kind", "parent", "children", "text", "secondaryText", "value", "count", "hidden", "error", "flags", "styles", "options", "links", "list", "image", "stopped", "modalResult", "widget"]

    func fail(_ place: String, _ message: String) -> Failure { Failure(place: place, message: message) }

    func expected(_ what: String, _ value: JSONValue?, _ place: @autoclosure () -> String) -> Failure {
      fail(place(), value == nil ? "expected \(what); the key is missing" : "expected \(what), found \(value!.kindDescription)")
    }

    func object(_ value: JSONValue?, _ place: @autoclosure () -> String) throws(Failure) -> [String: JSONValue] {
      guard case .object(let object) = value else { throw expected("an object", value, place()) }
      return object
    }

    func array(_ value: JSONValue?, _ place: @autoclosure () -> String) throws(Failure) -> [JSONValue] {
      guard case .array(let array) = value else { throw expected("an array", value, place()) }
      return array
    }

    func string(_ value: JSONValue?, _ place: @autoclosure () -> String) throws(Failure) -> String {
      guard case .string(let string) = value else { throw expected("a string", value, place()) }
      return string
    }

    func number(_ value: JSONValue?, _ place: @autoclosure () -> String) throws(Failure) -> Double {
      guard case .number(let number) = value else { throw expected("a number", value, place()) }
      return number
    }

    func int<T: FixedWidthInteger>(_ value: JSONValue?, _ place: @autoclosure () -> String, as type: T.Type = T.self) throws(Failure) -> T {
      let double = try number(value, place())
      guard let exact = T(exactly: double) else { throw fail(place(), "expected an integer that fits \(T.self)") }
      return exact
    }

    func bool(_ value: JSONValue?, _ place: @autoclosure () -> String) throws(Failure) -> Bool {
      guard case .bool(let bool) = value else { throw expected("true or false", value, place()) }
      return bool
    }

    func ids(_ value: JSONValue?, _ place: @autoclosure () -> String) throws(Failure) -> [Int32] {
      var result: [Int32] = []
      for (index, item) in try array(value, place()).enumerated() { result.append(try int(item, "\(place())[\(index)]")) }
      return result
    }

    func strings(_ value: JSONValue?, _ place: @autoclosure () -> String) throws(Failure) -> [String] {
      var result: [String] = []
      for (index, item) in try array(value, place()).enumerated() { result.append(try string(item, "\(place())[\(index)]")) }
      return result
    }

    func stringMap(_ value: JSONValue?, _ place: @autoclosure () -> String) throws(Failure) -> [String: String] {
      var result: [String: String] = [:]
      for (key, item) in try object(value, place()) { result[key] = try string(item, "\(place()).\(key)") }
      return result
    }

    func noOthers(_ object: [String: JSONValue], _ known: Set<String>, _ place: @autoclosure () -> String) throws(Failure) {
      // Most objects hold only known keys: count them before sorting anything.
      guard object.keys.contains(where: { !known.contains($0) }) else { return }
      if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
        throw fail(place().isEmpty ? unknown : "\(place()).\(unknown)", "is not a key of a state snapshot")
      }
    }

    mutating func state(_ value: JSONValue) throws(Failure) -> UIState {
      let top = try object(value, "")
      try noOthers(top, ["version", "time", "record", "application", "activeView", "history", "navigation", "modals", "toasts", "timers", "preferences", "networkActivity", "quit", "requests", "detached", "elements"], "")
      let version: Int = try int(top["version"], "version")
      guard version == StateSnapshotWriter.version else { throw fail("version", "snapshot version \(version) is not supported (this cmdtool reads \(StateSnapshotWriter.version))") }
      var committed: [String: String] = [:]
      var pendingUpdates: [String: String] = [:]
      var pendingDeletions: [String] = []
      if let preferences = top["preferences"] {
        let p = try object(preferences, "preferences")
        try noOthers(p, ["committed", "pendingUpdates", "pendingDeletions"], "preferences")
        committed = try stringMap(p["committed"] ?? JSONValue.object([:]), "preferences.committed")
        if let updates = p["pendingUpdates"] { pendingUpdates = try stringMap(updates, "preferences.pendingUpdates") }
        if let deletions = p["pendingDeletions"] { pendingDeletions = try strings(deletions, "preferences.pendingDeletions") }
      }
      var store = PreferenceStore(committed: committed)
      for key in pendingDeletions { store.delete(key) }
      for (key, value) in pendingUpdates { store.update(key, to: value) }
      var state = UIState(preferences: store)
      state.time = try number(top["time"], "time")
      if let record = top["record"] { state.lastRecordIndex = try int(record, "record") }
      if let application = top["application"] { state.applicationId = try int(application, "application") }
      if let active = top["activeView"] { state.activeView = try int(active, "activeView") }
      if let history = top["history"] { state.history = try ids(history, "history") }
      var drawerShown: Bool? = nil
      if let navigation = top["navigation"] {
        let n = try object(navigation, "navigation")
        try noOthers(n, ["view", "shown"], "navigation")
        state.navigationView = try int(n["view"], "navigation.view")
        drawerShown = try bool(n["shown"], "navigation.shown")
      }
      if let modals = top["modals"] { state.modalStack = try ids(modals, "modals") }
      if let toasts = top["toasts"] {
        for (index, item) in try array(toasts, "toasts").enumerated() {
          let place = "toasts[\(index)]"
          let t = try object(item, place)
          try noOthers(t, ["number", "text", "from", "shownAt", "expiresAt"], place)
          state.toasts.append(Toast(number: try int(t["number"], place + ".number"), text: try string(t["text"], place + ".text"), from: try int(t["from"], place + ".from"), shownAt: try number(t["shownAt"], place + ".shownAt"), expiresAt: try number(t["expiresAt"], place + ".expiresAt")))
        }
      }
      if let timers = top["timers"] {
        for (index, item) in try array(timers, "timers").enumerated() {
          let place = "timers[\(index)]"
          let t = try object(item, place)
          try noOthers(t, ["id", "owner", "interval", "nextFire", "fired"], place)
          let interval = try number(t["interval"], place + ".interval")
          let nextFire = try number(t["nextFire"], place + ".nextFire")
          let fired: Int = try int(t["fired"], place + ".fired")
          // Not written: the timer has ticked `fired` times since it started, one interval apart.
          let createdAt = nextFire - interval * Double(fired + 1)
          let timer = ModelTimer(id: try int(t["id"], place + ".id"), owner: try int(t["owner"], place + ".owner"), interval: interval, createdAt: createdAt, nextFire: nextFire, fireCount: fired)
          state.timers[timer.id] = timer
        }
      }
      if let activity = top["networkActivity"] { state.networkActivity = try bool(activity, "networkActivity") }
      if let quit = top["quit"] { state.hasQuit = try bool(quit, "quit") }
      if let requests = top["requests"] {
        for (index, item) in try array(requests, "requests").enumerated() {
          let place = "requests[\(index)]"
          let r = try object(item, place)
          try noOthers(r, ["time", "record", "kind", "from", "text"], place)
          let kindName = try string(r["kind"], place + ".kind")
          guard let kind = PlatformRequest.Kind(rawValue: kindName) else { throw fail(place + ".kind", "\"\(kindName)\" is not a request kind") }
          state.requests.append(PlatformRequest(time: try number(r["time"], place + ".time"), recordIndex: r["record"] == nil ? 0 : try int(r["record"], place + ".record"), kind: kind, from: try int(r["from"], place + ".from"), text: r["text"] == nil ? "" : try string(r["text"], place + ".text")))
        }
      }
      let elements = try object(top["elements"], "elements")
      for (key, value) in elements {
        // As the writer writes them: "04" or "+4" would be a second key for element 4.
        guard let id = Int32(key), String(id) == key else { throw fail("elements.\(key)", "element keys are ids") }
        state.elements.insert(try element(id, value, "elements.\(key)"))
      }
      if let shown = drawerShown, let view = state.navigationView, state.elements[view]?.isVisible != shown {
        throw fail("navigation.shown", "says \(shown) but the drawer element \(view) is \(shown ? "hidden" : "visible")")
      }
      return state
    }

    func element(_ id: Int32, _ value: JSONValue, _ place: @autoclosure () -> String) throws(Failure) -> Element {
      let e = try object(value, place())
      try noOthers(e, Self.elementKeys, place())
      let kindName = try string(e["kind"], place() + ".kind")
      guard let kind = ElementKind(rawValue: kindName) else { throw fail(place() + ".kind", "\"\(kindName)\" is not an element kind") }
      var element = Element(id: id, kind: kind, parent: e["parent"] == nil ? nil : try int(e["parent"], place() + ".parent"))
      if let children = e["children"] { element.children = try ids(children, place() + ".children") }
      if let text = e["text"] { element.text = try string(text, place() + ".text") }
      if let text = e["secondaryText"] { element.secondaryText = try string(text, place() + ".secondaryText") }
      if let value = e["value"] { element.value = try int(value, place() + ".value") }
      if let count = e["count"] { element.count = try int(count, place() + ".count") }
      if let hidden = e["hidden"] { element.isVisible = !(try bool(hidden, place() + ".hidden")) }
      if let error = e["error"] { element.error = try string(error, place() + ".error") }
      if let flags = e["flags"] { element.flags = try int(flags, place() + ".flags") }
      if let styles = e["styles"] {
        let bySelector = try object(styles, place() + ".styles")
        // The table keeps first-set order; a snapshot only knows sorted order, which is all a diff needs.
        for selector in StyleSelector.allCases {
          guard let entries = bySelector[selector.name] else { continue }
          for (key, value) in try stringMap(entries, place() + ".styles.\(selector.name)").sorted(by: { $0.key < $1.key }) {
            element.styles.set(key, to: value, for: selector)
          }
        }
        if let unknown = bySelector.keys.first(where: { StyleSelector(name: $0) == nil }) {
          throw fail(place() + ".styles.\(unknown)", "is not a selector")
        }
      }
      if let options = e["options"] {
        for (index, item) in try array(options, place() + ".options").enumerated() {
          let o = try object(item, place() + ".options[\(index)]")
          try noOthers(o, ["id", "label"], place() + ".options[\(index)]")
          element.options.append(Element.Option(id: try int(o["id"], place() + ".options[\(index)].id"), label: try string(o["label"], place() + ".options[\(index)].label")))
        }
      }
      if let links = e["links"] { element.links = try strings(links, place() + ".links") }
      if let list = e["list"] { element.list = try self.list(list, place() + ".list") }
      if let image = e["image"] { element.image = try self.image(image, place() + ".image") }
      if let stopped = e["stopped"] { element.isStopped = try bool(stopped, place() + ".stopped") }
      if let result = e["modalResult"] { element.modalResult = try int(result, place() + ".modalResult") }
      if let widget = e["widget"] {
        let w = try object(widget, place() + ".widget")
        try noOthers(w, ["kind", "attributes", "properties", "displayable"], place() + ".widget")
        var custom = CustomWidget(kind: try string(w["kind"], place() + ".widget.kind"))
        if let attributes = w["attributes"] { custom.attributes = try widgetValues(attributes, into: &custom.bareValues, place() + ".widget.attributes") }
        if let properties = w["properties"] { custom.properties = try widgetValues(properties, into: &custom.bareValues, place() + ".widget.properties") }
        if let displayable = w["displayable"] { custom.isDisplayable = try bool(displayable, place() + ".widget.displayable") }
        guard kind == .custom else { throw fail(place() + ".widget", "belongs to custom elements, not to a \(kind.rawValue)") }
        element.widget = custom
      } else if kind == .custom {
        throw fail(place() + ".widget", "is missing: a custom element names its widget kind")
      }
      return element
    }

    /// A widget's values by name, each a string, a number or a boolean: numbers and booleans
    /// become their canonical text (`22.0` → `22`) and are noted in `bare`, as the writer wrote
    /// them (docs/STATE_FORMAT.md).
    func widgetValues(_ value: JSONValue, into bare: inout Set<String>, _ place: @autoclosure () -> String) throws(Failure) -> [String: String] {
      var values: [String: String] = [:]
      for (name, item) in try object(value, place()) {
        switch item {
        case .string(let text): values[name] = text
        case .bool(let flag): values[name] = flag ? "true" : "false"; bare.insert(name)
        case .number(let number): values[name] = Format.number(number == 0 ? 0 : number); bare.insert(name)
        default: throw expected("a string, a number or a boolean", item, place() + "." + name)
        }
      }
      return values
    }

    func list(_ value: JSONValue, _ place: @autoclosure () -> String) throws(Failure) -> ListContent {
      let l = try object(value, place())
      try noOthers(l, ["columns", "sheets", "rowCounts", "cells"], place())
      var list = ListContent()
      if let columns = l["columns"] {
        for (index, item) in try array(columns, place() + ".columns").enumerated() {
          let c = try object(item, place() + ".columns[\(index)]")
          try noOthers(c, ["name", "type"], place() + ".columns[\(index)]")
          list.columns.append(ListContent.Column(name: try string(c["name"], place() + ".columns[\(index)].name"), type: c["type"] == nil ? 0 : try int(c["type"], place() + ".columns[\(index)].type")))
        }
      }
      if let sheets = l["sheets"] { list.sheets = try strings(sheets, place() + ".sheets") }
      if let counts = l["rowCounts"] {
        for (key, item) in try object(counts, place() + ".rowCounts") {
          guard let sheet = UInt16(key) else { throw fail(place() + ".rowCounts.\(key)", "row count keys are sheet numbers") }
          list.rowCounts[sheet] = try int(item, place() + ".rowCounts.\(key)")
        }
      }
      if let cells = l["cells"] {
        for (index, item) in try array(cells, place() + ".cells").enumerated() {
          let cell = try array(item, place() + ".cells[\(index)]")
          guard cell.count == 4 else { throw fail(place() + ".cells[\(index)]", "a cell is [sheet, row, column, text]") }
          let address = ListContent.CellAddress(sheet: try int(cell[0], place() + ".cells[\(index)][0]"), row: try int(cell[1], place() + ".cells[\(index)][1]"), column: try int(cell[2], place() + ".cells[\(index)][2]"))
          list.cells[address] = try string(cell[3], place() + ".cells[\(index)][3]")
        }
      }
      return list
    }

    func image(_ value: JSONValue, _ place: @autoclosure () -> String) throws(Failure) -> ImageState {
      let i = try object(value, place())
      try noOthers(i, ["sources", "file", "requested", "requestedWidth", "released"], place())
      var image = ImageState()
      if let sources = i["sources"] {
        for (index, item) in try array(sources, place() + ".sources").enumerated() {
          let s = try object(item, place() + ".sources[\(index)]")
          try noOthers(s, ["url", "width", "height"], place() + ".sources[\(index)]")
          image.add(ImageState.Source(url: try string(s["url"], place() + ".sources[\(index)].url"), width: try int(s["width"], place() + ".sources[\(index)].width"), height: try int(s["height"], place() + ".sources[\(index)].height")))
        }
      }
      if let file = i["file"] { image.file = try string(file, place() + ".file") }
      if let requested = i["requested"] { image.requestedURL = try string(requested, place() + ".requested") }
      if let width = i["requestedWidth"] { image.requestedWidth = try int(width, place() + ".requestedWidth") }
      if let released = i["released"] { image.isReleased = try bool(released, place() + ".released") }
      return image
    }
  }
}
