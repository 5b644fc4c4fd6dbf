/// Element equality and hashing, written out.
extension Element {
  /// Two elements are equal when every field is (the fields' own `==`, as the derived one).
  ///
  /// Written out because diffs compare every element of two states and nearly all are equal. The
  /// plain fields come first, so two different elements usually part before any string or array
  /// is read; an element without a box of extras equals one whose box holds only defaults.
  /// ElementEqualityTests fails when a field is added and not compared here.
  public static func == (x: Element, y: Element) -> Bool {
    guard x.id == y.id, x.kind == y.kind, x.parent == y.parent, x.value == y.value,
      x.isVisible == y.isVisible, x.isStopped == y.isStopped
    else { return false }
    guard x.children == y.children, x.text == y.text, x.styles == y.styles else { return false }
    if x.extras === y.extras { return true }
    return (x.extras ?? ElementExtras.defaults) == (y.extras ?? ElementExtras.defaults)
  }

  /// Hashes what `==` compares (the fields, not how they are stored).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(kind)
    hasher.combine(parent)
    hasher.combine(value)
    hasher.combine(isVisible)
    hasher.combine(isStopped)
    hasher.combine(children)
    hasher.combine(text)
    hasher.combine(styles)
    hasher.combine(secondaryText)
    hasher.combine(count)
    hasher.combine(flags)
    hasher.combine(error)
    hasher.combine(options)
    hasher.combine(links)
    hasher.combine(list)
    hasher.combine(image)
    hasher.combine(modalResult)
    hasher.combine(widget)
  }
}

extension Element: CustomReflectable {
  /// The element's fields by name, as they read (not how they are stored): what `dump` shows and
  /// what ElementEqualityTests enumerates.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": id, "kind": kind, "parent": parent as Any, "value": value, "isVisible": isVisible, "isStopped": isStopped,
        "children": children, "text": text, "styles": styles, "secondaryText": secondaryText, "count": count,
        "flags": flags, "error": error as Any, "options": options, "links": links, "list": list as Any,
        "image": image as Any, "modalResult": modalResult as Any, "widget": widget as Any,
      ],
      displayStyle: .struct)
  }
}
