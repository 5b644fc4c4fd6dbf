import CommandCodec
import ReplayCore

/// What a layout laid out: its leaves (elements that hold no children) with what their parents
/// offered them and what they took, and its other elements; what ``WidgetFrameProbe`` keeps
/// between records (docs/WIDGETS.md §2.7).
///
/// A parent places a child by the child's box size, style and whether it is shown, never by what
/// it draws inside. So when only leaves changed, and each one laid out again with the offer it
/// had takes the same size, style and visibility, every other box, and so every custom widget's
/// frame, is where it was: the probe tells so by laying out those leaves alone. An element that
/// was not laid out and still cannot be (under a hidden element, in a view not shown, on a pager's
/// other page) changes nothing drawn.
struct LaidOutLeaves: WidgetLayoutMemo {
  /// What a leaf's parent offered it, and what the leaf took.
  struct Leaf: Sendable {
    var width: LayoutSpec
    var height: LayoutSpec
    var depth: Int
    var outcome: Outcome
    /// What its style was resolved from (reused while they are the same).
    var styles: StyleTable
    var selector: StyleSelector
  }

  /// What a parent reads of a child's box.
  struct Outcome: Equatable, Sendable {
    var size: WireframeSize
    var body: WireframeRect
    var givenSize: WireframeSize?
    var style: ResolvedStyle
    var isHidden: Bool
    var hasError: Bool

    init(_ box: WireframeBox) {
      size = WireframeSize(width: box.frame.width, height: box.frame.height)
      body = box.body
      givenSize = box.givenSize
      style = box.style
      isHidden = box.isHidden
      hasError = box.hasError
    }
  }

  var leaves: [Int32: Leaf] = [:]
  /// The elements laid out with their children.
  var containers: Set<Int32> = []
  /// Leaves laid out more than once in one layout: which offer placed them is not known.
  var repeated: Set<Int32> = []

  mutating func note(_ element: Element, width: LayoutSpec, height: LayoutSpec, depth: Int, box: WireframeBox, selector: StyleSelector) {
    let leaf = Leaf(width: width, height: height, depth: depth, outcome: Outcome(box), styles: element.styles, selector: selector)
    if leaves.updateValue(leaf, forKey: element.id) != nil { repeated.insert(element.id) }
  }

  /// Whether the layout this came from holds in `state`, where only `changed` differ (and not
  /// the layers drawn, ``WidgetLayoutScreen``): each changed leaf, laid out again alone with its
  /// offer, takes what it took; each changed element not laid out still cannot be.
  func hold(changed: [Int32], in state: UIState, viewport: WireframeSize) -> Bool {
    let options = WireframeOptions()
    var engine = ElementLayout(state: state, options: options, viewport: viewport)
    var checked: Set<Int32> = []
    for id in changed where checked.insert(id).inserted {
      guard !containers.contains(id), !repeated.contains(id) else { return false }
      guard let leaf = leaves[id] else {
        if staysOut(id, in: state) { continue }
        return false
      }
      guard let element = state[id], engine.isLeaf(element) else { return false }
      let selector = options.selector(for: element)
      if element.kind != .custom, selector == leaf.selector, element.styles == leaf.styles {
        engine.reuse(leaf.outcome.style, for: id)
      }
      let box = engine.layout(element, width: leaf.width, height: leaf.height, depth: leaf.depth)
      guard Outcome(box) == leaf.outcome else { return false }
    }
    return true
  }

  /// Whether element `id`, not laid out last time, still cannot be: it is gone (its parent's
  /// change is judged apart), or something on its way up to what was laid out keeps it out (it
  /// or an ancestor is hidden, a view, drawer, modal or the application, which are drawn as
  /// layers only, or not the page its pager shows), or nothing above it was laid out.
  func staysOut(_ id: Int32, in state: UIState) -> Bool {
    var current = id
    var below: Int32?
    var steps = 0
    while let element = state[current], steps <= state.elements.count {
      if containers.contains(current) {
        // Laid out, yet the child on the way was not: only a page not shown stays out for sure
        // (a child past the end of the screen may come into it).
        guard let below, element.kind == .pager || element.kind == .flipperLayout else { return false }
        let page = Int(element.value)
        return !(page >= 0 && page < element.children.count && element.children[page] == below)
      }
      let kind = element.kind
      if !ElementLayout.isShown(element) || kind.isModal || kind.isView || kind == .navigationView || kind == .application { return true }
      guard let parent = element.parent else { return true }
      below = current
      current = parent
      steps += 1
    }
    return true
  }
}
