import CommandCodec
import Foundation
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

/// The one line of a small widget box (docs/WIREFRAME.md §2.6, WIDGETS.md §7.7): its key value
/// beside its kind when both fit, else the key alone; the first inspectable value is the first
/// one the schema declares, as Interface Builder lists IBInspectable properties.
@Suite("Wireframe: a small widget's key value")
struct WidgetPreviewKeyTests {
  /// The kind line of element `id`'s box: its texts, and the font size they are drawn in.
  static func keyLine(_ wireframe: Wireframe, _ id: Int32) throws -> (lines: [String], size: Double?) {
    let title = try #require(WireframeWidgetTests.part(try box(wireframe, id), .title))
    return (title.text?.lines.map(\.text) ?? [], title.text?.font.size)
  }

  @Test("WIDGETS.md §8's RoundedButton: cornerRadius (declared first, not borderColor, first by name) beside its kind at 320 wide, alone at its preferred 120")
  func theDocsRoundedButton() throws {
    let schema = try WidgetSizeOfferTests.schema("doc-designable")
    let reader = try TraceFileReader(path: Repository.trace("widgets/trial/rb.jsonl"), widgets: schema)
    defer { reader.close() }
    let state = try Replayer.replay(reader).model.state
    let wireframe = WireframeLayout.layout(state, viewport: WireframeSize(width: 375, height: 667))
    #expect(try box(wireframe, 5).body.size == WireframeSize(width: 120, height: 44))
    let wide = try Self.keyLine(wireframe, 6)
    #expect(wide.lines == ["RoundedButton · cornerRadius 22"])
    let preferred = try Self.keyLine(wireframe, 5)
    #expect(preferred.lines == ["cornerRadius 22"])
    #expect(preferred.size == ElementLayout.widgetValueFont.size, "the key alone is drawn as a value")
  }

  @Test("A 60-wide PGBarButtonItem shows its title (its label: no preview, nothing inspectable), cut when long; a wide one its kind and title")
  func aBarButtonItemShowsItsTitle() throws {
    let pegasus = try WidgetSizeOfferTests.schema("pegasus")
    let wireframe = WireframeLayout.layout(
      WireframeWidgetTests.state(pegasus, [Line.batch(
        #"{"type":"CREATE_PG_BAR_BUTTON_ITEM","internalId":3,"childInternalId":5,"textValue":"Save"}"#,
        #"{"type":"CREATE_PG_BAR_BUTTON_ITEM","internalId":3,"childInternalId":6,"textValue":"Save all changes now"}"#,
        #"{"type":"CREATE_PG_BAR_BUTTON_ITEM","internalId":3,"childInternalId":7,"textValue":"Save"}"#,
        Line.style(7, "width", "300"),
        #"{"type":"CREATE_PG_BAR_BUTTON_ITEM","internalId":3,"childInternalId":8}"#)]),
      viewport: WireframeSize(width: 400, height: 800))
    #expect(try box(wireframe, 5).body.width == 60)
    #expect(try Self.keyLine(wireframe, 5).lines == ["Save"])
    let long = try Self.keyLine(wireframe, 6).lines
    #expect(long.count == 1 && long[0].hasPrefix("Save") && long[0].hasSuffix("…"), "\(long)")
    #expect(try Self.keyLine(wireframe, 7).lines == ["PGBarButtonItem · Save"])
    #expect(try Self.keyLine(wireframe, 8).lines == ["PGBar…"], "no title: the kind, cut")
  }

  @Test("The first inspectable value follows the schema's declaration order, properties before attributes; a schema built in code sorts by name")
  func declarationOrder() throws {
    let schema = try WidgetSizeOfferTests.schema("doc-designable")
    let button = try #require(schema.widget(named: "RoundedButton"))
    #expect(button.inspectable.map(\.name) == ["cornerRadius", "borderColor", "width"])
    #expect(button.properties.map(\.name) == button.properties.map(\.name).sorted(), "properties themselves stay sorted")
    var unordered = button
    unordered.declarationOrder = []
    #expect(unordered.inspectable.map(\.name) == ["borderColor", "cornerRadius", "width"])
  }
}
