import CommandCodec
import ConformanceTestee

/// Where the app's platform layer takes its time: a wall clock in the app (`Timer`), the
/// testee's virtual clock under `cmdtool conformance`.
protocol TimeSource {
  func every(_ milliseconds: Double, _ tick: @escaping () -> Void) -> AnyObject
}

/// A sketch of a UIKit platform layer: the engine's commands become views, the views' actions
/// become the engine's events. The app owns one; so does the testee (UIKitTestee.swift).
final class UIKitPlatform {
  /// What the views send to the engine (the app: the engine's `onEvent`).
  let send: (Event, Int32) -> Void
  let time: TimeSource
  private(set) var views: [Int32: UIView] = [:]
  private(set) var kinds: [Int32: String] = [:]
  private(set) var application: Int32?
  /// The view on screen: the window's root view controller's view (the first one; switching
  /// views and their history are left out of the sketch).
  private(set) var activeView: Int32?
  /// The running timers, by the view that owns them: they stop with it.
  private var timers: [Int32: [AnyObject]] = [:]

  init(time: TimeSource, send: @escaping (Event, Int32) -> Void) {
    self.time = time
    self.send = send
  }

  /// One command; false when it creates a kind this platform has no view for.
  func apply(_ c: Command) -> Bool {
    let id = c.childInternalId
    switch c.type {
    case .createApplication:
      application = id
      add(UIView(), id, kind: "application", under: nil)
    case .createFrameView:
      add(UIView(), id, kind: "frameView", under: c.internalId)
      if activeView == nil { activeView = id }
    case .createLinearLayout:
      let stack = UIStackView()
      stack.axis = c.value == 1 ? .vertical : .horizontal
      add(stack, id, kind: "linearLayout", under: c.internalId)
    case .createText:
      let label = UILabel()
      label.text = c.textValue
      add(label, id, kind: "text", under: c.internalId)
    case .createButton:
      let button = UIButton()
      button.title = c.textValue
      button.addAction { [unowned self] in send(.value(ValueEvent(value: 1)), id) }
      add(button, id, kind: "button", under: c.internalId)
    case .createSwitch:
      let toggle = UISwitch()
      toggle.isOn = c.value != 0
      toggle.addAction { [unowned self, unowned toggle] in send(.value(ValueEvent(value: toggle.isOn ? 1 : 0)), id) }
      add(toggle, id, kind: "switch", under: c.internalId)
    case .createTextField:
      let field = UITextField()
      field.text = c.textValue
      field.addAction { [unowned self, unowned field] in send(.value(ValueEvent(text: field.text ?? "")), id) }
      add(field, id, kind: "textField", under: c.internalId)
    case .createTimer:
      let owner = c.internalId
      timers[owner, default: []].append(time.every(Double(c.value)) { [unowned self] in send(.timer(TimerEvent(id: id)), owner) })
    case .setTextValue:
      switch views[c.internalId] {
      case let label as UILabel: label.text = c.textValue
      case let button as UIButton: button.title = c.textValue
      case let field as UITextField: field.text = c.textValue
      default: break
      }
    case .setIntValue: (views[c.internalId] as? UISwitch)?.isOn = c.value != 0
    case .setVisibility: views[c.internalId]?.isHidden = c.value == 0
    case .deleteElement: delete(c.internalId)
    default:
      // A CREATE of any other kind: no view for it. Anything else (styles, …) is left out here.
      if c.typeName.hasPrefix("CREATE_") { return false }
    }
    return true
  }

  private func add(_ view: UIView, _ id: Int32, kind: String, under parent: Int32?) {
    view.tag = Int(id)
    views[id] = view
    kinds[id] = kind
    if let parent { views[parent]?.addSubview(view) }
  }

  private func delete(_ id: Int32) {
    guard let view = views.removeValue(forKey: id) else { return }
    kinds[id] = nil
    timers[id] = nil  // dropping a timer stops it
    for child in view.subviews { delete(Int32(child.tag)) }
    view.removeFromSuperview()
  }
}
