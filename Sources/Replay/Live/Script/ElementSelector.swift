import CommandCodec
import ReplayCore

/// Which element a script step means: an id, or a kind and/or a text matched against what a
/// user can reach on screen, since ids change between engine builds.
///
/// Syntax: `7` or `#7` (an id), `button "Log in"` (kind and text), `textField` (the one of a
/// kind), `"Log in"` (any element with that text), and `[N]` after any of the last three for the
/// N-th match on screen (`textField[2]`, 1-based, in tree order). The text is an element's text,
/// or a text field's hint (its placeholder), which is how users tell empty fields apart, or a
/// custom widget's label (its first string attribute, ``UIState/widgetLabel(of:)``). A custom
/// widget's kind names it like a built-in kind: `PieChart "Spent"`, `PieChart[2]` (docs/WIDGETS.md).
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
  /// A custom widget of the schema's kind `kind` (`PieChart`), with that label when `text` is
  /// given: the one reachable match, or the `position`-th (1-based) when given.
  case widget(kind: String, text: String?, position: Int?)

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

  /// Parses the selector syntax; nil for anything else (``parse(_:)`` says why).
  public init?(parsing text: String) {
    guard case .success(let selector) = Self.parse(text) else { return nil }
    self = selector
  }

  /// Why a text is not a selector, for people: `unknown kind "buton" (did you mean "button"?)`.
  public struct ParseFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Parses the selector syntax, or says what is wrong with it: an unknown kind (with the closest
  /// one), a text not in double quotes, a position below 1.
  public static func parse(_ text: String) -> Result<ElementSelector, ParseFailure> {
    func failure(_ message: String) -> Result<ElementSelector, ParseFailure> { .failure(ParseFailure(description: message)) }
    var rest = Substring(text.trimmingWhitespace)
    guard !rest.isEmpty else { return failure("a selector names an element: an id (#7), a kind (textField), a text (\"Log in\") or both (button \"Log in\")") }
    var position: Int? = nil
    if rest.hasSuffix("]"), let open = rest.lastIndex(of: "["), let number = Int(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]) {
      guard number >= 1 else { return failure("[\(number)]: positions count from 1 ([1] is the first match)") }
      position = number
      rest = Substring(rest[..<open].trimmingWhitespace)
    }
    if position == nil {
      var idText = rest
      if idText.hasPrefix("#") { idText = idText.dropFirst() }
      if let id = Int32(idText) { return .success(.id(id)) }
    }
    var kind: ElementKind? = nil
    var widgetKind: String? = nil
    var label: String? = nil
    /// A built-in kind (`button`), else a custom widget's kind (`PieChart`: a capital first).
    func parseKind(_ word: String) -> ParseFailure? {
      if let parsed = ElementKind(rawValue: word) {
        kind = parsed
        return nil
      }
      guard isWidgetKind(word) else { return ParseFailure(description: unknownKind(word)) }
      widgetKind = word
      return nil
    }
    if let space = rest.firstIndex(where: { $0 == " " || $0 == "\"" }) {
      let word = rest[..<space].trimmingWhitespace
      if !word.isEmpty, let problem = parseKind(String(word)) { return .failure(problem) }
      let quoted = Substring(rest[space...].trimmingWhitespace)
      if !quoted.isEmpty {
        guard quoted.count >= 2, quoted.first == "\"", quoted.last == "\"" else { return failure(unquoted(quoted, kind: String(word))) }
        label = String(quoted.dropFirst().dropLast()).replacingEscapedQuotes
      }
    } else if let problem = parseKind(String(rest)) {
      return .failure(problem)
    }
    if let widgetKind { return .success(.widget(kind: widgetKind, text: label, position: position)) }
    guard kind != nil || label != nil else { return failure("a selector names an element: an id (#7), a kind (textField), a text (\"Log in\") or both (button \"Log in\")") }
    if let position { return .success(.nth(kind: kind, text: label, position: position)) }
    return .success(.match(kind: kind, text: label))
  }

  /// What is wrong with the text part of a selector that is not one quoted text.
  private static func unquoted(_ text: Substring, kind: String) -> String {
    guard text.first == "\"" else {
      let fixed = [kind, "\"" + String(text).escapingQuotes + "\""].filter { !$0.isEmpty }.joined(separator: " ")
      return "the text goes in double quotes (did you mean \(fixed)?)"
    }
    // The closing quote is the first one not escaped by a backslash.
    var escaping = false
    for index in text.indices.dropFirst() {
      if escaping { escaping = false; continue }
      if text[index] == "\\" { escaping = true; continue }
      if text[index] == "\"" { return "something follows the text's closing quote: \(text[text.index(after: index)...].trimmingWhitespace)" }
    }
    return "the text \(text) has no closing quote"
  }

  /// `unknown kind "buton" (did you mean "button"?)`, or the kinds when none is close.
  static func unknownKind(_ word: String) -> String {
    let kinds = ElementKind.allCases.filter { $0 != .application }.map(\.rawValue)
    if let near = Suggestion.closest(to: word, among: kinds) { return "unknown kind \(JSONText.quoted(word)) (did you mean \(JSONText.quoted(near))?)" }
    return "unknown kind \(JSONText.quoted(word)); the kinds are \(kinds.joined(separator: ", ")), and a custom widget's kind as its schema names it (a capital first)"
  }

  public var description: String {
    func words(_ kind: ElementKind?, _ text: String?) -> String {
      [kind?.rawValue, text.map { "\"" + $0.escapingQuotes + "\"" }].compactMap { $0 }.joined(separator: " ")
    }
    switch self {
    case .id(let id): return "#\(id)"
    case .match(let kind, let text): return words(kind, text)
    case .nth(let kind, let text, let position): return words(kind, text) + "[\(position)]"
    case .widget(let kind, let text, let position):
      return [kind, text.map { "\"" + $0.escapingQuotes + "\"" }].compactMap { $0 }.joined(separator: " ") + (position.map { "[\($0)]" } ?? "")
    }
  }

  /// Whether `word` can be a custom widget's kind in a selector: an identifier that starts with
  /// a capital (built-in kinds start lower-case) and is no built-in kind's name in other case
  /// (`Button` is a typo, not a widget).
  static func isWidgetKind(_ word: String) -> Bool {
    guard let first = word.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
    guard word.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }) else { return false }
    let lowered = word.lowercased()
    return !ElementKind.allCases.contains { $0.rawValue.lowercased() == lowered }
  }

  /// The ids the selector's kind and text match in `state`, in tree order, and its ordinal; nil
  /// for an id.
  private func candidates(in state: UIState) -> (ids: [Int32], position: Int?)? {
    switch self {
    case .id: return nil
    case .match(let kind, let text): return (Self.matches(kind: kind, text: text, in: state), nil)
    case .nth(let kind, let text, let position): return (Self.matches(kind: kind, text: text, in: state), position)
    case .widget(let kind, let text, let position): return (Self.matches(widget: kind, text: text, in: state), position)
    }
  }

  /// The `[N]` of the selector, if it has one.
  private var ordinal: Int? {
    switch self {
    case .nth(_, _, let position): return position
    case .widget(_, _, let position): return position
    case .id, .match: return nil
    }
  }

  // MARK: - Resolution

  /// What the selector names in `state`.
  public func resolution(in state: UIState) -> Resolution {
    guard let found = candidates(in: state) else {
      guard case .id(let id) = self else { return .none }
      return state.elements.contains(id) ? .found(id) : .none
    }
    let all = found.ids
    let reachable = all.filter { Self.isReachable($0, in: state) }
    if let position = found.position {
      if position <= reachable.count { return .found(reachable[position - 1]) }
      return all.isEmpty ? .none : reachable.isEmpty ? .unreachable(all) : .ambiguous(reachable)
    }
    switch reachable.count {
    case 1: return .found(reachable[0])
    case 0: return all.isEmpty ? .none : .unreachable(all)
    default: return .ambiguous(reachable)
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
      return noMatch(in: state)
    case .unreachable(let ids):
      let covered = state.modalStack.last.map { " (dialog \($0) is open)" } ?? ""
      return "\(self) matches only elements a user cannot reach now\(covered): \(list(ids))"
    case .ambiguous(let ids):
      if let position = ordinal {
        return "\(self) asks for match \(position), but only \(ids.count) are on screen: \(list(ids))"
      }
      return "\(self) is ambiguous: \(ids.count) elements on screen match: \(list(ids)); name one by its text or hint, by position (\(self)[2]) or by id (#\(ids[1]))"
    }
  }

  /// Every element the selector can mean in `state`, in tree order, reachable or not (an ordinal
  /// aside): for conditions on what exists, such as a fuzzer's invariants.
  public func matches(in state: UIState) -> [Int32] {
    guard let found = candidates(in: state) else {
      guard case .id(let id) = self else { return [] }
      return state.elements.contains(id) ? [id] : []
    }
    return found.ids
  }

  /// Every element matching `kind` and `text`, in tree order, reachable or not.
  static func matches(kind: ElementKind?, text: String?, in state: UIState) -> [Int32] {
    treeOrder(of: state).filter { id in
      guard let element = state.elements[id] else { return false }
      return (kind == nil || element.kind == kind) && (text == nil || hasText(text!, element, in: state))
    }
  }

  /// Every custom widget of the kind `widget` (with the label `text`, when given), in tree order.
  static func matches(widget: String, text: String?, in state: UIState) -> [Int32] {
    treeOrder(of: state).filter { id in
      guard let element = state.elements[id], element.widget?.kind == widget else { return false }
      return text == nil || hasText(text!, element, in: state)
    }
  }

  /// Whether a selector's text names `element`: its text, a text field's hint, a custom widget's label.
  private static func hasText(_ text: String, _ element: Element, in state: UIState) -> Bool {
    if element.text == text { return true }
    if element.kind.isTextInput { return element.styles.value("hint") == text }
    if element.kind == .custom { return state.widgetLabel(of: element) == text }
    return false
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
  /// - Parameter showingText: false for a field that may hold a password: its hint instead.
  package static func describe(_ id: Int32, in state: UIState, showingText: Bool = true) -> String {
    guard let element = state.elements[id] else { return "#\(id)" }
    var text = state.path(of: id)
    if text.isEmpty { text = "\(element.kind.rawValue) \(id)" }
    if showingText && !element.text.isEmpty {
      text += " \(JSONText.quoted(String(element.text.prefix(40))))"
    } else if element.kind.isTextInput, let hint = element.styles.value("hint") {
      text += " (hint \(JSONText.quoted(hint)))"
    } else if let widget = element.widget {
      text += " (\(widget.kind)" + (state.widgetLabel(of: element).map { " " + JSONText.quoted(String($0.prefix(40))) } ?? "") + ")"
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
