import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Waiting for things the processes under test do, by polling with a deadline (never a blind
// sleep), and telling whether a process they should have stopped is gone.

/// Polls `condition` every 20 ms until it holds or `seconds` pass.
/// - Returns: whether it came to hold.
func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while true {
    if condition() { return true }
    if Date() > deadline { return false }
    usleep(20_000)
  }
}

/// Whether the file at `path` holds `text` (a recorder flushed it there).
func file(_ path: String, holds text: String) -> Bool {
  guard let data = FileManager.default.contents(atPath: path) else { return false }
  return String(decoding: data, as: UTF8.self).contains(text)
}

/// The process id written to `path` (by a TrackedEngine's shell, or the engine's
/// `--child-pid-file`), once it is there.
func processID(in path: String) -> Int32? {
  (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
}

/// Whether process `pid` has ended: it no longer exists, or it is a zombie.
///
/// A zombie counts as ended here because it is dead: an engine's child that cmdtool stopped is
/// an orphan (or a child of a dead engine), and only init reaps it, which on some machines (a
/// container's init) takes seconds. For the engine itself, which cmdtool must reap, use
/// ``TrackedEngine/isAlive``, where a zombie still counts.
func hasEnded(_ pid: Int32) -> Bool {
  #if os(Linux)
    if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    {
      // "PID (COMMAND) STATE …": the command may hold spaces and parentheses, the state follows the last ")".
      let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
      return state == "Z" || state == "X"
    }
  #endif
  return sendSignal(pid, 0) != 0 && errno == ESRCH
}

/// Kills process `pid` if it still runs (a test's clean-up of a child cmdtool should have stopped).
func killIfRunning(_ pid: Int32?) {
  if let pid, !hasEnded(pid) { sendSignal(pid, SIGKILL) }
}
