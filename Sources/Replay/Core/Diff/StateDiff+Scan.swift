/// The first pass of a ``StateDiff`` over the elements: which ones need a closer look.
extension StateDiff {
  /// What a scan of two element stores found: the few elements the diff then renders. Nearly all
  /// elements are equal in both states, and they end here, having cost a slot check (or a lookup)
  /// and an `==` each, read in place: nothing is retained, no path or value is built.
  struct ElementScan {
    /// Elements in both states that are not equal: the id and the slots in `a` and in `b`.
    var differing: [(id: Int32, slotA: Int, slotB: Int)] = []
    /// Elements only in `a` (removed), with their slots in `a`.
    var onlyInA: [(id: Int32, slot: Int)] = []
    /// Elements only in `b` (added), with their slots in `b`.
    var onlyInB: [(id: Int32, slot: Int)] = []
  }
}

extension StateDiff.Builder {
  /// Every element of both states, in slot order.
  ///
  /// Walking the slots, not the ids, reads each store front to back. Two states built by the same
  /// commands hold each element in the same slot, so the element in `b` is found by checking that
  /// the same slot holds the same id, before any hash lookup. A slot with id 0 is free (except
  /// for the slot of an element 0, which a snapshot may hold), and a free slot is never live, so a
  /// non-zero id in a slot is that element.
  ///
  /// - Complexity: O(n), with one `==` per element present in both states.
  func scanElements() -> StateDiff.ElementScan {
    var scan = StateDiff.ElementScan()
    let storeA = a.elements
    let storeB = b.elements
    // Held in `let`s, so that `==` reads both elements in place (ElementStore.slotArray).
    let slotsA = storeA.slotArray
    let slotsB = storeB.slotArray
    let zeroInA = storeA.slot(of: 0)
    let zeroInB = storeB.slot(of: 0)
    for slotA in slotsA.indices {
      let id = slotsA[slotA].id
      if id == 0 && slotA != zeroInA { continue }  // a free slot
      let slotB: Int
      if id != 0 && slotA < slotsB.count && slotsB[slotA].id == id {
        slotB = slotA
      } else if let found = storeB.slot(of: id) {
        slotB = found
      } else {
        scan.onlyInA.append((id, slotA))
        continue
      }
      if slotsA[slotA] != slotsB[slotB] { scan.differing.append((id, slotA, slotB)) }
    }
    for slotB in slotsB.indices {
      let id = slotsB[slotB].id
      if id == 0 && slotB != zeroInB { continue }  // a free slot
      if id != 0 && slotB < slotsA.count && slotsA[slotB].id == id { continue }
      if !storeA.contains(id) { scan.onlyInB.append((id, slotB)) }
    }
    return scan
  }

  /// Only the elements `only` names, in the set's order (after each record of a run comparison,
  /// where only the touched elements can have changed).
  ///
  /// - Complexity: O(k) for k named elements.
  func scanElements(only: Set<Int32>) -> StateDiff.ElementScan {
    var scan = StateDiff.ElementScan()
    let storeA = a.elements
    let storeB = b.elements
    let slotsA = storeA.slotArray
    let slotsB = storeB.slotArray
    for id in only {
      switch (storeA.slot(of: id), storeB.slot(of: id)) {
      case (let slotA?, let slotB?): if slotsA[slotA] != slotsB[slotB] { scan.differing.append((id, slotA, slotB)) }
      case (let slotA?, nil): scan.onlyInA.append((id, slotA))
      case (nil, let slotB?): scan.onlyInB.append((id, slotB))
      case (nil, nil): break
      }
    }
    return scan
  }
}
