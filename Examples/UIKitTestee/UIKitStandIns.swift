// Stand-ins for the few UIKit classes the sketch uses, so that it compiles and runs on Linux. On
// iOS, delete this file: the platform code compiles against UIKit itself (its `addAction(_:for:)`
// takes a `UIAction`, its timers are a `TimeSource` as below).

/// A view: a tag, subviews in order, hidden or not.
class UIView {
  var tag = 0
  var isHidden = false
  private(set) var subviews: [UIView] = []
  private(set) weak var superview: UIView?

  func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
  }

  func removeFromSuperview() {
    superview?.subviews.removeAll { $0 === self }
    superview = nil
  }
}

class UIStackView: UIView {
  enum Axis { case horizontal, vertical }  // NSLayoutConstraint.Axis in UIKit
  var axis = Axis.horizontal
}

class UILabel: UIView {
  var text: String?
}

/// A control: what its user's touches call (`addAction(_:for:)` in UIKit).
class UIControl: UIView {
  private var actions: [() -> Void] = []
  func addAction(_ action: @escaping () -> Void) { actions.append(action) }
  /// What a touch does: UIKit calls this when the user lifts the finger.
  func sendActions() { for action in actions { action() } }
}

class UIButton: UIControl {
  var title: String?
}

class UISwitch: UIControl {
  var isOn = false
}

class UITextField: UIControl {
  var text: String?
}
