/// The fields of an element kept in its ``ElementExtras`` box.
///
/// Each reads its default while the element has no box; setting one to its default does not make
/// a box, and anything else makes one (or a copy of a shared one) first. Mutations in place
/// (`options.append`, `list?.rows = ...`) go through `_modify` and so change the box in place.
extension Element {
  /// The second text: a switch's off-label, an action bar's subtitle, a notification's body.
  public var secondaryText: String {
    get { extra(\.secondaryText) }
    set { setExtra(\.secondaryText, to: newValue, default: "") }
    _modify { yield &writableExtras()[keyPath: \ElementExtras.secondaryText] }
  }

  /// A count: a table layout's columns, a page control's pages.
  public var count: Int32 {
    get { extra(\.count) }
    set { setExtra(\.count, to: newValue, default: 0) }
    _modify { yield &writableExtras()[keyPath: \ElementExtras.count] }
  }

  /// The creation flags (password 1 or 16, numeric 32, ...).
  public var flags: UInt32 {
    get { extra(\.flags) }
    set { setExtra(\.flags, to: newValue, default: 0) }
    _modify { yield &writableExtras()[keyPath: \ElementExtras.flags] }
  }

  /// The error message of SET_ERROR, nil when there is none.
  public var error: String? {
    get { extra(\.error) }
    set { setExtra(\.error, to: newValue, default: nil) }
    _modify { yield &writableExtras()[keyPath: \ElementExtras.error] }
  }

  /// The options ADD_OPTION added, in order.
  public var options: [Option] {
    get { extra(\.options) }
    set { setExtra(\.options, to: newValue, default: []) }
    _modify { yield &writableExtras()[keyPath: \ElementExtras.options] }
  }

  /// Link texts CREATE_LINK added to a label.
  public var links: [String] {
    get { extra(\.links) }
    set { setExtra(\.links, to: newValue, default: []) }
    _modify { yield &writableExtras()[keyPath: \ElementExtras.links] }
  }

  /// List or grid content (list and grid views start with an empty one).
  public var list: ListContent? {
    get { extra(\.list) }
    set { setExtra(\.list, to: newValue, default: nil) }
    _modify { yield &writableExtras()[keyPath: \ElementExtras.list] }
  }

  /// Image sources and request (image views start with an empty one).
  public var image: ImageState? {
    get { extra(\.image) }
    set { setExtra(\.image, to: newValue, default: nil) }
    _modify { yield &writableExtras()[keyPath: \ElementExtras.image] }
  }

  /// The value that closed the element, for dialogs and action sheets.
  public var modalResult: Int32? {
    get { extra(\.modalResult) }
    set { setExtra(\.modalResult, to: newValue, default: nil) }
    _modify { yield &writableExtras()[keyPath: \ElementExtras.modalResult] }
  }

  /// A custom widget's kind, attributes and properties; nil for built-in kinds.
  public var widget: CustomWidget? {
    get { extra(\.widget) }
    set { setExtra(\.widget, to: newValue, default: nil) }
    _modify { yield &writableExtras()[keyPath: \ElementExtras.widget] }
  }

  /// A field of the box, or its default when there is none.
  @inline(__always)
  private func extra<Value>(_ field: KeyPath<ElementExtras, Value>) -> Value {
    (extras ?? ElementExtras.defaults)[keyPath: field]
  }

  /// Sets a field of the box, making no box for the field's default (which every CREATE_* sets
  /// most fields to: the default is spelled at the call, not read from ``ElementExtras/defaults``
  /// through the key path, which costs a hundred instructions a create).
  @inline(__always)
  private mutating func setExtra<Value: Equatable>(_ field: ReferenceWritableKeyPath<ElementExtras, Value>, to value: Value, default: Value) {
    if extras == nil && value == `default` { return }
    writableExtras()[keyPath: field] = value
  }

  /// The box, made unique first (created when there is none, copied when another element or a
  /// snapshot shares it).
  @inline(__always)
  private mutating func writableExtras() -> ElementExtras {
    if extras == nil {
      extras = ElementExtras()
    } else if !isKnownUniquelyReferenced(&extras) {
      extras = extras!.copy()
    }
    return extras!
  }
}
