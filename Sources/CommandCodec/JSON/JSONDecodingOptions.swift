/// Limits a JSON Lines decoder enforces against hostile input, checked before anything is allocated.
public struct JSONDecodingOptions: Sendable, Hashable {
  /// The longest line accepted, in bytes (64 MiB by default); a longer one fails as soon as that
  /// many bytes have arrived without a newline.
  public var maxLineLength: Int
  /// The longest string accepted, in bytes as written (16 MiB by default).
  public var maxStringLength: Int
  /// How deeply objects and arrays may nest (the trace format itself needs 3).
  public var maxNestingDepth: Int
  /// Whether to skip fields the format does not define instead of failing on them.
  public var ignoreUnknownFields: Bool
  /// The widget schema whose commands the trace may carry by name (docs/WIDGETS.md §6.1); nil
  /// reads built-in commands only and refuses a header that names a schema.
  public var widgets: WidgetSchema?

  public init(
    maxLineLength: Int = 64 << 20, maxStringLength: Int = 16 << 20, maxNestingDepth: Int = 32,
    ignoreUnknownFields: Bool = false, widgets: WidgetSchema? = nil
  ) {
    self.widgets = widgets
    self.maxLineLength = maxLineLength
    self.maxStringLength = maxStringLength
    self.maxNestingDepth = maxNestingDepth
    self.ignoreUnknownFields = ignoreUnknownFields
  }
}
