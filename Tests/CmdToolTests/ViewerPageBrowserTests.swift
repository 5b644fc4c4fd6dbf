import Foundation
import Testing

// The trace viewer page as people use it (issue #27), in a real browser through WebDriver: the
// records list follows the selection and scrolls through every record, editing `#record=N` in
// the address navigates, the keys the page shows work, and the search finds records and
// elements. Every wait is for an event on the page, never for a time.

/// A viewer page open in headless Chromium, with helpers to read it.
struct OpenViewer {
  let browser: WebDriverBrowser
  let url: String

  init(_ url: String) throws {
    browser = try WebDriverBrowser()
    self.url = url
    do { try browser.open(url) } catch {
      browser.quit()
      throw error
    }
  }

  func text(_ id: String) -> String { (try? browser.run("return document.getElementById('\(id)').textContent")) ?? "" }

  /// The record indexes of the rows the list shows, in order.
  var rows: [Int] {
    let text = (try? browser.run("return Array.from(document.querySelectorAll('#window li')).map(function (li) { return li.getAttribute('data-index'); }).join(',')")) ?? ""
    return text.split(separator: ",").compactMap { Int($0) }
  }

  /// The index of the row marked current, if the list shows it inside its visible area.
  var currentRowInView: Int? {
    let script = """
      var li = document.querySelector('#window li.current'), list = document.getElementById('records');
      if (!li) return '';
      var a = li.getBoundingClientRect(), b = list.getBoundingClientRect();
      return a.top >= b.top - 1 && a.bottom <= b.bottom + 1 ? li.getAttribute('data-index') : 'out of view';
      """
    return Int((try? browser.run(script)) ?? "")
  }

  /// Waits until the page says it shows record `index` (of any count).
  func waitForRecord(_ index: Int) -> Bool {
    eventually { text("where").hasPrefix("record #\(index) of ") }
  }

  func quit() { browser.quit() }
}

@Suite struct ViewerPageBrowserTests {
  /// A page of a generated trace of 809 records (two screens alive, so that most batches are
  /// small updates): far longer than the list is tall.
  private func longPage(in scratch: Scratch) throws -> (page: String, records: Int) {
    let trace = scratch.path("long.cmdtrace")
    let generate = try Subprocess.cmdtool(["generate", trace, "--commands", "3000", "--live-screens", "2", "--seed", "3"], timeout: 120)
    #expect(generate.status == 0, "\(generate)")
    let page = scratch.path("long.html")
    let view = try Subprocess.cmdtool(["view", trace, "--out", page], timeout: 120)
    #expect(view.status == 0, "\(view)")
    let count = try #require(view.stderr.firstMatch(of: /: (\d+) records of/).map { Int($0.1)! }, "\(view)")
    try #require(count > 300, "the page must be far longer than the list: \(count) records")
    return (page, count)
  }

  @Test func theListFollowsTheSelectionAndScrollsThroughEveryRecord() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (page, count) = try longPage(in: scratch)
    let viewer = try OpenViewer(URL(fileURLWithPath: page).absoluteString)
    defer { viewer.quit() }
    // It opens at the last record, and the list shows it.
    #expect(viewer.waitForRecord(count - 1), "\(viewer.text("where"))")
    #expect(eventually { viewer.currentRowInView == count - 1 }, "\(viewer.rows)")
    try viewer.browser.press(.home)
    #expect(viewer.waitForRecord(0))
    #expect(eventually { viewer.currentRowInView == 0 }, "\(viewer.rows)")
    // Scrolling the list (the selection stays) reaches the middle and the very last record.
    for (fraction, wanted) in [(0.5, count / 2), (1.0, count - 1)] {
      _ = try viewer.browser.run("var l = document.getElementById('records'); l.scrollTop = (l.scrollHeight - l.clientHeight) * \(fraction); return ''")
      #expect(eventually { viewer.rows.contains(wanted) }, "scrolled to \(fraction): rows \(viewer.rows)")
    }
    #expect(viewer.text("where").hasPrefix("record #0 of "), "scrolling is not selecting")
    // A click on a row selects it; the selection moved by keys brings the list back to it.
    try viewer.browser.click(css: "#window li[data-index='\(count - 2)']")
    #expect(viewer.waitForRecord(count - 2))
    try viewer.browser.press(.home)
    #expect(viewer.waitForRecord(0))
    #expect(eventually { viewer.currentRowInView == 0 }, "\(viewer.rows)")
  }

  @Test func editingTheAddressNavigates() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (page, _) = try longPage(in: scratch)
    let url = URL(fileURLWithPath: page).absoluteString
    let viewer = try OpenViewer(url + "#record=5")
    defer { viewer.quit() }
    #expect(viewer.waitForRecord(5), "\(viewer.text("where"))")
    // As a person edits the address: a new fragment on the same page.
    try viewer.browser.open(url + "#record=142")
    #expect(viewer.waitForRecord(142), "\(viewer.text("where"))")
    #expect(eventually { viewer.currentRowInView == 142 }, "\(viewer.rows)")
    try viewer.browser.open(url + "#t=0")
    #expect(viewer.waitForRecord(0), "\(viewer.text("where"))")
    // Moving on updates the address.
    try viewer.browser.press(.arrowRight)
    #expect(viewer.waitForRecord(1))
    #expect(try viewer.browser.run("return location.hash") == "#record=1")
  }

  @Test func theKeysThePageShowsWork() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (page, count) = try longPage(in: scratch)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    for key in ["<kbd>←</kbd>", "<kbd>→</kbd>", "<kbd>j</kbd>", "<kbd>k</kbd>", "<kbd>PgUp</kbd>", "<kbd>PgDn</kbd>", "<kbd>Home</kbd>", "<kbd>End</kbd>", "<kbd>/</kbd>", "<kbd>Enter</kbd>", "<kbd>Esc</kbd>"] {
      #expect(html.contains(key), "the page does not show \(key)")
    }
    let viewer = try OpenViewer(URL(fileURLWithPath: page).absoluteString)
    defer { viewer.quit() }
    #expect(viewer.waitForRecord(count - 1))
    try viewer.browser.press(.home)
    #expect(viewer.waitForRecord(0))
    try viewer.browser.press(.arrowRight)
    #expect(viewer.waitForRecord(1))
    try viewer.browser.press(["j"])
    #expect(viewer.waitForRecord(2))
    try viewer.browser.press(.pageDown)
    #expect(viewer.waitForRecord(52))
    try viewer.browser.press(["k"])
    #expect(viewer.waitForRecord(51))
    try viewer.browser.press(.arrowLeft)
    #expect(viewer.waitForRecord(50))
    try viewer.browser.press(.pageUp)
    #expect(viewer.waitForRecord(0))
    try viewer.browser.press(.end)
    #expect(viewer.waitForRecord(count - 1))
    #expect(eventually { viewer.currentRowInView == count - 1 })
  }

  @Test func theSearchFindsRecordsAndElementsAndStaysInert() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let trap = try ConnectionTrap()
    defer { trap.stop() }
    let page = scratch.path("login.html")
    let view = try Subprocess.cmdtool(["view", CommandRunner.path("traces/login.jsonl"), "--out", page])
    #expect(view.status == 0, "\(view)")
    let viewer = try OpenViewer(URL(fileURLWithPath: page).absoluteString)
    defer { viewer.quit() }
    #expect(viewer.waitForRecord(27))
    // A hostile query is only ever compared, never markup.
    try viewer.browser.type(css: "#search", "<img src=\(trap.url("query"))>")
    #expect(eventually { viewer.text("found").hasPrefix("0 records") }, "\(viewer.text("found"))")
    _ = try viewer.browser.run("var s = document.getElementById('search'); s.value = ''; s.dispatchEvent(new Event('input')); return ''")
    try viewer.browser.type(css: "#search", "log in")
    // Records: the batch that creates the button and the two markers that tap it.
    #expect(eventually { viewer.text("found").hasPrefix("3 records") }, "\(viewer.text("found"))")
    try viewer.browser.press(.enter)
    #expect(viewer.waitForRecord(1), "\(viewer.text("where"))")
    // Elements: the button on the screen is outlined, and its line of the tree is listed.
    #expect(eventually { (try? viewer.browser.run("return String(document.querySelectorAll('#screen g.found rect.found-outline').length)")) == "1" })
    #expect(try viewer.browser.run("return document.querySelector('#screen g.found').getAttribute('data-id')") == "7")
    #expect(viewer.text("here").contains("button 7 \"Log in\""), "\(viewer.text("here"))")
    #expect(viewer.text("found").contains("1 element here"), "\(viewer.text("found"))")
    // Rows that match are marked in the list.
    #expect(try viewer.browser.run("return String(document.querySelectorAll('#window li.hit[data-index=\"1\"], #window li.hit[data-index=\"9\"]').length)") == "2")
    #expect(try viewer.browser.run("return String(document.querySelectorAll('#window li.hit[data-index=\"2\"]').length)") == "0")
    try viewer.browser.press(.enter)
    #expect(viewer.waitForRecord(9))
    try viewer.browser.press(.enter, holding: .shift)
    #expect(viewer.waitForRecord(1))
    // Out of the box, n and N go on searching.
    try viewer.browser.press(.escape)
    try viewer.browser.press(["n"])
    #expect(viewer.waitForRecord(9))
    try viewer.browser.press(["N"])
    #expect(viewer.waitForRecord(1))
    #expect(!(try viewer.browser.run("return document.body.innerHTML")).contains("<img"))
    #expect(trap.connections == 0, "the page made \(trap.connections) requests")
  }
}
