import CommandCodec
import ReplayCore

extension EventScript.Step {
  /// Why a step cannot be played in the current state: the script's fault, not the peer's.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
  }

  /// The records the step sends to the peer at `time` in `state`, as a user's action on a
  /// conforming platform produces them; a marker step sends nothing.
  ///
  /// - Parameter secret: the value of a named secret, for a `typeSecret` step.
  /// - Throws: ``Failure`` when a selector names no single reachable element, or the element
  ///   cannot take the action (typing into a button, choosing in what is not an open dialog).
  public func records(at time: Double, in state: UIState, secret: (String) -> String?) throws(Failure) -> [TraceRecord] {
    let place = self.place
    func target(_ selector: ElementSelector) throws(Failure) -> Int32 {
      if let id = selector.resolve(in: state) { return id }
      throw Failure(message: "\(place): \(selector.failure(in: state) ?? "\(selector) matches no element") at \(Format.time(milliseconds: time))")
    }
    func platformRecord(_ userAction: UserAction) throws(Failure) -> TraceRecord {
      do {
        return try userAction.record(at: time, in: state)
      } catch {
        throw Failure(message: "\(place): \(error.message)")
      }
    }
    func typing(_ selector: ElementSelector, _ text: String) throws(Failure) -> [TraceRecord] {
      let id = try target(selector)
      let kind = state.elements[id]!.kind
      guard kind.isTextInput else {
        throw Failure(message: "\(place): \(selector) is \(Format.withArticle(kind.rawValue)), not a text field")
      }
      return [try platformRecord(.type(id, text: text))]
    }
    switch action {
    case .tap(let selector):
      return [try platformRecord(.tap(try target(selector)))]
    case .type(let selector, let text):
      return try typing(selector, text)
    case .typeSecret(let selector, let name):
      guard let value = secret(name) else {
        throw Failure(message: "\(place): the secret \(name) has no value (set \(SecretStore.environmentVariable(for: name)))")
      }
      return try typing(selector, value)
    case .back:
      return [try platformRecord(.back)]
    case .choose(let selector, let option):
      let id = try target(selector)
      guard state.modalStack.contains(id) else {
        throw Failure(message: "\(place): \(selector) is not an open dialog or action sheet at \(Format.time(milliseconds: time))")
      }
      return [try platformRecord(.choose(id, option: option))]
    case .select(let selector, let value):
      return [try platformRecord(.select(try target(selector), index: value))]
    case .marker:
      return []
    case .send(let target, let event):
      return [TraceRecord(time: time, .event(target: target, event))]
    case .widgetEvent(let selector, let name, let fields):
      let id = try target(selector)
      return [try widgetEvent(name, fields: fields, to: id, as: selector, at: time, in: state, place: place)]
    }
  }

  /// The event `name` that the custom widget `id` declares, with `fields` (a JSON object): read
  /// by the trace decoder as an event record, so each field is checked as the codec checks it.
  private func widgetEvent(_ name: String, fields: String, to id: Int32, as selector: ElementSelector, at time: Double, in state: UIState, place: String) throws(Failure) -> TraceRecord {
    let element = state.elements[id]!
    guard let widget = element.widget, let definition = state.widgets?.widget(named: widget.kind) else {
      throw Failure(message: "\(place): \(selector) is \(Format.withArticle(element.kindName)), not a custom widget: send its events with \"send\"")
    }
    guard let event = definition.events.first(where: { $0.name == name }) else {
      let declared = definition.events.map(\.name)
      throw Failure(message: "\(place): \(definition.name) declares no event \(JSONText.quoted(name))\(Suggestion.hint(for: name, among: declared)); it declares \(declared.isEmpty ? "none" : declared.joined(separator: ", "))")
    }
    guard case .object(let given)? = try? JSONValue.parse(Array(fields.utf8)) else {
      throw Failure(message: "\(place): the event's fields are not a JSON object")
    }
    // Typed fields by payload name, prose fields by class field name; matched fields are fixed.
    let typed = Set(event.payloads.map(\.payload.name))
    let prose = Set(event.fields.filter { $0.payload == nil }.map(\.name))
    if let extra = given.keys.sorted().first(where: { !typed.contains($0) && !prose.contains($0) }) {
      let names = (typed.union(prose)).sorted()
      let fixed = event.match.contains { $0.field == extra } ? " (\(extra) is fixed by its match)" : ""
      throw Failure(message: "\(place): \(definition.name)'s \(name) (a \(event.kind.name)) declares \(names.isEmpty ? "no fields" : names.joined(separator: ", ")), not \(JSONText.quoted(extra))\(fixed)")
    }
    switch UIState.event(event, of: definition, payloads: given.filter { typed.contains($0.key) }, fields: given.filter { prose.contains($0.key) }) {
    case .success(let payload): return TraceRecord(time: time, .event(target: id, payload))
    case .failure(let refusal): throw Failure(message: "\(place): \(refusal.message)")
    }
  }
}
