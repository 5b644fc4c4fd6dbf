import CommandCodec
import ReplayCore

/// The interactions a recording plays: JSON Lines of timed steps.
///
/// ```text
/// {"t":1500,"tap":"button \"Log in\""}           a tap: the ValueEvent the element's kind sends
/// {"t":2000,"type":"textField","text":"alice"}       typing: the text field's ValueEvent with the text
/// {"t":2200,"type":"textField \"Password\"","secret":"PASSWORD"}   typing a named secret (``SecretStore``)
/// {"t":2500,"back":true}                           the back key: SysEvent BACK to the application
/// {"t":3000,"choose":12,"option":2}                answers the dialog or action sheet 12 with 2
/// {"t":3200,"select":"picker","value":2}           selects index 2 in the picker (its ValueEvent)
/// {"t":3500,"marker":"logged in"}                  a marker in the recording
/// {"t":4000,"send":{"event":"SysInfoEvent","target":1,"type":6}}   any event, as written
/// {"t":4500,"tap":"PieChart \"Spent\"","event":"tapped","value":0}   a custom widget's declared event
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
      /// Typing the value of a named secret, which the recording never holds.
      case typeSecret(ElementSelector, name: String)
      case back
      case choose(ElementSelector, option: Int32)
      /// Selects in a picker, pager, flipper, segmented or page control (the index) or a radio
      /// group (the option's id).
      case select(ElementSelector, value: Int32)
      case marker(String)
      case send(target: Int32, Event)
      /// An event a custom widget's schema declares, by its name, with the fields given as a
      /// JSON object (`{"value":0}`; only fields the event declares, docs/WIDGETS.md §6.5).
      case widgetEvent(ElementSelector, name: String, fields: String)
    }

    public var time: Double
    public var action: Action
    /// The line as written, kept in the recording so a replay can resolve selectors anew.
    public var source: String
    /// The 1-based line in the script.
    public var line: Int
    /// The script's file name, without its directories, when it came from a file: errors then
    /// name the place as `FILE: line N`, as the script's parse errors do. No directories, because
    /// the message also goes into a recording's `engine-stopped` marker, which holds no paths.
    public var file: String?

    /// Where the step is, for messages: `login.script.jsonl: line 2`, or `script line 2` for a
    /// script read from no file of its own (one kept in a recording).
    public var place: String { file.map { "\($0): line \(line)" } ?? "script line \(line)" }

    public init(time: Double, action: Action, source: String, line: Int) {
      self.time = time
      self.action = action
      self.source = source
      self.line = line
    }
  }

  /// Why a script could not be read.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var line: Int
    /// The 1-based column in bytes, when the JSON itself is at fault.
    public var column: Int?
    public var message: String
    public var description: String { "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": " + message }
  }

  public var steps: [Step]

  public init(steps: [Step] = []) {
    self.steps = steps
  }

  /// The names of the secrets the script types, in order of first use.
  public var secretNames: [String] {
    var names: [String] = []
    for step in steps {
      if case .typeSecret(_, let name) = step.action, !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// Parses script text: one step per line; blank lines and lines starting with `#` or `//` are
  /// comments. `file`, the script's path, is kept in each step (by its last component) for its
  /// messages (``Step/place``).
  public init(parsing text: String, file: String? = nil) throws(Failure) {
    steps = []
    let file = file.map { path in path.split(separator: "/").last.map(String.init) ?? path }
    var previous: Double = 0
    // Split on the scalar "\n": a CRLF ending is one Character in Swift, which never equals "\n".
    for (offset, rawLine) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(rawLine).trimmingWhitespace
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("//") { continue }
      let number = offset + 1
      let value: JSONValue
      do {
        value = try JSONValue.parse(line)
      } catch {
        throw Failure(line: number, column: error.location.column, message: "not a JSON object: \(error.message)")
      }
      guard case .object(let object) = value else {
        throw Failure(line: number, message: "a step is a JSON object, such as {\"t\":1500,\"tap\":\"button \\\"OK\\\"\"}")
      }
      let time: Double
      if let t = object["t"] {
        guard case .number(let value) = t, value.isFinite, value >= 0 else { throw Failure(line: number, message: "\"t\" must be a non-negative number of milliseconds") }
        guard value >= previous else { throw Failure(line: number, message: "\"t\" \(Format.number(value)) is earlier than the previous step's \(Format.number(previous))") }
        time = value
      } else {
        time = previous
      }
      previous = time
      var step = Step(time: time, action: try Self.action(object, line: number), source: line, line: number)
      step.file = file
      steps.append(step)
    }
  }

  private static func selector(_ value: JSONValue?, _ key: String, line: Int) throws(Failure) -> ElementSelector {
    if case .number(let number)? = value, let id = Int32(exactly: number) { return .id(id) }
    if case .string(let text)? = value {
      switch ElementSelector.parse(text) {
      case .success(let selector): return selector
      case .failure(let failure): throw Failure(line: line, message: "\"\(key)\": \(failure)")
      }
    }
    throw Failure(line: line, message: "\"\(key)\" must be an element id or a selector such as button \"Log in\"")
  }

  private static func action(_ object: [String: JSONValue], line: Int) throws(Failure) -> Step.Action {
    let keys = Set(object.keys).subtracting(["t"])
    func only(_ allowed: Set<String>) throws(Failure) {
      if let extra = keys.subtracting(allowed).sorted().first { throw Failure(line: line, message: "unexpected key \"\(extra)\"") }
    }
    if keys.contains("tap") && keys.contains("event") {
      // A custom widget's declared event: every other key is one of its fields.
      guard case .string(let name)? = object["event"], !name.isEmpty else {
        throw Failure(line: line, message: "\"event\" must be the name of an event the widget's schema declares, e.g. \"tapped\"")
      }
      var fields: [String: JSONValue] = [:]
      for key in keys.subtracting(["tap", "event"]) {
        switch object[key]! {
        case .string, .number, .bool: fields[key] = object[key]!
        default: throw Failure(line: line, message: "the event field \"\(key)\" must be a string, a number or a boolean")
        }
      }
      return .widgetEvent(try selector(object["tap"], "tap", line: line), name: name, fields: JSONValue.object(fields).canonicalText)
    }
    if keys.contains("tap") {
      try only(["tap"])
      return .tap(try selector(object["tap"], "tap", line: line))
    }
    if keys.contains("type") {
      try only(["type", "text", "secret"])
      let target = try selector(object["type"], "type", line: line)
      switch (object["text"], object["secret"]) {
      case (.string(let text)?, nil):
        return .type(target, text: text)
      case (nil, .string(let name)?):
        guard SecretStore.isValidName(name) else {
          throw Failure(line: line, message: "\"secret\" \(JSONText.quoted(name)) is not a secret's name: use letters, digits and _ (it becomes CMDTOOL_SECRET_\(name.uppercased()))")
        }
        return .typeSecret(target, name: name)
      case (_?, _?):
        throw Failure(line: line, message: "typing takes \"text\" or \"secret\", not both")
      default:
        throw Failure(line: line, message: "typing needs \"text\" (a string) or \"secret\" (the name of a secret)")
      }
    }
    if keys.contains("back") {
      try only(["back"])
      return .back
    }
    if keys.contains("choose") {
      try only(["choose", "option"])
      guard case .number(let number)? = object["option"], let option = Int32(exactly: number) else {
        throw Failure(line: line, message: "choosing needs an integer \"option\" (0 cancels)")
      }
      return .choose(try selector(object["choose"], "choose", line: line), option: option)
    }
    if keys.contains("select") {
      try only(["select", "value"])
      guard case .number(let number)? = object["value"], let value = Int32(exactly: number) else {
        throw Failure(line: line, message: "selecting needs an integer \"value\" (the index, or a radio group's option id)")
      }
      return .select(try selector(object["select"], "select", line: line), value: value)
    }
    if keys.contains("marker") {
      try only(["marker"])
      guard case .string(let label)? = object["marker"] else { throw Failure(line: line, message: "\"marker\" must be a string") }
      return .marker(label)
    }
    if keys.contains("send") {
      try only(["send"])
      guard let event = object["send"], case .object = event else {
        throw Failure(line: line, message: "\"send\" must be an event record object")
      }
      let decoded = DecodedTrace(decoding: Array(event.canonicalText.utf8) + [0x0A], format: .jsonLines)
      guard decoded.error == nil, decoded.records.count == 1, case .event(let target, let payload) = decoded.records[0].body else {
        throw Failure(line: line, message: "\"send\" is not an event record: \(decoded.error.map { "\($0.message)" } ?? "expected one event")")
      }
      return .send(target: target, payload)
    }
    throw Failure(line: line, message: "a step needs one of \"tap\", \"type\", \"back\", \"choose\", \"select\", \"marker\" or \"send\"")
  }
}
