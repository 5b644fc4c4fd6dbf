import CommandCodec
import Foundation
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Builds the JSON Lines commands wireframe tests feed the model.
enum Line {
  /// One command object: `{"type":…,"internalId":…,…}` (fields at their default left out).
  static func command(_ type: String, _ id: Int32, child: Int32 = 0, text: String = "", text2: String = "", value: Int32 = 0, flags: UInt32 = 0, width: Int32 = 0, height: Int32 = 0) -> String {
    var fields = [#""type":"\#(type)""#, #""internalId":\#(id)"#]
    if child != 0 { fields.append(#""childInternalId":\#(child)"#) }
    if value != 0 { fields.append(#""value":\#(value)"#) }
    if !text.isEmpty { fields.append(#""textValue":"# + JSONText.quoted(text)) }
    if !text2.isEmpty { fields.append(#""textValue2":"# + JSONText.quoted(text2)) }
    if flags != 0 { fields.append(#""flags":\#(flags)"#) }
    if width != 0 { fields.append(#""width":\#(width)"#) }
    if height != 0 { fields.append(#""height":\#(height)"#) }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// CREATE_`kind` of `child` under `parent`.
  static func create(_ kind: String, _ parent: Int32, _ child: Int32, text: String = "", text2: String = "", value: Int32 = 0, flags: UInt32 = 0) -> String {
    command("CREATE_" + kind, parent, child: child, text: text, text2: text2, value: value, flags: flags)
  }

  /// SET_STYLE `key`: `value` on `id` for `selector`.
  static func style(_ id: Int32, _ key: String, _ value: String, selector: StyleSelector = .normal) -> String {
    command("SET_STYLE", id, text: key, text2: value, value: selector.rawValue)
  }

  /// A batch record of `commands` at `time`.
  static func batch(_ commands: String..., at time: Double = 0) -> String {
    #"{"t":\#(Format.number(time)),"batch":["# + commands.joined(separator: ",") + "]}"
  }
}

/// The wireframe of the prelude's screen (application 1, frame view 2, vertical linear layout 3)
/// after `lines`, on a 400 × 800 screen.
func screenWireframe(_ lines: String..., options: WireframeOptions = WireframeOptions(), sourceLocation: SourceLocation = #_sourceLocation) -> Wireframe {
  let m = model(Prelude.both + lines, sourceLocation: sourceLocation)
  return WireframeLayout.layout(m.state, viewport: WireframeSize(width: 400, height: 800), options: options)
}

/// The box of element `id`, failing the test when it is not drawn.
func box(_ wireframe: Wireframe, _ id: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws -> WireframeBox {
  try #require(wireframe.box(for: id), "element \(id) has no box", sourceLocation: sourceLocation)
}

/// The state of a bundled trace replayed to `point`, and its header.
func replayed(_ name: String, at point: ReplayPoint = .end) throws -> (state: UIState, header: TraceHeader) {
  let result = try Replayer.replay(try TraceFileReader(path: Repository.trace(name)), to: point)
  return (result.state, result.header)
}

/// What an XML document holds, read with XMLParser (so it must be well-formed): every element's
/// name and attributes, and the text content.
final class XMLOutline: NSObject, XMLParserDelegate {
  private(set) var elements: [(name: String, attributes: [String: String])] = []
  private(set) var text = ""

  init(_ document: String) throws {
    super.init()
    let parser = XMLParser(data: Data(document.utf8))
    parser.delegate = self
    guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
  }

  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
    elements.append((name, attributes))
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
  }

  /// Every attribute value but the namespace declaration (`xmlns` names the SVG namespace; it is
  /// not a reference anything is fetched from).
  var attributeValues: [String] {
    elements.flatMap { $0.attributes.filter { $0.key != "xmlns" }.map(\.value) }
  }
}
