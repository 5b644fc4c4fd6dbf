import CommandCodec
import ReplayCore

/// `--partial`: a platform shaped like Sometrik's GTK layer, which keeps only what it shows
/// (docs/CONFORMANCE.md §1.7, §5): no creation texts on kinds that show none, no value on kinds
/// that have none, no flags but a text input's and an action bar's, no options on a dialog or a
/// label, no style keys it does not know, no purchases; dialogs and the action bar are top-level
/// windows; the engine keeps the view history (HISTORY_GO_BACK does nothing); and 14 kinds have
/// no widget at all, so a CREATE of one is answered `unsupported`.
///
/// Like ``Bugs``, it rewrites what goes into the reference model. The lists below are this
/// platform's own, written from the protocol notes, not read from cmdtool's judging table.
struct Partial {
  /// The kinds GTK has no widget for (protocol notes §2, column GTK: "—").
  static let lacks: [ElementKind] = [.navigationView, .openGLView, .alertDialog, .actionSheet, .pager, .radioGroup, .separator, .slider,
                                     .searchBar, .navigationBarItem, .progressSpinner, .notification, .pageControl, .segmentedControl]
  /// Kept as windows of their own (a GtkDialog) or the window's title bar (a GtkHeaderBar).
  static let topLevel: [ElementKind] = [.dialog, .actionBar]

  /// The kinds that show t1 (and SET_TEXT_VALUE); an image's t1 is its source, read apart.
  private static let showsText: Set<ElementKind> = [.application, .textField, .textView, .button, .switch, .text, .dialog, .checkbox, .actionBar]
  private static let showsSecondText: Set<ElementKind> = [.switch, .actionBar]
  /// The kinds with an integer state (a table layout's v is its column count).
  private static let hasValue: Set<ElementKind> = [.button, .switch, .picker, .linearLayout, .scrollLayout, .flipperLayout, .tableLayout, .text, .checkbox]
  private static let hasFlags: Set<ElementKind> = [.textField, .textView, .actionBar]
  private static let hasOptions: Set<ElementKind> = [.picker, .actionBar]
  private static let purchases: Set<CommandType> = [.listProducts, .buyProduct, .listPurchases, .consumePurchase]

  /// What `commands` become on this platform, applied to `state` in order; or, at a CREATE of a
  /// kind it has no widget for, why it cannot go on.
  static func filter(_ commands: [Command], in state: UIState) -> Result<[Command], Unsupported> {
    var kinds: [Int32: ElementKind] = [:]
    func kind(_ id: Int32) -> ElementKind? { kinds[id] ?? state[id]?.kind }
    var carried: [Command] = []
    for var command in commands {
      let type = command.type
      if let created = ElementKind(creating: type) {
        if lacks.contains(created) { return .failure(Unsupported(kind: created)) }
        kinds[command.childInternalId] = created
        if !showsText.contains(created) && created != .imageView { command.textValue = "" }
        if !showsSecondText.contains(created) { command.textValue2 = "" }
        if !hasValue.contains(created) { command.value = 0 }
        if !hasFlags.contains(created) { command.flags = 0 }
        carried.append(command)
        continue
      }
      let target = kind(command.internalId)
      switch type {
      case .setTextValue where target.map { !showsText.contains($0) && $0 != .imageView } ?? false:
        continue
      case .setIntValue:
        // A view switch goes through; a value on what has none is dropped.
        if let target, target != .application, target != .frameView, !hasValue.contains(target) { continue }
        if target == .frameView && !(1...3).contains(command.value) { continue }
      case .addOption where target.map { !hasOptions.contains($0) } ?? false:
        continue
      case .setStyle where !StyleKeys.isKnown(command.textValue):
        continue
      case .historyGoBack:
        continue  // the engine keeps the history
      case _ where purchases.contains(type):
        continue
      default:
        break
      }
      carried.append(command)
    }
    return .success(carried)
  }

  /// The state it reports: dialogs and the action bar at the top level, no history.
  static func reported(_ state: UIState) -> UIState {
    state.judged(at: .notJudged, topLevel: Set(topLevel), historyInEngine: true)
  }

  struct Unsupported: Error {
    var kind: ElementKind
    var message: String { "the partial platform has no widget for \(kind.rawValue)" }
  }
}
