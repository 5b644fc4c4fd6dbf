import Foundation
import Testing

/// Headless Chromium driven through WebDriver (Debian's `chromium-driver`, which `.ci/run`
/// installs): for pages that need a person's clicks, which `HeadlessBrowser`'s `--dump-dom`
/// cannot give. The driver listens on a port it picks and says which; it is stopped with the
/// browser.
final class WebDriverBrowser {
  struct Missing: Error, CustomStringConvertible {
    var description: String { "no chromedriver on PATH: install Debian's package `chromium-driver` (apt-get install chromium-driver); .ci/run does" }
  }

  private let driver: Subprocess
  private let port: Int
  private let session: String

  init() throws {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    guard let executable = path.split(separator: ":").map({ URL(fileURLWithPath: String($0)).appendingPathComponent("chromedriver") })
      .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else { throw Missing() }
    let driver = try Subprocess(executable, ["--port=0"])
    self.driver = driver
    let pattern = /started successfully on port (\d+)/
    guard eventually({ driver.stdoutSoFar.contains(pattern) }), let match = driver.stdoutSoFar.firstMatch(of: pattern) else {
      driver.kill()
      throw HeadlessBrowser.BrowserFailure(description: "chromedriver did not say its port: \(driver.stdoutSoFar)")
    }
    port = Int(match.1)!
    let profile = try CommandRunner.temporaryDirectory().path
    let arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--disable-default-apps", "--user-data-dir=\(profile)", "--window-size=800,900"]
    let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": ["goog:chromeOptions": ["binary": try HeadlessBrowser.executable().path, "args": arguments]]]]
    do {
      let value = try Self.value(of: LoopbackHTTP.request("POST", port: port, "/session", body: Self.json(capabilities)))
      guard let id = (value as? [String: Any])?["sessionId"] as? String else { throw HeadlessBrowser.BrowserFailure(description: "no session from chromedriver: \(value)") }
      session = id
    } catch {
      driver.kill()
      throw error
    }
  }

  /// Loads `url` and returns once the page has loaded.
  func open(_ url: String) throws {
    _ = try command("POST", "url", ["url": url])
  }

  /// Runs `script` (a function body) in the page and returns its result as text.
  func run(_ script: String) throws -> String {
    let value = try command("POST", "execute/sync", ["script": script, "args": [Any]()])
    return value as? String ?? "\(value)"
  }

  /// Clicks the first element `selector` finds, as a person would (at its centre).
  func click(css selector: String) throws {
    let found = try command("POST", "element", ["using": "css selector", "value": selector])
    guard let element = (found as? [String: Any])?.values.first as? String else { throw HeadlessBrowser.BrowserFailure(description: "no element \(selector): \(found)") }
    _ = try command("POST", "element/\(element)/click", [:])
  }

  /// Types `text` into the first element `selector` finds, key by key as a person does
  /// (`WebDriverBrowser.enter` is the Enter key).
  func type(css selector: String, _ text: String) throws {
    let found = try command("POST", "element", ["using": "css selector", "value": selector])
    guard let element = (found as? [String: Any])?.values.first as? String else { throw HeadlessBrowser.BrowserFailure(description: "no element \(selector): \(found)") }
    _ = try command("POST", "element/\(element)/value", ["text": text])
  }

  /// Turns the mouse wheel by `deltaY` with the pointer at (`x`, `y`) in the viewport, as a
  /// person's wheel does (a wheel input source of the Actions API: the page gets a real,
  /// cancelable `wheel` event there).
  func wheel(x: Int, y: Int, deltaY: Int) throws {
    let scroll: [String: Any] = ["type": "scroll", "x": x, "y": y, "deltaX": 0, "deltaY": deltaY, "origin": "viewport"]
    _ = try command("POST", "actions", ["actions": [["type": "wheel", "id": "wheel", "actions": [scroll]]]])
  }

  /// The Enter key, for ``type(css:_:)``.
  static let enter = "\u{E007}"

  /// Ends the session (the browser exits) and the driver.
  func quit() {
    _ = try? LoopbackHTTP.request("DELETE", port: port, "/session/\(session)")
    driver.kill()
  }

  func command(_ method: String, _ path: String, _ body: [String: Any]) throws -> Any {
    try Self.value(of: LoopbackHTTP.request(method, port: port, "/session/\(session)/\(path)", body: Self.json(body)))
  }

  private static func json(_ object: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  /// The `value` of a WebDriver answer; an error answer is thrown.
  private static func value(of answer: LoopbackHTTP.Answer) throws -> Any {
    let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
    guard answer.status == 200, let value = object?["value"] else { throw HeadlessBrowser.BrowserFailure(description: "WebDriver answered \(answer)") }
    return value
  }
}
