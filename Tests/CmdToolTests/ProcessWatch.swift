import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Waiting for things the processes under test do, by polling with a deadline (never a blind
// sleep), and telling whether a process they should have stopped is gone. The rule
// (docs/TESTING.md): a test waits for an event, never for a duration; a deadline only bounds how
// long a failing test hangs.

/// How long a test waits for an event before it fails. Only a failing test waits this long, so
/// it is generous: on a loaded machine (CI runs these tests a second time under stress-ng) the
/// debug binaries take seconds to start and play a few steps.
let patience: Double = 60

/// `--shrink-time` for the fuzzers under test (`fuzz engine`, `fuzz platform`, `fuzz shrink`):
/// shrinking ends when delta debugging does, not when a loaded machine has spent the default
/// minute on it, so the minimal script a test checks is the same on every machine.
let shrinkUntilDone = ["--shrink-time", "60m"]

/// How long a test lets a fuzzer run before it kills it: its runs and its shrinking on a loaded
/// machine. Only a failing test waits this long.
let fuzzerPatience: Double = 900

/// Polls `condition` every 20 ms until it holds or `seconds` pass.
/// - Returns: whether it came to hold.
func eventually(within seconds: Double = patience, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while true {
    if condition() { return true }
    if Date() > deadline { return false }
    usleep(20_000)
  }
}

/// Waits until `signal`, sent to process `pid`, is no longer pending there: it has been
/// delivered, so its handler has run or runs now, and the same signal sent again counts as a
/// second one instead of merging with the first (a pending signal is one bit).
/// - Returns: whether it was delivered (or the process is gone).
func waitUntilDelivered(_ signal: Int32, to pid: Int32) -> Bool {
  #if os(Linux)
    return eventually { !isPending(signal, in: pid) }
  #else
    // No /proc to look in: a pause that a process at work needs far less than.
    usleep(1_000_000)
    return true
  #endif
}

#if os(Linux)
  /// Whether `signal` is pending for process `pid` or one of its threads (the `ShdPnd` and
  /// `SigPnd` masks of /proc; bit N-1 for signal N).
  private func isPending(_ signal: Int32, in pid: Int32) -> Bool {
    var files = ["/proc/\(pid)/status"]
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    files += tasks.map { "/proc/\(pid)/task/\($0)/status" }
    for file in files {
      guard let status = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
      for line in status.split(separator: "\n") where line.hasPrefix("ShdPnd:") || line.hasPrefix("SigPnd:") {
        let mask = UInt64(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
        if mask & (1 << UInt64(signal - 1)) != 0 { return true }
      }
    }
    return false
  }
#endif

/// Whether the file at `path` holds `text` (a recorder flushed it there).
func file(_ path: String, holds text: String) -> Bool {
  guard let data = FileManager.default.contents(atPath: path) else { return false }
  return String(decoding: data, as: UTF8.self).contains(text)
}

/// The file a running `record --out OUT` writes: its temporary of its own beside OUT,
/// `OUT.partial-XXXXXXXXXXXX` (docs/WIRE.md §8); nil until there is exactly one.
func recordingUnderWay(_ out: String) -> String? {
  let url = URL(fileURLWithPath: out)
  let prefix = url.lastPathComponent + ".partial-"
  let names = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
  let temporaries = names.filter { $0.hasPrefix(prefix) }
  return temporaries.count == 1 ? url.deletingLastPathComponent().appendingPathComponent(temporaries[0]).path : nil
}

/// Whether the recording a running `record --out out` writes holds `text` yet.
func recordingUnderWay(_ out: String, holds text: String) -> Bool {
  recordingUnderWay(out).map { file($0, holds: text) } ?? false
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
