import Foundation
import BenchmarkSupport


/// Headless Chromium through chromedriver (Debian's `chromium` and `chromium-driver`): the
/// browser the studio's page runs in, as a person's would. The driver picks its port and says
/// which; it is stopped with the browser.
final class WebDriverSession {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let driver: Process
  private let base: String

  init(driver path: String, browser: String) throws {
    driver = Process()
    driver.executableURL = URL(fileURLWithPath: path)
    driver.arguments = ["--port=0"]
    let output = Pipe()
    driver.standardOutput = output
    driver.standardError = FileHandle.nullDevice
    try driver.run()
    defer {
      // Whatever else it logs is read and dropped, so it never waits on a full pipe.
      Thread { while !output.fileHandleForReading.availableData.isEmpty {} }.start()
    }
    // "ChromeDriver was started successfully on port N."
    var said = ""
    // It first says "Starting ChromeDriver … on port 0", then the port it took.
    while said.firstMatch(of: /started successfully on port \d+/) == nil {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { throw Failure(description: "chromedriver ended without saying its port: \(said)") }
      said += String(decoding: data, as: UTF8.self)
    }
    guard let match = said.firstMatch(of: /started successfully on port (\d+)/) else { throw Failure(description: "chromedriver said no port: \(said)") }
    let port = String(match.1)
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("studio-benchmark-\(UUID().uuidString)").path
    let arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--user-data-dir=\(profile)", "--window-size=800,900"]
    let created = try Self.request("POST", "http://127.0.0.1:\(port)/session", ["capabilities": ["alwaysMatch": ["goog:chromeOptions": ["binary": browser, "args": arguments]]]])
    guard let id = (created as? [String: Any])?["sessionId"] as? String else { throw Failure(description: "no session from chromedriver: \(created)") }
    base = "http://127.0.0.1:\(port)/session/\(id)"
  }

  func open(_ url: String) throws { _ = try Self.request("POST", base + "/url", ["url": url]) }

  /// Runs `script` (a function body) in the page.
  func run(_ script: String) throws -> Any { try Self.request("POST", base + "/execute/sync", ["script": script, "args": [Any]()]) }

  /// Runs `script`, which calls its last argument with the result.
  func runAsync(_ script: String) throws -> Any {
    _ = try Self.request("POST", base + "/timeouts", ["script": 600_000])
    return try Self.request("POST", base + "/execute/async", ["script": script, "args": [Any]()])
  }

  func quit() {
    _ = try? Self.request("DELETE", base, nil)
    driver.terminate()
    driver.waitUntilExit()
  }

  /// One WebDriver round trip; its `value`, or the error it answered.
  private static func request(_ method: String, _ url: String, _ body: Any?) throws -> Any {
    let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) }
    let data = try LoopbackRequest.send(method, url, body: payload).body
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let value = object?["value"] else { throw Failure(description: "\(method) \(url): no value") }
    if let failure = value as? [String: Any], let error = failure["error"] { throw Failure(description: "\(method) \(url): \(error): \(failure["message"] ?? "")") }
    return value
  }
}
