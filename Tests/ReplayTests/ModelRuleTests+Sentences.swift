import CommandCodec
@testable import ReplayCore
import Testing

extension ModelRuleTests {
  /// The sentences PROTOCOL.md gained for issue 24 §5, each as the model does it.
  @Suite("Protocol sentences")
  struct Sentences {
    @Test("A negative width style picks the first source and asks for width 0 (§5.2)")
    func negativeWidth() {
      let m = Content.sizedImage(viewport: 300, #"{"type":"SET_STYLE","internalId":10,"textValue":"width","textValue2":"-50"}"#, #"{"type":"SET_STYLE","internalId":10,"textValue":"height","textValue2":"-9"}"#)
      #expect(imageRequests(m) == [ImageRequestEvent(mode: 1, imageUrl: "https://x.test/64", sourceInternalId: 10, requestedWidth: 0, requestedHeight: 0, requestedLevels: 1)])
    }

    @Test("\"Else the largest\": the widest, then the tallest, then the last added of the same size (§5.2)")
    func largestTies() {
      let sources = [
        #"{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"https://x.test/a","width":64,"height":48}"#,
        #"{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"https://x.test/b","width":64,"height":96}"#,
        #"{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"https://x.test/c","width":64,"height":96}"#,
        #"{"type":"ADD_IMAGE_URL","internalId":10,"textValue":"https://x.test/d","width":64,"height":50}"#,
      ]
      let m = model([#"{"trace":1,"viewport":{"width":1000,"height":640}}"#] + Prelude.both + [#"{"t":30,"batch":[\#(sources.joined(separator: ","))]}"#])
      #expect(imageRequests(m).map(\.imageUrl) == ["https://x.test/c"])
    }

    @Test("CANCEL carries its mode, URL and image; every other field is 0 (§5.2)")
    func cancelFields() {
      let m = screenModel(#"{"t":10,"batch":[{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"https://x.test/256","width":256,"height":192}]}"#, #"{"t":20,"batch":[{"type":"CLEAR","internalId":10}]}"#)
      #expect(imageRequests(m).filter { $0.mode == 2 } == [ImageRequestEvent(mode: 2, imageUrl: "https://x.test/256", sourceInternalId: 10)])
      #expect(imageRequests(m).first?.requestedWidth == 256, "the request itself has its sizes")
    }

    @Test("DELETE_ELEMENT removes each element before its subtree, the last child's subtree first (§3 38)")
    func deleteOrder() {
      let images = (4...7).map { #"{"type":"CREATE_IMAGEVIEW","internalId":\#($0 == 6 ? 4 : $0 == 7 ? 5 : 3),"childInternalId":\#($0),"textValue":"https://x.test/\#($0)","width":10,"height":10}"# }
      // Layout 3 holds 4 and 5; 4 holds 6, 5 holds 7 (an image view holding children is a leaf: child-of-leaf, attached anyway).
      let m = screenModel(#"{"t":10,"batch":[\#(images.joined(separator: ","))]}"#, #"{"t":20,"batch":[{"type":"DELETE_ELEMENT","internalId":3}]}"#)
      let cancels = imageRequests(m).filter { $0.mode == 2 }
      #expect(cancels.map(\.sourceInternalId) == [5, 7, 4, 6])
    }

    @Test("A dialog deep in a layout of an inactive view is displayed while open (§2.5)")
    func dialogIsARoot() {
      let m = screenModel(
        #"{"t":10,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":20},{"type":"CREATE_LINEAR_LAYOUT","internalId":20,"childInternalId":21},{"type":"SET_VISIBILITY","internalId":21},{"type":"CREATE_DIALOG","internalId":21,"childInternalId":22,"textValue":"Sure?"},{"type":"CREATE_TEXT","internalId":22,"childInternalId":23,"textValue":"Really"}]}"#)
      #expect(m.state.activeView == 2)
      #expect(m.state.modalStack == [22])
      #expect(m.state.isDisplayed(22) && m.state.isDisplayed(23))
      #expect(!m.state.isDisplayed(21))
    }
  }
}
