import CommandCodec
import ReplayCore

/// Which element a script step means: an id, or a kind and/or a text matched against the
/// current state, since ids change between engine builds.
///
/// Syntax: `7` or `#7` (an id), `button "Log in"` (kind and text), `textField` (the first of a
/// kind), `"Log in"` (any element with that text). Displayed elements are preferred, in tree order.
public enum ElementSelector: Hashable, Sendable, CustomStringConvertible {
  case id(Int32)
  case match(kind: ElementKind?, text: String?)

  /// Parses the selector syntax; nil for anything else.
  public init?(parsing text: String) {
    var rest = Substring(text.trimmingWhitespace)
    if rest.hasPrefix("#") { rest = rest.dropFirst() }
    if let id = Int32(rest) {
      self = .id(id)
      return
    }
    rest = Substring(text.trimmingWhitespace)
    var kind: ElementKind? = nil
    if let space = rest.firstIndex(where: { $0 == " " || $0 == "\"" }) {
      let word = rest[..<space].trimmingWhitespace
      if !word.isEmpty {
        guard let parsed = ElementKind(rawValue: word) else { return nil }
        kind = parsed
      }
      rest = Substring(rest[space...].trimmingWhitespace)
    } else {
      guard let parsed = ElementKind(rawValue: String(rest)) else { return nil }
      self = .match(kind: parsed, text: nil)
      return
    }
    var label: String? = nil
    if !rest.isEmpty {
      guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else { return nil }
      label = String(rest.dropFirst().dropLast()).replacingEscapedQuotes
    }
    guard kind != nil || label != nil else { return nil }
    self = .match(kind: kind, text: label)
  }

  public var description: String {
    switch self {
    case .id(let id): return "#\(id)"
    case .match(let kind, let text):
      return [kind?.rawValue, text.map { "\"\($0)\"" }].compactMap { $0 }.joined(separator: " ")
    }
  }

  /// The element meant in `state`: displayed ones first, then any, in tree order (detached
  /// elements after the tree, by id).
  public func resolve(in state: UIState) -> Int32? {
    switch self {
    case .id(let id): return state.elements.contains(id) ? id : nil
    case .match(let kind, let text):
      let candidates = Self.treeOrder(of: state).filter { id in
        guard let element = state.elements[id] else { return false }
        return (kind == nil || element.kind == kind) && (text == nil || element.text == text)
      }
      return candidates.first(where: { state.isDisplayed($0) }) ?? candidates.first
    }
  }

  /// Every element in tree order: depth first from the application, children in their order,
  /// then the detached trees by their roots' ids (and anything left, by id).
  static func treeOrder(of state: UIState) -> [Int32] {
    var order: [Int32] = []
    order.reserveCapacity(state.elements.count)
    var seen = Set<Int32>()
    func visit(_ root: Int32) {
      var stack = [root]
      while let id = stack.popLast() {
        guard let element = state.elements[id], seen.insert(id).inserted else { continue }
        order.append(id)
        stack.append(contentsOf: element.children.reversed())
      }
    }
    if let application = state.applicationId { visit(application) }
    let ids = state.elements.sortedIds
    for id in ids where state.elements[id]?.parent.flatMap({ state.elements[$0] }) == nil { visit(id) }
    for id in ids { visit(id) }
    return order
  }
}

extension StringProtocol {
  var trimmingWhitespace: String {
    var slice = Substring(self)
    while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
    while slice.last?.isWhitespace == true { slice = slice.dropLast() }
    return String(slice)
  }

  fileprivate var replacingEscapedQuotes: String {
    var result = ""
    var escaping = false
    for character in self {
      if escaping {
        result.append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
