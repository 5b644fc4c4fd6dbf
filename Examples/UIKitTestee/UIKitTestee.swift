import CommandCodec
import ConformanceTestee

/// The testee: the platform layer above, driven by the ConformanceTestee session. Taps and typing
/// go through the views' own actions, timers run on the session's virtual clock, and the state is
/// a walk of the view tree.
final class UIKitTestee: TesteePlatform, TimeSource {
  private var platform: UIKitPlatform!
  private var context: TesteeContext?

  func begin(_ context: TesteeContext) {
    self.context = context
    platform = UIKitPlatform(time: self) { event, target in context.send(event, to: target) }
  }

  func apply(_ command: Command, in context: TesteeContext) throws(TesteeRefusal) {
    guard platform.apply(command) else { throw .unsupported("no UIKit view for \(command.typeName)") }
  }

  func perform(_ action: TesteeAction, in context: TesteeContext) throws(TesteeRefusal) {
    switch action {
    case .tap(let id):
      guard let control = platform.views[id] as? UIControl, !(control is UITextField) else { throw .error("\(id) is no button or switch") }
      if let toggle = control as? UISwitch { toggle.isOn.toggle() }  // the touch flips it, then the action runs
      control.sendActions()
    case .type(let id, let text):
      guard let field = platform.views[id] as? UITextField else { throw .error("\(id) is no text field") }
      field.text = text
      field.sendActions()
    default:
      throw .unsupported("the sketch has no pickers, dialogs or back key")
    }
  }

  func report(into state: inout StateBuilder, in context: TesteeContext) {
    state.application = platform.application
    state.activeView = platform.activeView
    for (id, view) in platform.views.sorted(by: { $0.key < $1.key }) where view.superview == nil { walk(view, id: id, parent: nil, into: &state) }
  }

  private func walk(_ view: UIView, id: Int32, parent: Int32?, into state: inout StateBuilder) {
    var element = SnapshotElement(kind: platform.kinds[id]!)
    element.hidden = view.isHidden
    switch view {
    case let stack as UIStackView: element.value = stack.axis == .vertical ? 1 : 0
    case let label as UILabel: element.text = label.text ?? ""
    case let button as UIButton: element.text = button.title ?? ""
    case let toggle as UISwitch: element.value = toggle.isOn ? 1 : 0
    case let field as UITextField: element.text = field.text ?? ""
    default: break
    }
    state.add(id, element, parent: parent)
    for child in view.subviews { walk(child, id: Int32(child.tag), parent: id, into: &state) }
  }

  func reset() { platform = nil }

  /// The app's timers, on the virtual clock: each tick at its own instant.
  func every(_ milliseconds: Double, _ tick: @escaping () -> Void) -> AnyObject {
    let clock = context!.clock
    return Cancellable(clock, clock.repeating(every: milliseconds, from: clock.now) { _ in tick() })
  }

  /// A timer the platform drops (its owner deleted) cancels its clock item.
  final class Cancellable {
    let clock: TesteeClock, token: TesteeClock.Token
    init(_ clock: TesteeClock, _ token: TesteeClock.Token) { (self.clock, self.token) = (clock, token) }
    deinit { clock.cancel(token) }
  }
}
