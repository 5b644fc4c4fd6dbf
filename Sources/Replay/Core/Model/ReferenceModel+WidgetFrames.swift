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
  mutating func logWidgetFrames() {
    guard let probe = options.layout, let widgets = state.widgets else { return }
    let frames = probe.frames(in: state, viewport: viewport)
    for id in customElements.sorted() {
      guard let frame = frames[id], widgetFrames[id] != frame else { continue }
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
    case (let low?, let high?): rule = "\(Format.number(low))–\(Format.number(high))"
    case (let low?, nil): rule = "at least \(Format.number(low))"
    case (nil, let high?): rule = "at most \(Format.number(high))"
    case (nil, nil): return nil
    }
    return "\(Format.number(given)) \(axis); its rule is \(rule), drawn \(Format.number(drawn))"
  }
}
