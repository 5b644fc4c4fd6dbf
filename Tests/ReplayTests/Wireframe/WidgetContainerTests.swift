import CommandCodec
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

/// Container widgets (docs/WIDGETS.md §2.10, PGAdapter's `addSubview:`): a schema that says
/// `"container": true` lets elements be created under the widget; the model, the tree printer,
/// snapshots, diffs and the wireframe handle its children.
@Suite("Custom widgets: containers")
struct WidgetContainerTests {
  /// A PGAdapter-style panel (a container, 300 × 200) and a chart that is not one.
  static let schema = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "panel", "widgets": [
      {"name": "PGPanel", "create": {"command": "CREATE_PG_PANEL", "code": 1100}, "container": true,
       "attributes": {"title": {"type": "string", "field": "textValue", "default": ""}},
       "size": {"preferredWidth": 300, "preferredHeight": 200}},
      {"name": "Gauge", "create": {"command": "CREATE_GAUGE", "code": 1101}}]}
    """#)

  static let panel = [
    #"{"type":"CREATE_PG_PANEL","internalId":3,"childInternalId":9,"textValue":"Account"}"#,
    #"{"batch":[{"type":"CREATE_BUTTON","internalId":9,"childInternalId":10,"textValue":"Save"},{"type":"CREATE_TEXT","internalId":9,"childInternalId":11,"textValue":"Name"}]}"#,
  ]

  @Test("Children are created under a container with no child-of-leaf; under a widget that is not one they still are")
  func childrenUnderAContainer() throws {
    let model = widgetModel(Self.schema, Self.panel)
    expectClean(model)
    #expect(model.state[9]?.children == [10, 11])
    #expect(model.state[10]?.parent == 9)
    let leaf = widgetModel(Self.schema, [#"{"type":"CREATE_GAUGE","internalId":3,"childInternalId":9}"#, #"{"type":"CREATE_BUTTON","internalId":9,"childInternalId":10}"#])
    #expect(rules(leaf) == [.childOfLeaf])
    #expect(leaf.diagnostics.first?.message.contains("under Gauge 9, which cannot hold children") == true)
  }

  @Test("The tree prints, the snapshot keeps and the diff names a container's children")
  func treeSnapshotAndDiff() throws {
    let state = widgetModel(Self.schema, Self.panel).state
    let tree = StateTreeRenderer.render(state)
    let lines = tree.split(separator: "\n")
    let panelLine = try #require(lines.firstIndex { $0.contains("PGPanel 9") }, "\(tree)")
    #expect(lines[panelLine + 1].contains("button 10") && lines[panelLine + 1].prefix { $0 == " " }.count > lines[panelLine].prefix { $0 == " " }.count, "\(tree)")
    let back = try StateSnapshotReader.read(StateSnapshotWriter.snapshot(of: state))
    #expect(back[9]?.children == [10, 11] && back[10]?.parent == 9)
    let changed = widgetModel(Self.schema, Self.panel + [#"{"type":"SET_TEXT_VALUE","internalId":10,"textValue":"Saved"}"#]).state
    let diff = StateDiff(from: state, to: changed).renderText()
    #expect(diff.contains("PGPanel 9 › button 10"), "\(diff)")
  }

  @Test("The wireframe draws the children inside the container's box, stacked top left")
  func childrenDrawnInside() throws {
    let state = widgetModel(Self.schema, Self.panel).state
    let boxes = WireframeLayout.layout(state).root.flattened
    let panel = try #require(boxes.first { $0.elementId == 9 })
    let save = try #require(boxes.first { $0.elementId == 10 })
    #expect(panel.body.size == WireframeSize(width: 300, height: 200))
    #expect(panel.children.contains { $0.elementId == 10 } && panel.children.contains { $0.elementId == 11 })
    #expect(save.frame.x >= panel.body.x && save.frame.maxX <= panel.body.maxX && save.frame.y >= panel.body.y && save.frame.maxY <= panel.body.maxY)
  }

  @Test("container is fingerprinted only when true")
  func fingerprint() throws {
    let plain = #"{"widgetSchema": 1, "widgets": [{"name": "PGPanel", "create": {"command": "CREATE_PG_PANEL"}}]}"#
    let off = #"{"widgetSchema": 1, "widgets": [{"name": "PGPanel", "create": {"command": "CREATE_PG_PANEL"}, "container": false}]}"#
    let on = #"{"widgetSchema": 1, "widgets": [{"name": "PGPanel", "create": {"command": "CREATE_PG_PANEL"}, "container": true}]}"#
    let fingerprints = try [plain, off, on].map { try WidgetSchema(parsing: Array($0.utf8)).fingerprint }
    #expect(fingerprints[0] == fingerprints[1] && fingerprints[0] != fingerprints[2])
    #expect(throws: WidgetSchema.Failure.self) { try WidgetSchema(parsing: Array(#"{"widgetSchema": 1, "widgets": [{"name": "P", "create": {"command": "CREATE_P"}, "container": "yes"}]}"#.utf8)) }
  }
}
