import CommandCodec
import ReplayCore
import Foundation

/// The interactions a recording plays: JSON Lines of timed steps.
///
/// ```text
/// {"t":1500,"tap":"button \"Log in\""}      a tap: the ValueEvent the element's kind sends
/// {"t":2000,"type":"textField","text":"alice"}  typing: the text field's ValueEvent with the text
/// {"t":2500,"back":true}                      the back key: SysEvent BACK to the application
/// {"t":3000,"choose":12,"option":2}           answers the dialog or action sheet 12 with 2
/// {"t":3500,"marker":"logged in"}             a marker in the recording
/// {"t":4000,"send":{"event":"SysInfoEvent","target":1,"type":6}}   any event, as written
/// ```
///
/// Targets are ids or selectors (``ElementSelector``). `t` is in milliseconds from the start and
/// must not decrease; omitted, it is the previous step's.
public struct EventScript: Sendable {
  /// One step.
  public struct Step: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
      case tap(ElementSelector)
      case type(ElementSelector, text: String)
      case back
      case choose(ElementSelector, option: Int32)
      case marker(String)
      case send(target: Int32, Event)
    }

    public var time: Double
    public var action: Action
    /// The line as written, kept in the recording so a replay can resolve selectors anew.
    public var source: String
    /// The 1-based line in the script.
    public var line: Int
  }

  /// Why a script could not be read.
  public struct Failure: Error, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
  }

  public var steps: [Step]

  public init(steps: [Step] = []) {
    self.steps = steps
  }

  /// Parses script text.
  public init(parsing text: String) throws(Failure) {
    steps = []
    var previous: Double = 0
    // Split on the scalar "\n": a CRLF ending is one Character in Swift, which never equals "\n".
    for (offset, rawLine) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(rawLine).trimmingWhitespace
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("//") { continue }
      let number = offset + 1
      guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
        throw Failure(line: number, message: "not a JSON object")
      }
      let time: Double
      if let t = object["t"] {
        guard let value = (t as? NSNumber)?.doubleValue, value.isFinite, value >= 0 else { throw Failure(line: number, message: "\"t\" must be a non-negative number of milliseconds") }
        guard value >= previous else { throw Failure(line: number, message: "\"t\" \(value) is earlier than the previous step's \(previous)") }
        time = value
      } else {
        time = previous
      }
      previous = time
      steps.append(Step(time: time, action: try Self.action(object, line: number), source: line, line: number))
    }
  }

  private static func selector(_ value: Any?, _ key: String, line: Int) throws(Failure) -> ElementSelector {
    if let number = value as? NSNumber, let id = Int32(exactly: number.doubleValue) { return .id(id) }
    if let text = value as? String, let selector = ElementSelector(parsing: text) { return selector }
    throw Failure(line: line, message: "\"\(key)\" must be an element id or a selector such as button \"Log in\"")
  }

  private static func action(_ object: [String: Any], line: Int) throws(Failure) -> Step.Action {
    let keys = Set(object.keys).subtracting(["t"])
    func only(_ allowed: Set<String>) throws(Failure) {
      if let extra = keys.subtracting(allowed).sorted().first { throw Failure(line: line, message: "unexpected key \"\(extra)\"") }
    }
    if keys.contains("tap") {
      try only(["tap"])
      return .tap(try selector(object["tap"], "tap", line: line))
    }
    if keys.contains("type") {
      try only(["type", "text"])
      guard let text = object["text"] as? String else { throw Failure(line: line, message: "typing needs \"text\"") }
      return .type(try selector(object["type"], "type", line: line), text: text)
    }
    if keys.contains("back") {
      try only(["back"])
      return .back
    }
    if keys.contains("choose") {
      try only(["choose", "option"])
      guard let option = (object["option"] as? NSNumber).flatMap({ Int32(exactly: $0.doubleValue) }) else {
        throw Failure(line: line, message: "choosing needs an integer \"option\" (0 cancels)")
      }
      return .choose(try selector(object["choose"], "choose", line: line), option: option)
    }
    if keys.contains("marker") {
      try only(["marker"])
      guard let label = object["marker"] as? String else { throw Failure(line: line, message: "\"marker\" must be a string") }
      return .marker(label)
    }
    if keys.contains("send") {
      try only(["send"])
      guard let event = object["send"] as? [String: Any], let data = try? JSONSerialization.data(withJSONObject: event) else {
        throw Failure(line: line, message: "\"send\" must be an event record object")
      }
      let decoded = DecodedTrace(decoding: Array(data) + [0x0A], format: .jsonLines)
      guard decoded.error == nil, decoded.records.count == 1, case .event(let target, let payload) = decoded.records[0].body else {
        throw Failure(line: line, message: "\"send\" is not an event record: \(decoded.error.map { "\($0)" } ?? "expected one event")")
      }
      return .send(target: target, payload)
    }
    throw Failure(line: line, message: "a step needs one of \"tap\", \"type\", \"back\", \"choose\", \"marker\" or \"send\"")
  }
}
