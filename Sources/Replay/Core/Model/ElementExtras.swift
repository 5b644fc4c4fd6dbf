/// The fields of an ``Element`` that only some kinds or rare commands set, in one box.
///
/// The element owns its box copy-on-write: it mutates the box only after checking that it holds
/// the only reference, and copies it otherwise (Element+Extras.swift). So a box is never written
/// while another element, or a snapshot of the model, can see it, which is what makes it safe to
/// send (`@unchecked Sendable`).
final class ElementExtras: Equatable, @unchecked Sendable {
  var secondaryText = ""
  var count: Int32 = 0
  var flags: UInt32 = 0
  var error: String?
  var options: [Element.Option] = []
  var links: [String] = []
  var list: ListContent?
  var image: ImageState?
  var modalResult: Int32?
  var widget: CustomWidget?

  /// What an element without a box reads: every field at its default. Never written.
  static let defaults = ElementExtras()

  init(list: ListContent? = nil, image: ImageState? = nil) {
    self.list = list
    self.image = image
  }

  /// A box of its own with the same fields.
  func copy() -> ElementExtras {
    let copy = ElementExtras(list: list, image: image)
    copy.secondaryText = secondaryText
    copy.count = count
    copy.flags = flags
    copy.error = error
    copy.options = options
    copy.links = links
    copy.modalResult = modalResult
    copy.widget = widget
    return copy
  }

  /// The same fields (the plain ones first, so that two different boxes usually part early).
  static func == (x: ElementExtras, y: ElementExtras) -> Bool {
    if x === y { return true }
    return x.count == y.count && x.flags == y.flags && x.modalResult == y.modalResult && x.secondaryText == y.secondaryText
      && x.error == y.error && x.options == y.options && x.links == y.links && x.list == y.list && x.image == y.image
      && x.widget == y.widget
  }
}
