import ReplayCore
import ReplayLive

/// What the monkey calls a distinct screen: the active view's kind and title, the open dialogs,
/// and the kinds and labels of what a user can reach (with whether a field shows an error),
/// never ids, values or times (the same screen reached twice is one state, as model-based GUI
/// testers such as APE count them).
struct StateAbstraction: Hashable, Sendable {
  private let words: [String]

  init(_ state: UIState, reachable: [Int32]) {
    var words: [String] = []
    if let view = state.activeView, let element = state.elements[view] { words.append("view \(element.kind.rawValue) \(element.text)") }
    for modal in state.modalStack {
      if let element = state.elements[modal] { words.append("modal \(element.kind.rawValue) \(element.text)") }
    }
    for id in reachable {
      guard let element = state.elements[id], Self.isInteractive(element.kind) else { continue }
      let label = element.kind.isTextInput ? (element.styles.value("hint") ?? "") : element.text
      // A field showing an error is another screen to a user (and to the app's logic).
      words.append("\(element.kindName) \(label)" + (element.error == nil ? "" : " !"))
    }
    self.words = words
  }

  /// Kinds a user acts on (what the monkey can do something with).
  static func isInteractive(_ kind: ElementKind) -> Bool {
    switch kind {
    case .button, .switch, .checkbox, .eventLayout, .picker, .segmentedControl, .radioGroup, .pager, .scrollLayout, .searchBar, .navigationBarItem, .custom:
      return true
    default:
      return kind.isTextInput
    }
  }
}
