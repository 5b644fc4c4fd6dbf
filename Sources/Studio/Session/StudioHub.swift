import NIOConcurrencyHelpers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the session thread and the server's threads meet: the latest frame and whoever watches
/// for the next one (the page's event streams), and the actions the page asked for, with a pipe
/// that wakes the session's wait when one arrives.
public final class StudioHub: Sendable {
  private struct Shared {
    var frame: StudioFrame?
    var watchers: [Int: @Sendable (StudioFrame) -> Void] = [:]
    var nextWatcher = 0
    var actions: [StudioAction] = []
  }

  private let shared = NIOLockedValueBox(Shared())
  /// The names of the secrets the session can type (``StudioAction/typeSecret(_:name:)``); their
  /// values never leave cmdtool.
  public let secretNames: Set<String>
  /// Why the page cannot save before the end (no `--out`, the wall clock); nil when it can.
  public let saveRefusal: String?
  /// Whether the session runs on the wall clock (the page's clock controls are the virtual one's).
  public let wallClock: Bool
  /// Read end (polled by the session) and write end (a byte per action) of the wake pipe.
  let wakeRead: Int32
  private let wakeWrite: Int32

  public init(secretNames: Set<String> = [], saveRefusal: String? = nil, wallClock: Bool = false) {
    self.secretNames = secretNames
    self.saveRefusal = saveRefusal
    self.wallClock = wallClock
    var fds: [Int32] = [-1, -1]
    _ = pipe(&fds)
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    wakeRead = fds[0]
    wakeWrite = fds[1]
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// The latest frame, nil before the engine's first screen.
  public var frame: StudioFrame? { shared.withLockedValue { $0.frame } }

  /// Makes `frame` the latest and hands it to every watcher.
  public func publish(_ frame: StudioFrame) {
    let watchers = shared.withLockedValue { shared in
      shared.frame = frame
      return Array(shared.watchers.values)
    }
    for watcher in watchers { watcher(frame) }
  }

  /// Publishes the last frame: the latest with how the session ended (``StudioFrame/ended``),
  /// so that the page says so and stops; an event stream asked for later gets it at once.
  public func finish(_ ended: String) {
    var frame = self.frame ?? StudioFrame(number: 0, time: 0, svg: "")
    frame.ended = ended
    publish(frame)
  }

  /// Calls `watcher` with each frame published from now on; returns the key that ``unwatch(_:)`` takes.
  public func watch(_ watcher: @escaping @Sendable (StudioFrame) -> Void) -> Int {
    shared.withLockedValue { shared in
      shared.nextWatcher += 1
      shared.watchers[shared.nextWatcher] = watcher
      return shared.nextWatcher
    }
  }

  public func unwatch(_ key: Int) {
    _ = shared.withLockedValue { $0.watchers.removeValue(forKey: key) }
  }

  /// Queues an action for the session, and wakes it.
  public func act(_ action: StudioAction) {
    shared.withLockedValue { $0.actions.append(action) }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// The oldest action not yet taken, if any.
  func takeAction() -> StudioAction? {
    var drained: UInt8 = 0
    while read(wakeRead, &drained, 1) > 0 {}
    return shared.withLockedValue { $0.actions.isEmpty ? nil : $0.actions.removeFirst() }
  }
}
