import CommandCodec

/// A user's action cmdtool asks the platform to perform (docs/CONFORMANCE.md §1.3), its
/// arguments parsed.
public enum TesteeAction: Hashable, Sendable {
  /// Tap element ID: a switch or checkbox toggles, anything else sends ValueEvent 1.
  case tap(Int32)
  /// Replace the text of the text field, text view or search bar ID by the text.
  case type(Int32, text: String)
  /// Select in a picker, pager, flipper, segmented control or page control (the index), or in a
  /// radio group (the checked option's id).
  case select(Int32, value: Int32)
  /// Answer the open dialog, alert dialog or action sheet ID with the option (0 is cancel).
  case choose(Int32, option: Int32)
  /// Press the system's back key.
  case back
  /// Make the custom widget ID send its schema's event `name` (docs/WIDGETS.md §2.6) by the
  /// gesture that sends it, with each typed payload, by payload name, at the value given as its
  /// text form (`"0.2"`, `"true"`, `"#ff8800"`): a long press, a slider's thumbs dragged.
  case event(Int32, name: String, payloads: [String: String])
}

/// One of cmdtool's request markers (§1.3, and `case`/`end` of §1.9).
enum TesteeRequest: Equatable {
  case act(TesteeAction)
  /// Run the clock to the marker's time: done before every record, so nothing more.
  case advance
  case state
  /// Echo the marker with this detail.
  case sync(String)
  /// sessions=many: the case's name, for the log.
  case caseName(String)
  /// sessions=many: the case is over; reset and say hello again.
  case end
  /// A label this testee does not know: answered `unsupported`.
  case unknown(String)

  /// A request whose detail does not hold what its label needs: answered `error` (§1.3).
  struct Malformed: Error {
    var message: String
  }

  init(label: String, detail: String) throws(Malformed) {
    /// Exactly `count` space-separated decimal numbers.
    func numbers(_ count: Int, _ names: String) throws(Malformed) -> [Int32] {
      let parts = detail.split(separator: " ", omittingEmptySubsequences: false)
      let values = parts.compactMap { Int32($0) }
      guard parts.count == count, values.count == count else {
        throw Malformed(message: "\(label) needs \"\(names)\" (decimal numbers), not \"\(detail)\"")
      }
      return values
    }
    switch label {
    case "tap":
      self = .act(.tap(try numbers(1, "ID")[0]))
    case "type":
      // Everything after the first space is the text, verbatim; no space means the empty text.
      let space = detail.firstIndex(of: " ")
      guard let id = Int32(space.map { detail[..<$0] } ?? detail[...]) else {
        throw Malformed(message: "type needs \"ID TEXT\" (a decimal id), not \"\(detail)\"")
      }
      self = .act(.type(id, text: space.map { String(detail[detail.index(after: $0)...]) } ?? ""))
    case "select":
      let values = try numbers(2, "ID VALUE")
      self = .act(.select(values[0], value: values[1]))
    case "choose":
      let values = try numbers(2, "ID OPTION")
      self = .act(.choose(values[0], option: values[1]))
    case "event": self = .act(try Self.event(detail))
    case "back": self = .act(.back)
    case "advance": self = .advance
    case "state": self = .state
    case "sync": self = .sync(detail)
    case "case": self = .caseName(detail)
    case "end": self = .end
    default: self = .unknown(label)
    }
  }

  /// `ID NAME PAYLOADS`: a decimal id, the event's name and a JSON object whose values are all
  /// strings (docs/CONFORMANCE.md §1.3), one space between the three.
  private static func event(_ detail: String) throws(Malformed) -> TesteeAction {
    let parts = detail.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    let wrong = Malformed(message: "event needs \"ID NAME {PAYLOADS}\" (a decimal id, a name, a JSON object of strings), not \"\(detail.prefix(200))\"")
    guard parts.count == 3, let id = Int32(parts[0]), !parts[1].isEmpty else { throw wrong }
    guard case .object(let members)? = try? JSONValue.parse(String(parts[2])) else { throw wrong }
    var payloads: [String: String] = [:]
    for (name, value) in members {
      guard case .string(let text) = value else {
        throw Malformed(message: "event: the payload \(name) is not a JSON string (every value is its text form in quotes)")
      }
      payloads[name] = text
    }
    return .event(id, name: String(parts[1]), payloads: payloads)
  }
}
