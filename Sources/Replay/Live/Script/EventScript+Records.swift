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
    let place = "script line \(line)"
    func target(_ selector: ElementSelector) throws(Failure) -> Int32 {
      if let id = selector.resolve(in: state) { return id }
      throw Failure(message: "\(place): \(selector.failure(in: state) ?? "\(selector) matches no element") at \(Format.time(milliseconds: time))")
    }
    func typing(_ selector: ElementSelector, _ text: String) throws(Failure) -> [TraceRecord] {
      let id = try target(selector)
      let kind = state.elements[id]!.kind
      guard kind.isTextInput else {
        throw Failure(message: "\(place): \(selector) is a \(kind.rawValue), not a text field")
      }
      return [TraceRecord(time: time, .event(target: id, .value(ValueEvent(text: text))))]
    }
    switch action {
    case .tap(let selector):
      let id = try target(selector)
      let element = state.elements[id]!
      let value: Int32
      switch element.kind {
      case .switch, .checkbox: value = element.value == 0 ? 1 : 0
      default: value = 1  // a click is 1, as iOS and GTK send it
      }
      return [TraceRecord(time: time, .event(target: id, .value(ValueEvent(value: value))))]
    case .type(let selector, let text):
      return try typing(selector, text)
    case .typeSecret(let selector, let name):
      guard let value = secret(name) else {
        throw Failure(message: "\(place): the secret \(name) has no value (set \(SecretStore.environmentVariable(for: name)))")
      }
      return try typing(selector, value)
    case .back:
      return [TraceRecord(time: time, .event(target: state.applicationId ?? 0, .sys(SysEvent(type: 3))))]
    case .choose(let selector, let option):
      let id = try target(selector)
      guard state.modalStack.contains(id) else {
        throw Failure(message: "\(place): \(selector) is not an open dialog or action sheet at \(Format.time(milliseconds: time))")
      }
      return [TraceRecord(time: time, .modalResult(dialog: id, value: option))]
    case .marker:
      return []
    case .send(let target, let event):
      return [TraceRecord(time: time, .event(target: target, event))]
    }
  }
}
