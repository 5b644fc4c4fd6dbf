/// The state a SET_STYLE applies to (the engine's `Selector`), carried in the command's `value`.
public enum StyleSelector: Int32, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case normal = 0
  case active = 1
  case hover = 2
  case selected = 3
  case disabled = 4
  case link = 5

  /// The engine's enumerator name, e.g. `"ACTIVE"`.
  public var name: String {
    switch self {
    case .normal: return "NORMAL"
    case .active: return "ACTIVE"
    case .hover: return "HOVER"
    case .selected: return "SELECTED"
    case .disabled: return "DISABLED"
    case .link: return "LINK"
    }
  }

  /// The selector with the engine enumerator name `name`.
  public init?(name: String) {
    guard let match = StyleSelector.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }

  public var description: String { name }
}
