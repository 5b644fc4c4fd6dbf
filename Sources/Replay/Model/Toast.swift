/// A toast on screen.
public struct Toast: Hashable, Sendable {
  /// The toast's sequence number in the session (toasts have no element id).
  public var number: Int
  public var text: String
  /// The element that showed it.
  public var from: Int32
  public var shownAt: Double
  public var expiresAt: Double

  /// How long a toast stays, from CREATE_TOAST's value: 0 is short (2000 ms), 1 is long
  /// (3500 ms), as Android's LENGTH_SHORT and LENGTH_LONG; any other positive value is that many
  /// milliseconds; a negative value counts as 0.
  public static func duration(forValue value: Int32) -> Double {
    switch value {
    case ...0: return 2000
    case 1: return 3500
    default: return Double(value)
    }
  }
}

/// A running timer.
public struct ModelTimer: Hashable, Sendable {
  public var id: Int32
  /// The element that created it; TimerEvents go to it, and the timer stops when it is deleted.
  public var owner: Int32
  /// The interval in milliseconds.
  public var interval: Double
  public var createdAt: Double
  /// When it fires next.
  public var nextFire: Double
  /// How many times it has fired.
  public var fireCount: Int
}
