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

  /// `svg` without the secrets' values, raw or XML-escaped as the SVG holds texts; the
  /// placeholders escaped in turn, so they read as text, not as markup.
  static func scrubbed(svg: String, _ secrets: SecretStore) -> String {
    guard !secrets.isEmpty else { return svg }
    let escaped = SecretStore(values: secrets.values.mapValues(XMLText.escaped))
    var text = escaped.scrub(secrets.scrub(svg))
    for name in secrets.values.keys {
      text = text.replacing(SecretStore.placeholder(for: name), with: XMLText.escaped(SecretStore.placeholder(for: name)))
    }
    return text
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
