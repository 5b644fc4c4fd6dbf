import CommandCodec
@testable import ReplayCore
import Testing

/// The invariant check finds each kind of broken state (so that the property tests, which expect
/// it to find nothing, test something).
@Suite("State invariants")
struct InvariantTests {
  /// Application 1, view 2 (active) holding layout 3 holding text 4, image 7 and list 8; dialog 5
  /// open; toast 1 and timer 6 running.
  static func sound() -> ReferenceModel {
    var model = screenModel(
      #"{"t":5,"batch":[{"type":"CREATE_TEXT","internalId":3,"childInternalId":4,"textValue":"Hi"},{"type":"CREATE_DIALOG","internalId":2,"childInternalId":5},{"type":"CREATE_TOAST","internalId":1,"textValue":"Saved"},{"type":"CREATE_TIMER","internalId":4,"childInternalId":6,"value":100}]}"#,
      #"{"t":250,"batch":[{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":7,"textValue":"https://x/p.png","width":10,"height":10},{"type":"CREATE_LISTVIEW","internalId":3,"childInternalId":8}]}"#)
    model.advance(to: 260)
    return model
  }

  static func invariants(_ state: UIState) -> [InvariantViolation.Invariant] { state.invariantViolations().map(\.invariant) }

  @Test("A sound state and model break nothing")
  func sound() {
    let model = Self.sound()
    expectClean(model)
    #expect(model.state.invariantViolations() == [])
    #expect(model.invariantViolations() == [])
  }

  @Test("Broken links: a parent that does not list its child, a child listed twice, a dead child, a dead parent")
  func links() {
    var state = Self.sound().state
    state.elements.update(3) { $0.children.removeAll { $0 == 4 } }
    #expect(Self.invariants(state) == [.parentLink])
    state = Self.sound().state
    state.elements.update(3) { $0.children.append(4) }
    #expect(Self.invariants(state) == [.parentLink])
    state = Self.sound().state
    state.elements.update(3) { $0.children.append(99) }
    #expect(Self.invariants(state) == [.childLink])
    state = Self.sound().state
    state.elements.update(4) { $0.parent = 99 }
    #expect(Set(Self.invariants(state)) == [.childLink, .parentLink])
  }

  @Test("A loop of parents is found although every link agrees")
  func cycle() {
    var state = Self.sound().state
    // 3 and 4 each the other's parent: cut 3 from the view and hang it under 4.
    state.elements.update(2) { $0.children.removeAll { $0 == 3 } }
    state.elements.update(3) { $0.parent = 4 }
    state.elements.update(4) { $0.children.append(3) }
    #expect(Self.invariants(state) == [.cycle])
  }

  @Test("Screens: the application, the active view, the history, the drawer, the modal stack")
  func screens() {
    var state = Self.sound().state
    state.activeView = 3
    state.history = [2, 99]
    state.navigationView = 4
    state.modalStack = [5, 4, 5]
    #expect(Self.invariants(state) == [.activeView, .history, .navigation, .modalStack, .modalStack])
    state = Self.sound().state
    state.applicationId = 2
    #expect(Set(Self.invariants(state)) == [.application])
  }

  @Test("A list or image view without its content")
  func content() {
    var state = Self.sound().state
    state.elements.update(8) { $0.list = nil }
    state.elements.update(7) { $0.image = nil }
    #expect(Self.invariants(state) == [.content, .content])
  }

  @Test("Toasts and timers out of time, and the model's clock and image registry out of step")
  func clock() {
    var model = Self.sound()
    model.state.toasts[0].expiresAt = 100
    model.state.timers[6]!.nextFire = 250
    #expect(Self.invariants(model.state) == [.toast, .timer])
    #expect(model.invariantViolations().map(\.invariant) == [.toast, .timer, .clock, .clock])
    model = Self.sound()
    model.state.timers[6] = nil
    #expect(model.invariantViolations().map(\.invariant) == [.clock])
    model = Self.sound()
    model.imageIds.insert(4)
    #expect(model.invariantViolations().map(\.invariant) == [.images])
  }
}
