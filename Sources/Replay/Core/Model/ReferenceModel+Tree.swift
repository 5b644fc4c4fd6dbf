import CommandCodec

/// Creating, detaching, reordering and deleting elements.
extension ReferenceModel {
  mutating func createApplication(_ command: Command) {
    let id = command.childInternalId
    if let existing = state.applicationId {
      return report(.duplicateApplication, "CREATE_APPLICATION \(id) while application \(existing) exists")
    }
    guard id != 0 else { return report(.missingId, "CREATE_APPLICATION has no childInternalId") }
    if let existing = state.elements[id] {
      return report(.duplicateCreate, "CREATE_APPLICATION reuses id \(id) of a live \(existing.kind.rawValue)")
    }
    var application = Element(id: id, kind: .application, parent: nil)
    application.text = command.textValue
    application.secondaryText = command.textValue2
    application.flags = command.flags
    state.elements.insert(application)
    state.applicationId = id
  }

  /// Creates an element of `kind` under the command's parent; `kindName` is a custom widget's
  /// kind (``Element/kindName``), which decides whether a container widget takes it.
  mutating func createElement(_ kind: ElementKind, _ command: Command, kindName: String? = nil) {
    let id = command.childInternalId
    let parentId = command.internalId
    guard id != 0 else { return report(.missingId, "\(command.typeName) under \(parentId) has no childInternalId") }
    if let slot = state.elements.slot(of: id) {
      return report(.duplicateCreate, "\(command.typeName) reuses id \(id) of a live \(state.elements[slot: slot].kind.rawValue)")
    }
    guard id != parentId else {
      return report(.cycle, "\(command.typeName) makes element \(id) its own parent")
    }
    // Views hang under the application whatever parent they name; iOS and GTK ignore it.
    let attachTo: Int32? = kind.isView || kind == .navigationView ? (state.applicationId ?? parentId) : parentId
    var parent: Int32? = nil
    if let attachTo, let parentSlot = state.elements.slot(of: attachTo) {
      let childName = kindName ?? kind.rawValue
      if let refusal = state.childRefusal(under: state.elements[slot: parentSlot], kindName: childName) {
        let parentName = state.elements[slot: parentSlot].kindName
        report(.childOfLeaf, "\(command.typeName) puts \(childName) \(id) under \(parentName) \(attachTo), which \(refusal); attached anyway")
      }
      parent = attachTo
      state.elements[slot: parentSlot].children.append(id)
    } else {
      report(.unknownParent, "\(command.typeName) puts \(kind.rawValue) \(id) under \(parentId), which does not exist; created detached")
    }
    // Stored first, then filled in place: an element built in a local variable is copied when
    // handed over (some two hundred bytes and a retain of every field).
    let slot = state.elements.insert(Element(id: id, kind: kind, parent: parent))
    Self.fill(&state.elements[slot: slot], createdBy: command)
    switch kind {
    case .frameView, .openGLView:
      // Every platform shows the first view by itself, and Android any view created while none is shown.
      if state.activeView == nil { state.activeView = id }
    case .navigationView:
      // A drawer starts closed; its visibility is whether it is open.
      state.elements.update(id) { $0.isVisible = false }
      if state.navigationView == nil { state.navigationView = id }
    case .dialog, .alertDialog, .actionSheet:
      state.modalStack.append(id)
    case .imageView:
      imageIds.insert(id)
      dirtyImages.insert(id)
    default: break
    }
  }

  /// Sets what CREATE_* gives a new element: its texts, flags and value (or count, or image).
  static func fill(_ element: inout Element, createdBy command: Command) {
    element.text = command.textValue
    element.secondaryText = command.textValue2
    element.flags = command.flags
    switch element.kind {
    case .tableLayout, .pageControl: element.count = command.value
    case .imageView:
      // The first (smallest) URL, or an asset file name.
      if ImageState.isNetworkURL(command.textValue) {
        element.image!.add(ImageState.Source(url: command.textValue, width: command.width, height: command.height))
      } else if !command.textValue.isEmpty {
        element.image!.file = command.textValue
      }
      element.text = ""
    default: element.value = command.value
    }
  }

  /// DELETE_ELEMENT: removes the element and its whole subtree. Unknown ids are normal (the engine
  /// deletes elements it never created, and descendants after their parent) and pass silently.
  mutating func deleteElement(_ id: Int32) {
    guard let slot = state.elements.slot(of: id) else { return }
    if let parent = state.elements[slot: slot].parent {
      state.elements.update(parent) { $0.children.removeAll { $0 == id } }
      touch(parent)
    }
    // Ids removed, kept only when a list that refers to elements could hold one of them.
    let keepsRemoved = !state.timers.isEmpty || !state.modalStack.isEmpty || !state.history.isEmpty
    var removed: [Int32] = []
    // Depth-first: each element before its children, the last child first.
    var pending = [id]
    while let current = pending.popLast() {
      // Read in place and destroyed in its slot: the subtree's storage is released as it goes.
      // The box of rare fields is read directly: their accessors would copy the borrowed element.
      guard let victim = state.elements.remove(current, reading: { element in
        (kind: element.kind, children: element.children, extras: element.extras)
      }) else { continue }
      if keepsRemoved { removed.append(current) }
      touch(current)
      pending.append(contentsOf: victim.children)
      if victim.kind == .custom { destroyWidget(current, kind: victim.extras?.widget?.kind) }
      if victim.kind == .imageView {
        if let url = victim.extras?.image?.requestedURL {
          emit(.event(target: current, .imageRequest(ImageRequestEvent(mode: 2, imageUrl: url, sourceInternalId: current))))
        }
        imageIds.remove(current)
        dirtyImages.remove(current)
      }
      if current == state.activeView { state.activeView = nil }
      if current == state.navigationView { state.navigationView = nil }
      if current == state.applicationId { state.applicationId = nil }
    }
    if keepsRemoved {
      // Only an id no longer live can have been removed: the live ones are told apart by the id
      // table, and only the others are looked for among the removed (no set is built).
      let elements = state.elements
      let wasRemoved = { (id: Int32) in !elements.contains(id) && removed.contains(id) }
      stopTimers { wasRemoved($0.owner) }
      state.modalStack.removeAll(where: wasRemoved)
      state.history.removeAll(where: wasRemoved)
    }
    allImagesDirty = true
  }

  /// REMOVE_CHILD: detaches the child, which stays registered (iOS, Android); commands to it still
  /// apply, but it is not on screen.
  mutating func removeChild(_ child: Int32, from parent: Int32) {
    guard state.elements[parent] != nil else {
      return report(.unknownTarget, "REMOVE_CHILD addresses parent \(parent), which does not exist")
    }
    guard let element = state.elements[child] else {
      return report(.unknownTarget, "REMOVE_CHILD removes \(child) from \(parent), but \(child) does not exist")
    }
    guard element.parent == parent else {
      return report(.removeNonChild, "REMOVE_CHILD removes \(child) from \(parent), but \(child) is \(element.parent.map { "a child of \($0)" } ?? "detached")")
    }
    state.elements.update(parent) { $0.children.removeAll { $0 == child } }
    state.elements.update(child) { $0.parent = nil }
    state.modalStack.removeAll { $0 == child }
    allImagesDirty = true
  }

  /// REORDER_CHILD: removes the child and inserts it at `index` of the list without it; past the end
  /// it is appended (as iOS and Android do).
  mutating func reorderChild(_ child: Int32, in parent: Int32, to index: Int32) {
    guard let parentElement = state.elements[parent] else {
      return report(.unknownTarget, "REORDER_CHILD addresses parent \(parent), which does not exist")
    }
    guard let position = parentElement.children.firstIndex(of: child) else {
      return report(.reorderNonChild, "REORDER_CHILD moves \(child) within \(parent), but \(child) is not its child")
    }
    let parentSlot = state.elements.slot(of: parent)!
    state.elements[slot: parentSlot].children.remove(at: position)
    let count = state.elements[slot: parentSlot].children.count
    var target = Int(index)
    if target > count || target < 0 {
      report(.reorderOutOfRange, "REORDER_CHILD moves \(child) to index \(index) of \(parent), which has \(count) other children; \(target < 0 ? "moved first" : "appended")")
      target = min(max(target, 0), count)
    }
    state.elements[slot: parentSlot].children.insert(child, at: target)
  }
}
