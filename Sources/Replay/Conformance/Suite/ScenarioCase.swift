import CommandCodec
import ReplayCore

/// A recorded session as one conformance case: its command batches as the engine sent them, its
/// recorded user input as actions the testee performs, at the recorded times.
public enum ScenarioCase {
  /// The case `Required.Scenario.<Name>` for a trace's header and records.
  ///
  /// Recorded events become the actions that send them (a ValueEvent with text to a text input is
  /// typing, a ValueEvent to a switch is a tap, a modal result is a choice, SysEvent BACK is the
  /// back key, …), replayed on the model as the case is built, so each action applies to what is
  /// on screen then. Events no action sends (lifecycle, scrolling, what the platform sends on its
  /// own) and markers are left out: the testee's clock produces the platform's own events. An
  /// `advance` marker is time passing.
  ///
  /// - Parameters:
  ///   - name: the trace's name without extension (`login`), made a name component.
  ///   - widgets: the schema the trace was read with, for a header that names one: the case's
  ///     custom commands are played with it, and its header names it to the testee.
  /// - Throws: the model's ``ClockOverrun`` for a trace whose timers would fire without end
  ///   (docs/PROTOCOL.md §2.1): the testee's clock would run as long.
  ///   - file: the trace's path, which the case names as its reference (`traces/NAME` without).
  public static func make(name: String, header: TraceHeader, records: [TraceRecord], widgets: WidgetSchema? = nil, file: String? = nil) throws(ClockOverrun) -> ConformanceCase {
    let widgets = header.widgets == nil ? nil : widgets
    var model = ReferenceModel(header: header, widgets: widgets)
    var steps: [CaseStep] = []
    var lastTime: Double = 0
    for (index, record) in records.enumerated() {
      let time = max(record.time, lastTime)
      lastTime = time
      switch record.body {
      case .batch(let commands):
        steps.append(CaseStep(at: time, .commands(commands)))
        model.apply(TraceRecord(time: time, .batch(commands)), index: index)
      case .event, .modalResult:
        model.advance(to: time)
        guard let action = action(for: record, in: model.state), let sent = try? action.record(at: time, in: model.state) else { continue }
        steps.append(CaseStep(at: time, .act(action)))
        model.apply(sent, index: index)
      case .marker("advance", _):
        // Time passing on its own, as saved cases write it (``CaseExpectation/traceRecords``).
        steps.append(CaseStep(at: time, .advance))
        model.advance(to: time)
      case .marker:
        continue
      }
      if let overrun = model.clockOverrun { throw overrun }
    }
    let tier: ConformanceTier = header.creator == fuzzCreator ? .recommended : .required
    var testCase = ConformanceCase(name: caseName(for: name, tier: tier), summary: "the recorded session \(name), as a whole", reference: file ?? "traces/\(name)", header: header, steps: steps, about: .tree)
    testCase.widgets = widgets
    return testCase
  }

  /// The creator of the traces `fuzz platform` saves. Such a trace is a case of the Recommended
  /// tier, as the campaign judged it (docs/CONFORMANCE.md §4): replayed as Required, a divergence
  /// in a part only Recommended cases judge would pass.
  public static let fuzzCreator = "cmdtool fuzz platform"

  /// `Required.Scenario.LoginChanged` for `login-changed` (in `tier`).
  public static func caseName(for name: String, tier: ConformanceTier = .required) -> String {
    let component = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return tier.rawValue + ".Scenario." + (component.isEmpty ? "Trace" : component)
  }

  /// The name of a trace file without its folder and extensions (`traces/login.jsonl` → `login`).
  public static func name(ofFile path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.split(separator: ".").first.map(String.init) ?? file
  }

  /// The case name a trace file gets (in `tier`).
  public static func caseName(forFile path: String, tier: ConformanceTier = .required) -> String { caseName(for: name(ofFile: path), tier: tier) }

  /// The action that sends `record` in `state`, nil when no user's action does.
  static func action(for record: TraceRecord, in state: UIState) -> UserAction? {
    if let named = widgetEvent(for: record, in: state) { return named }
    switch record.body {
    case .modalResult(let dialog, let value):
      return .choose(dialog, option: value)
    case .event(let target, .sys(let event)) where event.type == 3:
      return target == (state.applicationId ?? 0) ? .back : nil
    case .event(let target, .value(let event)):
      guard let element = state.elements[target] else { return nil }
      if element.kind.isTextInput { return .type(target, text: event.text) }
      if UserAction.selectableKinds.contains(element.kind) { return .select(target, index: event.value) }
      if element.kind.isModal { return state.modalStack.contains(target) ? .choose(target, option: event.value) : nil }
      // A tap sends what the element's kind sends; a recorded value that differs is not a tap.
      let tap = UserAction.tap(target)
      guard let sent = try? tap.record(at: record.time, in: state), case .event(_, .value(let tapped)) = sent.body, tapped.value == event.value, event.text.isEmpty else { return nil }
      return tap
    default:
      return nil
    }
  }

  /// A recorded event of a custom widget that its schema declares: the tap when a plain tap sends
  /// exactly it, else (a long press, a slider's drag) the `event` request that sends exactly it;
  /// nil for any other record, or one neither reproduces (a prose field at another value).
  private static func widgetEvent(for record: TraceRecord, in state: UIState) -> UserAction? {
    guard case .event(let target, let event) = record.body, let element = state.elements[target], let kind = element.widget?.kind,
      let declared = state.widgets?.widget(named: kind)?.events.first(where: { $0.matches(event) })
    else { return nil }
    // Exactly the click (a slider's TouchEvent at its first payloads too): a tap.
    if let tapped = try? UserAction.tap(target).record(at: record.time, in: state), tapped.body == record.body { return .tap(target) }
    var payloads: [String: String] = [:]
    for (field, payload) in declared.payloads {
      guard let text = event.fieldText(field) else { return nil }
      payloads[payload.name] = payload.textForm(wire: text)
    }
    let action = UserAction.widgetEvent(target, name: declared.name, payloads: payloads)
    guard let sent = try? action.record(at: record.time, in: state), sent.body == record.body else { return nil }
    return action
  }
}
