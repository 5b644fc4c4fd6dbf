import CommandCodec
import ReplayCore

/// Which element a script step means: an id, or a kind and/or a text matched against what a
/// user can reach on screen, since ids change between engine builds.
///
/// Syntax: `7` or `#7` (an id), `button "Log in"` (kind and text), `textField` (the one of a
/// kind), `"Log in"` (any element with that text), and `[N]` after any of the last three for the
/// N-th match on screen (`textField[2]`, 1-based, in tree order). The text is an element's text,
/// or a text field's hint (its placeholder), which is how users tell empty fields apart.
///
/// A selector by kind or text resolves among the elements a user can reach: displayed (visible,
/// in the active view, the open drawer or an open dialog), and when a dialog or action sheet is
/// open, inside the topmost one only (the form behind it is covered). It must name exactly one:
/// none and several are errors that list what there is (``Resolution``). An id names its element
/// wherever it is: the script's author asked for that one.
public enum ElementSelector: Hashable, Sendable, CustomStringConvertible {
  case id(Int32)
  case match(kind: ElementKind?, text: String?)
  /// The `position`-th (1-based) reachable match.
  case nth(kind: ElementKind?, text: String?, position: Int)

  /// What a selector names in a state.
  public enum Resolution: Equatable, Sendable {
    /// Exactly one element.
    case found(Int32)
    /// No element at all.
    case none
    /// Only elements a user cannot reach now (hidden, in another view, under a dialog).
    case unreachable([Int32])
    /// Several reachable elements (an ordinal beyond the matches is `none`).
    case ambiguous([Int32])
  }

  /// Parses the selector syntax; nil for anything else.
  public init?(parsing text: String) {
    var rest = Substring(text.trimmingWhitespace)
    var position: Int? = nil
    if rest.hasSuffix("]"), let open = rest.lastIndex(of: "["), let number = Int(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]) {
      guard number >= 1 else { return nil }
      position = number
      rest = Substring(rest[..<open].trimmingWhitespace)
    }
    if position == nil {
      var idText = rest
      if idText.hasPrefix("#") { idText = idText.dropFirst() }
      if let id = Int32(idText) {
        self = .id(id)
        return
      }
    }
    var kind: ElementKind? = nil
    var label: String? = nil
    if let space = rest.firstIndex(where: { $0 == " " || $0 == "\"" }) {
      let word = rest[..<space].trimmingWhitespace
      if !word.isEmpty {
        guard let parsed = ElementKind(rawValue: word) else { return nil }
        kind = parsed
      }
      let quoted = Substring(rest[space...].trimmingWhitespace)
      if !quoted.isEmpty {
        guard quoted.count >= 2, quoted.first == "\"", quoted.last == "\"" else { return nil }
        label = String(quoted.dropFirst().dropLast()).replacingEscapedQuotes
      }
    } else {
      guard let parsed = ElementKind(rawValue: String(rest)) else { return nil }
      kind = parsed
    }
    guard kind != nil || label != nil else { return nil }
    if let position {
      self = .nth(kind: kind, text: label, position: position)
    } else {
      self = .match(kind: kind, text: label)
    }
  }

  public var description: String {
    func words(_ kind: ElementKind?, _ text: String?) -> String {
      [kind?.rawValue, text.map { "\"" + $0.escapingQuotes + "\"" }].compactMap { $0 }.joined(separator: " ")
    }
    switch self {
    case .id(let id): return "#\(id)"
    case .match(let kind, let text): return words(kind, text)
    case .nth(let kind, let text, let position): return words(kind, text) + "[\(position)]"
    }
  }

  // MARK: - Resolution

  /// What the selector names in `state`.
  public func resolution(in state: UIState) -> Resolution {
    switch self {
    case .id(let id):
      return state.elements.contains(id) ? .found(id) : .none
    case .match(let kind, let text):
      let all = Self.matches(kind: kind, text: text, in: state)
      let reachable = all.filter { Self.isReachable($0, in: state) }
      switch reachable.count {
      case 1: return .found(reachable[0])
      case 0: return all.isEmpty ? .none : .unreachable(all)
      default: return .ambiguous(reachable)
      }
    case .nth(let kind, let text, let position):
      let all = Self.matches(kind: kind, text: text, in: state)
      let reachable = all.filter { Self.isReachable($0, in: state) }
      if position <= reachable.count { return .found(reachable[position - 1]) }
      return all.isEmpty ? .none : reachable.isEmpty ? .unreachable(all) : .ambiguous(reachable)
    }
  }

  /// The one element the selector names in `state`, nil when it names none or several.
  public func resolve(in state: UIState) -> Int32? {
    if case .found(let id) = resolution(in: state) { return id }
    return nil
  }

  /// Why the selector names no single element in `state`, for people; nil when it does.
  public func failure(in state: UIState) -> String? {
    func list(_ ids: [Int32]) -> String {
      let shown = ids.prefix(5).map { Self.describe($0, in: state) }.joined(separator: "; ")
      return ids.count > 5 ? shown + "; and \(ids.count - 5) more" : shown
    }
    switch resolution(in: state) {
    case .found: return nil
    case .none:
      return "\(self) matches no element"
    case .unreachable(let ids):
      let covered = state.modalStack.last.map { " (dialog \($0) is open)" } ?? ""
      return "\(self) matches only elements a user cannot reach now\(covered): \(list(ids))"
    case .ambiguous(let ids):
      if case .nth(_, _, let position) = self {
        return "\(self) asks for match \(position), but only \(ids.count) are on screen: \(list(ids))"
      }
      return "\(self) is ambiguous: \(ids.count) elements on screen match: \(list(ids)); name one by its text or hint, by position (\(self)[2]) or by id (#\(ids[1]))"
    }
  }

  /// Every element the selector can mean in `state`, in tree order, reachable or not (an ordinal
  /// aside): for conditions on what exists, such as a fuzzer's invariants.
  public func matches(in state: UIState) -> [Int32] {
    switch self {
    case .id(let id): return state.elements.contains(id) ? [id] : []
    case .match(let kind, let text), .nth(let kind, let text, _): return Self.matches(kind: kind, text: text, in: state)
    }
  }

  /// Every element matching `kind` and `text`, in tree order, reachable or not.
  static func matches(kind: ElementKind?, text: String?, in state: UIState) -> [Int32] {
    treeOrder(of: state).filter { id in
      guard let element = state.elements[id] else { return false }
      return (kind == nil || element.kind == kind) && (text == nil || element.text == text || (element.kind.isTextInput && element.styles.value("hint") == text))
    }
  }

  /// Whether a user can reach `id` now: it is displayed, and no open dialog covers it.
  public static func isReachable(_ id: Int32, in state: UIState) -> Bool {
    guard state.isDisplayed(id) else { return false }
    guard let top = state.modalStack.last else { return true }
    var current: Int32? = id
    var steps = 0
    while let currentId = current, steps <= state.elements.count {
      if currentId == top { return true }
      current = state.elements[currentId]?.parent
      steps += 1
    }
    return false
  }

  /// `frameView 2 › linearLayout 3 › textField 5 (hint "User name")`.
  package static func describe(_ id: Int32, in state: UIState) -> String {
    guard let element = state.elements[id] else { return "#\(id)" }
    var text = state.path(of: id)
    if text.isEmpty { text = "\(element.kind.rawValue) \(id)" }
    if !element.text.isEmpty {
      text += " \(JSONText.quoted(String(element.text.prefix(40))))"
    } else if element.kind.isTextInput, let hint = element.styles.value("hint") {
      text += " (hint \(JSONText.quoted(hint)))"
    }
    if !state.isDisplayed(id) { text += " [not shown]" }
    return text
  }

  /// Every element in tree order: depth first from the application, children in their order,
  /// then the detached trees by their roots' ids (and anything left, by id).
  package static func treeOrder(of state: UIState) -> [Int32] {
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
  /// `"` and `\` escaped with a backslash, as selectors write texts.
  fileprivate var escapingQuotes: String {
    var result = ""
    for character in self {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
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
