import CommandCodec

/// The element part of a ``StateDiff``: added and removed subtrees, moves, changed properties.
extension StateDiff.Builder {
  /// Scans the elements (``scanElements()``), then renders what differs: only the changed,
  /// added and removed elements are ever copied, and only their paths and values are built.
  mutating func compareElements(only: Set<Int32>? = nil) {
    let scan = only.map { scanElements(only: $0) } ?? scanElements()
    var parentsToCheck: [Int32] = []
    for (id, slotA, slotB) in scan.differing {
      let x = a.elements[slot: slotA]
      let y = b.elements[slot: slotB]
      if x.children != y.children { parentsToCheck.append(id) }
      if x.kind != y.kind {
        let (path, key) = path(of: id, inB: true)
        add(StateChange(.changed, path: path + " · kind", element: id, property: "kind", old: Self.quoted(x.kind.rawValue), new: Self.quoted(y.kind.rawValue)), key: key)
        continue
      }
      if x.parent != y.parent {
        let (path, key) = path(of: id, inB: true)
        let describe: (Int32?) -> String = { parent in parent.map { "\"under \($0)\"" } ?? "\"detached\"" }
        add(StateChange(.moved, path: path + " · parent", element: id, property: "parent", old: describe(x.parent), new: describe(y.parent)), key: key)
      }
      compareProperties(x, y)
    }
    // Report only the top of an added or removed subtree: an element whose parent is in the
    // other state too, or is not in its own (detached, or a dangling parent).
    for (id, slotB) in scan.onlyInB {
      let parent = b.elements[slot: slotB].parent
      if parent == nil || a.elements.contains(parent!) || !b.elements.contains(parent!) { addSubtree(id, added: true) }
    }
    for (id, slotA) in scan.onlyInA {
      let parent = a.elements[slot: slotA].parent
      if parent == nil || b.elements.contains(parent!) || !a.elements.contains(parent!) { addSubtree(id, added: false) }
    }
    for parent in parentsToCheck { compareOrder(under: parent) }
  }

  /// An added (in `b`) or removed (from `a`) element with its descendants counted: those that
  /// came or went with it, not those in both states (they moved, and are reported so).
  mutating func addSubtree(_ id: Int32, added: Bool) {
    let state = added ? b : a
    let other = added ? a : b
    guard let element = state.elements[id] else { return }
    var count = 0
    var pending = element.children
    while let next = pending.popLast() {
      guard !other.elements.contains(next), let children = state.elements.read(next, { $0.children }) else { continue }
      count += 1
      pending.append(contentsOf: children)
    }
    let (path, key) = path(of: id, inB: added)
    let value = Self.json { StateSnapshotWriter.write(element, into: &$0) }
    add(StateChange(added ? .added : .removed, path: path, element: id, old: added ? nil : value, new: added ? value : nil, descendants: count), key: key)
  }

  /// Children of `parent` present in both states whose order among each other changed: the ones
  /// outside a longest increasing subsequence moved.
  mutating func compareOrder(under parent: Int32) {
    guard let x = a.elements[parent], let y = b.elements[parent] else { return }
    // Children only added or removed at the end (a list growing by a row) keep their order:
    // found without hashing a long list on every diff.
    if y.children.starts(with: x.children) || x.children.starts(with: y.children) { return }
    let oldChildren = Set(x.children)
    let common = y.children.filter { oldChildren.contains($0) }
    guard common.count > 1 else { return }
    var oldIndex: [Int32: Int] = [:]
    for (index, child) in x.children.enumerated() { oldIndex[child] = index }
    let sequence = common.map { oldIndex[$0]! }
    let keep = Self.longestIncreasingSubsequence(sequence)
    for (position, child) in common.enumerated() where !keep.contains(position) {
      let (path, key) = path(of: child, inB: true)
      let newIndex = y.children.firstIndex(of: child)!
      add(StateChange(.moved, path: path + " · index", element: child, property: "index", old: String(oldIndex[child]!), new: String(newIndex)), key: key)
    }
  }

  /// The positions of one longest strictly increasing subsequence of `values`, in O(n log n).
  static func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
    var tails: [Int] = []  // positions of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result = Set<Int>()
    var position = tails.last ?? -1
    while position >= 0 {
      result.insert(position)
      position = previous[position]
    }
    return result
  }

  // MARK: Properties

  mutating func compareProperties(_ x: Element, _ y: Element) {
    let id = x.id
    var pathAndKey: (String, Int)? = nil
    func report(_ property: String, _ old: String?, _ new: String?) {
      if pathAndKey == nil { pathAndKey = path(of: id, inB: true) }
      let kind: StateChange.Kind = old == nil ? .added : new == nil ? .removed : .changed
      add(StateChange(kind, path: pathAndKey!.0 + " · " + property, element: id, property: property, old: old, new: new), key: pathAndKey!.1)
    }
    func string(_ name: String, _ old: String, _ new: String) {
      if old != new { report(name, Self.quoted(old), Self.quoted(new)) }
    }
    func int<T: BinaryInteger>(_ name: String, _ old: T, _ new: T) {
      if old != new { report(name, String(old), String(new)) }
    }
    string("text", x.text, y.text)
    string("secondaryText", x.secondaryText, y.secondaryText)
    int("value", x.value, y.value)
    int("count", x.count, y.count)
    if x.isVisible != y.isVisible { report("hidden", String(!x.isVisible), String(!y.isVisible)) }
    if x.error != y.error { report("error", x.error.map(Self.quoted) ?? "null", y.error.map(Self.quoted) ?? "null") }
    int("flags", x.flags, y.flags)
    if x.styles != y.styles {
      for selector in StyleSelector.allCases {
        let old = Dictionary(x.styles.sorted(for: selector), uniquingKeysWith: { first, _ in first })
        let new = Dictionary(y.styles.sorted(for: selector), uniquingKeysWith: { first, _ in first })
        for key in Set(old.keys).union(new.keys).sorted() where old[key] != new[key] {
          report("styles.\(selector.name).\(key)", old[key].map(Self.quoted), new[key].map(Self.quoted))
        }
      }
    }
    if x.options != y.options {
      let render: ([Element.Option]) -> String = { options in
        Self.json { $0.array(options) { text, option in text.object { o in
          o.member("id") { $0.int(option.id) }
          o.member("label") { $0.string(option.label) }
        } } }
      }
      report("options", render(x.options), render(y.options))
    }
    if x.links != y.links {
      report("links", Self.json { $0.array(x.links) { $0.string($1) } }, Self.json { $0.array(y.links) { $0.string($1) } })
    }
    if x.widget != y.widget { compareWidgets(x.widget, y.widget, report: report) }
    if x.list != y.list { compareLists(x.list ?? ListContent(), y.list ?? ListContent(), report: report) }
    if x.image != y.image {
      let old = x.image ?? ImageState()
      let new = y.image ?? ImageState()
      if old.sources != new.sources {
        let render: ([ImageState.Source]) -> String = { sources in
          Self.json { $0.array(sources) { text, source in text.object { o in
            o.member("url") { $0.string(source.url) }
            o.member("width") { $0.int(source.width) }
            o.member("height") { $0.int(source.height) }
          } } }
        }
        report("image.sources", render(old.sources), render(new.sources))
      }
      if old.file != new.file { report("image.file", old.file.map(Self.quoted), new.file.map(Self.quoted)) }
      if old.requestedURL != new.requestedURL { report("image.requested", old.requestedURL.map(Self.quoted), new.requestedURL.map(Self.quoted)) }
      int("image.requestedWidth", old.requestedWidth, new.requestedWidth)
      if old.isReleased != new.isReleased { report("image.released", String(old.isReleased), String(new.isReleased)) }
    }
    if x.isStopped != y.isStopped { report("stopped", String(x.isStopped), String(y.isStopped)) }
    if x.modalResult != y.modalResult { report("modalResult", x.modalResult.map(String.init), y.modalResult.map(String.init)) }
  }

  func compareLists(_ x: ListContent, _ y: ListContent, report: (String, String?, String?) -> Void) {
    if x.columns != y.columns {
      let render: ([ListContent.Column]) -> String = { columns in
        Self.json { $0.array(columns) { text, column in text.object { o in
          o.member("name") { $0.string(column.name) }
          if column.type != 0 { o.member("type") { $0.int(column.type) } }
        } } }
      }
      report("list.columns", render(x.columns), render(y.columns))
    }
    if x.sheets != y.sheets {
      report("list.sheets", Self.json { $0.array(x.sheets) { $0.string($1) } }, Self.json { $0.array(y.sheets) { $0.string($1) } })
    }
    for sheet in Set(x.rowCounts.keys).union(y.rowCounts.keys).sorted() where x.rowCounts[sheet] != y.rowCounts[sheet] {
      report("list.rowCounts.\(sheet)", x.rowCounts[sheet].map(String.init), y.rowCounts[sheet].map(String.init))
    }
    if x.cells != y.cells {
      for address in Set(x.cells.keys).union(y.cells.keys).sorted() where x.cells[address] != y.cells[address] {
        report("list.cells[\(address.sheet),\(address.row),\(address.column)]", x.cells[address].map(Self.quoted), y.cells[address].map(Self.quoted))
      }
    }
  }
}
