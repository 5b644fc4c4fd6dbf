import CommandCodec

/// Renders a ``UIState`` as an indented tree a person takes in at a glance.
///
/// ```text
/// Acme · application 1 · at 6.421s after record #26
/// toast  "Welcome back, alice!" from 7, until 8.412s
/// ▶ frameView 8  [active]
///     linearLayout 9  vertical
///       text 10 "Hello, alice"
///       button 11 "Log out"
///   frameView 2
///     ...
/// ```
///
/// Toasts and dialogs come first (they are on top); then the tree under the application, the
/// active view marked; hidden elements are marked `[hidden]`; then detached elements, timers,
/// preferences and requests. A text field shows its hint (`hint "User name"`), which script
/// selectors match on as they match texts (docs/SCRIPT_FORMAT.md §3).
public enum StateTreeRenderer {
  /// The deepest level indented: an element deeper in the tree is indented as one at this level
  /// and its line starts with its depth, `(depth 80) linearLayout 83`, so that a tree of n
  /// elements prints O(n) bytes however deep it is (docs/STATE_FORMAT.md, "The text tree").
  public static let maximumIndentDepth = 32

  public static func render(_ state: UIState) -> String {
    renderLines(state).lines.joined(separator: "\n") + "\n"
  }

  /// The tree's lines, at most `maxLines` of them (nil: all), and how many more there are.
  ///
  /// - Parameter excerpts: long texts as bounded excerpts with their length (``Excerpt``), for
  ///   pages that keep many states.
  /// - Complexity: O(n) in the elements, whatever the tree's shape: the walk is iterative, and
  ///   once `maxLines` are written the rest is only counted.
  public static func renderLines(_ state: UIState, maxLines: Int? = nil, excerpts: Bool = false) -> (lines: [String], omitted: Int) {
    var lines: [String] = []
    var omitted = 0
    let limit = maxLines ?? Int.max
    let quote = TraceRecordFormatter.quoter(excerpts: excerpts)
    func add(_ line: @autoclosure () -> String) {
      if lines.count < limit { lines.append(line()) } else { omitted += 1 }
    }
    var title = state.application.map { "\($0.text.isEmpty ? "application" : quote($0.text)) · application \($0.id)" } ?? "no application"
    title += " · at \(Format.time(milliseconds: state.time))"
    if let record = state.lastRecordIndex { title += " after record #\(record)" }
    add(title)
    for toast in state.toasts {
      add("toast  \(quote(toast.text)) from \(toast.from), until \(Format.time(milliseconds: toast.expiresAt))")
    }
    for dialog in state.modalStack.reversed() {
      if let element = state.elements[dialog] { add("modal  " + describe(element, state: state, excerpts: excerpts)) }
    }
    if state.isNavigationShown, let navigation = state.navigationView {
      add("drawer open: navigationView \(navigation)")
    }
    var visited = Set<Int32>()
    var elementLines = 0
    var truncated = false
    // Depth first, children in order, on a stack of its own: a trace can nest layouts a
    // hundred thousand deep, far deeper than the call stack goes.
    // Each level is a list of ids and the next one to print, so that an element with a million
    // children costs the lines printed, not a million pushes (a viewer prints 300 lines a state).
    func walk(_ roots: [Int32], depth: Int) {
      var levels: [(ids: [Int32], next: Int, depth: Int)] = [(roots, 0, depth)]
      while let top = levels.last {
        guard top.next < top.ids.count else {
          levels.removeLast()
          continue
        }
        levels[levels.count - 1].next += 1
        let id = top.ids[top.next]
        guard let children = state.elements.read(id, { $0.children }), visited.insert(id).inserted else { continue }
        guard lines.count < limit, let element = state.elements[id] else {
          truncated = true
          return
        }
        lines.append(indent(top.depth) + (id == state.activeView ? "▶ " : "  ") + describe(element, state: state, excerpts: excerpts))
        elementLines += 1
        if !children.isEmpty { levels.append((children, 0, top.depth + 1)) }
      }
    }
    if let application = state.applicationId {
      walk(state.elements.read(application) { $0.children } ?? [], depth: 0)
    }
    if !truncated {
      let detached = state.detached
      if !detached.isEmpty {
        add("detached:")
        walk(detached, depth: 1)
      }
    }
    if truncated {
      // The rest is counted, not walked: in a model's state every element but the application
      // has one line (under the application or under `detached:`), and the walk's cost would be
      // the whole tree's for every state a page keeps.
      let application = state.applicationId.map { state.elements.contains($0) ? 1 : 0 } ?? 0
      omitted += max(0, state.elements.count - application - elementLines)
      if !lines.contains("detached:") && state.elements.containsRoot(other: state.applicationId) { omitted += 1 }
    }
    for timer in state.timers.values.sorted(by: { $0.id < $1.id }) {
      add("timer  \(timer.id) every \(Format.number(timer.interval)) ms → \(timer.owner), fired \(timer.fireCount)×, next at \(Format.time(milliseconds: timer.nextFire))")
    }
    let preferences = state.preferences
    // Preference names are the engine's text too: escaped like the values.
    let name = { (key: String) in excerpts ? Excerpt.plain(key) : TerminalText.escaped(key) }
    if !preferences.committed.isEmpty {
      let items = preferences.committed.sorted { $0.key < $1.key }.map { "\(name($0.key))=\(quote($0.value))" }
      add("preferences  " + items.joined(separator: " "))
    }
    if preferences.hasPendingChanges {
      var items = preferences.pendingUpdates.sorted { $0.key < $1.key }.map { "\(name($0.key))=\(quote($0.value))" }
      items += preferences.pendingDeletions.sorted().map { "-\(name($0))" }
      add("pending preferences (not committed)  " + items.joined(separator: " "))
    }
    if state.networkActivity { add("network activity indicator on") }
    for request in state.requests.suffix(10) {
      add("request  \(request.kind.rawValue)\(request.text.isEmpty ? "" : " " + quote(request.text)) from \(request.from) at \(Format.time(milliseconds: request.time))")
    }
    if state.hasQuit { add("the application quit") }
    return (lines, omitted)
  }

  /// Two spaces a level, up to ``maximumIndentDepth``; deeper, the depth is written instead.
  static func indent(_ depth: Int) -> String {
    guard depth > maximumIndentDepth else { return String(repeating: "  ", count: depth) }
    return String(repeating: "  ", count: maximumIndentDepth) + "(depth \(depth)) "
  }

  /// One element's line: kind, id, text and the values that matter.
  ///
  /// - Parameter excerpts: long texts as bounded excerpts with their length.
  public static func describe(_ element: Element, state: UIState, excerpts: Bool = false) -> String {
    let quote = TraceRecordFormatter.quoter(excerpts: excerpts)
    let plain = { (text: String) in excerpts ? Excerpt.plain(text) : TerminalText.escaped(text) }
    var parts = ["\(plain(element.kindName)) \(element.id)"]
    if element.isPassword {
      // Terminals and CI logs are no place for passwords; the JSON snapshot keeps the text.
      // Nor its length: the same dots for any value.
      if !element.text.isEmpty { parts.append(PasswordMask.dots) }
    } else if !element.text.isEmpty {
      parts.append(quote(element.text))
    }
    if !element.secondaryText.isEmpty { parts.append("/ " + quote(element.secondaryText)) }
    // A field's hint (its placeholder) is what script selectors name it by (`textField "Password"`).
    if element.kind.isTextInput, let hint = element.styles.value("hint") { parts.append("hint " + quote(hint)) }
    switch element.kind {
    case .linearLayout: parts.append(element.isHorizontal ? "horizontal" : "vertical")
    case .switch, .checkbox: parts.append(element.value != 0 ? "on" : "off")
    case .picker, .segmentedControl, .radioGroup: parts.append("selected \(element.value)")
    case .pager, .flipperLayout: parts.append("page \(element.value)")
    case .pageControl: parts.append("page \(element.value) of \(element.count)")
    case .tableLayout: parts.append("\(element.count) columns")
    case .frameView, .openGLView: if element.id == state.activeView { parts.append("[active]") }
    default: if element.value != 0 { parts.append("value \(element.value)") }
    }
    if element.isPassword { parts.append("[password]") }
    if let error = element.error { parts.append("[error \(quote(error))]") }
    if !element.isVisible { parts.append("[hidden]") }
    if !element.options.isEmpty {
      parts.append("options " + element.options.map { "\($0.id):\(quote($0.label))" }.joined(separator: " "))
    }
    if !element.links.isEmpty { parts.append("links " + element.links.map(quote).joined(separator: " ")) }
    if let list = element.list, !list.isEmpty {
      let rows = Set(list.cells.keys.map { ($0.sheet, $0.row) }.map { "\($0.0):\($0.1)" }).count
      parts.append("list \(list.columns.count) columns, \(list.sheets.count) sheets, \(rows) rows")
    }
    if let image = element.image {
      if let requested = image.requestedURL {
        parts.append(requested.isEmpty ? "image requested without URL" : "image \(plain(requested))")
      } else if let file = image.file {
        parts.append("image file \(quote(file))")
      }
      if image.sources.count > 1 { parts.append("(\(image.sources.count) sizes)") }
    }
    if let widget = element.widget {
      // Attributes, then properties, each sorted by name: `title="Budget" piePercentage=40`.
      for (name, value) in widget.attributes.sorted(by: { $0.key < $1.key }) { parts.append("\(plain(name))=\(quote(value))") }
      for (name, value) in widget.properties.sorted(by: { $0.key < $1.key }) { parts.append("\(plain(name))=\(quote(value))") }
      if !widget.isDisplayable { parts.append("[not displayable]") }
    }
    if element.isStopped { parts.append("[stopped]") }
    if let result = element.modalResult { parts.append("[closed with \(result)]") }
    let styleCount = element.styles.count
    if styleCount > 0 { parts.append("· \(styleCount) style\(styleCount == 1 ? "" : "s")") }
    return parts.joined(separator: " ")
  }
}
