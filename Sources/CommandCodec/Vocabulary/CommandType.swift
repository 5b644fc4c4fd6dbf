/// The type of a ``Command``: one enumerator of the engine's `Command::Type`, current or historical.
///
/// The raw value is the toolkit's own stable code (the `cmdtool-1` code table of
/// `docs/BINARY_FORMAT.md`). Codes 0–72 equal the engine's numbering since 2018-11-28; names that
/// older engine versions used follow from 73 on. The table is append-only: a code, once given,
/// never changes meaning, whatever the engine does to its enum next. JSON carries ``name`` instead.
///
/// One more case, ``custom``, stands for every command a widget schema adds (docs/WIDGETS.md): its
/// name is the command's ``Command/customType``. It is not in ``allCases`` (which lists the
/// protocol's own vocabulary) and has no name or code of its own in any numbering.
public enum CommandType: UInt8, CaseIterable, Hashable, Sendable {
  // The engine's current enum (include/Command.h since 2018-11-28), in its order.
  case createApplication = 0
  case createFrameView
  case createNavigationView
  case createOpenGLView
  case createTextField
  case createTextView
  case createListView
  case createGridView
  case createButton
  case createSwitch
  case createPicker  // 10
  case createLinearLayout
  case createFrameLayout
  case createEventLayout
  case createScrollLayout
  case createFlipperLayout
  case createTableLayout
  case createAutoColumnLayout
  case createText
  case createLink
  case createDialog  // 20
  case createAlertDialog
  case createImageView
  case createActionSheet
  case createPager
  case createCheckbox
  case createRadioGroup
  case createSeparator
  case createSlider
  case createActionBar
  case createSearchBar  // 30
  case createNavigationBar
  case createNavigationBarItem
  case createProgressSpinner
  case createToast
  case createNotification
  case createPageControl
  case createSegmentedControl
  case deleteElement
  case removeChild
  case reorderChild  // 40
  case launchBrowser
  case historyGoBack
  case clear
  case release
  case setIntValue
  case setTextValue
  case setIntData
  case setTextData
  case setVisibility
  case setShape  // 50
  case setStyle
  case setError
  case addImageURL
  case flushView
  case updatePreference
  case deletePreference
  case commitPreferences
  case addOption
  case addSheet
  case addColumn  // 60
  case reshapeTable
  case reshapeSheet
  case stop
  case quitApp
  case createTimer
  case listProducts
  case buyProduct
  case listPurchases
  case consumePurchase
  case shareLink  // 70
  case selectFromGallery
  case showNetworkActivity  // 72

  // Names only older engine versions used (protocol notes §2.1), appended in a fixed order.
  case createProgressBar = 73
  case toggleMenu
  case setBackButtonVisibility
  case historyGoForward
  case showView
  case show
  case createFormView
  case createNativeOpenGLView  // 80
  case createTextLabel
  case createImageElement
  case requestRedraw
  case showMessageDialog
  case showInputDialog
  case postNotification
  case setValue
  case setLabel
  case setAttribute
  case setCaption  // 90
  case deleteTimer
  case createPlatform
  case showActionSheet
  case setUserId
  case createScrollView
  case createHeadingText
  case setEnabled
  case createBasicView
  case setReadOnly
  case createSimpleListView  // 100
  case setImage
  case showDialog
  case endModal
  case createRelativeLayout
  case createPanel
  case createProxyLayout
  case showModal  // 107

  /// A command a widget schema declares (`CREATE_PIE_CHART`); ``Command/customType`` names it.
  ///
  /// Never written as itself: JSON carries the custom name, binary the schema's code (1000–1999).
  case custom = 108

  /// The built-in types, current and historical, in raw-value order; not ``custom``.
  public static let allCases: [CommandType] = (0...CommandType.showModal.rawValue).map { CommandType(rawValue: $0)! }

  /// The number of raw values, ``custom`` included: the size of tables indexed by raw value.
  static let rawValueCount = Int(CommandType.custom.rawValue) + 1

  /// Whether the engine's current enum still has this type (false for names of older versions).
  public var isCurrent: Bool { rawValue <= CommandType.showNetworkActivity.rawValue }

  /// Whether this type creates an element whose id is `childInternalId`, under `internalId`.
  ///
  /// CREATE_TOAST, CREATE_TIMER and CREATE_LINK are not element creations: a toast and a timer get no
  /// element, and CREATE_LINK targets the label it decorates.
  public var createsElement: Bool {
    switch self {
    case .createToast, .createTimer, .createLink, .custom: return false
    default: return name.utf8.starts(with: "CREATE_".utf8)
    }
  }
}
