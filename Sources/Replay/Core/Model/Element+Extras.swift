/// The fields of an element kept in its ``ElementExtras`` box.
///
/// Each reads its default while the element has no box; setting one to its default does not make
/// a box, and anything else makes one (or a copy of a shared one) first. Mutations in place
/// (`options.append`, `list?.rows = ...`) go through `_modify` and so change the box in place.
extension Element {
  /// The second text: a switch's off-label, an action bar's subtitle, a notification's body.
  public var secondaryText: String {
    _read {
      let box = extras ?? ElementExtras.defaults
      yield box.secondaryText
    }
    set {
      if extras == nil && newValue.isEmpty { return }
      writableExtras().secondaryText = newValue
    }
    _modify {
      let box = writableExtras()
      yield &box.secondaryText
    }
  }

  /// A count: a table layout's columns, a page control's pages.
  public var count: Int32 {
    _read {
      let box = extras ?? ElementExtras.defaults
      yield box.count
    }
    set {
      if extras == nil && newValue == 0 { return }
      writableExtras().count = newValue
    }
    _modify {
      let box = writableExtras()
      yield &box.count
    }
  }

  /// The creation flags (password 1 or 16, numeric 32, ...).
  public var flags: UInt32 {
    _read {
      let box = extras ?? ElementExtras.defaults
      yield box.flags
    }
    set {
      if extras == nil && newValue == 0 { return }
      writableExtras().flags = newValue
    }
    _modify {
      let box = writableExtras()
      yield &box.flags
    }
  }

  /// The error message of SET_ERROR, nil when there is none.
  public var error: String? {
    _read {
      let box = extras ?? ElementExtras.defaults
      yield box.error
    }
    set {
      if extras == nil && newValue == nil { return }
      writableExtras().error = newValue
    }
    _modify {
      let box = writableExtras()
      yield &box.error
    }
  }

  /// The options ADD_OPTION added, in order.
  public var options: [Option] {
    _read {
      let box = extras ?? ElementExtras.defaults
      yield box.options
    }
    set {
      if extras == nil && newValue.isEmpty { return }
      writableExtras().options = newValue
    }
    _modify {
      let box = writableExtras()
      yield &box.options
    }
  }

  /// Link texts CREATE_LINK added to a label.
  public var links: [String] {
    _read {
      let box = extras ?? ElementExtras.defaults
      yield box.links
    }
    set {
      if extras == nil && newValue.isEmpty { return }
      writableExtras().links = newValue
    }
    _modify {
      let box = writableExtras()
      yield &box.links
    }
  }

  /// List or grid content (list and grid views start with an empty one).
  public var list: ListContent? {
    _read {
      let box = extras ?? ElementExtras.defaults
      yield box.list
    }
    set {
      if extras == nil && newValue == nil { return }
      writableExtras().list = newValue
    }
    _modify {
      let box = writableExtras()
      yield &box.list
    }
  }

  /// Image sources and request (image views start with an empty one).
  public var image: ImageState? {
    _read {
      let box = extras ?? ElementExtras.defaults
      yield box.image
    }
    set {
      if extras == nil && newValue == nil { return }
      writableExtras().image = newValue
    }
    _modify {
      let box = writableExtras()
      yield &box.image
    }
  }

  /// The value that closed the element, for dialogs and action sheets.
  public var modalResult: Int32? {
    _read {
      let box = extras ?? ElementExtras.defaults
      yield box.modalResult
    }
    set {
      if extras == nil && newValue == nil { return }
      writableExtras().modalResult = newValue
    }
    _modify {
      let box = writableExtras()
      yield &box.modalResult
    }
  }

  /// A custom widget's kind, attributes and properties; nil for built-in kinds.
  public var widget: CustomWidget? {
    _read {
      let box = extras ?? ElementExtras.defaults
      yield box.widget
    }
    set {
      if extras == nil && newValue == nil { return }
      writableExtras().widget = newValue
    }
    _modify {
      let box = writableExtras()
      yield &box.widget
    }
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
