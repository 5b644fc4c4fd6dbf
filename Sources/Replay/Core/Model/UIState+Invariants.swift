/// The state's invariants: what holds after every record, whatever the trace held.
extension UIState {
  /// The invariants the state breaks, empty when it keeps them all (``InvariantViolation``).
  ///
  /// Checks that parent and child links agree (each element listed exactly once, by its parent),
  /// that no parent chain loops, that the application, the active view, the history, the drawer
  /// and the modal stack name live elements of the right kinds, that list, grid and image views
  /// have their content, and that toasts and timers are consistent with the state's time.
  ///
  /// ```swift
  /// model.apply(record, index: index)
  /// let broken = model.state.invariantViolations()   // [] for every record of every trace
  /// ```
  ///
  /// - Complexity: O(n + c) for n element slots holding c children, one id-table lookup per
  ///   element and child, plus O(m²) for m open modals; its scratch space (three integers per
  ///   slot) is on the stack, so it allocates only to report what it finds.
  package func invariantViolations() -> [InvariantViolation] {
    var found: [InvariantViolation] = []
    checkTree(into: &found)
    checkScreens(into: &found)
    checkToastsAndTimers(into: &found)
    return found
  }

  /// Ids, links, content and cycles. Returns the number of live image views.
  ///
  /// Runs after every record in fuzzing, so it reads each element once, in place (none is
  /// copied), looks each up by id about once, and does the rest on dense scratch arrays kept on
  /// the stack.
  @discardableResult
  func checkTree(into found: inout [InvariantViolation]) -> Int {
    elements.withSlots { slots in
      let count = slots.count
      return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * max(count, 1)) { scratch in
        scratch.initialize(repeating: 0)
        // Per slot: 0 free, 1 a root (no parent), 2 an element with a parent.
        let role = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
        // How often the element the slot's `parent` names lists it; later a mark for the walk.
        let listed = UnsafeMutableBufferPointer(rebasing: scratch[count..<2 * count])
        // The slot of the element that lists it.
        let parentSlot = UnsafeMutableBufferPointer(rebasing: scratch[2 * count..<3 * count])
        var images = 0
        var live = 0
        var linksAgree = true
        for slot in slots.indices {
          let id = slots[slot].id
          guard id != 0 else { continue }  // a free slot
          live += 1
          let kind = slots[slot].kind
          // Only the kinds with content are looked at: reading an optional copies it, and for
          // every element after every record that would cost a third of the whole check.
          if (kind == .listView || kind == .gridView) && !slots[slot].hasListContent {
            found.append(.init(.content, "\(kind.rawValue) \(id) has no list content"))
          }
          if kind == .imageView {
            images += 1
            if !slots[slot].hasImageContent { found.append(.init(.content, "imageView \(id) has no image content")) }
          }
          if kind == .application && id != applicationId {
            found.append(.init(.application, "application \(id) is live but the application id is \(applicationId.map(String.init) ?? "none")"))
          }
          if slots[slot].parent == nil {
            role[slot] = 1
            // Roots are looked up here; every other element through its parent's list below.
            if elements.slot(of: id) != slot { found.append(.init(.elementId, "\(kind.rawValue) \(id) is in a slot its id does not lead to")) }
          } else {
            role[slot] = 2
          }
          for child in slots[slot].children {
            guard let childSlot = elements.slot(of: child), slots[childSlot].id == child else {
              found.append(.init(.childLink, "\(kind.rawValue) \(id) lists child \(child), which is not live"))
              linksAgree = false
              continue
            }
            let parent = slots[childSlot].parent
            if parent == id {
              listed[childSlot] &+= 1
              parentSlot[childSlot] = Int32(slot)
            } else {
              found.append(.init(.childLink, "\(kind.rawValue) \(id) lists child \(child), whose parent is \(parent.map(String.init) ?? "none (detached)")"))
              linksAgree = false
            }
          }
        }
        if live != elements.count {
          found.append(.init(.elementId, "\(live) slots hold elements for \(elements.count) live ids"))
          return images
        }
        for slot in 0..<count where role[slot] == 2 && listed[slot] != 1 {
          let (kind, id, parent) = (slots[slot].kind.rawValue, slots[slot].id, slots[slot].parent!)
          found.append(.init(.parentLink, elements.contains(parent)
            ? "\(kind) \(id) is listed \(listed[slot]) times among the children of its parent \(parent)"
            : "\(kind) \(id) names parent \(parent), which is not live"))
          linksAgree = false
        }
        // With links that agree, every element but the roots has one parent slot; following them
        // from any element must end at a root. Marks: 0 not seen, -1 on the path being followed,
        // -2 known to reach a root.
        guard linksAgree else { return images }
        let mark = listed
        for slot in 0..<count { mark[slot] = role[slot] == 2 ? 0 : -2 }
        for start in 0..<count where mark[start] == 0 {
          var current = start
          while mark[current] == 0 {
            mark[current] = -1
            current = Int(parentSlot[current])
          }
          if mark[current] == -1 {
            found.append(.init(.cycle, "\(slots[current].kind.rawValue) \(slots[current].id) is its own ancestor: a parent chain loops"))
            return images
          }
          current = start
          while mark[current] == -1 {
            mark[current] = -2
            current = Int(parentSlot[current])
          }
        }
        return images
      }
    }
  }

  /// The application, the active view, the history, the drawer and the modal stack.
  func checkScreens(into found: inout [InvariantViolation]) {
    // Kinds read in place: copying whole elements would cost more than the checks.
    func kind(_ id: Int32) -> ElementKind? { elements.read(id) { $0.kind } }
    func describe(_ id: Int32) -> String { kind(id).map { "\($0.rawValue) \(id)" } ?? "\(id), which is not live" }
    if let application = applicationId {
      let parent = elements.read(application) { $0.parent } ?? nil
      if kind(application) != .application || parent != nil {
        found.append(.init(.application, "the application id names \(describe(application))\(parent.map { ", a child of \($0)" } ?? "")"))
      }
    }
    if let active = activeView, kind(active)?.isView != true {
      found.append(.init(.activeView, "the active view is \(describe(active))"))
    }
    for view in history where kind(view)?.isView != true {
      found.append(.init(.history, "the history holds \(describe(view))"))
    }
    if let navigation = navigationView, kind(navigation) != .navigationView {
      found.append(.init(.navigation, "the drawer is \(describe(navigation))"))
    }
    for (index, modal) in modalStack.enumerated() {
      if kind(modal)?.isModal != true { found.append(.init(.modalStack, "the modal stack holds \(describe(modal))")) }
      if modalStack[..<index].contains(modal) { found.append(.init(.modalStack, "the modal stack holds \(modal) twice")) }
    }
  }

  /// Toasts on screen now, for their duration, in order; timers ticking on schedule, in the future.
  func checkToastsAndTimers(into found: inout [InvariantViolation]) {
    var previous = 0
    for toast in toasts {
      if toast.number <= previous { found.append(.init(.toast, "toast \(toast.number) follows toast \(previous)")) }
      previous = toast.number
      let duration = toast.expiresAt - toast.shownAt
      if toast.shownAt > time || toast.expiresAt <= time || (duration != Toast.duration(forValue: 0) && duration != Toast.duration(forValue: 1)) {
        found.append(.init(.toast, "toast \(toast.number) is on screen at \(Format.number(time)) ms, shown at \(Format.number(toast.shownAt)) until \(Format.number(toast.expiresAt))"))
      }
    }
    for (id, timer) in timers {
      if timer.id != id { found.append(.init(.timer, "timer \(timer.id) is stored under id \(id)")) }
      let due = timer.createdAt + timer.interval * Double(timer.fireCount + 1)
      if !(timer.interval > 0) || timer.fireCount < 0 || timer.nextFire <= time || abs(timer.nextFire - due) > 1e-9 * max(abs(due), 1) {
        found.append(.init(.timer, "timer \(id) (every \(Format.number(timer.interval)) ms from \(Format.number(timer.createdAt)), fired \(timer.fireCount) times) next fires at \(Format.number(timer.nextFire)) with the time at \(Format.number(time))"))
      }
    }
  }
}


extension Element {
  /// Whether the element has list content, read without copying it (`list != nil` copies).
  fileprivate var hasListContent: Bool {
    if case .none = list { return false }
    return true
  }

  /// Whether the element has image content, read without copying it.
  fileprivate var hasImageContent: Bool {
    if case .none = image { return false }
    return true
  }
}
