import CommandCodec
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

/// The prelude's screen (docs: Tests/ReplayTests/Support/TestSupport.swift): application 1, frame
/// view 2 (active) and vertical linear layout 3 in it, which fills the 400 × 800 screen.
@Suite("Wireframe layout: a state as positioned boxes")
struct WireframeLayoutTests {
  @Test("A vertical linear layout stacks its children top to bottom")
  func verticalStack() throws {
    let w = screenWireframe(Line.batch(Line.create("TEXT", 3, 4, text: "A"), Line.create("TEXT", 3, 5, text: "B"), Line.create("TEXT", 3, 6, text: "C")))
    let (a, b, c) = (try box(w, 4), try box(w, 5), try box(w, 6))
    #expect(a.frame.y == 0)
    #expect(b.frame.y == a.frame.maxY)
    #expect(c.frame.y == b.frame.maxY)
    #expect(a.frame.x == 0 && b.frame.x == 0 && c.frame.x == 0)
    #expect(a.frame.height == 22)  // one 18-point line (14 × 1.3) and the text's 2-point padding above and below
  }

  @Test("A horizontal linear layout puts its children side by side")
  func horizontalRow() throws {
    let w = screenWireframe(Line.batch(
      Line.create("LINEAR_LAYOUT", 3, 4, value: 2), Line.create("BUTTON", 4, 5, text: "One"), Line.create("BUTTON", 4, 6, text: "Two")))
    let (one, two) = (try box(w, 5), try box(w, 6))
    #expect(two.frame.x == one.frame.maxX)
    #expect(one.frame.y == two.frame.y)
  }

  @Test("match-parent fills the parent's width inside its padding; wrap-content takes what the content needs")
  func matchParent() throws {
    let w = screenWireframe(Line.batch(
      Line.style(3, "padding", "24"), Line.create("TEXTFIELD", 3, 4, text: "alice"), Line.style(4, "width", "match-parent"), Line.create("BUTTON", 3, 5, text: "Log in")))
    let field = try box(w, 4)
    #expect(field.frame.x == 24)
    #expect(field.frame.width == 352)
    let button = try box(w, 5)
    #expect(button.frame.width > 0 && button.frame.width < 352)
  }

  @Test("Padding insets the children; margins (shorthand and sides) move the box")
  func paddingAndMargin() throws {
    let w = screenWireframe(Line.batch(
      Line.style(3, "padding", "10 20"), Line.create("TEXT", 3, 4, text: "A"), Line.style(4, "margin", "8"), Line.style(4, "margin-left", "30")))
    let text = try box(w, 4)
    #expect(text.frame.x == 20 + 30)
    #expect(text.frame.y == 10 + 8)
    #expect(text.frame.width == TextMetric.width(of: "A", font: StyleFont()))  // a text wraps its content
  }

  @Test("Fixed sizes are taken as given; invalid sizes are ignored")
  func fixedSizes() throws {
    let w = screenWireframe(Line.batch(
      Line.create("BUTTON", 3, 4, text: "Fixed"), Line.style(4, "width", "100"), Line.style(4, "height", "50"),
      Line.create("BUTTON", 3, 5, text: "Loose"), Line.style(5, "width", "wide;x"), Line.style(5, "min-height", "60")))
    #expect(try box(w, 4).frame.size == WireframeSize(width: 100, height: 50))
    let loose = try box(w, 5)
    #expect(loose.frame.width < 400)
    #expect(loose.frame.height == 60)
  }

  @Test("Weights (and match-parent along the layout) share the space the others leave")
  func weights() throws {
    let w = screenWireframe(Line.batch(
      Line.create("TEXT", 3, 4, text: "fixed"), Line.style(4, "height", "200"),
      Line.create("TEXT", 3, 5, text: "one"), Line.style(5, "weight", "1"),
      Line.create("SCROLL_LAYOUT", 3, 6)))
    #expect(try box(w, 5).frame.height == 300)
    #expect(try box(w, 6).frame.height == 300)
    #expect(try box(w, 6).frame.y == 500)
  }

  @Test("A hidden element has no box, unless hidden elements are asked for: then it is laid out and marked")
  func hiddenElements() throws {
    let lines = [
      Line.batch(Line.create("BUTTON", 3, 4, text: "Gone"), Line.create("BUTTON", 3, 5, text: "Shown")),
      Line.batch(Line.command("SET_VISIBILITY", 4)),
    ]
    let plain = WireframeLayout.layout(model(Prelude.both + lines).state, viewport: WireframeSize(width: 400, height: 800))
    #expect(plain.box(for: 4) == nil)
    #expect(try box(plain, 5).frame.y == 4)
    let shown = WireframeLayout.layout(model(Prelude.both + lines).state, viewport: WireframeSize(width: 400, height: 800), options: WireframeOptions(showsHidden: true))
    let gone = try box(shown, 4)
    #expect(gone.isHidden)
    #expect(try box(shown, 5).frame.y > gone.frame.maxY)
    #expect(!(try box(shown, 5).isHidden))
  }

  @Test("The drawer is drawn only while it is open: at the left, over a scrim, above the view")
  func drawer() throws {
    let create = Line.batch(Line.create("NAVIGATIONVIEW", 1, 10), Line.create("LINEAR_LAYOUT", 10, 11, value: 1), Line.create("BUTTON", 11, 12, text: "Menu"))
    let closed = screenWireframe(create)
    #expect(closed.box(for: 10) == nil && closed.box(for: 12) == nil)
    #expect(closed.boxes(of: .scrim).isEmpty)
    let closedShowingHidden = screenWireframe(create, options: WireframeOptions(showsHidden: true))
    #expect(closedShowingHidden.box(for: 10) == nil)

    let open = screenWireframe(create, Line.batch(Line.command("SET_VISIBILITY", 10, value: 1)))
    let drawer = try box(open, 10)
    #expect(drawer.frame == WireframeRect(x: 0, y: 0, width: 320, height: 800))
    #expect(open.root.children.map(\.kind) == [.element(.frameView), .scrim, .element(.navigationView)])
    #expect(try box(open, 12).frame.x < 320)
  }

  @Test("Dialogs are drawn on top, centred, over a scrim each, in modal-stack order; not inside the view they hang under")
  func dialogs() throws {
    let w = screenWireframe(
      Line.batch(Line.create("DIALOG", 2, 20, text: "Sure?"), Line.create("BUTTON", 20, 21, text: "OK")),
      Line.batch(Line.create("DIALOG", 2, 30, text: "Really?")))
    #expect(w.root.children.map(\.kind) == [.element(.frameView), .scrim, .element(.dialog), .scrim, .element(.dialog)])
    #expect(w.root.children[2].elementId == 20)
    #expect(w.root.children[4].elementId == 30)
    let dialog = try box(w, 20)
    #expect(abs(dialog.frame.midX - 200) < 0.001 && abs(dialog.frame.midY - 400) < 0.001)
    let ok = try box(w, 21)
    #expect(ok.frame.x >= dialog.frame.x && ok.frame.maxY <= dialog.frame.maxY)
    #expect(!w.root.children[0].flattened.contains { $0.elementId == 20 })
    #expect(dialog.children.first { $0.kind == .title }?.label == "Sure?")
  }

  @Test("An action sheet sits at the bottom with its options as rows")
  func actionSheet() throws {
    let w = screenWireframe(Line.batch(
      Line.create("ACTION_SHEET", 2, 20, text: "Share"), Line.command("ADD_OPTION", 20, text: "Mail", value: 1), Line.command("ADD_OPTION", 20, text: "Copy link", value: 2)))
    let sheet = try box(w, 20)
    #expect(sheet.frame.maxY == 792)
    #expect(sheet.children.filter { $0.kind == .option }.map(\.label) == ["Mail", "Copy link"])
  }

  @Test("Toasts are drawn while they show, and not after they expire")
  func toasts() throws {
    var m = model(Prelude.both + [Line.batch(Line.command("CREATE_TOAST", 3, text: "Saved"))])
    m.advance(to: 1000)
    let showing = WireframeLayout.layout(m.state, viewport: WireframeSize(width: 400, height: 800))
    let toast = try #require(showing.boxes(of: .toast).first)
    #expect(toast.label == "Saved" && toast.toastNumber == 1)
    #expect(toast.frame.maxY <= 800 && abs(toast.frame.midX - 200) < 0.001)
    #expect(showing.root.children.last?.kind == .toast)
    m.advance(to: 2500)
    #expect(WireframeLayout.layout(m.state, viewport: WireframeSize(width: 400, height: 800)).boxes(of: .toast).isEmpty)
  }

  @Test("A password of 1 character and one of 40 are drawn alike", arguments: [1, 40])
  func passwordLength(length: Int) throws {
    let w = screenWireframe(Line.batch(Line.create("TEXTFIELD", 3, 4, text: String(repeating: "p", count: length), flags: 1)))
    let eight = screenWireframe(Line.batch(Line.create("TEXTFIELD", 3, 4, text: "pppppppp", flags: 1)))
    let password = try box(w, 4)
    #expect(password.label == "••••••••" && password.text?.string == "••••••••")
    #expect(password.frame == (try box(eight, 4)).frame)
  }

  @Test("A password field is masked, its error shown under it; an empty field shows its hint")
  func fields() throws {
    let w = screenWireframe(
      Line.batch(
        Line.create("TEXTFIELD", 3, 4, text: "hunter2", flags: 1), Line.create("TEXTFIELD", 3, 5), Line.style(5, "hint", "Email")),
      Line.batch(Line.command("SET_ERROR", 4, text: "Wrong password", value: 1)))
    let password = try box(w, 4)
    // Eight dots whatever the length (docs/WIREFRAME.md): a drawing never tells a password's length.
    #expect(password.label == "••••••••")
    #expect(password.text?.string == "••••••••")
    #expect(!w.boxes.contains { $0.label.contains("hunter2") || ($0.text?.string.contains("hunter2") ?? false) })
    #expect(password.hasError)
    let error = try #require(password.children.first { $0.kind == .error })
    #expect(error.label == "Wrong password")
    #expect(error.frame.y >= password.body.maxY)
    #expect(try box(w, 5).frame.y >= error.frame.maxY)
    let empty = try box(w, 5)
    #expect(empty.text?.string == "Email" && empty.text?.isPlaceholder == true && empty.label == "")
  }

  @Test("A scroll layout clips its content and shows it scrolled by its offset")
  func scroll() throws {
    var commands = [Line.create("SCROLL_LAYOUT", 3, 4), Line.style(4, "height", "100")]
    for id in Int32(5)...14 { commands.append(Line.create("TEXT", 4, id, text: "row \(id)")) }
    let w = screenWireframe(#"{"batch":["# + commands.joined(separator: ",") + "]}", Line.batch(Line.command("SET_INT_VALUE", 4, value: 30)))
    let scroll = try box(w, 4)
    #expect(scroll.frame.height == 100 && scroll.clipsChildren)
    let first = try box(w, 5)
    #expect(first.frame.y == scroll.frame.y - 30)
    #expect(first.clip == scroll.body)
  }

  @Test("A pager shows only the page its value selects")
  func pager() throws {
    let w = screenWireframe(
      Line.batch(Line.create("PAGER", 3, 4), Line.create("TEXT", 4, 5, text: "One"), Line.create("TEXT", 4, 6, text: "Two")),
      Line.batch(Line.command("SET_INT_VALUE", 4, value: 1)))
    #expect(w.box(for: 5) == nil)
    #expect(w.box(for: 6)?.label == "Two")
  }

  @Test("Action bars go to the top of their view and navigation bars to the bottom; the content fills what is left")
  func bars() throws {
    let w = screenWireframe(Line.batch(
      Line.create("ACTIONBAR", 2, 10, text: "Title", text2: "Sub"), Line.create("NAVIGATIONBAR", 2, 11),
      Line.create("NAVIGATIONBAR_ITEM", 11, 12, text: "Home"), Line.create("NAVIGATIONBAR_ITEM", 11, 13, text: "Search")))
    let actionBar = try box(w, 10)
    #expect(actionBar.frame == WireframeRect(x: 0, y: 0, width: 400, height: 56))
    #expect(actionBar.children.filter { $0.kind == .title || $0.kind == .subtitle }.map(\.label) == ["Title", "Sub"])
    let navigationBar = try box(w, 11)
    #expect(navigationBar.frame.maxY == 800 && navigationBar.frame.height == 56)
    let content = try box(w, 3)
    #expect(content.frame.y == 56 && content.frame.height == 800 - 112)
    #expect(try box(w, 12).frame.width == 200 && box(w, 13).frame.x == 200)
  }

  @Test("Switches, checkboxes and pickers show their state; the picker its options, the selected row marked")
  func controls() throws {
    let (state, header) = try replayed("drawer.jsonl", at: .time(5_500))
    let w = WireframeLayout.layout(state, viewport: WireframeLayout.viewport(header.viewport))
    let toggle = try box(w, 14)
    #expect(toggle.label == "On" && toggle.isSelected)
    #expect(toggle.children.first { $0.kind == .control(.switchTrack) }?.isSelected == true)
    let picker = try box(w, 15)
    let options = picker.children.filter { $0.kind == .option }
    #expect(options.map(\.label) == ["Light", "Dark", "System"])
    #expect(options.map(\.isSelected) == [true, false, false])
  }

  @Test("Checkboxes, radio groups and segmented controls mark what is checked or selected")
  func choices() throws {
    let w = screenWireframe(
      Line.batch(
        Line.create("CHECKBOX", 3, 4, text: "Remember me"), Line.create("RADIO_GROUP", 3, 5),
        Line.command("ADD_OPTION", 5, text: "Small", value: 10), Line.command("ADD_OPTION", 5, text: "Large", value: 20),
        Line.create("SEGMENTED_CONTROL", 3, 6), Line.command("ADD_OPTION", 6, text: "Day", value: 1), Line.command("ADD_OPTION", 6, text: "Week", value: 2)),
      Line.batch(Line.command("SET_INT_VALUE", 4, value: 1), Line.command("SET_INT_VALUE", 5, value: 20), Line.command("SET_INT_VALUE", 6, value: 1)))
    let checkbox = try box(w, 4)
    #expect(checkbox.isSelected && checkbox.children.first?.kind == .control(.checkbox) && checkbox.text?.string == "Remember me")
    let radios = try box(w, 5).children.filter { $0.kind == .option }
    #expect(radios.map(\.label) == ["Small", "Large"] && radios.map(\.isSelected) == [false, true])
    let segments = try box(w, 6).children.filter { $0.kind == .option }
    #expect(segments.map(\.label) == ["Day", "Week"] && segments.map(\.isSelected) == [false, true])
    #expect(segments[1].frame.x == segments[0].frame.maxX)
  }

  @Test("A grid draws its rows as tiles, several across; a table layout its children in columns")
  func gridAndTable() throws {
    let w = screenWireframe(Line.batch(
      Line.create("GRIDVIEW", 3, 4), Line.command("RESHAPE_SHEET", 4, value: 5),
      Line.command("SET_TEXT_DATA", 4, text: "first"), Line.style(4, "height", "300"),
      Line.create("TABLE_LAYOUT", 3, 5, value: 2), Line.create("TEXT", 5, 6, text: "a"), Line.create("TEXT", 5, 7, text: "b"), Line.create("TEXT", 5, 8, text: "c")))
    let tiles = try box(w, 4).children.filter { $0.kind == .listRow }
    #expect(tiles.count == 5)
    #expect(tiles[0].text?.string == "first")
    #expect(tiles[1].frame.y == tiles[0].frame.y && tiles[1].frame.x > tiles[0].frame.x)
    let (a, b, c) = (try box(w, 6), try box(w, 7), try box(w, 8))
    #expect(b.frame.x == 200 && b.frame.y == a.frame.y)
    #expect(c.frame.x == 0 && c.frame.y == a.frame.maxY)
  }

  @Test("Gravity centres a layout's children (the progress screen)")
  func gravity() throws {
    let (state, header) = try replayed("progress.jsonl", at: .time(3_000))
    let viewport = WireframeLayout.viewport(header.viewport)
    let w = WireframeLayout.layout(state, viewport: viewport)
    let spinner = try box(w, 4)
    #expect(abs(spinner.frame.midX - viewport.width / 2) < 0.001)
    #expect(spinner.frame.y > 200)
    #expect(spinner.children.first { $0.kind == .control(.spinner) }?.isSelected == true)
    #expect(try box(w, 5).text?.anchor == .center)
  }

  @Test("Images are placeholders naming the URL they show and its size, an asset, or a request without URL")
  func images() throws {
    let (state, header) = try replayed("images.jsonl")
    let w = WireframeLayout.layout(state, viewport: WireframeLayout.viewport(header.viewport))
    let avatar = try box(w, 5)
    #expect(avatar.frame.size == WireframeSize(width: 96, height: 96))
    #expect(avatar.label == "https://cdn.example.com/u/42/avatar-128.jpg\n128×128")
    #expect(try box(w, 7).label == "https://cdn.example.com/p/1002-480.jpg\n480×270")
    #expect(try box(w, 8).label == "asset: badge-gold.png")
    #expect(try box(w, 9).label == "request without URL")
  }

  @Test("Lists draw their column names, sheets and rows with a cell per column, up to the row limit")
  func lists() throws {
    let (state, header) = try replayed("list.jsonl")
    let w = WireframeLayout.layout(state, viewport: WireframeLayout.viewport(header.viewport))
    let list = try box(w, 9)
    let header_ = try #require(list.children.first { $0.kind == .listHeader })
    #expect(header_.children.map(\.label) == ["Name", "Size", "Modified"])
    #expect(list.children.filter { $0.kind == .listSheet }.map(\.label) == ["▾ My files (201)", "▸ Shared with me (4)"])
    let rows = list.children.filter { $0.kind == .listRow }
    #expect(rows.count == WireframeOptions.maximumRows)
    #expect(rows.first?.children.map(\.label) == ["report-001.pdf", "12 KB", "2026-10-01"])
    #expect(list.children.contains { $0.kind == .more && $0.label == "… 101 more rows" })
    #expect(list.clipsChildren)
  }

  @Test("Styles apply per selector state: SELECTED for a selected button, or the state asked for")
  func selectorStates() throws {
    let lines = [
      Line.batch(
        Line.create("BUTTON", 3, 4, text: "Tab"), Line.style(4, "background-color", "#111111"), Line.style(4, "background-color", "#222222", selector: .selected),
        Line.style(4, "background-color", "#333333", selector: .active)),
      Line.batch(Line.command("SET_INT_VALUE", 4, value: 1)),
    ]
    let selected = try box(WireframeLayout.layout(model(Prelude.both + lines).state), 4)
    #expect(selected.style.selector == .selected && selected.style.background == .color(StyleColor.parse("#222222")!))
    let pressed = try box(WireframeLayout.layout(model(Prelude.both + lines).state, options: WireframeOptions(states: [4: .active])), 4)
    #expect(pressed.style.background == .color(StyleColor.parse("#333333")!))
  }

  @Test("The viewport is the header's, else 390 × 844")
  func viewport() {
    #expect(WireframeLayout.viewport(nil) == WireframeSize(width: 390, height: 844))
    #expect(WireframeLayout.viewport(Viewport(width: 375, height: 667, scale: 2)) == WireframeSize(width: 375, height: 667))
    #expect(WireframeLayout.viewport(Viewport(width: 0, height: 667)) == WireframeLayout.defaultViewport)
    #expect(WireframeLayout.layout(UIState()).root.frame == WireframeRect(x: 0, y: 0, width: 390, height: 844))
    #expect(WireframeLayout.layout(UIState()).root.children.map(\.kind) == [.notice])
  }

  @Test("Thousands of nested layouts are laid out to a bounded depth, without exhausting the stack")
  func deepNesting() throws {
    var commands: [String] = []
    for id in Int32(4)...2_000 { commands.append(Line.create("LINEAR_LAYOUT", id - 1, id, value: 1)) }
    commands.append(Line.create("TEXT", 2_000, 2_001, text: "deep"))
    let w = screenWireframe(#"{"batch":["# + commands.joined(separator: ",") + "]}")
    #expect(w.box(for: 10) != nil)
    #expect(w.box(for: 2_001) == nil)
    #expect(w.boxes.count < 200)
  }

  @Test("The same state gives the same boxes")
  func deterministic() throws {
    let (state, header) = try replayed("list.jsonl")
    let viewport = WireframeLayout.viewport(header.viewport)
    #expect(WireframeLayout.layout(state, viewport: viewport) == WireframeLayout.layout(state, viewport: viewport))
  }
}
