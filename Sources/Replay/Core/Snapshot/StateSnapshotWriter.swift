import CommandCodec

/// Writes a ``UIState`` as its canonical JSON snapshot (docs/STATE_FORMAT.md).
///
/// The snapshot is deterministic: fixed key order, elements keyed by id in ascending order,
/// children as ordered id lists, fields at their default omitted. One top-level member per line
/// and one element per line, so line-based tools show changes element by element.
public enum StateSnapshotWriter {
  /// The snapshot format version.
  public static let version = 1

  /// The snapshot of `state`, ending with a newline.
  public static func snapshot(of state: UIState) -> [UInt8] {
    var lines: [[UInt8]] = []
    func member(_ key: String, _ body: (inout JSONText) -> Void) {
      var text = JSONText()
      text.raw("  ")
      text.string(key)
      text.raw(": ")
      body(&text)
      lines.append(text.bytes)
    }
    member("version") { $0.int(version) }
    member("time") { $0.number(state.time) }
    if let record = state.lastRecordIndex { member("record") { $0.int(record) } }
    if let application = state.applicationId { member("application") { $0.int(application) } }
    if let active = state.activeView { member("activeView") { $0.int(active) } }
    if !state.history.isEmpty { member("history") { $0.array(state.history) { $0.int($1) } } }
    if let navigation = state.navigationView {
      member("navigation") { text in
        text.object { o in
          o.member("view") { $0.int(navigation) }
          o.member("shown") { $0.bool(state.isNavigationShown) }
        }
      }
    }
    if !state.modalStack.isEmpty { member("modals") { $0.array(state.modalStack) { $0.int($1) } } }
    if !state.toasts.isEmpty {
      member("toasts") { text in
        text.array(state.toasts) { text, toast in
          text.object { o in
            o.member("number") { $0.int(toast.number) }
            o.member("text") { $0.string(toast.text) }
            o.member("from") { $0.int(toast.from) }
            o.member("shownAt") { $0.number(toast.shownAt) }
            o.member("expiresAt") { $0.number(toast.expiresAt) }
          }
        }
      }
    }
    if !state.timers.isEmpty {
      member("timers") { text in
        text.array(state.timers.values.sorted { $0.id < $1.id }) { text, timer in
          text.object { o in
            o.member("id") { $0.int(timer.id) }
            o.member("owner") { $0.int(timer.owner) }
            o.member("interval") { $0.number(timer.interval) }
            o.member("nextFire") { $0.number(timer.nextFire) }
            o.member("fired") { $0.int(timer.fireCount) }
          }
        }
      }
    }
    let preferences = state.preferences
    if !preferences.committed.isEmpty || preferences.hasPendingChanges {
      member("preferences") { text in
        text.object { o in
          o.member("committed") { writeStringMap(preferences.committed, into: &$0) }
          if !preferences.pendingUpdates.isEmpty {
            o.member("pendingUpdates") { writeStringMap(preferences.pendingUpdates, into: &$0) }
          }
          if !preferences.pendingDeletions.isEmpty {
            o.member("pendingDeletions") { $0.array(sortedByBytes(Array(preferences.pendingDeletions))) { $0.string($1) } }
          }
        }
      }
    }
    if state.networkActivity { member("networkActivity") { $0.bool(true) } }
    if state.hasQuit { member("quit") { $0.bool(true) } }
    if !state.requests.isEmpty {
      member("requests") { text in
        text.array(state.requests) { text, request in
          text.object { o in
            o.member("time") { $0.number(request.time) }
            o.member("record") { $0.int(request.recordIndex) }
            o.member("kind") { $0.string(request.kind.rawValue) }
            o.member("from") { $0.int(request.from) }
            if !request.text.isEmpty { o.member("text") { $0.string(request.text) } }
          }
        }
      }
    }
    let detached = state.detached
    if !detached.isEmpty { member("detached") { $0.array(detached) { $0.int($1) } } }

    var out: [UInt8] = Array("{\n".utf8)
    for line in lines {
      out += line
      out += Array(",\n".utf8)
    }
    out += Array("  \"elements\": {".utf8)
    let ids = state.elements.sortedIds
    for (index, id) in ids.enumerated() {
      out += Array((index == 0 ? "\n    " : ",\n    ").utf8)
      var text = JSONText()
      text.string(String(id))
      text.raw(": ")
      write(state.elements[id]!, into: &text)
      out += text.bytes
    }
    out += Array((ids.isEmpty ? "}\n}\n" : "\n  }\n}\n").utf8)
    return out
  }

  /// One element as a compact object.
  static func write(_ element: Element, into text: inout JSONText) {
    text.object { o in
      o.member("kind") { $0.string(element.kind.rawValue) }
      if let parent = element.parent { o.member("parent") { $0.int(parent) } }
      if !element.children.isEmpty { o.member("children") { $0.array(element.children) { $0.int($1) } } }
      if !element.text.isEmpty { o.member("text") { $0.string(element.text) } }
      if !element.secondaryText.isEmpty { o.member("secondaryText") { $0.string(element.secondaryText) } }
      if element.value != 0 { o.member("value") { $0.int(element.value) } }
      if element.count != 0 { o.member("count") { $0.int(element.count) } }
      if !element.isVisible { o.member("hidden") { $0.bool(true) } }
      if let error = element.error { o.member("error") { $0.string(error) } }
      if element.flags != 0 { o.member("flags") { $0.int(element.flags) } }
      if !element.styles.isEmpty {
        o.member("styles") { text in
          text.object { styles in
            for selector in element.styles.selectors {
              styles.member(selector.name) { text in
                text.object { entries in
                  for (key, value) in element.styles.sorted(for: selector) {
                    entries.member(key) { $0.string(value) }
                  }
                }
              }
            }
          }
        }
      }
      if !element.options.isEmpty {
        o.member("options") { text in
          text.array(element.options) { text, option in
            text.object { o in
              o.member("id") { $0.int(option.id) }
              o.member("label") { $0.string(option.label) }
            }
          }
        }
      }
      if !element.links.isEmpty { o.member("links") { $0.array(element.links) { $0.string($1) } } }
      if let list = element.list, !list.isEmpty { o.member("list") { write(list, into: &$0) } }
      if let image = element.image, image != ImageState() { o.member("image") { write(image, into: &$0) } }
      if element.isStopped { o.member("stopped") { $0.bool(true) } }
      if let result = element.modalResult { o.member("modalResult") { $0.int(result) } }
      if let widget = element.widget {
        o.member("widget") { text in
          text.object { w in
            w.member("kind") { $0.string(widget.kind) }
            if !widget.attributes.isEmpty { w.member("attributes") { writeWidgetValues(widget.attributes, bare: widget.bareValues, into: &$0) } }
            if !widget.properties.isEmpty { w.member("properties") { writeWidgetValues(widget.properties, bare: widget.bareValues, into: &$0) } }
            if !widget.isDisplayable { w.member("displayable") { $0.bool(false) } }
          }
        }
      }
    }
  }

  static func write(_ list: ListContent, into text: inout JSONText) {
    text.object { o in
      if !list.columns.isEmpty {
        o.member("columns") { text in
          text.array(list.columns) { text, column in
            text.object { c in
              c.member("name") { $0.string(column.name) }
              if column.type != 0 { c.member("type") { $0.int(column.type) } }
            }
          }
        }
      }
      if !list.sheets.isEmpty { o.member("sheets") { $0.array(list.sheets) { $0.string($1) } } }
      if !list.rowCounts.isEmpty {
        o.member("rowCounts") { text in
          text.object { counts in
            for sheet in list.rowCounts.keys.sorted() { counts.member(String(sheet)) { $0.int(list.rowCounts[sheet]!) } }
          }
        }
      }
      if !list.cells.isEmpty {
        // [sheet, row, column, text], in address order.
        o.member("cells") { text in
          text.array(list.cells.keys.sorted()) { text, address in
            text.raw("[\(address.sheet),\(address.row),\(address.column),")
            text.string(list.cells[address]!)
            text.raw("]")
          }
        }
      }
    }
  }

  static func write(_ image: ImageState, into text: inout JSONText) {
    text.object { o in
      if !image.sources.isEmpty {
        o.member("sources") { text in
          text.array(image.sources) { text, source in
            text.object { s in
              s.member("url") { $0.string(source.url) }
              s.member("width") { $0.int(source.width) }
              s.member("height") { $0.int(source.height) }
            }
          }
        }
      }
      if let file = image.file { o.member("file") { $0.string(file) } }
      if let requested = image.requestedURL {
        o.member("requested") { $0.string(requested) }
        if image.requestedWidth != 0 { o.member("requestedWidth") { $0.int(image.requestedWidth) } }
      }
      if image.isReleased { o.member("released") { $0.bool(true) } }
    }
  }

  private static func writeStringMap(_ map: [String: String], into text: inout JSONText) {
    text.object { o in
      for key in sortedByBytes(Array(map.keys)) { o.member(key) { $0.string(map[key]!) } }
    }
  }

  /// A widget's values by name: numbers and booleans (``CustomWidget/bareValues``) as JSON
  /// numbers and booleans, so that a diff of two snapshots keeps their types; the rest as
  /// strings. A bare value that is not a JSON number or boolean stays a string.
  private static func writeWidgetValues(_ map: [String: String], bare: Set<String>, into text: inout JSONText) {
    text.object { o in
      for key in sortedByBytes(Array(map.keys)) {
        let value = map[key]!
        if bare.contains(key), value == "true" || value == "false" || WidgetValueSyntax.number(value) != nil {
          o.member(key) { $0.raw(value) }
        } else {
          o.member(key) { $0.string(value) }
        }
      }
    }
  }

  private static func sortedByBytes(_ strings: [String]) -> [String] {
    strings.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
  }
}
