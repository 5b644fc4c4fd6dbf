extension StateParts {
  /// The part a difference belongs to (docs/CONFORMANCE.md §1.5), for a verdict per part: a
  /// property by its name (`text`, `value`, `styles.ACTIVE.color`, `list.cells[0,1,2]`), a
  /// top-level section by its path (`toasts › toast 1`, `requests › request 0`); an element added,
  /// removed or moved, its kind, a custom widget's attributes and properties, and the
  /// application, view, history, drawer and modal stack are the tree.
  ///
  /// ```swift
  /// StateParts.part(of: StateChange(.changed, path: "frameView 2 › text 5 · text", property: "text")) // .text
  /// ```
  public static func part(of change: StateChange) -> StateParts {
    let path = change.path
    if path.hasPrefix("toasts") { return .toasts }
    if path.hasPrefix("timers") { return .timers }
    if path.hasPrefix("preferences") { return .preferences }
    if path.hasPrefix("requests") || path == "networkActivity" || path == "quit" { return .requests }
    if path == "navigation · shown" { return .visibility }
    guard change.element != nil, let property = change.property else { return .tree }
    switch property {
    case "text", "secondaryText", "links": return .text
    case "value", "count", "modalResult", "stopped": return .values
    case "hidden": return .visibility
    case "error": return .errors
    case "flags": return .flags
    case "options": return .options
    default: break
    }
    if property.hasPrefix("styles.") { return .styles }
    if property.hasPrefix("list.") { return .lists }
    if property.hasPrefix("image.") { return .images }
    return .tree
  }

  /// The name a testee declares this part with (`text`); the first one's for several parts.
  public var name: String { Self.named.first { contains($0.part) }?.name ?? "" }
}
