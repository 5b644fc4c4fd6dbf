import CommandCodec

/// What an element is: the widget a CREATE_* command makes.
public enum ElementKind: String, CaseIterable, Sendable, Comparable {
  case application
  case frameView
  case navigationView
  case openGLView
  case textField
  case textView
  case listView
  case gridView
  case button
  case `switch`
  case picker
  case linearLayout
  case frameLayout
  case eventLayout
  case scrollLayout
  case flipperLayout
  case tableLayout
  case autoColumnLayout
  case text
  case dialog
  case alertDialog
  case imageView
  case actionSheet
  case pager
  case checkbox
  case radioGroup
  case separator
  case slider
  case actionBar
  case searchBar
  case navigationBar
  case navigationBarItem
  case progressSpinner
  case notification
  case pageControl
  case segmentedControl
  /// A widget a schema declares (docs/WIDGETS.md); ``Element/widget`` says which and holds its values.
  case custom

  /// The kind a CREATE_* command makes, nil for commands that create no element.
  ///
  /// Names of older engine versions map to their current equivalent (CREATE_PROGRESSBAR is
  /// today's CREATE_PROGRESS_SPINNER, CREATE_TEXTLABEL and CREATE_HEADING_TEXT make text labels,
  /// ...); see docs/PROTOCOL.md.
  public init?(creating type: CommandType) {
    switch type {
    case .createApplication: self = .application
    case .createFrameView, .createFormView, .createBasicView: self = .frameView
    case .createNavigationView: self = .navigationView
    case .createOpenGLView, .createNativeOpenGLView: self = .openGLView
    case .createTextField: self = .textField
    case .createTextView: self = .textView
    case .createListView, .createSimpleListView: self = .listView
    case .createGridView: self = .gridView
    case .createButton: self = .button
    case .createSwitch: self = .switch
    case .createPicker: self = .picker
    case .createLinearLayout, .createProxyLayout: self = .linearLayout
    case .createFrameLayout, .createRelativeLayout, .createPanel: self = .frameLayout
    case .createEventLayout: self = .eventLayout
    case .createScrollLayout, .createScrollView: self = .scrollLayout
    case .createFlipperLayout: self = .flipperLayout
    case .createTableLayout: self = .tableLayout
    case .createAutoColumnLayout: self = .autoColumnLayout
    case .createText, .createTextLabel, .createHeadingText: self = .text
    case .createDialog: self = .dialog
    case .createAlertDialog: self = .alertDialog
    case .createImageView, .createImageElement: self = .imageView
    case .createActionSheet: self = .actionSheet
    case .createPager: self = .pager
    case .createCheckbox: self = .checkbox
    case .createRadioGroup: self = .radioGroup
    case .createSeparator: self = .separator
    case .createSlider: self = .slider
    case .createActionBar: self = .actionBar
    case .createSearchBar: self = .searchBar
    case .createNavigationBar: self = .navigationBar
    case .createNavigationBarItem: self = .navigationBarItem
    case .createProgressSpinner, .createProgressBar: self = .progressSpinner
    case .createNotification: self = .notification
    case .createPageControl: self = .pageControl
    case .createSegmentedControl: self = .segmentedControl
    default: return nil
    }
  }

  /// Whether elements of this kind hold child elements (layouts, views, bars, dialogs).
  public var canHaveChildren: Bool {
    switch self {
    case .application, .frameView, .navigationView, .openGLView, .listView, .gridView, .linearLayout,
      .frameLayout, .eventLayout, .scrollLayout, .flipperLayout, .tableLayout, .autoColumnLayout,
      .dialog, .alertDialog, .pager, .radioGroup, .actionBar, .navigationBar:
      return true
    case .textField, .textView, .button, .switch, .picker, .text, .imageView, .actionSheet,
      .checkbox, .separator, .slider, .searchBar, .navigationBarItem, .progressSpinner,
      .notification, .pageControl, .segmentedControl, .custom:
      return false
    }
  }

  /// Top-level views: children of the application, one of which is active at a time.
  public var isView: Bool { self == .frameView || self == .openGLView }

  /// Modal elements: shown on top of everything as soon as they are created.
  public var isModal: Bool { self == .dialog || self == .alertDialog || self == .actionSheet }

  /// Kinds whose text the user edits (a ValueEvent's text replaces theirs).
  public var isTextInput: Bool { self == .textField || self == .textView || self == .searchBar }

  public static func < (lhs: ElementKind, rhs: ElementKind) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Why a list of kinds cannot be read.
  public struct ListFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// A comma-separated list of kinds as snapshots name them (`pager,slider,textView`), for a
  /// testee's `lacks=` and `toplevel=` and `fuzz platform --kinds`; empty items are skipped.
  /// - Parameter allowed: the kinds the list may name (every kind when nil); a kind outside them
  ///   is named as "not one of" them.
  /// - Throws: ``ListFailure`` naming the first name that is not a kind (with the nearest one) or
  ///   not allowed.
  public static func list(parsing text: some StringProtocol, allowed: [ElementKind]? = nil) throws(ListFailure) -> Set<ElementKind> {
    var kinds: Set<ElementKind> = []
    for name in text.split(separator: ",") where !name.isEmpty {
      let kind = ElementKind(rawValue: String(name))
      if let allowed, kind.map(allowed.contains) != true {
        let names = allowed.map(\.rawValue)
        throw ListFailure(description: "\"\(name)\" is not one of \(names.joined(separator: ", "))\(Suggestion.hint(for: String(name), among: names))")
      }
      guard let kind else {
        let names = allCases.map(\.rawValue)
        throw ListFailure(description: "unknown element kind \"\(name)\"\(Suggestion.hint(for: String(name), among: names)); the kinds are \(names.joined(separator: ", "))")
      }
      kinds.insert(kind)
    }
    return kinds
  }
}
