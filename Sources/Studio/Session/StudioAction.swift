import CommandCodec

/// What the page asks the session to do (`POST /act`): a user's action on the screen, a marker,
/// the clock, or the end. The request handler reads it; the session plays it as the script step
/// a script would hold (``StudioSteps``), so what the page does, a script can do.
///
/// ```text
/// {"tap":7}                          {"type":5,"text":"alice"}     {"type":6,"secret":"PASSWORD"}
/// {"choose":12,"option":1}           {"select":9,"value":2}        {"back":true}
/// {"scroll":8,"delta":-120}          {"marker":"logged in"}        {"clock":"step","ms":1000}
/// {"clock":"timer"}                  {"clock":"run"}               {"clock":"pause"}
/// {"end":true}
/// ```
public enum StudioAction: Equatable, Sendable {
  case tap(Int32)
  /// The whole text, as one event (the page sends it on Enter or when the field loses focus).
  case type(Int32, text: String)
  /// The value of a named secret, which the page never sees.
  case typeSecret(Int32, name: String)
  case choose(Int32, option: Int32)
  case select(Int32, value: Int32)
  case back
  /// A ScrollEvent to a scroll layout, as the monkey sends it.
  case scroll(Int32, delta: Double)
  case marker(String)
  case clock(Clock)
  /// Ends the session as Ctrl-C does: the recording and its script are saved.
  case end
  /// Saves the recording so far and its script, and goes on (`POST /save`, never a body of
  /// `/act`: ``StudioSave``).
  case save

  /// The clock controls.
  public enum Clock: Equatable, Sendable {
    /// Forward by this many virtual milliseconds.
    case step(Double)
    /// Forward to the platform's next timer tick or toast expiry.
    case nextTimer
    /// Let virtual time follow the wall clock until paused.
    case run
    case pause
  }

  /// The most milliseconds one clock step may take: a day.
  public static let maxClockStep: Double = 86_400_000

  /// Why a request is not an action: said in the 400 answer.
  public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Reads a request's body.
  /// - Parameter secrets: the names of the secrets the session knows (their values stay in cmdtool).
  public static func parse(_ body: [UInt8], secrets: Set<String>) -> Result<StudioAction, Refusal> {
    func refuse(_ text: String) -> Result<StudioAction, Refusal> { .failure(Refusal(description: text)) }
    guard case .object(let object)? = try? JSONValue.parse(body) else {
      return refuse("the body is not a JSON object, such as {\"tap\":7}")
    }
    let keys = ["tap", "type", "choose", "select", "back", "scroll", "marker", "clock", "end"].filter { object[$0] != nil }
    guard keys.count == 1, let key = keys.first else {
      return refuse(keys.isEmpty ? "name one action: tap, type, choose, select, back, scroll, marker, clock or end" : "one action at a time, not \(keys.joined(separator: " and "))")
    }
    let allowed: [String: Set<String>] = ["type": ["text", "secret"], "choose": ["option"], "select": ["value"], "scroll": ["delta"], "clock": ["ms"]]
    if let extra = Set(object.keys).subtracting([key]).subtracting(allowed[key] ?? []).sorted().first {
      return refuse("unexpected key \"\(extra)\" for \(key)")
    }
    func id() -> Int32? {
      if case .number(let number)? = object[key] { return Int32(exactly: number) }
      return nil
    }
    func integer(_ name: String) -> Int32? {
      if case .number(let number)? = object[name] { return Int32(exactly: number) }
      return nil
    }
    let needsId = ["tap", "type", "choose", "select", "scroll"]
    if needsId.contains(key) && id() == nil { return refuse("\"\(key)\" must be an element id (an integer)") }
    switch key {
    case "tap": return .success(.tap(id()!))
    case "type":
      switch (object["text"], object["secret"]) {
      case (.string(let text)?, nil): return .success(.type(id()!, text: text))
      case (nil, .string(let name)?):
        guard secrets.contains(name) else {
          return refuse("no secret named \(JSONText.quoted(name)): give its value to cmdtool studio in CMDTOOL_SECRET_\(name.uppercased()) or --secrets FILE" + (secrets.isEmpty ? "" : " (known: \(secrets.sorted().joined(separator: ", ")))"))
        }
        return .success(.typeSecret(id()!, name: name))
      default: return refuse("typing needs \"text\" (a string) or \"secret\" (a secret's name), one of them")
      }
    case "choose":
      guard let option = integer("option") else { return refuse("choosing needs an integer \"option\" (0 cancels)") }
      return .success(.choose(id()!, option: option))
    case "select":
      guard let value = integer("value") else { return refuse("selecting needs an integer \"value\"") }
      return .success(.select(id()!, value: value))
    case "scroll":
      guard case .number(let delta)? = object["delta"], delta.isFinite, delta != 0 else { return refuse("scrolling needs a non-zero number \"delta\"") }
      return .success(.scroll(id()!, delta: delta))
    case "back", "end":
      guard object[key] == .bool(true) else { return refuse("\"\(key)\" must be true") }
      return .success(key == "back" ? .back : .end)
    case "marker":
      guard case .string(let label)? = object["marker"], !label.isEmpty else { return refuse("\"marker\" must be a non-empty string") }
      return .success(.marker(label))
    default:
      guard case .string(let mode)? = object["clock"] else { return refuse("\"clock\" must be step, timer, run or pause") }
      if mode != "step" && object["ms"] != nil { return refuse("\"ms\" goes with \"clock\":\"step\" only") }
      switch mode {
      case "step":
        guard let given = object["ms"] else { return .success(.clock(.step(1000))) }
        guard case .number(let ms) = given, ms > 0, ms <= maxClockStep else { return refuse("\"ms\" must be a number of milliseconds above 0, at most a day") }
        return .success(.clock(.step(ms)))
      case "timer": return .success(.clock(.nextTimer))
      case "run": return .success(.clock(.run))
      case "pause": return .success(.clock(.pause))
      default: return refuse("\"clock\" must be step, timer, run or pause, not \(JSONText.quoted(mode))")
      }
    }
  }
}
