import CommandCodec
import ReplayCore

/// Dialogs and action sheets, and the platform's own records: what the user did and what the
/// platform said, as a recording holds them.
extension StreamGenerator {
  /// Element::showModal: a dialog (with a message, maybe a field, and buttons) or an action sheet
  /// (with its options), created under the element that shows it, open at once.
  /// - Parameter chosen: the kind to open; else one drawn.
  mutating func openModal(_ chosen: ElementKind? = nil) {
    // A dialog can show another from inside; an action sheet holds no children.
    let parent = openModals.last(where: { tree.kind(of: $0)?.canHaveChildren == true }) ?? front ?? application
    let roll = random.below(100)
    let kind: ElementKind = chosen ?? (roll < 3 ? .alertDialog : roll < 70 ? .dialog : .actionSheet)
    // A platform without that kind gets another modal, or none.
    guard let modal = [kind, .dialog, .actionSheet, .alertDialog].first(where: creates) else { return updateBurst() }
    if modal == .actionSheet {
      create(.actionSheet, under: parent)
    } else {
      let dialog = create(modal, under: parent)
      let column = columnKind.map { create($0, under: dialog) } ?? dialog
      if creates(.text) { create(.text, under: column) }
      if random.chance(50) && creates(.textField) { create(.textField, under: column) }
      let buttons = columnKind.map { create($0, under: column) } ?? column
      if creates(.button) { for _ in 0..<(1 + random.below(2)) { create(.button, under: buttons) } }
    }
    commit()
  }

  /// While a modal is open: the user types into it or the engine updates it, and then the
  /// platform answers (a ValueEvent to it, or a modal result), now and then a nested one opens, or
  /// the engine closes it itself.
  mutating func modalStep() {
    guard let modal = openModals.last else { return }
    let roll = random.below(100)
    if roll < 20, let field = walks(from: modal).first(in: tree, where: { $1.isTextInput }) {
      record(.event(target: field, .value(ValueEvent(text: text()))))
    } else if roll < 35 {
      updateBurst()
    } else if roll < 38 && openModals.count < 3 {
      openModal()
    } else if roll < 42, let parent = tree.parent(of: modal) {
      // Closed by the engine without an answer.
      send(Command(.removeChild, internalId: parent, childInternalId: modal))
      tree.detach(modal)
      openModals.removeLast()
      deleteSubtree(modal)
      commit()
    } else {
      let value: Int32 = tree.kind(of: modal) == .actionSheet ? Int32(random.below(4)) : Int32(random.below(3))
      record(random.chance(70) ? .event(target: modal, .value(ValueEvent(value: integer(value)))) : .modalResult(dialog: modal, value: integer(value)))
      openModals.removeLast()
      answeredModals.append(modal)
    }
  }

  /// After endModal: REMOVE_CHILD from the element that showed it, and DELETE_ELEMENT once the
  /// last reference goes (at once, or a while later).
  mutating func dismissAnswered() {
    let modal = answeredModals.removeFirst()
    if let parent = tree.parent(of: modal) {
      send(Command(.removeChild, internalId: parent, childInternalId: modal))
      tree.detach(modal)
    }
    if random.chance(60) { deleteSubtree(modal) } else { unattached.append(modal) }
    commit()
  }

  /// One record of the platform's: what the user did (typing, toggling, picking, paging, moving
  /// the drawer), or an event that changes nothing in the model (lifecycle, scrolling, touches,
  /// clicks, action bar commands), now and then to an element already deleted.
  mutating func platformStep() {
    let root = front ?? application
    // A custom widget's named event, now and then, when the screen in front shows one that
    // declares events (no draw otherwise: streams without widgets stay as they were).
    let widgets = widgetsWithEvents(under: root)
    if !widgets.isEmpty && random.chance(60) { return widgetEvent(widgets[random.below(widgets.count)]) }
    let roll = random.below(100)
    if roll < 30, let field = walks(from: root).first(in: tree, where: { $1.isTextInput }) {
      record(.event(target: field, .value(ValueEvent(text: text()))))
    } else if roll < 50, let toggle = walks(from: root).first(in: tree, where: { [.switch, .checkbox, .picker, .segmentedControl, .radioGroup, .pageControl].contains($1) }) {
      record(.event(target: toggle, .value(ValueEvent(value: integer(Int32(random.below(3)))))))
    } else if roll < 60, let pages = pick(pagers), pages.created > 0 {
      record(.event(target: pages.id, .value(ValueEvent(value: Int32(random.below(pages.created))))))
    } else if roll < 68, let drawer {
      drawerOpen.toggle()
      record(.event(target: drawer, random.chance(50) ? .visibility(VisibilityEvent(visible: drawerOpen)) : .value(ValueEvent(value: drawerOpen ? 1 : 0))))
    } else if roll < 75, let deleted = pick(recentlyDeleted) {
      // iOS's ValueEvent 0 to a dialog already deleted, and the like: ignored.
      record(.event(target: deleted, .value(ValueEvent(value: 0))))
    } else {
      // Not to a dialog or the drawer, for which a ValueEvent is an answer or a move; nor to a
      // custom widget, which takes only the events its schema declares (docs/WIDGETS.md §2.6).
      let target = walks(from: root).first(in: tree, where: { !$1.isModal && $1 != .navigationView && $1 != .custom }) ?? application
      record(.event(target: target, otherEvent()))
    }
  }

  /// An event the model takes without changing anything.
  mutating func otherEvent() -> Event {
    switch random.below(9) {
    case 0: return .sysInfo(SysInfoEvent(type: [2, 3, 6][random.below(3)]))
    case 1: return .value(ValueEvent(value: Int32(random.below(2))))  // a click: 1 on iOS and GTK, 0 on Android
    case 2: return .command(CommandEvent(elementId: [-2, -3, -4][random.below(3)]))
    case 3: return .scrollChanged(ScrollChangedEvent(scrollPos: Int32(random.below(800)), scrollRem: Int32(random.below(800)), height: 1600))
    case 4: return .visibilityUpdate(VisibilityUpdateEvent())
    case 5: return .userInteraction(UserInteractionEvent(type: Int32(1 + random.below(2))))
    case 6:
      let odd = random.chance(percent: configuration.oddValuePercent * 10)
      return .touch(TouchEvent(timestamp: Double(time) / 1000, type: Int32(random.below(3)), x: odd ? -0.0 : Double(random.below(375)) + 0.5, y: odd ? 1e300 : Double(random.below(667)), identifier: Int64(random.below(3)), flush: random.chance(20)))
    case 7: return .resize(ResizeEvent(logicalWidth: 375, logicalHeight: 667, actualWidth: 750, actualHeight: 1334))
    default: return .sys(SysEvent(type: 4))
    }
  }
}
