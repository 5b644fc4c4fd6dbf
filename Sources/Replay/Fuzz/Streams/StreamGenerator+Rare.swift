import CommandCodec
import ReplayCore

/// Rare steps: what the engine's habits make rare (a command a session sends once if at all, an
/// edge value of a common one) sent on purpose, one case after the other, one step every
/// ``rareEvery`` commands, so that a short campaign holds every one (docs/FUZZING.md, "Rare
/// cases"). Before them, SET_ERROR with an empty text came 3 times in 80,768 commands.
extension StreamGenerator {
  /// How many rare cases there are (``rareCase(_:)``).
  static let rareCaseCount = 24
  /// Commands between two rare steps.
  static let rareEvery = 60

  /// The stream's next rare case: from ``Configuration/rareOffset`` (or one drawn from the seed),
  /// then in turn.
  mutating func rareStep() {
    let index = (rareStart + rareSent) % Self.rareCaseCount
    rareSent += 1
    rareCase(index)
    commit()
  }

  /// Sends rare case `index` (0 ..< ``rareCaseCount``) into the batch; one the state offers no
  /// place for (no element of the kind it needs) is an update burst instead.
  mutating func rareCase(_ index: Int) {
    // Never a custom widget: its schema decides what a built-in setter does to it.
    let target = walks(from: front ?? application).first(in: tree, where: { $1 != .custom }) ?? front ?? application
    switch index {
    case 0: send(Command(.setError, internalId: target, value: 1, textValue: ""))  // StreamEdge.emptyError
    case 1: send(Command(.setError, internalId: target, value: 1, textValue: StreamText.odd[random.below(StreamText.odd.count)]))
    case 2: send(Command(.setTextValue, internalId: target, textValue: ""))  // StreamEdge.emptyText
    case 3: send(Command(.setTextValue, internalId: target, textValue: StreamText.huge))  // StreamEdge.hugeText
    case 4:
      // StreamEdge.integerEdge, to what shows a value (a view would take it as a switch).
      guard let element = element(of: [.button, .checkbox, .switch, .picker], making: .button) else { return update(target) }
      send(Command(.setIntValue, internalId: element, value: random.chance(50) ? .max : .min))
    case 5: send(Command(.setStyle, internalId: target, value: Int32(1 + random.below(5)), textValue: "color", textValue2: "#2a6df4"))
    case 6: send(Command(.createToast, internalId: application, value: [2, -1, 9, .max][random.below(4)], textValue: text()))  // StreamEdge.oddToastDuration
    case 7:
      // StreamEdge.emptyPreference: the key deleted by an empty value, then committed.
      send(Command(.updatePreference, internalId: application, textValue: StreamText.preferenceKeys[random.below(StreamText.preferenceKeys.count)], textValue2: ""))
      send(Command(.commitPreferences, internalId: application))
    case 8:
      // StreamEdge.olderName: a row created under a name only older engines send.
      guard let container = walks(from: front ?? application).first(in: tree, where: { isPlainContainer($0, $1) }) else { return update(target) }
      let older: [(ElementKind, CommandType)] = [
        (.text, .createTextLabel), (.text, .createHeadingText), (.linearLayout, .createProxyLayout), (.frameLayout, .createPanel),
        (.scrollLayout, .createScrollView), (.listView, .createSimpleListView), (.imageView, .createImageElement), (.progressSpinner, .createProgressBar),
      ].filter { creates($0.0) }
      guard let (kind, type) = pick(older) else { return update(target) }
      create(kind, under: container, as: type)
    case 9:
      // CREATE_OPENGL_VIEW: a screen of its own.
      guard creates(.openGLView), screens.count < configuration.screens + 1 else { return update(target) }
      sendScreen(openGL: true)
    case 10 ... 15: obscure(index - 10)  // HISTORY_GO_BACK, the purchase commands, QUIT_APP
    case 16 ... 19: request(index - 16)  // LAUNCH_BROWSER, SHARE_LINK, SELECT_FROM_GALLERY, SHOW_NETWORK_ACTIVITY
    case 20:
      guard let spinner = element(of: [.progressSpinner], making: .progressSpinner) else { return update(target) }
      send(Command(.stop, internalId: spinner))
    case 21:
      guard let list = element(of: [.listView, .gridView], making: .listView) else { return update(target) }
      send(Command(.reshapeTable, internalId: list, value: Int32(random.below(3))))
    case 22:
      guard let image = element(of: [.imageView], making: .imageView) else { return update(target) }
      send(Command(.release, internalId: image))
    default:
      // CREATE_ALERT_DIALOG, which dialogs use one time in a hundred.
      guard creates(.alertDialog) else { return update(target) }
      openModal(.alertDialog)
    }
  }

  /// An element of one of `kinds` on the screen in front, else one of kind `making` created in a
  /// plain container there (its CREATE in the same batch); nil when there is neither.
  mutating func element(of kinds: [ElementKind], making kind: ElementKind) -> Int32? {
    let root = front ?? application
    if let found = walks(from: root, 16).first(in: tree, where: { kinds.contains($1) }) { return found }
    guard creates(kind), let container = walks(from: root).first(in: tree, where: { isPlainContainer($0, $1) }) else { return nil }
    return create(kind, under: container)
  }
}
