import CommandCodec

/// One handler per command type (docs/PROTOCOL.md has a section for each).
extension ReferenceModel {
  /// Applies command `position` of a batch at the current time.
  ///
  /// The commands engines send most are applied from the fields they use, read from the batch in
  /// place. Any other command is handed over whole, which copies it out of the batch (its three
  /// strings retained, then released again): some 150 instructions, more than setting a value
  /// takes. A new command type needs a case in ``apply(_:)`` only; one here too only when it is
  /// frequent enough for that copy to show.
  @inline(__always)
  mutating func apply(_ batch: [Command], at position: Int) {
    let id = batch[position].internalId
    // A command to a custom widget takes the general path, where it may set a property.
    if !customElements.isEmpty, customElements.contains(id) { return apply(batch[position]) }
    switch batch[position].type {
    case .setStyle:
      touch(id, batch[position].childInternalId)
      setStyle(on: id, selector: batch[position].value, key: batch[position].textValue, value: batch[position].textValue2)
    case .setTextValue:
      touch(id, batch[position].childInternalId)
      setTextValue(on: id, batch[position].textValue, secondary: batch[position].textValue2)
    case .setIntValue:
      touch(id, batch[position].childInternalId)
      setIntValue(on: id, batch[position].value, view: batch[position].childInternalId)
    case .setVisibility:
      touch(id, batch[position].childInternalId)
      setVisibility(on: id, batch[position].value != 0)
    case .deleteElement:
      // A screen torn down is one DELETE_ELEMENT per element.
      touch(id, batch[position].childInternalId)
      deleteElement(id)
    default: apply(batch[position])
    }
  }

  /// Applies one command at the current time.
  mutating func apply(_ command: Command) {
    touch(command.internalId, command.childInternalId)
    // A built-in command to a custom widget may set one of its properties (docs/WIDGETS.md §2.5).
    if !customElements.isEmpty, customElements.contains(command.internalId), applyToWidget(command) { return }
    let id = command.internalId
    switch command.type {
    // The hot paths first: most of what engines send.
    case .setStyle: setStyle(on: id, selector: command.value, key: command.textValue, value: command.textValue2)
    case .setTextValue: setTextValue(on: id, command.textValue, secondary: command.textValue2)
    case .setIntValue: setIntValue(on: id, command.value, view: command.childInternalId)
    case .setVisibility: setVisibility(on: id, command.value != 0)
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
    reportUnknownTarget(command.typeName, command.internalId)
  }

  mutating func reportUnknownTarget(_ type: CommandType, _ id: Int32) {
    reportUnknownTarget(type.name, id)
  }

  private mutating func reportUnknownTarget(_ name: String, _ id: Int32) {
    report(.unknownTarget, "\(name) addresses element \(id), which \(id == 0 ? "is no element (0)" : "does not exist")")
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

  /// SET_STYLE: `key` of `selector` (the command's value) becomes `value`.
  @inline(__always)
  mutating func setStyle(on id: Int32, selector: Int32, key: String, value: String) {
    guard let selector = StyleSelector(rawValue: selector) else {
      return report(.invalidSelector, "SET_STYLE selector \(selector) is not one of NORMAL (0) … LINK (5)")
    }
    guard !key.isEmpty else {
      return report(.emptyStyleKey, "SET_STYLE on element \(id) has no key")
    }
    guard let slot = state.elements.slot(of: id) else { return reportUnknownTarget(.setStyle, id) }
    state.elements[slot: slot].styles.set(key, to: value, for: selector)
    if state.elements[slot: slot].kind == .imageView && key == "width" { dirtyImages.insert(id) }
  }

  /// SET_TEXT_VALUE: the text (and an action bar's subtitle, `secondary`).
  @inline(__always)
  mutating func setTextValue(on id: Int32, _ text: String, secondary: String) {
    guard let slot = state.elements.slot(of: id) else { return reportUnknownTarget(.setTextValue, id) }
    switch state.elements[slot: slot].kind {
    case .actionBar:
      state.elements[slot: slot].text = text
      state.elements[slot: slot].secondaryText = secondary
    case .imageView:
      // An image's text is an asset file name (ImageElement::setImageFile), kept as the image's
      // file only, as CREATE_IMAGEVIEW keeps it.
      state.elements[slot: slot].image!.file = text.isEmpty ? nil : text
      dirtyImages.insert(id)
    default: state.elements[slot: slot].text = text
    }
  }

  /// SET_INT_VALUE: the element's value, or a view switch (to `view`, the command's
  /// childInternalId, when sent to the application).
  @inline(__always)
  mutating func setIntValue(on id: Int32, _ value: Int32, view: Int32) {
    guard let slot = state.elements.slot(of: id) else { return reportUnknownTarget(.setIntValue, id) }
    let kind = state.elements[slot: slot].kind
    if kind == .application {
      // The application-level view switch (iOS): childInternalId names the view.
      return switchView(to: view, back: value == 3, via: .setIntValue)
    }
    if kind.isView && (1...3).contains(value) {
      // The view-level view switch (Android, GTK): 1 show, 2 initial, 3 back.
      return switchView(to: id, back: value == 3, via: .setIntValue)
    }
    state.elements[slot: slot].value = value
    // A pager's or flipper's value is the page it shows.
    if kind == .pager || kind == .flipperLayout { allImagesDirty = true }
  }

  /// SET_VISIBILITY: shows or hides the element (opens or closes the drawer).
  @inline(__always)
  mutating func setVisibility(on id: Int32, _ visible: Bool) {
    guard let slot = state.elements.slot(of: id) else { return reportUnknownTarget(.setVisibility, id) }
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
