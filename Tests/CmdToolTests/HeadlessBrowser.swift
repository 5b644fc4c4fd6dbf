import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Headless Chromium for the tests of the pages cmdtool writes: the DOM after the page's scripts
/// ran, a screenshot, and a trap that counts every connection a page tries to make.
///
/// The browser is Debian's `chromium` (`.ci/run` installs it). Without one, the tests that need it
/// fail with a message naming the package: never skipped silently.
enum HeadlessBrowser {
  struct Missing: Error, CustomStringConvertible {
    var description: String { "no Chromium found (chromium, chromium-browser or google-chrome on PATH): install Debian's package `chromium` (apt-get install chromium); .ci/run does" }
  }

  /// The browser's executable.
  static func executable() throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in ["chromium", "chromium-browser", "google-chrome"] {
      for folder in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
    }
    throw Missing()
  }

  /// Flags every run gets: no sandbox (CI runs as root), no GPU, a profile of its own, and no
  /// background traffic of the browser's own, so that the only connections are the page's.
  private static func flags(profile: String) -> [String] {
    ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
     "--disable-component-update", "--disable-sync", "--disable-default-apps", "--user-data-dir=\(profile)",
     "--virtual-time-budget=5000"]
  }

  private static func run(_ arguments: [String], timeout: Double = 60) throws -> FinishedRun {
    let profile = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: profile) }
    let process = try Subprocess(try executable(), flags(profile: profile.path) + arguments)
    defer { process.kill() }
    return process.wait(timeout: timeout)
  }

  /// The DOM of `page` (a file) after its scripts ran; `fragment` goes after `#` in its URL.
  static func dom(of page: String, fragment: String? = nil) throws -> String {
    let url = URL(fileURLWithPath: page).absoluteString + (fragment.map { "#" + $0 } ?? "")
    let run = try run(["--dump-dom", url])
    guard run.status == 0, !run.stdout.isEmpty else { throw BrowserFailure(description: "chromium --dump-dom \(url): \(run)") }
    return run.stdout
  }

  /// A PNG screenshot of `page` at `width` × `height` CSS pixels.
  static func screenshot(of page: String, fragment: String? = nil, width: Int = 800, height: Int = 900, to png: String) throws {
    let url = URL(fileURLWithPath: page).absoluteString + (fragment.map { "#" + $0 } ?? "")
    let run = try run(["--screenshot=\(png)", "--window-size=\(width),\(height)", "--hide-scrollbars", url])
    guard run.status == 0, FileManager.default.fileExists(atPath: png) else { throw BrowserFailure(description: "chromium --screenshot \(url): \(run)") }
  }

  struct BrowserFailure: Error, CustomStringConvertible {
    var description: String
  }
}

/// A TCP listener on 127.0.0.1 that counts the connections made to it: hostile URLs in a page
/// point here, and a page that stays inert leaves the count at zero.
final class ConnectionTrap: @unchecked Sendable {
  let port: UInt16
  private let socket: Int32
  private let lock = NSLock()
  private var accepted = 0
  private var thread: Thread?
  private var stopped = false
  /// Signalled by the accepting thread as it ends.
  private let finished = DispatchSemaphore(value: 0)

  init() throws {
    (socket, port) = try Self.listenOnLoopback()
    let thread = Thread { [self] in acceptLoop() }
    self.thread = thread
    thread.start()
  }

  private static func listenOnLoopback() throws -> (Int32, UInt16) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
    guard bound == 0, listen(socket, 16) == 0 else { throw HeadlessBrowser.BrowserFailure(description: "cannot listen on 127.0.0.1") }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
    return (socket, UInt16(bigEndian: address.sin_port))
  }

  private func acceptLoop() {
    while true {
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 50)
      lock.lock()
      let done = stopped
      if !done && ready > 0 { acceptWaiting() }
      lock.unlock()
      if done {
        finished.signal()
        return
      }
    }
  }

  /// Accepts (and closes) every connection waiting in the listen queue; with the lock held.
  private func acceptWaiting() {
    while true {
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 0) > 0 else { return }
      let client = accept(socket, nil, nil)
      guard client >= 0 else { return }
      accepted += 1
      close(client)
    }
  }

  /// Connections made so far. The kernel completes a connection before anyone accepts it, so
  /// once the browser has exited, its connections are all in the listen queue: counting them
  /// here, instead of leaving them to the accepting thread, makes the count exact at once.
  var connections: Int {
    lock.lock()
    defer { lock.unlock() }
    acceptWaiting()
    return accepted
  }

  /// `http://127.0.0.1:PORT/PATH`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  /// Stops the accepting thread (waiting for it to end, not for a while) and closes the socket.
  func stop() {
    lock.lock()
    let already = stopped
    stopped = true
    lock.unlock()
    guard !already else { return }
    finished.wait()
    close(socket)
  }
}

/// The browser harness itself: a page that tries to load from the trap is seen doing so, and one
/// that does not is not (so the inertness tests of cmdtool's pages can fail).
@Suite struct HeadlessBrowserTests {
  @Test func theTrapSeesAPageThatFetchesAndTheDOMIsAfterScripts() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let trap = try ConnectionTrap()
    defer { trap.stop() }
    let leaky = try scratch.write("leaky.html", "<!DOCTYPE html><html><body><img src=\"\(trap.url("x.png"))\"><p id=p>before</p><script>document.getElementById('p').textContent='after '+location.hash</script></body></html>")
    let dom = try HeadlessBrowser.dom(of: leaky, fragment: "step=3")
    #expect(dom.contains("<p id=\"p\">after #step=3</p>"), "\(dom)")
    #expect(trap.connections > 0, "the trap must see a page that fetches, or an inert page proves nothing")
    let inert = try scratch.write("inert.html", "<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'\"></head><body><img src=\"\(trap.url("y.png"))\"></body></html>")
    let before = trap.connections
    _ = try HeadlessBrowser.dom(of: inert)
    #expect(trap.connections == before, "a Content-Security-Policy of default-src 'none' stops the image")
  }
}
