/// What a conforming platform must keep of each element, per kind and part (docs/CONFORMANCE.md
/// §1.7): the reference model's state is a superset of what a platform keeps (it stores every
/// CREATE's t1, t2, v and flags on every kind, PROTOCOL.md §3.0), so a conformance case judges
/// only the parts the protocol defines for the element's kind. A platform that does not keep a
/// part the protocol does not ask of it is not wrong about it.
///
/// ```swift
/// KeptParts.keeping(.text, of: .frameView)   // .notJudged: a view shows no text
/// KeptParts.keeping(.text, of: .button)      // .required: its label
/// ```
public enum KeptParts {
  /// How much the protocol asks of a platform for one part.
  public enum Keeping: Int, Comparable, Sendable, CustomStringConvertible {
    /// The platform may keep it or not: not compared (but in Informational cases).
    case notJudged
    /// Compared in Recommended (and Profile and Informational) cases.
    case recommended
    /// Compared in every case.
    case required

    public static func < (a: Keeping, b: Keeping) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
      switch self {
      case .notJudged: return "not judged"
      case .recommended: return "Recommended"
      case .required: return "Required"
      }
    }
  }

  /// The parts of an element whose keeping depends on its kind. The others are judged on every
  /// kind, Required: `kind`, `parent`, `children` (`tree`), `hidden`, the `styles` of known keys
  /// (``StyleKeys/known``, as stored), a list's `list`, an image's `image`, a custom widget's
  /// `widget`.
  public enum Part: String, CaseIterable, Sendable {
    case text, secondaryText, links, value, count, modalResult, stopped, flags, options
    /// Whether SET_ERROR left an error on the element (``Element/error`` not nil), and the
    /// error's message (its text).
    case error, errorText
  }

  /// One line of the table: kinds that keep the same parts, and the protocol's reason.
  public struct Row: Sendable {
    public var kinds: [ElementKind]
    public var required: Set<Part>
    public var recommended: Set<Part>
    /// Why, from the protocol notes and PROTOCOL.md.
    public var why: String
  }

  /// The table (docs/CONFORMANCE.md §1.7 prints it): every kind is in exactly one row; a part a
  /// row does not name is not judged for its kinds.
  public static let table: [Row] = [
    Row(kinds: [.application], required: [], recommended: [.text], why: "t1 is the app's name, which a platform shows in its own form (a window title); t2 (the IAP key) and flag 128 configure billing, which shows nothing"),
    Row(kinds: [.frameView, .navigationView], required: [], recommended: [], why: "a view shows no text and has no value: its SET_INT_VALUE switches views (§2.4); CREATE_FRAMEVIEW and CREATE_NAVIGATIONVIEW carry no text"),
    Row(kinds: [.openGLView], required: [], recommended: [.text], why: "t1 is a title only Android's GL surface takes"),
    Row(kinds: [.textField, .textView], required: [.text, .error, .errorText], recommended: [.flags], why: "t1 is the initial contents, which SET_TEXT_VALUE and typing replace; SET_ERROR marks the input wrong, which every platform shows; flags 16 (password) and 32 (numeric) are honoured by Android's text field alone, GTK and iOS ignore them and no engine sets them; SET_INT_VALUE is focus, an action rather than state"),
    Row(kinds: [.listView, .gridView], required: [], recommended: [], why: "the content is `list`; flag 256 is Android's slider layout and SET_INT_VALUE the sheet to expand, which Android ignores"),
    Row(kinds: [.button], required: [.text], recommended: [.value], why: "t1 is the label; the selected state (SET_INT_VALUE) shows only on Android (its SELECTED style)"),
    Row(kinds: [.switch], required: [.value], recommended: [.text, .secondaryText], why: "v, SET_INT_VALUE and taps are its state; the on/off labels (t1, t2) are shown by Android and ignored by iOS and GTK"),
    Row(kinds: [.picker], required: [.value, .options], recommended: [], why: "ADD_OPTION adds its rows, the value is the selected row; CREATE_PICKER carries no text"),
    Row(kinds: [.linearLayout], required: [.value], recommended: [], why: "v is the direction"),
    Row(kinds: [.frameLayout, .eventLayout, .autoColumnLayout, .navigationBar, .separator, .slider], required: [], recommended: [], why: "their CREATE carries no text or value and nothing sets one"),
    Row(kinds: [.scrollLayout], required: [], recommended: [.value], why: "SET_INT_VALUE is the scroll offset, which only iOS applies"),
    Row(kinds: [.flipperLayout, .pager], required: [.value], recommended: [], why: "the value is the page shown"),
    Row(kinds: [.tableLayout], required: [], recommended: [.count], why: "v is the column count, which GTK's table honours and Android ignores"),
    Row(kinds: [.text], required: [.text], recommended: [.value, .links], why: "t1 is the label; the autolink and markdown bits (v) are honoured by iOS, partly by Android, not by GTK; CREATE_LINK adds links on Android and GTK, not on iOS"),
    Row(kinds: [.dialog, .alertDialog], required: [.text, .modalResult], recommended: [], why: "t1 is the title; the answer is the modal result; no engine adds options to a dialog"),
    Row(kinds: [.imageView], required: [], recommended: [], why: "t1, width and height are its sources (`image`), and its text stays empty"),
    Row(kinds: [.actionSheet], required: [.modalResult, .options], recommended: [.text], why: "ADD_OPTION adds its entries, the answer is the modal result; the title (t1) is shown by iOS, and Android's popup menu has none"),
    Row(kinds: [.checkbox], required: [.text, .value], recommended: [], why: "t1 is the label, the value whether it is checked"),
    Row(kinds: [.radioGroup, .segmentedControl], required: [.value, .options], recommended: [], why: "ADD_OPTION adds its choices, the value is the one chosen"),
    Row(kinds: [.actionBar], required: [.options], recommended: [.text, .secondaryText, .flags], why: "ADD_OPTION adds its buttons (GTK and Android both keep them); the title (t1) and subtitle (t2) are shown by iOS (GTK's header bar has its own title and puts SET_TEXT_VALUE's t1 in the subtitle, Android's bar shows neither), the back and save flags by iOS"),
    Row(kinds: [.searchBar], required: [.text], recommended: [], why: "its text is what the user typed; CREATE_SEARCHBAR carries none"),
    Row(kinds: [.navigationBarItem], required: [.text], recommended: [], why: "t1 is the label"),
    Row(kinds: [.progressSpinner], required: [], recommended: [.stopped], why: "STOP stops it on iOS; Android's spinner has no stop and GTK has no spinner; it has no text or value"),
    Row(kinds: [.notification], required: [.text, .secondaryText], recommended: [], why: "t1 is the title, t2 the text"),
    Row(kinds: [.pageControl], required: [.value, .count], recommended: [], why: "v and RESHAPE_TABLE are the page count, the value the page shown"),
    Row(kinds: [.custom], required: Set(Part.allCases), recommended: [], why: "its widget schema says what it keeps (WIDGETS.md)"),
  ]

  /// The least keeping of a part on every kind, whatever its row says: SET_ERROR on other kinds
  /// than the text inputs is the engine's to send and a platform's to show if it can.
  public static let everyKind: [Part: Keeping] = [.error: .recommended, .errorText: .recommended]

  private static let byKind: [ElementKind: Row] = Dictionary(uniqueKeysWithValues: table.flatMap { row in row.kinds.map { ($0, row) } })

  /// How much the protocol asks a platform to keep `part` of an element of `kind`.
  public static func keeping(_ part: Part, of kind: ElementKind) -> Keeping {
    guard let row = byKind[kind] else { return .required }
    let keeping: Keeping = row.required.contains(part) ? .required : row.recommended.contains(part) ? .recommended : .notJudged
    return max(keeping, everyKind[part] ?? .notJudged)
  }

  /// The kinds a platform may keep at the top level (a window of their own, the window's title
  /// bar) instead of under the parent their CREATE names, when it declares so (`toplevel=`).
  public static let topLevelKinds: [ElementKind] = [.dialog, .alertDialog, .actionSheet, .actionBar]
}
