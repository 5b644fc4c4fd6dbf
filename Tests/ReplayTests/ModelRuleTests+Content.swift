import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

extension ModelRuleTests {
  /// Lists, CLEAR, RELEASE and image requests (ReferenceModel+Commands, ReferenceModel+Images).
  @Suite("Lists and images")
  struct Content {
    // MARK: - Lists

    /// List 10 under layout 3 with two columns, two sheets and a 2×2 grid of cells on each sheet.
    static let list = #"{"batch":[{"type":"CREATE_LISTVIEW","internalId":3,"childInternalId":10},{"type":"ADD_COLUMN","internalId":10,"value":1,"textValue":"Name"},{"type":"ADD_COLUMN","internalId":10,"value":2,"textValue":"Size"},{"type":"ADD_SHEET","internalId":10,"textValue":"Mine"},{"type":"ADD_SHEET","internalId":10,"textValue":"Shared"},{"type":"SET_TEXT_DATA","internalId":10,"textValue":"a","row":0,"column":0},{"type":"SET_TEXT_DATA","internalId":10,"textValue":"1","column":1},{"type":"SET_TEXT_DATA","internalId":10,"textValue":"b","row":1},{"type":"SET_TEXT_DATA","internalId":10,"textValue":"2","row":1,"column":1},{"type":"SET_TEXT_DATA","internalId":10,"textValue":"c","sheet":1},{"type":"SET_TEXT_DATA","internalId":10,"textValue":"d","row":1,"sheet":1},{"type":"RESHAPE_SHEET","internalId":10,"value":2},{"type":"RESHAPE_SHEET","internalId":10,"value":2,"sheet":1}]}"#

    static func cells(_ m: ReferenceModel, _ id: Int32 = 10) -> [String] {
      let list = m.state[id]!.list!
      return list.cells.keys.sorted().map { "\($0.sheet):\($0.row):\($0.column)=\(list.cells[$0]!)" }
    }

    @Test("ADD_COLUMN, ADD_SHEET, SET_TEXT_DATA and RESHAPE_SHEET fill a list")
    func listContent() {
      let m = screenModel(Self.list)
      expectClean(m)
      let list = m.state[10]!.list!
      #expect(list.columns == [ListContent.Column(name: "Name", type: 1), ListContent.Column(name: "Size", type: 2)])
      #expect(list.sheets == ["Mine", "Shared"])
      #expect(list.rowCounts == [0: 2, 1: 2])
      #expect(Self.cells(m) == ["0:0:0=a", "0:0:1=1", "0:1:0=b", "0:1:1=2", "1:0:0=c", "1:1:0=d"])
    }

    @Test("SET_TEXT_DATA replaces a cell")
    func setTextDataReplaces() {
      let m = screenModel(Self.list, #"{"type":"SET_TEXT_DATA","internalId":10,"textValue":"A","row":0,"column":0}"#)
      #expect(Self.cells(m).first == "0:0:0=A")
      #expect(m.state[10]!.list!.cells.count == 6)
    }

    @Test("RESHAPE_SHEET drops the rows past the new count on that sheet only, and can grow")
    func reshapeSheet() {
      let m = screenModel(Self.list, #"{"type":"RESHAPE_SHEET","internalId":10,"value":1}"#)
      expectClean(m)
      #expect(Self.cells(m) == ["0:0:0=a", "0:0:1=1", "1:0:0=c", "1:1:0=d"])
      #expect(m.state[10]!.list!.rowCounts == [0: 1, 1: 2])
      let grown = screenModel(Self.list, #"{"type":"RESHAPE_SHEET","internalId":10,"value":500,"sheet":1}"#)
      #expect(grown.state[10]!.list!.rowCounts == [0: 2, 1: 500])
      #expect(Self.cells(grown).count == 6)
    }

    @Test("RESHAPE_TABLE keeps the first sheets, their cells and row counts")
    func reshapeTable() {
      let m = screenModel(Self.list, #"{"type":"RESHAPE_TABLE","internalId":10,"value":1}"#)
      expectClean(m)
      let list = m.state[10]!.list!
      #expect(list.sheets == ["Mine"])
      #expect(list.rowCounts == [0: 2])
      #expect(Self.cells(m) == ["0:0:0=a", "0:0:1=1", "0:1:0=b", "0:1:1=2"])
      #expect(list.columns.count == 2)
      let emptied = screenModel(Self.list, #"{"type":"RESHAPE_TABLE","internalId":10}"#)
      #expect(emptied.state[10]!.list!.sheets.isEmpty)
      #expect(emptied.state[10]!.list!.cells.isEmpty)
    }

    @Test("RESHAPE_TABLE on a page control sets its page count")
    func reshapeTablePageControl() {
      let m = screenModel(
        #"{"type":"CREATE_PAGE_CONTROL","internalId":3,"childInternalId":10,"value":3}"#,
        #"{"type":"RESHAPE_TABLE","internalId":10,"value":5}"#)
      expectClean(m)
      #expect(m.state[10]?.count == 5)
    }

    @Test("A grid view takes the same list commands (GridView sends column type 0)")
    func gridView() {
      let m = screenModel(
        #"{"type":"CREATE_GRIDVIEW","internalId":3,"childInternalId":10}"#,
        #"{"batch":[{"type":"ADD_COLUMN","internalId":10,"textValue":"A"},{"type":"SET_TEXT_DATA","internalId":10,"textValue":"x","row":4,"column":2}]}"#)
      expectClean(m)
      #expect(m.state[10]!.list!.columns == [ListContent.Column(name: "A", type: 0)])
      #expect(Self.cells(m) == ["0:4:2=x"])
    }

    // MARK: - CLEAR

    @Test("CLEAR empties a list's sheets, row counts and cells, and keeps its columns")
    func clearList() {
      let before = screenModel(Self.list)
      let m = screenModel(Self.list, #"{"type":"CLEAR","internalId":10}"#)
      expectClean(m)
      var expected = ListContent()
      expected.columns = before.state[10]!.list!.columns
      #expect(!expected.columns.isEmpty)
      #expect(m.state[10]!.list! == expected)
    }

    @Test("CLEAR drops the options of pickers, action sheets, segmented controls and radio groups", arguments: [
      "CREATE_PICKER", "CREATE_ACTION_SHEET", "CREATE_SEGMENTED_CONTROL", "CREATE_RADIO_GROUP",
    ])
    func clearOptions(_ type: String) {
      let m = screenModel(
        #"{"batch":[{"type":"\#(type)","internalId":3,"childInternalId":10,"value":1,"textValue":"Title"},{"type":"ADD_OPTION","internalId":10,"value":1,"textValue":"One"}]}"#,
        #"{"type":"CLEAR","internalId":10}"#)
      expectClean(m)
      #expect(m.state[10]?.options == [])
      #expect(m.state[10]?.text == "Title")
      #expect(m.state[10]?.value == 1)
    }

    @Test("CLEAR empties the text of fields, text views, search bars and other elements", arguments: [
      "CREATE_TEXTFIELD", "CREATE_TEXTVIEW", "CREATE_SEARCHBAR", "CREATE_TEXT",
    ])
    func clearText(_ type: String) {
      let m = screenModel(
        #"{"type":"\#(type)","internalId":3,"childInternalId":10,"textValue":"typed"}"#,
        #"{"type":"CLEAR","internalId":10}"#)
      expectClean(m)
      #expect(m.state[10]?.text == "")
    }

    @Test("CLEAR on an image drops its URLs and file and cancels its request")
    func clearImage() {
      let m = model(
        #"{"trace":1,"viewport":{"width":400,"height":800}}"#, Prelude.app, Prelude.screen,
        #"{"t":10,"batch":[{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"https://x.test/s.png","width":100,"height":100},{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"https://x.test/l.png","width":400,"height":400}]}"#,
        #"{"t":20,"type":"CLEAR","internalId":10}"#)
      expectClean(m)
      #expect(m.state[10]?.image?.sources == [])
      #expect(m.state[10]?.image?.file == nil)
      let requests = imageRequests(m)
      #expect(requests.map(\.mode) == [1, 2, 1])
      #expect(requests.map(\.imageUrl) == ["https://x.test/l.png", "https://x.test/l.png", ""])
      // Without URLs the platform asks the application to render it.
      #expect(m.state[10]?.image?.requestedURL == "")
    }

    @Test("CLEAR then new URLs in one batch (ImageElement::setData) cancels the old request and asks for the new URL")
    func setData() {
      let m = model(
        #"{"trace":1,"viewport":{"width":400,"height":800}}"#, Prelude.app, Prelude.screen,
        #"{"t":10,"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"https://x.test/old.png","width":400,"height":300}"#,
        #"{"t":20,"batch":[{"type":"CLEAR","internalId":10},{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"https://x.test/new-800.png","width":800,"height":600},{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"https://x.test/new-320.png","width":320,"height":240}]}"#)
      expectClean(m)
      let requests = imageRequests(m)
      #expect(requests.map(\.mode) == [1, 2, 1])
      #expect(requests.map(\.imageUrl) == ["https://x.test/old.png", "https://x.test/old.png", "https://x.test/new-320.png"])
      #expect(m.emissions.map(\.time) == [10, 20, 20])
    }

    // MARK: - RELEASE

    @Test("RELEASE drops the bitmap and the request; a new URL brings the image back")
    func release() {
      let released = screenModel(
        #"{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"https://x.test/a.png","width":10,"height":10}"#,
        #"{"t":5,"type":"RELEASE","internalId":10}"#,
        #"{"t":6,"type":"SET_VISIBILITY","internalId":3}"#,
        #"{"t":7,"type":"SET_VISIBILITY","internalId":3,"value":1}"#)
      expectClean(released)
      #expect(released.state[10]?.image?.isReleased == true)
      #expect(released.state[10]?.image?.requestedURL == nil)
      #expect(imageRequests(released).map(\.mode) == [1, 2])  // no new request while released

      let back = screenModel(
        #"{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"https://x.test/a.png","width":10,"height":10}"#,
        #"{"t":5,"type":"RELEASE","internalId":10}"#,
        #"{"t":7,"type":"ADD_IMAGE_URL","internalId":10,"textValue":"https://x.test/b.png","width":20,"height":20}"#)
      #expect(back.state[10]?.image?.isReleased == false)
      #expect(imageRequests(back).map(\.mode) == [1, 2, 1])
      #expect(imageRequests(back).last?.imageUrl == "https://x.test/b.png")
    }

    // MARK: - Image requests

    @Test("CREATE_IMAGEVIEW with the smallest URL and ADD_IMAGE_URL for the rest: sources ordered by width, then height")
    func imageSources() {
      let m = screenModel(#"{"batch":[{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"http://x.test/64","width":64,"height":64},{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"http://x.test/256","width":256,"height":256},{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"http://x.test/128b","width":128,"height":200},{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"http://x.test/128a","width":128,"height":100},{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"http://x.test/128c","width":128,"height":100}]}"#)
      expectClean(m)
      #expect(m.state[10]?.image?.sources.map(\.url) == ["http://x.test/64", "http://x.test/128a", "http://x.test/128c", "http://x.test/128b", "http://x.test/256"])
      #expect(m.state[10]?.image?.file == nil)
    }

    /// An image with URLs 64, 128 and 256 wide, plus `style` commands in the same batch.
    static func sizedImage(viewport: Int32?, _ styles: String...) -> ReferenceModel {
      let header = viewport.map { #"{"trace":1,"viewport":{"width":\#($0),"height":640}}"# } ?? #"{"trace":1}"#
      let commands = [
        #"{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"https://x.test/64","width":64,"height":48}"#,
        #"{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"https://x.test/128","width":128,"height":96}"#,
        #"{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"https://x.test/256","width":256,"height":192}"#,
      ] + styles
      return model([header] + Prelude.both + [#"{"t":30,"batch":[\#(commands.joined(separator: ","))]}"#])
    }

    @Test("The platform asks for the first URL at least 0.75 × the displayed width wide, else the largest", arguments: [
      (width: Int32(64), url: "https://x.test/64"),  // 48 needed
      (width: 85, url: "https://x.test/64"),  // 63.75 needed
      (width: 86, url: "https://x.test/128"),  // 64.5 needed
      (width: 170, url: "https://x.test/128"),
      (width: 171, url: "https://x.test/256"),
      (width: 1000, url: "https://x.test/256"),  // none is wide enough: the largest
    ])
    func imagePicking(width: Int32, url: String) {
      let m = Self.sizedImage(viewport: nil, #"{"type":"SET_STYLE","internalId":10,"textValue":"width","textValue2":"\#(width)"}"#)
      expectClean(m)
      let requests = imageRequests(m)
      #expect(requests.count == 1)
      #expect(requests.first == ImageRequestEvent(mode: 1, imageUrl: url, sourceInternalId: 10, requestedWidth: UInt32(width), requestedHeight: 0, requestedLevels: 1))
      #expect(m.emissions.first?.recordIndex == 2)
      #expect(m.emissions.first?.time == 30)
      #expect(emittedEvents(m).first?.target == 10)
    }

    @Test("Without a width style the viewport's width counts; a numeric height style is requested too")
    func imageViewportWidth() {
      let m = Self.sizedImage(viewport: 150, #"{"type":"SET_STYLE","internalId":10,"textValue":"height","textValue2":"90"}"#)
      #expect(imageRequests(m) == [ImageRequestEvent(mode: 1, imageUrl: "https://x.test/128", sourceInternalId: 10, requestedWidth: 150, requestedHeight: 90, requestedLevels: 1)])
    }

    @Test("A non-numeric width style falls back to the viewport")
    func imageNonNumericWidth() {
      let m = Self.sizedImage(viewport: 300, #"{"type":"SET_STYLE","internalId":10,"textValue":"width","textValue2":"match-parent"}"#)
      #expect(imageRequests(m).map(\.imageUrl) == ["https://x.test/256"])
      #expect(imageRequests(m).first?.requestedWidth == 300)
    }

    @Test("With neither style nor viewport the largest URL is asked for at its own size")
    func imageUnknownWidth() {
      let m = Self.sizedImage(viewport: nil)
      #expect(imageRequests(m) == [ImageRequestEvent(mode: 1, imageUrl: "https://x.test/256", sourceInternalId: 10, requestedWidth: 256, requestedHeight: 192, requestedLevels: 1)])
    }

    @Test("A new width replaces the request (CANCEL, then REQUEST at the new size), even for the same URL")
    func imageWidthChange() {
      let m = model(
        #"{"trace":1}"#, Prelude.app, Prelude.screen,
        #"{"t":30,"batch":[{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"https://x.test/64","width":64,"height":48},{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"https://x.test/256","width":256,"height":192},{"type":"SET_STYLE","internalId":10,"textValue":"width","textValue2":"60"}]}"#,
        #"{"t":40,"type":"SET_STYLE","internalId":10,"textValue":"width","textValue2":"70"}"#,
        #"{"t":50,"type":"SET_STYLE","internalId":10,"textValue":"width","textValue2":"300"}"#)
      let requests = imageRequests(m)
      #expect(requests.map(\.mode) == [1, 2, 1, 2, 1])
      #expect(requests.map(\.imageUrl) == ["https://x.test/64", "https://x.test/64", "https://x.test/64", "https://x.test/64", "https://x.test/256"])
      #expect(requests.map(\.requestedWidth) == [60, 0, 70, 0, 300])
      #expect(m.emissions.map(\.time) == [30, 40, 40, 50, 50])
    }

    @Test("An image that asked to be rendered and then gets an asset file cancels that request")
    func assetCancelsURLlessRequest() {
      let m = screenModel(
        #"{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10}"#,
        #"{"t":100,"type":"SET_TEXT_VALUE","internalId":10,"textValue":"logo.png"}"#)
      expectClean(m)
      #expect(imageRequests(m).map(\.mode) == [1, 2])
      #expect(imageRequests(m).map(\.imageUrl) == ["", ""])
      #expect(m.state[10]?.image?.requestedURL == nil)
      #expect(m.state[10]?.image?.file == "logo.png")
    }

    @Test("An image on a page a pager or flipper does not show asks for nothing until its page is shown")
    func imageOnHiddenPage() {
      for pager in ["CREATE_PAGER", "CREATE_FLIPPER_LAYOUT"] {
        let m = screenModel(
          #"{"batch":[{"type":"\#(pager)","internalId":3,"childInternalId":10},{"type":"CREATE_FRAME_LAYOUT","internalId":10,"childInternalId":11},{"type":"CREATE_FRAME_LAYOUT","internalId":10,"childInternalId":12},{"type":"CREATE_IMAGEVIEW","internalId":12,"childInternalId":13,"textValue":"https://x.test/a.png","width":64,"height":64}]}"#,
          #"{"t":100,"type":"SET_INT_VALUE","internalId":10,"value":1}"#)
        expectClean(m)
        #expect(!m.state.isDisplayed(11))
        #expect(m.state.isDisplayed(13))
        #expect(imageRequests(m).count == 1)
        #expect(m.emissions.map(\.time) == [100])
      }
    }

    @Test("An asset image asks for nothing; an image without URL or file asks the application to render it")
    func assetAndNoURL() {
      let m = screenModel(#"{"batch":[{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"logo.png"},{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":11},{"type":"SET_STYLE","internalId":11,"textValue":"width","textValue2":"200"},{"type":"SET_STYLE","internalId":11,"textValue":"height","textValue2":"120"}]}"#)
      expectClean(m)
      #expect(m.state[10]?.image?.file == "logo.png")
      #expect(m.state[10]?.image?.requestedURL == nil)
      #expect(imageRequests(m) == [ImageRequestEvent(mode: 1, imageUrl: "", sourceInternalId: 11, requestedWidth: 200, requestedHeight: 120, requestedLevels: 1)])
      #expect(m.state[11]?.image?.requestedURL == "")
    }

    @Test("An image that is not on screen asks for nothing until it is shown")
    func hiddenImage() {
      let m = screenModel(
        #"{"t":5,"type":"SET_VISIBILITY","internalId":3}"#,
        #"{"t":10,"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"https://x.test/a","width":5,"height":5}"#,
        #"{"t":20,"marker":"still hidden"}"#,
        #"{"t":30,"type":"SET_VISIBILITY","internalId":3,"value":1}"#)
      #expect(m.emissions.count == 1)
      #expect(m.emissions.first?.time == 30)
      #expect(m.emissions.first?.recordIndex == 5)
    }
  }
}
