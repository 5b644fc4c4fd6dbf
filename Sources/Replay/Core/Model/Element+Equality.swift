/// Element equality, written out.
extension Element {
  /// Two elements are equal when every field is (the fields' own `==`, as the derived one).
  ///
  /// Written out because diffs compare every element of two states and nearly all are equal: the
  /// derived `==` copies the optional `list` and `image` through value witnesses before looking
  /// at either. Two equal elements of the diff benchmark took some 900 instructions; about 500 now.
  /// The plain fields come first, so two different elements usually part before any string or
  /// array is read. ElementEqualityTests fails when a field is added and not compared here.
  public static func == (x: Element, y: Element) -> Bool {
    guard x.id == y.id, x.kind == y.kind, x.parent == y.parent, x.value == y.value, x.count == y.count,
      x.isVisible == y.isVisible, x.flags == y.flags, x.isStopped == y.isStopped, x.modalResult == y.modalResult
    else { return false }
    guard x.children == y.children, x.text == y.text, x.secondaryText == y.secondaryText, x.error == y.error,
      x.styles == y.styles, x.options == y.options, x.links == y.links
    else { return false }
    // Nearly always both nil. Matched with patterns, which test the pointer in place: `x.list ==
    // nil`, like `x.list == y.list`, copies the optional through its value witnesses first.
    if case .some(let list) = x.list {
      guard case .some(let other) = y.list, list == other else { return false }
    } else if case .some = y.list {
      return false
    }
    if case .some(let image) = x.image {
      guard case .some(let other) = y.image, image == other else { return false }
    } else if case .some = y.image {
      return false
    }
    if case .some(let widget) = x.widget {
      guard case .some(let other) = y.widget, widget == other else { return false }
    } else if case .some = y.widget {
      return false
    }
    return true
  }
}
