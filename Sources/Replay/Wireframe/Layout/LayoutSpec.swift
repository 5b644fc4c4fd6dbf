/// What a parent allows a child's width or height to be, as Android's `MeasureSpec`: exactly a
/// size, at most a size, or anything.
struct LayoutSpec: Hashable {
  enum Mode: Hashable {
    case exactly, atMost, unbounded
  }

  var mode: Mode
  var value: Double

  static func exactly(_ value: Double) -> LayoutSpec { LayoutSpec(mode: .exactly, value: max(0, value)) }
  static func atMost(_ value: Double) -> LayoutSpec { LayoutSpec(mode: .atMost, value: max(0, value)) }
  static let unbounded = LayoutSpec(mode: .unbounded, value: 0)

  /// The largest size allowed, nil when unbounded.
  var limit: Double? { mode == .unbounded ? nil : value }

  var isExact: Bool { mode == .exactly }

  /// The size of a box whose content wants `wanted`.
  func resolve(_ wanted: Double) -> Double {
    switch mode {
    case .exactly: return value
    case .atMost: return min(wanted, value)
    case .unbounded: return wanted
    }
  }

  /// The spec with `amount` taken off (padding, border, margins), never below 0.
  func shrunk(by amount: Double) -> LayoutSpec {
    mode == .unbounded ? self : LayoutSpec(mode: mode, value: max(0, value - amount))
  }

  /// The spec with the size capped at `maximum` (a `max-width`).
  func capped(at maximum: Double?) -> LayoutSpec {
    guard let maximum else { return self }
    switch mode {
    case .exactly, .atMost: return LayoutSpec(mode: mode, value: min(value, maximum))
    case .unbounded: return .atMost(maximum)
    }
  }

  /// What a child whose style asks for `length` gets inside this content spec, its margins
  /// `margins` taken off: a fixed size exactly; match-parent all the room there is (exactly, so
  /// that a parent wrapping its content grows to its limit); wrap-content at most the room.
  func child(_ length: StyleLength, margins: Double) -> LayoutSpec {
    switch length {
    case .points(let points): return .exactly(points)
    case .matchParent: return limit.map { .exactly($0 - margins) } ?? .unbounded
    case .wrapContent: return limit.map { .atMost($0 - margins) } ?? .unbounded
    }
  }
}
