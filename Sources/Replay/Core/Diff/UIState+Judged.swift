import CommandCodec

extension UIState {
  /// The state with only what a conformance case judges (docs/CONFORMANCE.md §1.7): every element
  /// part whose keeping (``KeptParts``) is below `level` reset to its default and, below
  /// `.notJudged`, the styles of keys the protocol does not know dropped; then what the platform
  /// declared it does its own way: elements of `topLevel` kinds detached from their parents (a
  /// dialog that is a window of its own), no history when the engine keeps it, and no error
  /// messages (only whether there is an error) when the platform cannot report them
  /// (`errorTextReported` false): judged then only at `.notJudged`, the Informational tier. A
  /// switch's or checkbox's value is judged as on or off, the number only at `.notJudged`.
  /// Applied to both sides, so a part one side does not keep cannot differ.
  ///
  /// - Complexity: O(n) for n elements (and their children lists when `topLevel` is not empty).
  public func judged(at level: KeptParts.Keeping, topLevel: Set<ElementKind> = [], historyInEngine: Bool = false, errorTextReported: Bool = true) -> UIState {
    var state = self
    if historyInEngine { state.history = [] }
    for id in state.elements.sortedIds {
      var detachFrom: Int32? = nil
      _ = state.elements.update(id) { element in
        let kind = element.kind
        func judged(_ part: KeptParts.Part) -> Bool { KeptParts.keeping(part, of: kind) >= level }
        if !judged(.text) { element.text = "" }
        if !judged(.secondaryText) { element.secondaryText = "" }
        if !judged(.links) { element.links = [] }
        if !judged(.value) {
          element.value = 0
        } else if level > .notJudged && (kind == .switch || kind == .checkbox) && element.value != 0 {
          // On or off is what a platform's widget keeps (PROTOCOL.md §1.3): SET_INT_VALUE 7 is on.
          element.value = 1
        }
        if !judged(.count) { element.count = 0 }
        if !judged(.modalResult) { element.modalResult = nil }
        if !judged(.stopped) { element.isStopped = false }
        if !judged(.flags) { element.flags = 0 }
        if !judged(.options) { element.options = [] }
        if !judged(.error) {
          element.error = nil
        } else if element.error != nil && (!judged(.errorText) || (!errorTextReported && level > .notJudged)) {
          element.error = ""
        }
        if level > .notJudged && element.styles.entries.contains(where: { !StyleKeys.isKnown($0.key) }) {
          var known = StyleTable()
          for entry in element.styles.entries where StyleKeys.isKnown(entry.key) { known.set(entry.key, to: entry.value, for: entry.selector) }
          element.styles = known
        }
        if topLevel.contains(kind), let parent = element.parent {
          detachFrom = parent
          element.parent = nil
        }
      }
      if let parent = detachFrom {
        _ = state.elements.update(parent) { $0.children.removeAll { $0 == id } }
      }
    }
    return state
  }
}
