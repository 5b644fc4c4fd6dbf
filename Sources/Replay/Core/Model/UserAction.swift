import CommandCodec

/// Something a user does on the platform's screen, and the record a conforming platform sends the
/// engine for it (docs/CONFORMANCE.md §1.4): the one definition that scripts, the conformance
/// suite and the reference testee share.
///
/// ```swift
/// let record = try UserAction.tap(7).record(at: 1500, in: model.state)
/// model.apply(record, index: 3)   // the switch shows its new value
/// ```
public enum UserAction: Hashable, Sendable {
  /// A tap: switches and checkboxes toggle (value 1 − v), anything else sends 1 (a click). A
  /// custom widget sends the first event its schema declares, else a CommandEvent, with `value`
  /// 1 (``UIState/tapEvent(for:)``).
  /// Text inputs, selectable kinds, dialogs and the drawer are not tapped: they take `type`,
  /// `select` and `choose`.
  case tap(Int32)
  /// Replacing the text of a text field, text view or search bar: one ValueEvent with the text.
  case type(Int32, text: String)
  /// Selecting in a picker, pager, flipper, segmented or page control (the index), or a radio
  /// group (the checked option's id): a ValueEvent with that value.
  case select(Int32, index: Int32)
  /// Answering an open dialog, alert dialog or action sheet (0 cancels): a modal result.
  case choose(Int32, option: Int32)
  /// The system's back key: SysEvent BACK (type 3) to the application.
  case back
  /// The gesture that makes the custom widget ID send its schema's event `name` with the typed
  /// payloads given by payload name, each as its value's text form (`"0.2"`, `"#ff8800"`,
  /// `"grouped"`): a RoundedButton's long press, a slider's thumbs dragged to 0.2 and 0.8
  /// (docs/CONFORMANCE.md §1.3 `event`, docs/WIDGETS.md §2.6). Every typed payload is given.
  case widgetEvent(Int32, name: String, payloads: [String: String])

  /// Why an action cannot be done in a state.
  public struct Refusal: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
  }

  /// The kinds a `select` applies to.
  public static let selectableKinds: Set<ElementKind> = [.picker, .pager, .flipperLayout, .radioGroup, .segmentedControl, .pageControl]

  /// The element the action addresses (nil for back).
  public var target: Int32? {
    switch self {
    case .tap(let id), .type(let id, _), .select(let id, _), .choose(let id, _), .widgetEvent(let id, _, _): return id
    case .back: return nil
    }
  }

  /// The record the platform sends for this action at `time` in `state`.
  ///
  /// - Throws: ``Refusal`` when the element does not exist or cannot take the action (typing
  ///   into a button, choosing in what is not an open dialog).
  /// - Complexity: O(1), O(m) for `choose` with m open modals.
  public func record(at time: Double, in state: UIState) throws(Refusal) -> TraceRecord {
    func element(_ id: Int32) throws(Refusal) -> Element {
      guard let element = state.elements[id] else { throw Refusal(message: "element \(id) does not exist") }
      return element
    }
    switch self {
    case .tap(let id):
      let element = try element(id)
      // What carries state in its ValueEvent takes the action that says which state: typing,
      // selecting, choosing. A tap sending 1 there would empty a text field or pick index 1.
      if element.kind.isTextInput { throw Refusal(message: "element \(id) is \(Format.withArticle(element.kind.rawValue)): type into it instead of tapping") }
      if Self.selectableKinds.contains(element.kind) { throw Refusal(message: "element \(id) is \(Format.withArticle(element.kind.rawValue)): select in it instead of tapping") }
      if element.kind.isModal { throw Refusal(message: "element \(id) is \(Format.withArticle(element.kind.rawValue)): choose in it instead of tapping") }
      if element.kind == .navigationView { throw Refusal(message: "element \(id) is a navigation view, which is opened, not tapped") }
      // A custom widget sends what its schema declares (docs/WIDGETS.md §6.5).
      switch state.tapEvent(for: element) {
      case .success(let event)?: return TraceRecord(time: time, .event(target: id, event))
      case .failure(let refusal)?: throw Refusal(message: refusal.message)
      case nil: break
      }
      let value: Int32
      switch element.kind {
      case .switch, .checkbox: value = element.value == 0 ? 1 : 0
      default: value = 1  // a click is 1, as iOS and GTK send it
      }
      return TraceRecord(time: time, .event(target: id, .value(ValueEvent(value: value))))
    case .type(let id, let text):
      let kind = try element(id).kind
      guard kind.isTextInput else { throw Refusal(message: "element \(id) is \(Format.withArticle(kind.rawValue)), not a text field") }
      return TraceRecord(time: time, .event(target: id, .value(ValueEvent(text: text))))
    case .select(let id, let index):
      let kind = try element(id).kind
      guard Self.selectableKinds.contains(kind) else { throw Refusal(message: "element \(id) is \(Format.withArticle(kind.rawValue)), which has nothing to select") }
      return TraceRecord(time: time, .event(target: id, .value(ValueEvent(value: index))))
    case .choose(let id, let option):
      guard state.modalStack.contains(id) else { throw Refusal(message: "element \(id) is not an open dialog or action sheet") }
      return TraceRecord(time: time, .modalResult(dialog: id, value: option))
    case .back:
      return TraceRecord(time: time, .event(target: state.applicationId ?? 0, .sys(SysEvent(type: 3))))
    case .widgetEvent(let id, let name, let payloads):
      switch state.widgetEvent(name, payloads: payloads, for: try element(id)) {
      case .success(let event): return TraceRecord(time: time, .event(target: id, event))
      case .failure(let refusal): throw Refusal(message: "element \(id): \(refusal.message)")
      }
    }
  }
}
