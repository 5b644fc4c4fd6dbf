import CommandCodec
import ReplayCore

/// Screens: built, shown, switched, changed in structure and torn down.
extension StreamGenerator {
  /// A frame view (now and then an OpenGL view) with its content, built and shown in one batch.
  mutating func buildScreen() {
    sendScreen()
    commit()
  }

  /// The commands that build and show a screen, into the batch being built.
  /// - Parameter openGL: an OpenGL view for sure; else now and then.
  mutating func sendScreen(openGL: Bool = false) {
    let isOpenGL = (random.chance(4) || openGL) && creates(.openGLView)
    let view = create(isOpenGL ? .openGLView : .frameView, under: application)
    if !isOpenGL {
      // Without a layout kind, the content goes straight into the view.
      let column = columnKind.map { create($0, under: view) } ?? view
      var budget = max(configuration.elementsPerScreen / 2 + random.below(max(configuration.elementsPerScreen, 1)), 1)
      fill(column, budget: &budget, depth: 0)
    }
    screens.append(view)
    show(view)
  }

  /// FWViewBase::show(): the view made visible, then the view-level and the application-level
  /// switch (the model counts the pair once).
  mutating func show(_ view: Int32) {
    send(Command(.setVisibility, internalId: view, value: 1))
    send(Command(.setIntValue, internalId: view, value: 1))
    send(Command(.setIntValue, internalId: application, childInternalId: view, value: 1))
    switchTo(view, back: false)
  }

  /// The model's switch (docs/PROTOCOL.md §2.4), mirrored.
  mutating func switchTo(_ view: Int32, back: Bool) {
    guard front != view else { return }
    if back {
      if history.last == view { history.removeLast() }
    } else if let old = front {
      history.append(old)
    }
    front = view
  }

  /// Forward to another screen, or back to the previous one (Android's BACK: v = 3 on the view;
  /// iOS's application-level switch now and then).
  mutating func switchScreen() {
    if let previous = history.last, random.chance(40) {
      if random.chance(70) {
        send(Command(.setIntValue, internalId: previous, value: 3))
      } else {
        send(Command(.setIntValue, internalId: application, childInternalId: previous, value: 3))
      }
      switchTo(previous, back: true)
    } else if let view = pick(screens) {
      show(view)
    }
    commit()
  }

  /// Removes a screen (the oldest that is not in front, when there is one) the way the engine
  /// does: REMOVE_CHILD from the application, then DELETE_ELEMENT for it and every descendant.
  mutating func tearDownScreen() {
    guard screens.count > 1 || random.chance(10), let view = screens.first(where: { $0 != front }) ?? screens.first else { return }
    send(Command(.removeChild, internalId: application, childInternalId: view))
    tree.detach(view)
    deleteSubtree(view)
    if front == nil, let next = screens.last { show(next) }
    commit()
  }

  /// DELETE_ELEMENT for `id` and every element the engine registered under it, parent first and
  /// then children depth-first, including content it never created (hidden content, pages never
  /// shown): the model deletes the subtree at the first and takes the rest as unknown ids, silently.
  mutating func deleteSubtree(_ id: Int32) {
    for victim in engineOrder(from: id) { send(Command(.deleteElement, internalId: victim)) }
    forget(tree.delete(id))
  }

  /// The engine's own tree under `id`, in its destructors' order.
  func engineOrder(from id: Int32) -> [Int32] {
    var result: [Int32] = []
    var pending = [id]
    while let current = pending.popLast() {
      result.append(current)
      if let content = lazy.first(where: { $0.container == current }) { result += content.reserved }
      if let pages = pagers.first(where: { $0.id == current }) { result += pages.pages[pages.created...] }
      pending.append(contentsOf: tree.children(of: current).reversed())
    }
    return result
  }

  /// Drops what the generator knew about removed elements, as the model drops them (timers they
  /// own stop, the history and the modal stack forget them, the active view or the drawer may go).
  mutating func forget(_ removed: [Int32]) {
    guard !removed.isEmpty else { return }
    let gone = Set(removed)
    lazy.removeAll { gone.contains($0.container) }
    pagers.removeAll { gone.contains($0.id) }
    timers.removeAll { gone.contains($0.owner) }
    screens.removeAll { gone.contains($0) }
    history.removeAll { gone.contains($0) }
    openModals.removeAll { gone.contains($0) }
    answeredModals.removeAll { gone.contains($0) }
    unattached.removeAll { gone.contains($0) }
    if let view = front, gone.contains(view) { front = nil }
    if let navigation = drawer, gone.contains(navigation) {
      drawer = nil
      drawerOpen = false
    }
    recentlyDeleted += removed.prefix(8)
    if recentlyDeleted.count > 32 { recentlyDeleted.removeFirst(recentlyDeleted.count - 32) }
  }

  // MARK: - Picking elements

  /// Where most changes happen: the screen in front (mostly), another screen, the drawer, or the
  /// topmost dialog.
  mutating func pickRoot() -> Int32 {
    if let modal = openModals.last, random.chance(50) { return modal }
    if let drawer, drawerOpen, random.chance(30) { return drawer }
    if let front, random.chance(80) { return front }
    return pick(screens) ?? front ?? application
  }

  /// One of `items`, or nil when there is none.
  mutating func pick<Item>(_ items: [Item]) -> Item? {
    items.isEmpty ? nil : items[random.below(items.count)]
  }

  /// An element of the subtree under `root`, by a random walk down.
  mutating func descend(from root: Int32) -> Int32 {
    var current = root
    while true {
      let children = tree.children(of: current)
      if children.isEmpty || random.chance(30) { return current }
      current = children[random.below(children.count)]
    }
  }

  /// The elements met on `count` random walks down from `root` (to be searched for one of a kind
  /// with ``Swift/Array/first(in:where:)``).
  mutating func walks(from root: Int32, _ count: Int = 8) -> [Int32] {
    (0..<count).map { _ in descend(from: root) }
  }

  /// Whether the children of `id` may be added, removed and reordered freely: a layout that is
  /// not a pager or flipper (whose children are pages in order) and whose content is not waiting
  /// to be created.
  func isPlainContainer(_ id: Int32, _ kind: ElementKind) -> Bool {
    switch kind {
    case .linearLayout, .frameLayout, .scrollLayout, .eventLayout, .tableLayout, .autoColumnLayout:
      return !lazy.contains { $0.container == id } && !pagers.contains { $0.id == id }
    default: return false
    }
  }

  // MARK: - Structure

  /// New rows in a layout; as ProxyLayout does, each placed with REORDER_CHILD now and then.
  mutating func addRows() {
    guard let container = walks(from: pickRoot()).first(in: tree, where: { isPlainContainer($0, $1) }) else { return updateBurst() }
    var budget = 1 + random.below(6)
    let placed = random.chance(40)
    while budget > 0 {
      budget -= 1
      guard let kind = contentKind() else { break }
      let row = create(kind == .pager || kind == .flipperLayout ? columnKind ?? .frameView : kind, under: container)
      if tree.kind(of: row) == columnKind { fill(row, budget: &budget, depth: 2) }
      if placed {
        let count = tree.children(of: container).count
        send(Command(.reorderChild, internalId: container, childInternalId: row, value: Int32(random.below(count))))
        tree.reorder(row, in: container, to: Int(batch.last!.value))
      }
    }
    commit()
  }

  /// Element::removeChild (REMOVE_CHILD, then the deletes) or removeChildren (every REMOVE_CHILD
  /// first).
  mutating func removeRow() {
    guard let container = walks(from: pickRoot()).first(in: tree, where: { isPlainContainer($0, $1) && !tree.children(of: $0).isEmpty }) else { return updateBurst() }
    let children = tree.children(of: container)
    let victims = random.chance(15) ? children : [children[random.below(children.count)]]
    for child in victims {
      send(Command(.removeChild, internalId: container, childInternalId: child))
      tree.detach(child)
    }
    for child in victims { deleteSubtree(child) }
    commit()
  }

  mutating func reorderRow() {
    guard let container = walks(from: pickRoot()).first(in: tree, where: { isPlainContainer($0, $1) && tree.children(of: $0).count > 1 }) else { return updateBurst() }
    let children = tree.children(of: container)
    let child = children[random.below(children.count)]
    let index = random.below(children.count)
    send(Command(.reorderChild, internalId: container, childInternalId: child, value: Int32(index)))
    tree.reorder(child, in: container, to: index)
    commit()
  }

  /// A hidden container shown at last: SET_VISIBILITY, then its content created under the ids the
  /// engine registered for it.
  mutating func revealLazy() {
    guard !lazy.isEmpty else { return updateBurst() }
    let content = lazy.remove(at: random.below(lazy.count))
    send(Command(.setVisibility, internalId: content.container, value: 1))
    var budget = 2
    for id in content.reserved {
      // Registered ids are deleted with the container all the same: one left uncreated is fine.
      guard let kind = contentKind() else { break }
      let created = create(kind == .pager || kind == .flipperLayout ? columnKind ?? .frameView : kind, under: content.container, id: id)
      if tree.kind(of: created) == columnKind { fill(created, budget: &budget, depth: 3) }
    }
    commit()
  }

  /// FlipperLayout/Pager::setVisibleView: the page created when first shown, then selected.
  mutating func turnPage() {
    guard !pagers.isEmpty else { return updateBurst() }
    let index = random.below(pagers.count)
    let target = random.below(min(pagers[index].created + 1, pagers[index].pages.count))
    if target == pagers[index].created {
      var pages = pagers[index]
      var budget = 3
      createPage(&pages, budget: &budget)
      pagers[index] = pages
    }
    send(Command(.setIntValue, internalId: pagers[index].id, value: Int32(target)))
    commit()
  }
}

extension Array where Element == Int32 {
  /// The first id whose element `accepts` (ids of live elements only).
  func first(in tree: ShadowTree, where accepts: (Int32, ElementKind) -> Bool) -> Int32? {
    first { id in tree.kind(of: id).map { accepts(id, $0) } ?? false }
  }
}
