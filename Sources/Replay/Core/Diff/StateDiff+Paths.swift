/// Element paths and the order of changes in a ``StateDiff``, in time and space linear in the
/// elements whatever the tree's depth.
///
/// Changes are listed in the order of the ids along their paths (docs/DIFF_FORMAT.md §2.3). A
/// path is not built per change from the root down, which on a chain of n nested layouts with a
/// change on each would be O(n²): each element's place is found once, from its parent's
/// (memoized), as a node of a trie of id paths, and the changes are sorted by the trie's
/// preorder. A path's text names at most ``UIState/maximumPathSteps`` steps.
extension StateDiff {
  /// A trie of sort keys: node 0 is the empty key, and each node is a key one id longer than its
  /// parent's. Preorder with children by ascending id is the lexicographic order of the keys.
  struct ChangeOrder {
    private struct Edge: Hashable {
      var parent: Int
      var id: Int64
    }
    private var edges: [Edge: Int] = [:]
    private var count = 1

    /// The node of `parent`'s key followed by `id`.
    mutating func child(of parent: Int, _ id: Int64) -> Int {
      let edge = Edge(parent: parent, id: id)
      if let known = edges[edge] { return known }
      edges[edge] = count
      count += 1
      return count - 1
    }

    /// The node of `key`.
    mutating func node(for key: [Int64]) -> Int {
      key.reduce(0) { child(of: $0, $1) }
    }

    /// Each node's rank in preorder, children by ascending id.
    ///
    /// - Complexity: O(k log k) for k nodes, iterative.
    func ranks() -> [Int] {
      // The children of node p are children[start[p]..<start[p + 1]], by ascending id: counted
      // into place by parent, then each family of more than one sorted (most have one).
      var start = [Int](repeating: 0, count: count + 1)
      for edge in edges.keys { start[edge.parent + 1] += 1 }
      for node in 0..<count { start[node + 1] += start[node] }
      var filled = start
      var children = [(id: Int64, node: Int)](repeating: (0, 0), count: edges.count)
      for (edge, node) in edges {
        children[filled[edge.parent]] = (edge.id, node)
        filled[edge.parent] += 1
      }
      for node in 0..<count where start[node + 1] - start[node] > 1 {
        children[start[node]..<start[node + 1]].sort { $0.id < $1.id }
      }
      var ranks = [Int](repeating: 0, count: count)
      var next = 0
      var pending = [0]
      while let node = pending.popLast() {
        ranks[node] = next
        next += 1
        for index in (start[node]..<start[node + 1]).reversed() { pending.append(children[index].node) }
      }
      return ranks
    }
  }

  /// Where an element is, memoized: its node in ``ChangeOrder``, how many steps its path has,
  /// and the first ``UIState/pathHeadSteps`` of them.
  struct PathStep {
    var node: Int
    var depth: Int
    var head: [String]
  }
}

extension StateDiff.Builder {
  /// The element's path in `b` (or in `a`), from the top of its tree, and its node in the order.
  ///
  /// - Complexity: amortized O(1) per element of the walks up: each element's place is computed
  ///   once (then memoized), and the text names at most ``UIState/maximumPathSteps`` steps.
  mutating func path(of id: Int32, inB: Bool) -> (String, Int) {
    let state = inB ? b : a
    let step = place(of: id, in: state, inB: inB)
    let detached = step.head.first == "detached"
    // The last steps, read upwards: at most the tail when the path is abbreviated.
    let elementSteps = step.depth - (detached ? 1 : 0)
    let shown = step.depth > UIState.maximumPathSteps ? UIState.pathTailSteps : elementSteps
    var tail: [String] = []
    var current = id
    while tail.count < shown, let (label, parent) = state.elements.read(current, { (Self.label($0.widget?.kind ?? $0.kind.rawValue, current), $0.parent) }) {
      tail.append(label)
      guard let parent else { break }
      current = parent
    }
    tail.reverse()
    let steps = step.depth > UIState.maximumPathSteps ? step.head + tail : (detached ? ["detached"] : []) + tail
    return (UIState.joinedPath(steps, depth: step.depth), step.node)
  }

  /// The element's ``StateDiff/PathStep`` in `state`: found by walking up to the nearest element
  /// already placed (or the top), then placing each element on the way back down.
  private mutating func place(of id: Int32, in state: UIState, inB: Bool) -> StateDiff.PathStep {
    if let known = inB ? placesB[id] : placesA[id] { return known }
    let elementsRoot = StateDiff.PathStep(node: order.node(for: [1]), depth: 0, head: [])
    // Labels are made only for the steps a path shows from the top (the head).
    var chain: [(id: Int32, kind: String)] = []
    var current: Int32? = id
    var base: StateDiff.PathStep?
    while let currentId = current {
      // The application is left out of its descendants' paths (but is its own path's top).
      guard let (kind, name, parent) = state.elements.read(currentId, { ($0.kind, $0.widget?.kind, $0.parent) }) else {
        base = elementsRoot  // a dangling parent: the path starts below it
        break
      }
      if kind == .application && currentId != id {
        base = elementsRoot
        break
      }
      if let known = inB ? placesB[currentId] : placesA[currentId] {
        base = known
        break
      }
      chain.append((currentId, name ?? kind.rawValue))
      current = parent
      if chain.count > state.elements.count {
        base = elementsRoot  // a loop, which a model never makes
        break
      }
    }
    // The top of the chain has no parent and is not the application: a detached subtree.
    var step = base ?? (state.elements.read(id, { $0.kind }) == .application
      ? elementsRoot
      : StateDiff.PathStep(node: order.child(of: elementsRoot.node, Int64(Int32.max)), depth: 1, head: ["detached"]))
    for (elementId, kind) in chain.reversed() {
      step = StateDiff.PathStep(
        node: order.child(of: step.node, Int64(elementId)), depth: step.depth + 1,
        head: step.head.count < UIState.pathHeadSteps ? step.head + [Self.label(kind, elementId)] : step.head)
      if inB { placesB[elementId] = step } else { placesA[elementId] = step }
    }
    return step
  }
}
