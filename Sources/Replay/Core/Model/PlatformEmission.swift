import CommandCodec

/// Something the platform does on its own, which replay reports and diff compares: an event it
/// sends to the engine (a timer tick, an image request, a drawer's visibility) or a toast expiring.
public struct PlatformEmission: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// An event the platform sends to `target`.
    case event(target: Int32, Event)
    /// A toast leaves the screen.
    case toastExpired(toast: Int, text: String)
    /// A hook a platform runs on its custom widget (created, a property, layout, displayable,
    /// destroyed): the lifecycle a platform's widget implementation sees (docs/WIDGETS.md §6.2).
    case widget(target: Int32, WidgetHook)
  }

  /// When, in milliseconds since the session started.
  public var time: Double
  /// The record being applied when it happened, or nil when the clock caused it between records.
  public var recordIndex: Int?
  public var kind: Kind
}
