import CommandCodec

/// Custom widgets' frames (docs/WIDGETS.md §7.1): what the layout gives each widget, logged as
/// CWIWidget's `setWidgetViewFrame:` would receive it, and the size rules it breaks.
extension ReferenceModel {
  /// After a record: asks ``Options/layout`` for the widgets' frames, logs `frame` for each that
  /// changed, and reports `widget-size` (a note: the platform draws it clamped) when the size the
  /// layout offered a widget breaks its rules, once per offered size.
  ///
  /// A widget the layout does not lay out (not displayable, hidden, off screen) keeps its last
  /// frame: nothing is logged until it is laid out again.
  ///
  /// The screen is laid out anew only when the probe cannot tell that its last layout holds:
  /// after a record that changed only elements whose boxes keep their size (a label's new text
  /// of the same length), every frame is where it was, and nothing is logged.
  mutating func logWidgetFrames() {
    guard let probe = options.layout, let widgets = state.widgets else { return }
    if !state.elements.tracksChanges {
      state.elements.tracksChanges = true  // a probe given after the model was made
      widgetLayout = nil
    }
    let changed = state.elements.takeChanges()
    let screen = WidgetLayoutScreen(state, viewport: viewport)
    if let last = widgetLayout, let changed, last.screen == screen, probe.holds(last.memo, changed: changed, in: state, viewport: viewport) {
      return
    }
    let (frames, memo) = probe.layout(state, viewport: viewport)
    widgetLayout = memo.map { ($0, screen) }
    for id in customElements.sorted() {
      guard let frame = frames[id]?.rounded, widgetFrames[id] != frame else { continue }
      let old = widgetFrames[id]
      widgetFrames[id] = frame
      if old.map({ $0.x != frame.x || $0.y != frame.y || $0.width != frame.width || $0.height != frame.height }) ?? true {
        emit(.widget(target: id, .frame(x: frame.x, y: frame.y, width: frame.width, height: frame.height)))
      }
      guard old.map({ $0.givenWidth != frame.givenWidth || $0.givenHeight != frame.givenHeight }) ?? true,
        let kind = state.elements.read(id, { $0.widget?.kind }).flatMap({ $0 }),
        let rules = widgets.widget(named: kind)?.size
      else { continue }
      let broken = [
        Self.sizeProblem(frame.givenWidth, drawn: frame.width, rules.minWidth, rules.maxWidth, axis: "wide"),
        Self.sizeProblem(frame.givenHeight, drawn: frame.height, rules.minHeight, rules.maxHeight, axis: "high"),
      ].compactMap { $0 }
      if !broken.isEmpty {
        report(.widgetSize, "\(kind) \(id) was given \(broken.joined(separator: " and "))")
      }
    }
    widgetFrames = widgetFrames.filter { customElements.contains($0.key) }
  }

  /// `420 wide; its rule is 320–400, drawn 400` when `given` lies outside `minimum`…`maximum`;
  /// nil when within (or not a number: a hostile offer sizes nothing).
  static func sizeProblem(_ given: Double, drawn: Double, _ minimum: Double?, _ maximum: Double?, axis: String) -> String? {
    guard given.isFinite, given < (minimum ?? -.infinity) || given > (maximum ?? .infinity) else { return nil }
    let rule: String
    switch (minimum, maximum) {
    case (let low?, let high?): rule = "\(Format.length(low))–\(Format.length(high))"
    case (let low?, nil): rule = "at least \(Format.length(low))"
    case (nil, let high?): rule = "at most \(Format.length(high))"
    case (nil, nil): return nil
    }
    return "\(Format.length(given)) \(axis); its rule is \(rule), drawn \(Format.length(drawn))"
  }
}

/// What a layout depends on besides the elements' contents: the layers drawn (the active view,
/// the drawer, the modals, each with whether it is visible) and the screen's size.
struct WidgetLayoutScreen: Equatable, Sendable {
  var activeView: Int32?
  var isActiveViewVisible: Bool
  var navigationView: Int32?
  var isNavigationShown: Bool
  var modalStack: [Int32]
  var modalsVisible: [Bool]
  var viewport: Viewport?

  init(_ state: UIState, viewport: Viewport?) {
    activeView = state.activeView
    isActiveViewVisible = state.activeView.flatMap { state.elements.read($0) { $0.isVisible } } ?? false
    navigationView = state.navigationView
    isNavigationShown = state.isNavigationShown
    modalStack = state.modalStack
    modalsVisible = state.modalStack.map { state.elements.read($0) { $0.isVisible } ?? false }
    self.viewport = viewport
  }
}
