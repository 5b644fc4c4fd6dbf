import CommandCodec

/// One handler per command type (docs/PROTOCOL.md has a section for each).
extension ReferenceModel {
  /// Applies one command at the current time.
  @inline(__always)
  mutating func apply(_ command: Command) {
    if options.tracksTouched {
      touched.insert(command.internalId)
      touched.insert(command.childInternalId)
    }
    // A built-in command to a custom widget may set one of its properties (docs/WIDGETS.md §2.5).
    if !customElements.isEmpty, customElements.contains(command.internalId), applyToWidget(command) { return }
    switch command.type {
    // The hot paths first: most of what engines send.
    case .setStyle: setStyle(command)
    case .setTextValue: setTextValue(command)
    case .setIntValue: setIntValue(command)
    case .setVisibility: setVisibility(command)
    case .createApplication: createApplication(command)
    case .createLink: createLink(command)
    case .createToast: showToast(command)
    case .createTimer: createTimer(command)
    case .deleteElement: deleteElement(command.internalId)
    case .removeChild: removeChild(command.childInternalId, from: command.internalId)
    case .reorderChild: reorderChild(command.childInternalId, in: command.internalId, to: command.value)
    case .historyGoBack: goBack()
    case .clear: clear(command.internalId)
    case .release: release(command.internalId)
    case .setTextData: setTextData(command)
    case .setError:
      withElement(command) { element in element.error = command.value != 0 ? command.textValue : nil }
    case .addImageURL: addImageURL(command)
    case .flushView: break  // a redraw hint; nothing to model
    case .updatePreference: state.preferences.update(command.textValue, to: command.textValue2)
    case .deletePreference: state.preferences.delete(command.textValue)
    case .commitPreferences: state.preferences.commit()
    case .addOption:
      withElement(command) { element in element.options.append(Element.Option(id: command.value, label: command.textValue)) }
    case .addSheet: withList(command) { list in list.sheets.append(command.textValue) }
    case .addColumn: addColumn(command)
    case .reshapeTable: reshapeTable(command)
    case .reshapeSheet: withList(command) { list in list.reshapeSheet(command.sheet, rowCount: command.value) }
    case .stop: withElement(command) { element in element.isStopped = true }
    case .quitApp:
      state.hasQuit = true
      log(.quit, from: command.internalId, text: "")
    case .launchBrowser: log(.launchBrowser, from: command.internalId, text: command.textValue)
    case .shareLink: log(.shareLink, from: command.internalId, text: command.textValue)
    case .selectFromGallery: log(.selectFromGallery, from: command.internalId, text: "")
    case .listProducts: log(.listProducts, from: command.internalId, text: command.textValue)
    case .buyProduct: log(.buyProduct, from: command.internalId, text: command.textValue)
    case .listPurchases: log(.listPurchases, from: command.internalId, text: "")
    case .consumePurchase: log(.consumePurchase, from: command.internalId, text: command.textValue)
    case .custom: applyCustom(command)
    case .showNetworkActivity:
      state.networkActivity = command.value != 0
      log(.networkActivity, from: command.internalId, text: command.value != 0 ? "on" : "off")
    default:
      if let kind = ElementKind(creating: command.type) {
        createElement(kind, command)
      } else {
        report(.notModelled, "\(command.typeName) is not modelled\(command.type.isCurrent ? " (no engine emits it)" : " (a name of older engine versions)")")
      }
    }
  }

  // MARK: - Access

  /// Runs `body` on the target element, or reports `unknown-target`.
  @inline(__always)
  mutating func withElement(_ command: Command, _ body: (inout Element) -> Void) {
    if !state.elements.update(command.internalId, body) { reportUnknownTarget(command) }
  }

  mutating func reportUnknownTarget(_ command: Command) {
    let id = command.internalId
    report(.unknownTarget, "\(command.typeName) addresses element \(id), which \(id == 0 ? "is no element (0)" : "does not exist")")
  }

  /// Runs `body` on the target's list content, or reports why not.
  mutating func withList(_ command: Command, _ body: (inout ListContent) -> Void) {
    let id = command.internalId
    guard let slot = state.elements.slot(of: id) else { return reportUnknownTarget(command) }
    guard state.elements[slot: slot].list != nil else {
      return report(.unsupportedTarget, "\(command.typeName) applies to list and grid views, not to \(state.elements[slot: slot].kind.rawValue) \(id)")
    }
    body(&state.elements[slot: slot].list!)
  }

  // MARK: - Values

  @inline(__always)
  mutating func setStyle(_ command: Command) {
    guard let selector = StyleSelector(rawValue: command.value) else {
      return report(.invalidSelector, "SET_STYLE selector \(command.value) is not one of NORMAL (0) … LINK (5)")
    }
    guard !command.textValue.isEmpty else {
      return report(.emptyStyleKey, "SET_STYLE on element \(command.internalId) has no key")
    }
    guard let slot = state.elements.slot(of: command.internalId) else { return reportUnknownTarget(command) }
    state.elements[slot: slot].styles.set(command.textValue, to: command.textValue2, for: selector)
    if state.elements[slot: slot].kind == .imageView && command.textValue == "width" { dirtyImages.insert(command.internalId) }
  }

  @inline(__always)
  mutating func setTextValue(_ command: Command) {
    guard let slot = state.elements.slot(of: command.internalId) else { return reportUnknownTarget(command) }
    switch state.elements[slot: slot].kind {
    case .actionBar:
      state.elements[slot: slot].text = command.textValue
      state.elements[slot: slot].secondaryText = command.textValue2
    case .imageView:
      // An image's text is an asset file name (ImageElement::setImageFile), kept as the image's
      // file only, as CREATE_IMAGEVIEW keeps it.
      state.elements[slot: slot].image!.file = command.textValue.isEmpty ? nil : command.textValue
      dirtyImages.insert(command.internalId)
    default: state.elements[slot: slot].text = command.textValue
    }
  }

  @inline(__always)
  mutating func setIntValue(_ command: Command) {
    let id = command.internalId
    guard let slot = state.elements.slot(of: id) else { return reportUnknownTarget(command) }
    let kind = state.elements[slot: slot].kind
    if kind == .application {
      // The application-level view switch (iOS): childInternalId names the view.
      return switchView(to: command.childInternalId, back: command.value == 3, via: command)
    }
    if kind.isView && (1...3).contains(command.value) {
      // The view-level view switch (Android, GTK): 1 show, 2 initial, 3 back.
      return switchView(to: id, back: command.value == 3, via: command)
    }
    state.elements[slot: slot].value = command.value
    // A pager's or flipper's value is the page it shows.
    if kind == .pager || kind == .flipperLayout { allImagesDirty = true }
  }

  @inline(__always)
  mutating func setVisibility(_ command: Command) {
    let id = command.internalId
    guard let slot = state.elements.slot(of: id) else { return reportUnknownTarget(command) }
    let visible = command.value != 0
    if id == state.navigationView {
      setNavigationShown(visible, announce: true)
      return
    }
    if state.elements[slot: slot].isVisible != visible {
      state.elements[slot: slot].isVisible = visible
      allImagesDirty = true
    }
  }

  mutating func setTextData(_ command: Command) {
    withList(command) { list in
      let address = ListContent.CellAddress(sheet: command.sheet, row: command.row, column: command.column)
      list.cells[address] = command.textValue
    }
  }

  mutating func addColumn(_ command: Command) {
    let id = command.internalId
    guard let element = state.elements[id] else { return reportUnknownTarget(command) }
    if element.list != nil {
      state.elements.update(id) { $0.list!.columns.append(ListContent.Column(name: command.textValue, type: command.value)) }
    } else if element.kind == .actionBar {
      // GTK turns a column on an action bar into a header-bar button.
      state.elements.update(id) { $0.options.append(Element.Option(id: command.value, label: command.textValue)) }
    } else {
      report(.unsupportedTarget, "ADD_COLUMN applies to list and grid views and action bars, not to \(element.kind.rawValue) \(id)")
    }
  }

  mutating func reshapeTable(_ command: Command) {
    let id = command.internalId
    guard let element = state.elements[id] else { return reportUnknownTarget(command) }
    if element.list != nil {
      state.elements.update(id) { $0.list!.reshapeTable(sheetCount: command.value) }
    } else if element.kind == .pageControl {
      state.elements.update(id) { $0.count = command.value }
    } else {
      report(.unsupportedTarget, "RESHAPE_TABLE applies to list and grid views and page controls, not to \(element.kind.rawValue) \(id)")
    }
  }

  mutating func clear(_ id: Int32) {
    guard let element = state.elements[id] else {
      return report(.unknownTarget, "CLEAR addresses element \(id), which does not exist")
    }
    switch element.kind {
    case .imageView:
      cancelImageRequest(id)
      state.elements.update(id) { $0.image!.clear() }
      dirtyImages.insert(id)
    case .listView, .gridView:
      // Rows go; the columns stay (as GTK's tree store keeps its columns).
      state.elements.update(id) { element in
        let columns = element.list?.columns ?? []
        element.list = ListContent()
        element.list!.columns = columns
      }
    case .picker, .actionSheet, .segmentedControl, .radioGroup: state.elements.update(id) { $0.options = [] }
    default: state.elements.update(id) { $0.text = "" }
    }
  }

  mutating func release(_ id: Int32) {
    guard let element = state.elements[id] else {
      return report(.unknownTarget, "RELEASE addresses element \(id), which does not exist")
    }
    guard element.kind == .imageView else {
      return report(.unsupportedTarget, "RELEASE applies to image views, not to \(element.kind.rawValue) \(id)")
    }
    cancelImageRequest(id)
    state.elements.update(id) { $0.image!.isReleased = true }
  }

  mutating func addImageURL(_ command: Command) {
    let id = command.internalId
    guard let element = state.elements[id] else { return reportUnknownTarget(command) }
    guard element.kind == .imageView else {
      return report(.unsupportedTarget, "ADD_IMAGE_URL applies to image views, not to \(element.kind.rawValue) \(id)")
    }
    state.elements.update(id) { element in
      element.image!.add(ImageState.Source(url: command.textValue, width: command.width, height: command.height))
      element.image!.isReleased = false
    }
    dirtyImages.insert(id)
  }

  mutating func createLink(_ command: Command) {
    let id = command.internalId
    guard let element = state.elements[id] else { return reportUnknownTarget(command) }
    guard element.kind == .text else {
      return report(.unsupportedTarget, "CREATE_LINK decorates a text label, not \(element.kind.rawValue) \(id)")
    }
    state.elements.update(id) { $0.links.append(command.textValue) }
  }
}
