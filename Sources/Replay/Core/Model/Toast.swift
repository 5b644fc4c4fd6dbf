/// A toast on screen.
public struct Toast: Hashable, Sendable {
  /// The toast's sequence number in the session (toasts have no element id).
  public var number: Int
  public var text: String
  /// The element that showed it.
  public var from: Int32
  public var shownAt: Double
  public var expiresAt: Double

  /// How long a toast stays, from CREATE_TOAST's value, as Android has it: 1 is LENGTH_LONG
  /// (3500 ms), anything else (0, the engine's default, included) is LENGTH_SHORT (2000 ms).
  /// iOS ignores the value; the engine never documents a unit.
  public static func duration(forValue value: Int32) -> Double {
    value == 1 ? 3500 : 2000
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
