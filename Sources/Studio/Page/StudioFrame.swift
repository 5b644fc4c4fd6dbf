import CommandCodec
import ReplayCore
import ReplayWireframe

/// One picture of the live session for the page: the reference model's state drawn as a
/// wireframe, numbered so that the page (and a test) can tell a new one from the last.
public struct StudioFrame: Sendable {
  /// 1 for the engine's first screen, one more for each state after an action.
  public var number: Int
  /// The virtual time of the state, in milliseconds.
  public var time: Double
  /// The wireframe (``WireframeSVG``): texts from the engine are escaped there.
  public var svg: String
  /// Why the last action was not played, if it was not (an element that is gone).
  public var note: String

  public init(number: Int, time: Double, svg: String, note: String = "") {
    self.number = number
    self.time = time
    self.svg = svg
    self.note = note
  }

  /// The frame of `state` on a screen of `viewport`.
  public init(number: Int, state: UIState, time: Double, viewport: Viewport?, note: String = "") {
    let size = WireframeSize(width: Double(viewport?.width ?? 375), height: Double(viewport?.height ?? 667))
    self.init(number: number, time: time, svg: WireframeSVG.render(state, viewport: size, options: SVGOptions(includesXMLDeclaration: false)), note: note)
  }

  /// The frame as one JSON line: what a server-sent event carries (no raw newline in it).
  public var json: String {
    var text = JSONText()
    text.object { members in
      members.member("frame") { $0.int(number) }
      members.member("time") { $0.number(time) }
      members.member("note") { $0.string(note) }
      members.member("svg") { $0.string(svg) }
    }
    return text.text
  }
}
