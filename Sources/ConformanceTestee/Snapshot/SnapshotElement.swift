import CommandCodec

/// One element of a state snapshot (docs/STATE_FORMAT.md §3), as the platform reads it off its
/// widget. Every member but `kind` starts at its default, which the snapshot leaves out; set
/// only what the widget keeps and the testee reports (docs/CONFORMANCE.md §1.5).
///
/// The parent and the children are not set here: ``StateBuilder/add(_:_:parent:)`` records them.
public struct SnapshotElement: Hashable, Sendable {
  /// The kind's snapshot name: `button`, `textField`, `linearLayout`, …
  public var kind: String
  public var text = ""
  public var secondaryText = ""
  public var value: Int32 = 0
  public var count: Int32 = 0
  public var hidden = false
  /// SET_ERROR's message; `""` is an error without text, nil no error.
  public var error: String?
  public var flags: UInt32 = 0
  /// Styles by selector, each key → value as SET_STYLE sent it.
  public var styles: [StyleSelector: [String: String]] = [:]
  /// ADD_OPTION's options in order.
  public var options: [Option] = []
  public var links: [String] = []
  public var list = SnapshotList()
  public var image = SnapshotImage()
  public var stopped = false
  /// The answer that closed the dialog or action sheet.
  public var modalResult: Int32?
  /// A custom widget's member (docs/WIDGETS.md §6.3).
  public var widget: SnapshotWidget?

  public init(kind: String) {
    self.kind = kind
  }

  /// An ADD_OPTION: its id and label.
  public struct Option: Hashable, Sendable {
    public var id: Int32
    public var label: String
    public init(id: Int32, label: String) {
      self.id = id
      self.label = label
    }
  }

  /// Writes the compact object of §3, members in the table's order, defaults left out.
  func write(parent: Int32?, children: [Int32], into text: inout JSONText) {
    text.object { o in
      o.member("kind") { $0.string(kind) }
      if let parent { o.member("parent") { $0.int(parent) } }
      if !children.isEmpty { o.member("children") { $0.array(children) { $0.int($1) } } }
      if !self.text.isEmpty { o.member("text") { $0.string(self.text) } }
      if !secondaryText.isEmpty { o.member("secondaryText") { $0.string(secondaryText) } }
      if value != 0 { o.member("value") { $0.int(value) } }
      if count != 0 { o.member("count") { $0.int(count) } }
      if hidden { o.member("hidden") { $0.bool(true) } }
      if let error { o.member("error") { $0.string(error) } }
      if flags != 0 { o.member("flags") { $0.int(flags) } }
      let selectors = StyleSelector.allCases.filter { !(styles[$0] ?? [:]).isEmpty }
      if !selectors.isEmpty {
        o.member("styles") { text in
          text.object { o in
            for selector in selectors { o.member(selector.name) { SnapshotWriting.stringMap(styles[selector]!, into: &$0) } }
          }
        }
      }
      if !options.isEmpty {
        o.member("options") { text in
          text.array(options) { text, option in
            text.object { o in
              o.member("id") { $0.int(option.id) }
              o.member("label") { $0.string(option.label) }
            }
          }
        }
      }
      if !links.isEmpty { o.member("links") { $0.array(links) { $0.string($1) } } }
      if !list.isEmpty { o.member("list") { list.write(into: &$0) } }
      if !image.isEmpty { o.member("image") { image.write(into: &$0) } }
      if stopped { o.member("stopped") { $0.bool(true) } }
      if let modalResult { o.member("modalResult") { $0.int(modalResult) } }
      if let widget { o.member("widget") { widget.write(into: &$0) } }
    }
  }
}
