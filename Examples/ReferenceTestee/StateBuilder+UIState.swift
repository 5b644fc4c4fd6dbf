import ConformanceTestee
import ReplayCore

// The reference testee's "view tree" is the model's state: reporting it is a walk like any
// platform's (docs/CONFORMANCE.md §6.2), and the builder's bytes equal the model's own snapshot
// writer's (Tests/ConformanceTesteeTests/StateBuilderTests.swift, over generated streams).

extension StateBuilder {
  /// Walks the model's state as a platform walks its views: every part the model keeps, added
  /// to the builder (the reference testee reports all fourteen).
  init(walking state: UIState) {
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
    for element in elements where element.parent == nil { builder.add(element.id, Self.snapshotElement(element)) }
    for element in elements {
      for child in element.children { builder.add(child, Self.snapshotElement(state.elements[child]!), parent: element.id) }
    }
    self = builder
  }

  /// One element as the snapshot shows it.
  private static func snapshotElement(_ element: Element) -> SnapshotElement {
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
