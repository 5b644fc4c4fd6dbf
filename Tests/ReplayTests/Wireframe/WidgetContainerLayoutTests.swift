import CommandCodec
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

/// Containers that list the kinds they take and lay their children out vertically or
/// horizontally (docs/WIDGETS.md §2.10): `child-of-leaf` for another kind, at its record, and
/// none for the kinds listed; the wireframe's boxes and the frames the model logs follow the
/// layout.
@Suite("Custom widgets: container kinds and layouts")
struct WidgetContainerLayoutTests {
  /// PGAdapter's toolbar (its `addSubview:` takes bar button items), a vertical stack, a frame
  /// panel and a bar button item.
  static let schema = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "pegasus", "widgets": [
      {"name": "PGToolbar", "create": {"command": "CREATE_PG_TOOLBAR", "code": 1100},
       "container": ["PGBarButtonItem", "button"], "layout": "horizontal", "size": {"width": "given", "height": 44}},
      {"name": "PGBarButtonItem", "create": {"command": "CREATE_PG_BAR_BUTTON_ITEM", "code": 1101},
       "attributes": {"title": {"type": "string", "field": "textValue", "default": ""}},
       "size": {"preferredWidth": 60, "preferredHeight": 30}},
      {"name": "PGStack", "create": {"command": "CREATE_PG_STACK", "code": 1102}, "container": true, "layout": "vertical",
       "size": {"preferredWidth": 300, "preferredHeight": 400}},
      {"name": "PGPanel", "create": {"command": "CREATE_PG_PANEL", "code": 1103}, "container": true,
       "size": {"preferredWidth": 300, "preferredHeight": 200}}]}
    """#)

  static func create(_ command: String, in parent: Int32, _ id: Int32, _ text: String = "") -> String {
    #"{"type":"\#(command)","internalId":\#(parent),"childInternalId":\#(id),"textValue":"\#(text)"}"#
  }

  static let toolbar = create("CREATE_PG_TOOLBAR", in: 3, 9)

  /// The bodies the wireframe draws `ids` with, on the default screen.
  static func bodies(_ state: UIState, _ ids: [Int32]) throws -> [WireframeRect] {
    let boxes = WireframeLayout.layout(state).root.flattened
    return try ids.map { id in try #require(boxes.first { $0.elementId == id }, "element \(id) is drawn").body }
  }

  @Test("A kind the list names is taken without a diagnostic; another is child-of-leaf at its record, attached anyway")
  func kindsTakenAndRefused() throws {
    let taken = widgetModel(Self.schema, [
      Self.toolbar, Self.create("CREATE_BUTTON", in: 9, 10, "Edit"), Self.create("CREATE_PG_BAR_BUTTON_ITEM", in: 9, 11, "Done"),
    ])
    expectClean(taken)
    #expect(taken.state[9]?.children == [10, 11])
    let refused = widgetModel(Self.schema, [
      Self.toolbar, Self.create("CREATE_BUTTON", in: 9, 10, "Edit"),
      #"{"batch":[\#(Self.create("CREATE_TEXT", in: 9, 12, "Title")),\#(Self.create("CREATE_PG_PANEL", in: 9, 13))]}"#,
      Self.create("CREATE_PG_BAR_BUTTON_ITEM", in: 9, 14),
    ])
    #expect(rules(refused) == [.childOfLeaf, .childOfLeaf])
    #expect(refused.diagnostics.map(\.recordIndex) == [4, 4], "the record that created them (the prelude is 0 and 1)")
    #expect(refused.diagnostics.map(\.message) == [
      "CREATE_TEXT puts text 12 under PGToolbar 9, which takes PGBarButtonItem, button; attached anyway",
      "CREATE_PG_PANEL puts PGPanel 13 under PGToolbar 9, which takes PGBarButtonItem, button; attached anyway",
    ])
    #expect(refused.state[9]?.children == [10, 12, 13, 14])
    // `"container": true` takes every kind; a widget that is no container, none.
    expectClean(widgetModel(Self.schema, [Self.create("CREATE_PG_PANEL", in: 3, 9), Self.create("CREATE_TEXT", in: 9, 10), Self.create("CREATE_PG_TOOLBAR", in: 9, 11)]))
    let leaf = widgetModel(Self.schema, [Self.create("CREATE_PG_BAR_BUTTON_ITEM", in: 3, 9), Self.create("CREATE_BUTTON", in: 9, 10)])
    #expect(leaf.diagnostics.map(\.message) == ["CREATE_BUTTON puts button 10 under PGBarButtonItem 9, which cannot hold children; attached anyway"])
  }

  @Test("A horizontal container places its children side by side, a vertical one one below the other, a frame one on top of each other")
  func layouts() throws {
    let buttons = (10...12).map { Self.create("CREATE_BUTTON", in: 9, Int32($0), "B\($0)") }
    for (container, expectation) in [("CREATE_PG_TOOLBAR", "horizontal"), ("CREATE_PG_STACK", "vertical"), ("CREATE_PG_PANEL", "frame")] {
      let model = widgetModel(Self.schema, [Self.create(container, in: 3, 9)] + buttons)
      expectClean(model)
      let parent = try #require(try Self.bodies(model.state, [9]).first)
      let children = try Self.bodies(model.state, [10, 11, 12])
      let xs = children.map(\.x), ys = children.map(\.y)
      switch expectation {
      case "horizontal":
        #expect(xs[0] < xs[1] && xs[1] < xs[2] && Set(ys).count == 1, "\(children)")
        #expect(xs[1] >= children[0].maxX && xs[2] >= children[1].maxX, "no overlap: \(children)")
      case "vertical":
        #expect(ys[0] < ys[1] && ys[1] < ys[2] && Set(xs).count == 1, "\(children)")
        #expect(ys[1] >= children[0].maxY && ys[2] >= children[1].maxY, "no overlap: \(children)")
      default:
        #expect(Set(xs).count == 1 && Set(ys).count == 1, "stacked top left: \(children)")
      }
      // The container's border and padding (7) and the button's top margin (4) apart.
      #expect(xs[0] - parent.x == 7 && ys[0] - parent.y == 11, "\(expectation): the first child at the container's top left: \(parent) \(children)")
      #expect(children.allSatisfy { $0.y < parent.maxY && $0.x < parent.maxX }, "\(expectation): inside \(parent): \(children)")
    }
  }

  @Test("The frames the model logs for widgets in a horizontal container follow its layout")
  func framesFollowTheLayout() throws {
    let model = widgetModel(
      Self.schema, [Self.toolbar] + (10...12).map { Self.create("CREATE_PG_BAR_BUTTON_ITEM", in: 9, Int32($0), "Item \($0)") },
      options: .init(layout: WidgetFrameProbe()))
    expectClean(model)
    var last: [Int32: (x: Double, y: Double, width: Double)] = [:]
    for emission in model.emissions {
      guard case .widget(let target, .frame(let x, let y, let width, _)) = emission.kind else { continue }
      last[target] = (x, y, width)
    }
    let items = try [10, 11, 12].map { try #require(last[Int32($0)], "a frame for \($0): \(last)") }
    #expect(items.map(\.width) == [60, 60, 60])
    #expect(items[1].x >= items[0].x + 60 && items[2].x >= items[1].x + 60, "\(items)")
    #expect(Set(items.map(\.y)).count == 1, "\(items)")
    let toolbar = try #require(last[9])
    #expect(items[0].x == toolbar.x + 7 && toolbar.width > 300, "the toolbar is as wide as given: \(toolbar)")
    // The same items in the vertical stack go down.
    let stacked = widgetModel(
      Self.schema, [Self.create("CREATE_PG_STACK", in: 3, 9)] + (10...12).map { Self.create("CREATE_PG_BAR_BUTTON_ITEM", in: 9, Int32($0)) },
      options: .init(layout: WidgetFrameProbe()))
    let drawn = try Self.bodies(stacked.state, [10, 11, 12])
    #expect(drawn[0].y < drawn[1].y && drawn[1].y < drawn[2].y && Set(drawn.map(\.x)).count == 1, "\(drawn)")
  }

  @Test("Children past a container's box are clipped to it, and more than the wireframe's budget are not all laid out: a horizontal toolbar of many buttons")
  func manyChildrenAreClipped() throws {
    let count = WireframeOptions.maximumElements + 1_000
    let buttons = (0..<count).map { Self.create("CREATE_BUTTON", in: 9, Int32(100 + $0), "Button \($0)") }
    let model = widgetModel(Self.schema, [Self.toolbar, #"{"batch":[\#(buttons.joined(separator: ","))]}"#])
    expectClean(model)
    #expect(model.state[9]?.children.count == count)
    let wireframe = WireframeLayout.layout(model.state)
    let boxes = wireframe.root.flattened
    let toolbar = try #require(boxes.first { $0.elementId == 9 })
    let drawn = boxes.filter { ($0.elementId ?? 0) >= 100 }
    #expect(!drawn.isEmpty && drawn.count < WireframeOptions.maximumElements, "within the budget: \(drawn.count)")
    // A button (36 high at least) does not fit the toolbar's 44 less its insets: cut at its edge.
    #expect(drawn.contains { $0.body.maxY > toolbar.body.maxY }, "a child reaches past the box")
    #expect(drawn.allSatisfy { $0.clip.map { $0.intersection(toolbar.body) == $0 } == true }, "clipped to the toolbar")
    #expect(toolbar.body.height == 44)
  }

  @Test("Containers in containers, deeper than the wireframe draws, stay within the budget; the model takes them all")
  func deepNesting() throws {
    let depth = 300
    let schema = try WidgetSchema(parsing: #"""
      {"widgetSchema": 1, "name": "deep", "widgets": [
        {"name": "Box", "create": {"command": "CREATE_BOX", "code": 1100}, "container": ["Box", "button"], "layout": "vertical"}]}
      """#)
    var lines = [Self.create("CREATE_BOX", in: 3, 10)]
    for level in 1..<depth { lines.append(Self.create("CREATE_BOX", in: Int32(9 + level), Int32(10 + level))) }
    lines.append(Self.create("CREATE_BUTTON", in: Int32(9 + depth), 5_000, "Deep"))
    lines.append(Self.create("CREATE_TEXT", in: Int32(9 + depth), 5_001, "Refused"))
    let model = widgetModel(schema, lines, options: .init(layout: WidgetFrameProbe()))
    #expect(rules(model) == [.childOfLeaf], "\(model.diagnostics.map(\.description))")
    #expect(model.diagnostics.first?.recordIndex == depth + 3)
    #expect(model.state[5_000]?.parent == Int32(9 + depth))
    let boxes = WireframeLayout.layout(model.state).root.flattened
    #expect(boxes.contains { $0.elementId == 10 } && !boxes.contains { $0.elementId == 5_000 }, "past the wireframe's depth nothing is drawn")
  }

  /// PGToolbar as PGAdapter writes it: bar button items into its items row, any other view
  /// handed to `super` (docs/WIDGETS.md §2.10 `"layout": {KIND: LAYOUT, "*": …}`).
  static func mixed() throws -> WidgetSchema {
    try WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "pegasus", "widgets": [
      {"name": "PGToolbar", "create": {"command": "CREATE_PG_TOOLBAR", "code": 1100}, "container": true,
       "layout": {"PGBarButtonItem": "horizontal", "*": "frame"}, "size": {"width": "given", "height": 44}},
      {"name": "PGBarButtonItem", "create": {"command": "CREATE_PG_BAR_BUTTON_ITEM", "code": 1101},
       "attributes": {"title": {"type": "string", "field": "textValue", "default": ""}},
       "size": {"preferredWidth": 60, "preferredHeight": 30}}]}
    """#)
  }

  @Test("A per-kind layout puts the kinds it names in their row and stacks the others top left, in one box")
  func perKindLayout() throws {
    let model = widgetModel(try Self.mixed(), [
      Self.create("CREATE_PG_TOOLBAR", in: 3, 9), Self.create("CREATE_PG_BAR_BUTTON_ITEM", in: 9, 10, "Back"),
      Self.create("CREATE_TEXT", in: 9, 11, "Title"), Self.create("CREATE_PG_BAR_BUTTON_ITEM", in: 9, 12, "Edit"),
      Self.create("CREATE_BUTTON", in: 9, 13, "Done"), Self.create("CREATE_PG_BAR_BUTTON_ITEM", in: 9, 14, "Share"),
    ])
    expectClean(model)
    let parent = try #require(try Self.bodies(model.state, [9]).first)
    let items = try Self.bodies(model.state, [10, 12, 14])
    // The items side by side, 60 wide, from the toolbar's top left, as if the others were not there.
    #expect(items.map { $0.x - parent.x } == [7, 67, 127] && Set(items.map(\.y)).count == 1, "\(parent) \(items)")
    // The text and the button stacked at the top left, over the first item.
    let others = try Self.bodies(model.state, [11, 13])
    #expect(others.allSatisfy { $0.x == items[0].x } && others.allSatisfy { $0.y < parent.maxY }, "\(others) \(items)")
  }
}
