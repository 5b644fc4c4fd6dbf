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
  public static func render(_ state: UIState) -> String {
    var lines: [String] = []
    var title = state.application.map { "\($0.text.isEmpty ? "application" : JSONText.quoted($0.text)) · application \($0.id)" } ?? "no application"
    title += " · at \(Format.time(milliseconds: state.time))"
    if let record = state.lastRecordIndex { title += " after record #\(record)" }
    lines.append(title)
    for toast in state.toasts {
      lines.append("toast  \(JSONText.quoted(toast.text)) from \(toast.from), until \(Format.time(milliseconds: toast.expiresAt))")
    }
    for dialog in state.modalStack.reversed() {
      if let element = state.elements[dialog] { lines.append("modal  " + describe(element, state: state)) }
    }
    if state.isNavigationShown, let navigation = state.navigationView {
      lines.append("drawer open: navigationView \(navigation)")
    }
    var visited = Set<Int32>()
    if let application = state.applicationId {
      for child in state.elements[application]?.children ?? [] {
        renderSubtree(child, depth: 0, state: state, lines: &lines, visited: &visited)
      }
    }
    let detached = state.detached
    if !detached.isEmpty {
      lines.append("detached:")
      for id in detached { renderSubtree(id, depth: 1, state: state, lines: &lines, visited: &visited) }
    }
    for timer in state.timers.values.sorted(by: { $0.id < $1.id }) {
      lines.append("timer  \(timer.id) every \(Format.number(timer.interval)) ms → \(timer.owner), fired \(timer.fireCount)×, next at \(Format.time(milliseconds: timer.nextFire))")
    }
    let preferences = state.preferences
    if !preferences.committed.isEmpty {
      let items = preferences.committed.sorted { $0.key < $1.key }.map { "\($0.key)=\(JSONText.quoted($0.value))" }
      lines.append("preferences  " + items.joined(separator: " "))
    }
    if preferences.hasPendingChanges {
      var items = preferences.pendingUpdates.sorted { $0.key < $1.key }.map { "\($0.key)=\(JSONText.quoted($0.value))" }
      items += preferences.pendingDeletions.sorted().map { "-\($0)" }
      lines.append("pending preferences (not committed)  " + items.joined(separator: " "))
    }
    if state.networkActivity { lines.append("network activity indicator on") }
    for request in state.requests.suffix(10) {
      lines.append("request  \(request.kind.rawValue)\(request.text.isEmpty ? "" : " " + JSONText.quoted(request.text)) from \(request.from) at \(Format.time(milliseconds: request.time))")
    }
    if state.hasQuit { lines.append("the application quit") }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func renderSubtree(_ id: Int32, depth: Int, state: UIState, lines: inout [String], visited: inout Set<Int32>) {
    guard let element = state.elements[id], visited.insert(id).inserted else { return }
    let marker = id == state.activeView ? "▶ " : "  "
    lines.append(String(repeating: "  ", count: depth) + marker + describe(element, state: state))
    for child in element.children { renderSubtree(child, depth: depth + 1, state: state, lines: &lines, visited: &visited) }
  }

  /// One element's line: kind, id, text and the values that matter.
  public static func describe(_ element: Element, state: UIState) -> String {
    var parts = ["\(element.kindName) \(element.id)"]
    if element.isPassword {
      // Terminals and CI logs are no place for passwords; the JSON snapshot keeps the text.
      if !element.text.isEmpty { parts.append(String(repeating: "•", count: element.text.count)) }
    } else if !element.text.isEmpty {
      parts.append(JSONText.quoted(element.text))
    }
    if !element.secondaryText.isEmpty { parts.append("/ " + JSONText.quoted(element.secondaryText)) }
    // A field's hint (its placeholder) is what script selectors name it by (`textField "Password"`).
    if element.kind.isTextInput, let hint = element.styles.value("hint") { parts.append("hint " + JSONText.quoted(hint)) }
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
    if let error = element.error { parts.append("[error \(JSONText.quoted(error))]") }
    if !element.isVisible { parts.append("[hidden]") }
    if !element.options.isEmpty {
      parts.append("options " + element.options.map { "\($0.id):\(JSONText.quoted($0.label))" }.joined(separator: " "))
    }
    if !element.links.isEmpty { parts.append("links " + element.links.map(JSONText.quoted).joined(separator: " ")) }
    if let list = element.list, !list.isEmpty {
      let rows = Set(list.cells.keys.map { ($0.sheet, $0.row) }.map { "\($0.0):\($0.1)" }).count
      parts.append("list \(list.columns.count) columns, \(list.sheets.count) sheets, \(rows) rows")
    }
    if let image = element.image {
      if let requested = image.requestedURL {
        parts.append(requested.isEmpty ? "image requested without URL" : "image \(requested)")
      } else if let file = image.file {
        parts.append("image file \(JSONText.quoted(file))")
      }
      if image.sources.count > 1 { parts.append("(\(image.sources.count) sizes)") }
    }
    if let widget = element.widget {
      // Attributes, then properties, each sorted by name: `title="Budget" piePercentage=40`.
      for (name, value) in widget.attributes.sorted(by: { $0.key < $1.key }) { parts.append("\(name)=\(JSONText.quoted(value))") }
      for (name, value) in widget.properties.sorted(by: { $0.key < $1.key }) { parts.append("\(name)=\(JSONText.quoted(value))") }
      if !widget.isDisplayable { parts.append("[not displayable]") }
    }
    if element.isStopped { parts.append("[stopped]") }
    if let result = element.modalResult { parts.append("[closed with \(result)]") }
    let styleCount = element.styles.count
    if styleCount > 0 { parts.append("· \(styleCount) style\(styleCount == 1 ? "" : "s")") }
    return parts.joined(separator: " ")
  }
}
