import CommandCodec

/// The active view, the history, the drawer and modal dialogs.
extension ReferenceModel {
  /// Makes `view` the active view. A forward switch pushes the old view on the history; a back
  /// switch (value 3) does not, and drops `view` from the top of the history. Switching to the
  /// view already active does nothing, so the engine's pair of switch commands counts once.
  mutating func switchView(to view: Int32, back: Bool, via type: CommandType) {
    guard let kind = state.elements.read(view, { $0.kind }) else {
      return report(.unknownTarget, "\(type.name) switches to view \(view), which does not exist")
    }
    guard kind.isView else {
      return report(.notAView, "\(type.name) switches to \(kind.rawValue) \(view), which is not a frame view or OpenGL view")
    }
    guard state.activeView != view else { return }
    if back {
      if state.history.last == view { state.history.removeLast() }
    } else if let old = state.activeView {
      state.history.append(old)
    }
    state.activeView = view
    allImagesDirty = true
  }

  /// HISTORY_GO_BACK: shows the most recent view of the history, if any.
  mutating func goBack() {
    guard let previous = state.history.popLast() else { return }
    state.activeView = previous
    allImagesDirty = true
  }

  /// Opens or closes the drawer: its visibility is whether it is open. When the engine asked
  /// (`announce`), the platform tells it with a VisibilityEvent once the drawer has moved; when the
  /// user moved it (a recorded event), the platform's own event is already in the trace.
  mutating func setNavigationShown(_ shown: Bool, announce: Bool) {
    guard let navigation = state.navigationView, let slot = state.elements.slot(of: navigation),
      state.elements[slot: slot].isVisible != shown
    else { return }
    touch(navigation)
    state.elements[slot: slot].isVisible = shown
    if announce { emit(.event(target: navigation, .visibility(VisibilityEvent(visible: shown)))) }
    allImagesDirty = true
  }

  /// A modal result closes the dialog or action sheet (the engine then removes it).
  mutating func closeModal(_ dialog: Int32, value: Int32) {
    guard let index = state.modalStack.lastIndex(of: dialog) else {
      return report(.modalResultWithoutModal, "modal result \(value) for \(dialog), which is not an open dialog or action sheet")
    }
    state.modalStack.remove(at: index)
    state.elements.update(dialog) { $0.modalResult = value }
    allImagesDirty = true
  }

  /// What a recorded platform event changes in the UI: the user typed, toggled, picked or paged.
  mutating func applyRecordedEvent(_ event: Event, to target: Int32) {
    switch event {
    case .value(let value):
      guard let slot = state.elements.slot(of: target) else { return }
      let kind = state.elements[slot: slot].kind
      if kind.isTextInput {
        state.elements[slot: slot].text = value.text
      } else if target == state.navigationView {
        setNavigationShown(value.value != 0, announce: false)
      } else if kind.isModal && state.modalStack.contains(target) {
        // The platform's answer to a dialog or action sheet is a ValueEvent to it (endModal).
        closeModal(target, value: value.value)
      } else {
        switch kind {
        case .switch, .checkbox, .picker, .pager, .flipperLayout, .radioGroup, .segmentedControl, .pageControl:
          state.elements[slot: slot].value = value.value
          if kind == .pager || kind == .flipperLayout { allImagesDirty = true }
        default: break
        }
      }
    case .visibility(let visibility):
      if target == state.navigationView { setNavigationShown(visibility.visible, announce: false) }
    default:
      break
    }
  }
}
