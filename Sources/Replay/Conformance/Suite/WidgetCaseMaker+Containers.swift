import CommandCodec
import ReplayCore

/// A container widget's cases (docs/WIDGETS.md §2.10, docs/CONFORMANCE.md §2).
extension WidgetCaseMaker {
  /// For a container: `Required.Widgets.<W>.Container.Children`, two children of kinds it takes
  /// created under it, reordered, one removed; and for one that lists its kinds,
  /// `Recommended.Widgets.<W>.Container.OtherKind`, a child of a kind it does not take attached
  /// anyway (`child-of-leaf`, as under a button: the protocol never asks a platform to refuse a
  /// child), the rest of the batch applied.
  func containerCases(_ required: String, _ recommended: String) -> [ConformanceCase] {
    guard let container = definition.container else { return [] }
    var cases: [ConformanceCase] = []
    let taken = (container.kinds ?? ["button", "text"]).compactMap { name in creation(of: name, id: 0).map { _ in name } }
    if let first = taken.first {
      let second = taken.count > 1 ? taken[1] : first
      let children = [creation(of: first, id: widget + 1)!, creation(of: second, id: widget + 2)!]
      var b = start()
      b.send(createDisplayable())
      b.send(children)
      b.send(.to(widget, .reorderChild, child: widget + 2, value: 0))
      b.send(.to(widget, .removeChild, child: widget + 1))
      cases.append(
        named(
          b, "\(required).Container.Children", "\(a(kind)), a container, takes children (\(first) and \(second)): created under it, reordered, one removed",
          "WIDGETS.md §2.10, PROTOCOL.md §3 39, 40"))
      // A built-in kind it does not list, else a widget of the schema it does not list.
      let others = ConformanceSuite.creations.compactMap { ElementKind(creating: $0)?.rawValue } + schema.widgets.map(\.name)
      if container.kinds != nil, let other = others.first(where: { !container.takes($0) && creation(of: $0, id: 0) != nil }) {
        var refused = start()
        refused.send(createDisplayable())
        refused.send([creation(of: other, id: widget + 1)!, creation(of: first, id: widget + 2)!])
        cases.append(
          named(
            refused, "\(recommended).Container.OtherKind",
            "\(a(other)) under \(a(kind)), which takes \(container.kinds!.joined(separator: ", ")), is attached anyway; the rest of the batch still applies",
            "PROTOCOL.md §7 child-of-leaf, WIDGETS.md §2.10"))
      }
    }
    return cases
  }

  /// The command that creates an element of kind `name` (a built-in kind's name or a widget of
  /// the schema, with its defaults) as child `id` of the widget; nil for a kind no command puts
  /// under a parent it names (views, the application).
  private func creation(of name: String, id: Int32) -> Command? {
    if let child = schema.widget(named: name) {
      return Command(custom: child.creation.name, internalId: widget, childInternalId: id)
    }
    guard let type = ConformanceSuite.creations.first(where: { ElementKind(creating: $0)?.rawValue == name }),
      let kind = ElementKind(creating: type), !kind.isView, kind != .navigationView
    else { return nil }
    return .create(type, in: widget, id: id, text: ConformanceSuite.takesText.contains(type) ? "Inside" : "")
  }
}
