import ReplayCore

/// What the engine knows the platform holds: every element it created and has not deleted, with
/// the parent and the children the platform gave it.
///
/// The stream generator keeps this mirror itself rather than asking the reference model, so that
/// "valid by construction" is a claim the model checks (a generated stream must replay without a
/// diagnostic) instead of one it is trusted with. It follows the model's rules for the tree
/// (docs/PROTOCOL.md §3.0, 38–40): an element is appended to its parent's children; REMOVE_CHILD
/// detaches it and keeps it live; DELETE_ELEMENT removes it with its attached subtree; REORDER_CHILD
/// moves it, clamping the index.
struct ShadowTree: Sendable {
  struct Node: Sendable {
    var kind: ElementKind
    /// Nil for the application and detached elements.
    var parent: Int32?
    var children: [Int32] = []
    /// The node's place in ``ShadowTree/live``.
    var position: Int
  }

  private(set) var nodes: [Int32: Node] = [:]
  /// Every live id, in no particular order (for picking one at random).
  private(set) var live: [Int32] = []

  var count: Int { live.count }

  func contains(_ id: Int32) -> Bool { nodes[id] != nil }

  func kind(of id: Int32) -> ElementKind? { nodes[id]?.kind }

  func parent(of id: Int32) -> Int32? { nodes[id]?.parent }

  func children(of id: Int32) -> [Int32] { nodes[id]?.children ?? [] }

  /// Adds a live element under `parent` (nil: detached, as a CREATE under an unknown parent).
  mutating func create(_ id: Int32, kind: ElementKind, under parent: Int32?) {
    let attached = parent.flatMap { nodes[$0] != nil ? $0 : nil }
    nodes[id] = Node(kind: kind, parent: attached, position: live.count)
    live.append(id)
    if let attached { nodes[attached]!.children.append(id) }
  }

  /// REMOVE_CHILD: the element leaves its parent and stays live.
  mutating func detach(_ id: Int32) {
    guard let parent = nodes[id]?.parent else { return }
    nodes[parent]!.children.removeAll { $0 == id }
    nodes[id]!.parent = nil
  }

  /// DELETE_ELEMENT: removes the element and its attached subtree, in the model's order.
  ///
  /// - Returns: the removed ids; empty for an id that is not live.
  mutating func delete(_ id: Int32) -> [Int32] {
    guard let node = nodes[id] else { return [] }
    if let parent = node.parent { nodes[parent]!.children.removeAll { $0 == id } }
    var pending = [id]
    var removed: [Int32] = []
    while let current = pending.popLast() {
      guard let victim = nodes.removeValue(forKey: current) else { continue }
      removed.append(current)
      pending.append(contentsOf: victim.children)
      // Swap the last live id into the freed place.
      let last = live.removeLast()
      if last != current {
        live[victim.position] = last
        nodes[last]!.position = victim.position
      }
    }
    return removed
  }

  /// REORDER_CHILD: moves `child` to `index` of its siblings (clamped, as the model applies an
  /// out-of-range index).
  mutating func reorder(_ child: Int32, in parent: Int32, to index: Int) {
    guard let position = nodes[parent]?.children.firstIndex(of: child) else { return }
    nodes[parent]!.children.remove(at: position)
    let target = min(max(index, 0), nodes[parent]!.children.count)
    nodes[parent]!.children.insert(child, at: target)
  }

  /// A live element chosen uniformly.
  func randomLive(using random: inout SplitMix64) -> Int32? {
    live.isEmpty ? nil : live[random.below(live.count)]
  }

  /// The element and its attached descendants, parent first, then children depth-first: the
  /// order the engine's destructors send DELETE_ELEMENT in.
  func preorder(from id: Int32) -> [Int32] {
    var result: [Int32] = []
    var pending = [id]
    while let current = pending.popLast() {
      guard let node = nodes[current] else { continue }
      result.append(current)
      pending.append(contentsOf: node.children.reversed())
    }
    return result
  }

  /// Whether `ancestor` is `id` or one of its (attached) ancestors.
  func isAncestor(_ ancestor: Int32, of id: Int32) -> Bool {
    var current: Int32? = id
    var steps = 0
    while let node = current, steps <= live.count {
      if node == ancestor { return true }
      current = nodes[node]?.parent
      steps += 1
    }
    return false
  }
}
