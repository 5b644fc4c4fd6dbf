import CommandCodec
import ReplayCore
import ReplayLive

/// The engine monkey: a ``StepSource`` that chooses each step at random among what a user could
/// do on the screen the engine shows now (Android's UI/Application Exerciser Monkey, steered by
/// ``Guidance`` towards screens not seen yet), and checks the rules and invariants after each.
///
/// Seeded: the same seed, engine and guidance give the same steps.
final class MonkeySteps: StepSource {
  private var random: SplitMix64
  private let guidance: Guidance
  private let check: FailureCheck
  private let maxSteps: Int
  private var pool = StringPool()
  private var diagnosticsSeen = 0
  private var time: Double = 0
  private var last: (state: StateAbstraction, action: String)?
  /// The steps played, in order.
  private(set) var steps: [EventScript.Step] = []
  /// The rule or invariant failure found, if one was.
  private(set) var failure: FuzzFailure?
  /// New states this run reached.
  private(set) var newStates = 0

  init(seed: UInt64, guidance: Guidance, check: FailureCheck, maxSteps: Int) {
    random = SplitMix64(seed: seed)
    self.guidance = guidance
    self.check = check
    self.maxSteps = maxSteps
  }

  func nextStep(in state: UIState, at now: Double, runner: ScriptRunner) throws(SessionStop) -> EventScript.Step? {
    let place = steps.last?.place ?? "at the start"
    if let found = check.failure(in: runner.model, seen: &diagnosticsSeen, place: place) {
      failure = found
      try runner.note(TraceRecord(time: now, .marker(label: "fuzz-failure", detail: found.description + ": " + found.detail)))
      return nil
    }
    let reachable = ElementSelector.treeOrder(of: state).filter { ElementSelector.isReachable($0, in: state) }
    let abstraction = StateAbstraction(state, reachable: reachable)
    if guidance.reached(abstraction, from: last?.state, by: last?.action) { newStates += 1 }
    // The app quit (back on its first view): the run is over, nothing is wrong.
    guard steps.count < maxSteps, !state.hasQuit, state.applicationId != nil else { return nil }
    pool.note(state, reachable: reachable)
    let candidates = actions(in: state, reachable: reachable)
    var total = 0
    let weights = candidates.map { candidate -> Int in
      let weight = candidate.weight * guidance.boost(candidate.key, in: abstraction)
      total += weight
      return weight
    }
    guard total > 0 else { return nil }
    var pick = random.below(total)
    var chosen = candidates[0]
    for (candidate, weight) in zip(candidates, weights) {
      if pick < weight {
        chosen = candidate
        break
      }
      pick -= weight
    }
    time = max(time, now) + (chosen.isWait ? Double(1000 + random.below(4000)) : Double(50 + random.below(450)))
    var members = chosen.members
    members["t"] = .number(time)
    let source = JSONValue.object(members).canonicalText
    guard let step = (try? EventScript(parsing: source))?.steps.first else { return nil }
    let numbered = EventScript.Step(time: step.time, action: step.action, source: source, line: steps.count + 1)
    steps.append(numbered)
    last = (abstraction, chosen.key)
    return numbered
  }

  /// One thing a user could do now.
  private struct Candidate {
    /// The step's members, but its time.
    var members: [String: JSONValue]
    /// What guidance calls it: the same action on the same kind of element in any run.
    var key: String
    var weight: Int
    var isWait = false
  }

  /// The `choose` steps (without their time) answering open modal `modal`, one per answer it
  /// offers, with the values the studio sends (``ModalAnswers``).
  static func answerSteps(to modal: Int32, in state: UIState) -> [(members: [String: JSONValue], value: Int32)] {
    let selector = JSONValue.string(ElementSelector.unique(for: modal, in: state).description)
    return ModalAnswers.of(modal, in: state).map { (["choose": selector, "option": .number(Double($0.value))], $0.value) }
  }

  /// Everything a user could do on this screen, with base weights.
  private func actions(in state: UIState, reachable: [Int32]) -> [Candidate] {
    var candidates: [Candidate] = []
    if let modal = state.modalStack.last, let element = state.elements[modal] {
      // An open dialog or action sheet: every answer it offers, cancel (0) included, with the
      // values the studio sends (ModalAnswers: an action sheet's option ids, a dialog's buttons).
      for (members, value) in Self.answerSteps(to: modal, in: state) {
        candidates.append(Candidate(members: members, key: "choose \(element.kind.rawValue) \(value)", weight: 12))
      }
    }
    for id in reachable {
      guard let element = state.elements[id], id != state.modalStack.last else { continue }
      let label = element.kind.isTextInput ? (element.styles.value("hint") ?? "") : element.text
      let key = "\(element.kindName) \(label)"
      switch element.kind {
      case .custom where !(state.widgets?.widget(named: element.kindName)?.events.isEmpty ?? true):
        candidates += widgetEvents(state.widgets!.widget(named: element.kindName)!, of: id, in: state, key: key)
      case _ where ElementSelector.isTappable(element.kind):
        candidates.append(Candidate(members: ["tap": .string(ElementSelector.unique(for: id, in: state).description)], key: "tap " + key, weight: 10))
      case _ where element.kind.isTextInput:
        var typing = Candidate(members: ["type": .string(ElementSelector.unique(for: id, in: state).description)], key: "type " + key, weight: 8)
        typing.members["text"] = .string(pool.pick(using: &random))
        candidates.append(typing)
      case .picker, .segmentedControl, .radioGroup:
        guard !element.options.isEmpty else { continue }
        let index = random.below(element.options.count)
        let value = element.kind == .radioGroup ? element.options[index].id : Int32(index)
        candidates.append(Candidate(members: ["send": EventScript.sendObject(.value(ValueEvent(value: value)), to: id)], key: "select " + key, weight: 5))
      case .pager:
        guard !element.children.isEmpty else { continue }
        candidates.append(Candidate(members: ["send": EventScript.sendObject(.value(ValueEvent(value: Int32(random.below(element.children.count)))), to: id)], key: "page " + key, weight: 3))
      case .scrollLayout:
        candidates.append(Candidate(members: ["send": EventScript.sendObject(.scroll(ScrollEvent(delta: random.chance(50) ? 120 : -120)), to: id)], key: "scroll " + key, weight: 2))
      default:
        continue
      }
    }
    candidates.append(Candidate(members: ["back": .bool(true)], key: "back", weight: 2))
    candidates.append(Candidate(members: ["marker": .string("wait")], key: "wait", weight: 2, isWait: true))
    return candidates
  }

  /// A custom widget's declared events as candidates (``widgetEventSteps(_:selector:random:)``).
  private func widgetEvents(_ definition: WidgetDefinition, of id: Int32, in state: UIState, key: String) -> [Candidate] {
    Self.widgetEventSteps(definition, selector: ElementSelector.unique(for: id, in: state).description, random: &random).map { members in
      Candidate(members: members, key: "\(members["event"]!.canonicalText) " + key, weight: max(2, 10 / definition.events.count))
    }
  }

  /// One `tap` step per event the widget declares, naming it, with valid payloads drawn at random
  /// (within their ranges, among an enum's values): the monkey tries every declared event, never
  /// just the first one.
  static func widgetEventSteps(_ definition: WidgetDefinition, selector: String, random: inout SplitMix64) -> [[String: JSONValue]] {
    definition.events.map { declared in
      var members: [String: JSONValue] = ["tap": .string(selector), "event": .string(declared.name)]
      let texts = declared.samplePayloads { random.below($0) }
      for (_, payload) in declared.payloads {
        let text = texts[payload.name] ?? payload.sample { _ in 0 }
        switch payload.type {
        case .int, .double: members[payload.name] = .number(WidgetValueSyntax.number(text) ?? 0)
        case .bool: members[payload.name] = .bool(text == "true")
        default: members[payload.name] = .string(text)
        }
      }
      return members
    }
  }
}
