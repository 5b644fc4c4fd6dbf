import CommandCodec
import ReplayCore

extension ConformanceSuite {
  /// `CREATE_BUTTON` → `CreateButton`: a command's name as a case name's component.
  static func camel(_ type: CommandType) -> String {
    type.name.split(separator: "_").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined()
  }

  /// The current CREATE_* commands that make an element (legacy names are in ``robustness``).
  static let creations: [CommandType] = CommandType.allCases.filter {
    $0.rawValue < 73 && $0 != .createApplication && ElementKind(creating: $0) != nil
  }

  /// The CREATE_* commands that carry a text in t1 (protocol notes §2): the cases send one only
  /// to these, as the engine does (a CREATE_LINEAR_LAYOUT with a label is nobody's command).
  static let takesText: Set<CommandType> = [.createOpenGLView, .createTextField, .createTextView, .createButton, .createSwitch, .createText, .createDialog, .createAlertDialog,
                                            .createImageView, .createActionSheet, .createCheckbox, .createActionBar, .createNavigationBarItem, .createNotification]

  /// The element tree: every creation, deletion, detaching and reordering.
  static var tree: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    let layout: Int32 = 3
    for type in creations {
      var b = CaseBuilder.app()
      b.send(.create(.createLinearLayout, in: CaseBuilder.view, id: layout, value: 1))
      b.send(.create(type, in: layout, id: 4, text: takesText.contains(type) ? "Label" : ""))
      cases.append(b.named("Required.Tree.\(camel(type)).UnderLinearLayout", "\(type.name) makes \(Format.withArticle(ElementKind(creating: type)!.rawValue)) (views, drawers and dialogs where PROTOCOL.md puts them)", "PROTOCOL.md §3.0, §3 \(type.rawValue)"))
    }
    do {
      var b = CaseBuilder.app()
      b.send((3...7).map { Command.create(.createButton, in: CaseBuilder.view, id: $0, text: "B\($0)") })
      cases.append(b.named("Required.Tree.Children.InCreationOrder", "children are kept in the order they were created, within one batch", "PROTOCOL.md §3.0"))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createLinearLayout, in: 2, id: 3), .create(.createButton, in: 3, id: 4), .create(.createLinearLayout, in: 3, id: 5), .create(.createText, in: 5, id: 6, text: "deep"))
      b.send(.to(3, .deleteElement))
      b.send(.create(.createButton, in: 2, id: 4, text: "again"))
      cases.append(b.named("Required.Tree.DeleteElement.RemovesTheSubtree", "DELETE_ELEMENT removes the element and every descendant, whose ids can be created anew", "PROTOCOL.md §3 38"))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createButton, in: 2, id: 3))
      b.send(.to(3, .deleteElement), .to(3, .deleteElement), .to(99, .deleteElement))
      cases.append(b.named("Required.Tree.DeleteElement.UnknownIdIsSilent", "deleting an id that is gone or never existed does nothing", "PROTOCOL.md §3 38, §6 11"))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createLinearLayout, in: 2, id: 3), .create(.createButton, in: 3, id: 4, text: "kept"))
      b.send(.to(3, .removeChild, child: 4))
      b.send(.to(4, .setTextValue, text: "still live"))
      cases.append(b.named("Required.Tree.RemoveChild.DetachesAndKeeps", "REMOVE_CHILD detaches the child; it stays registered and takes commands", "PROTOCOL.md §3 39, §6 10", about: [.tree, .text]))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createDialog, in: 2, id: 3, text: "Sure?"))
      b.send(.to(2, .removeChild, child: 3))
      cases.append(b.named("Required.Tree.RemoveChild.ClosesADialog", "a dialog removed from its parent leaves the modal stack", "PROTOCOL.md §3 39"))
    }
    for (name, index, summary) in [("ToTheFront", 0, "index 0 moves the child first"), ("ToTheMiddle", 2, "the final index is the one asked for"), ("ToTheEnd", 4, "index = the remaining count appends silently")] as [(String, Int32, String)] {
      var b = CaseBuilder.app()
      b.send((3...7).map { Command.create(.createButton, in: 2, id: $0) })
      b.send(.to(2, .reorderChild, child: 4, value: index))
      cases.append(b.named("Required.Tree.ReorderChild.\(name)", "REORDER_CHILD: \(summary)", "PROTOCOL.md §3 40"))
    }
    return cases
  }
}
