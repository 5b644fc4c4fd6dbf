/// Limits a binary decoder enforces against hostile input, checked before anything is allocated.
public struct BinaryDecodingOptions: Sendable, Hashable {
  /// The longest record payload accepted, in bytes (64 MiB by default).
  public var maxRecordLength: Int
  /// The longest string or byte field accepted, in bytes (16 MiB by default).
  public var maxStringLength: Int
  /// The widget schema whose commands the trace may carry by code (docs/WIDGETS.md §6.1); nil
  /// reads built-in commands only and refuses a header that names a schema.
  public var widgets: WidgetSchema?

  public init(maxRecordLength: Int = 64 << 20, maxStringLength: Int = 16 << 20, widgets: WidgetSchema? = nil) {
    self.widgets = widgets
    self.maxRecordLength = maxRecordLength
    self.maxStringLength = maxStringLength
  }
}
