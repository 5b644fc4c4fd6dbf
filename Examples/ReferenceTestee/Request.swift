import ReplayCore

/// One of cmdtool's request markers (docs/CONFORMANCE.md §1.3), its arguments parsed.
enum Request: Equatable {
  /// tap, type, select, choose or back: the user's action.
  case act(UserAction)
  /// Run the clock to the marker's time (already done before every record, so nothing more).
  case advance
  /// Answer with the state snapshot.
  case state
  /// Echo the marker, detail and all.
  case sync(String)
  /// A label this testee does not know: answered `unsupported`.
  case unknown(String)

  /// A request whose detail does not hold what its label needs: answered `error`, since the
  /// request itself is wrong (§1.3).
  struct Malformed: Error {
    var message: String
  }

  /// Parses the marker `label` with `detail`.
  init(label: String, detail: String) throws(Malformed) {
    /// The detail's space-separated decimal numbers, exactly `count` of them.
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
      // Everything after the first space is the text, verbatim: it may hold spaces or be empty.
      // A detail without a space is taken as the id with an empty text.
      let space = detail.firstIndex(of: " ")
      let idText = space.map { detail[..<$0] } ?? detail[...]
      guard let id = Int32(idText) else {
        throw Malformed(message: "type needs \"ID TEXT\" (a decimal id), not \"\(detail)\"")
      }
      let text = space.map { String(detail[detail.index(after: $0)...]) } ?? ""
      self = .act(.type(id, text: text))
    case "select":
      let values = try numbers(2, "ID INDEX")
      self = .act(.select(values[0], index: values[1]))
    case "choose":
      let values = try numbers(2, "ID OPTION")
      self = .act(.choose(values[0], option: values[1]))
    case "back":
      self = .act(.back)
    case "advance":
      self = .advance
    case "state":
      self = .state
    case "sync":
      self = .sync(detail)
    default:
      self = .unknown(label)
    }
  }
}
