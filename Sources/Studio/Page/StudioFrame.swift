import CommandCodec
import ReplayCore
import ReplayLive
import ReplayWireframe

/// One picture of the live session for the page: the reference model's state drawn as a
/// wireframe, what a user can do on it (``StudioControls``), and the session's script so far,
/// numbered so that the page (and a test) can tell a new one from the last.
public struct StudioFrame: Sendable {
  /// 1 for the engine's first screen, one more for each state after it.
  public var number: Int
  /// The virtual time of the state, in milliseconds.
  public var time: Double
  /// The wireframe (``WireframeSVG``): texts from the engine are escaped there.
  public var svg: String
  /// Why the last action was not played, if it was not (an element that is gone).
  public var note: String
  /// The session's script so far, one step per line (docs/SCRIPT_FORMAT.md).
  public var script: [String]
  /// ``StudioControls``' JSON object.
  public var controls: String
  /// Whether virtual time follows the wall clock.
  public var running: Bool
  /// The records of the session's recording so far, on disk: what the page's time travel spans.
  public var records = 0
  /// What the last save before the end did, or why it did not ("" before any).
  public var saved = ""
  /// How the session ended, on the last frame only (``StudioHub/finish(_:)``): saved, or what
  /// went wrong in cmdtool's and the engine's words. The page stops acting and listening then.
  public var ended: String?

  public init(number: Int, time: Double, svg: String, note: String = "", script: [String] = [], controls: String = "{}", running: Bool = false) {
    self.number = number
    self.time = time
    self.svg = svg
    self.note = note
    self.script = script
    self.controls = controls
    self.running = running
  }

  /// The frame of `state` on a screen of `viewport`, with every named secret's value replaced
  /// by its placeholder wherever the engine put it (a field not created as a password field
  /// shows its text; an engine may echo it in a label).
  public init(number: Int, state: UIState, time: Double, viewport: Viewport?, note: String = "", script: [String] = [], running: Bool = false, nextTimer: Double? = nil, secrets: SecretStore = SecretStore()) {
    let size = WireframeSize(width: Double(viewport?.width ?? 375), height: Double(viewport?.height ?? 667))
    let svg = WireframeSVG.render(state, viewport: size, options: SVGOptions(includesXMLDeclaration: false))
    self.init(number: number, time: time, svg: Self.scrubbed(svg: svg, secrets), note: secrets.scrub(note), script: script,
              controls: StudioControls.json(state, nextTimer: nextTimer, scrub: secrets.scrub), running: running)
  }

  /// `svg` without the secrets' values: each text between tags (where the wireframe puts the
  /// engine's texts, ``SVGWriter``) read back from XML, scrubbed and escaped again, so that a value
  /// is found however the SVG escapes it, while the markup (tags, attributes: numbers, colours,
  /// ids of the wireframe's own) and the style sheet are never touched: a secret `k`, `10` or
  /// `stroke` replaces texts, not `<path stroke="…" x="10">`.
  static func scrubbed(svg: String, _ secrets: SecretStore) -> String {
    guard !secrets.isEmpty else { return svg }
    var out = ""
    out.reserveCapacity(svg.utf8.count)
    var rest = svg[...]
    var inStyle = false
    // A text between tags, scrubbed unless it is the style sheet's.
    func text(_ escaped: Substring) -> String {
      guard !inStyle else { return String(escaped) }
      let raw = unescaped(escaped)
      let clean = secrets.scrub(raw)
      return clean == raw ? String(escaped) : XMLText.escaped(clean)
    }
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      out += text(rest[..<open])
      let tag = rest[open...close]
      if tag.hasPrefix("<style") { inStyle = true } else if tag.hasPrefix("</style") { inStyle = false }
      out += tag
      rest = rest[rest.index(after: close)...]
    }
    // What follows the last tag (a tag left open included) is scrubbed as text: never let a value through.
    out += text(rest)
    return out
  }

  /// XML text with the entities ``XMLText/escaped(_:)`` writes (and numeric ones) read back.
  static func unescaped(_ text: Substring) -> String {
    guard text.contains("&") else { return String(text) }
    var out = ""
    var rest = text
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      guard let semi = rest[amp...].firstIndex(of: ";") else { break }
      let name = rest[rest.index(after: amp)..<semi]
      let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
      if let value = named[name] {
        out += value
      } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
        out.unicodeScalars.append(scalar)
      } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
        out.unicodeScalars.append(scalar)
      } else {
        out += rest[amp...semi]
      }
      rest = rest[rest.index(after: semi)...]
    }
    return out + rest
  }

  /// The frame as one JSON line: what a server-sent event carries (no raw newline in it).
  public var json: String {
    var text = JSONText()
    text.object { members in
      members.member("frame") { $0.int(number) }
      members.member("time") { $0.number(time) }
      // Texts the page shows: escaped as the element tree's (``TerminalText``), never applied.
      members.member("note") { $0.string(TerminalText.escaped(note, keepingNewlines: true)) }
      members.member("running") { $0.bool(running) }
      members.member("script") { $0.array(script) { $0.string(TerminalText.escaped($1)) } }
      members.member("controls") { $0.raw(controls) }
      members.member("svg") { $0.string(svg) }
      members.member("records") { $0.int(records) }
      members.member("saved") { $0.string(TerminalText.escaped(saved, keepingNewlines: true)) }
      if let ended { members.member("ended") { $0.string(TerminalText.escaped(ended, keepingNewlines: true)) } }
    }
    return text.text
  }
}
