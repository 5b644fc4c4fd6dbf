// The view benchmark (issue #27): `cmdtool view --serve` of a generated binary trace — time to
// the first screen and peak memory — beside `cmdtool view --out` writing the whole page, for the
// sizes the page can still hold, in the same run.
//
//   swift run -c release --package-path Benchmarks view-benchmark [--serve 100000,1000000,10000000] [--write 10000,100000] [--frames 20] [--dir DIR] [--cmdtool PATH]
//
// Each size is generated once (`cmdtool generate --seed 5`, kept in DIR, by default
// Benchmarks/.scratch/view, which .gitignore leaves out). For --serve: the time from starting
// `cmdtool view TRACE --serve` to the address printed (the one replay that keeps keyframes), then
// to the answers the page asks for when it opens (`/`, the rows of the last record, the state at
// the last record): the first screen; then the median time of the state at `--frames` records
// spread over the trace; the time to search the whole trace for a word no record has, following
// the answers' `next` as the page does (and how many requests that took) and the server's CPU
// time meanwhile (a wall time on a shared machine counts others' turns); the peak RSS (VmHWM)
// before Ctrl-C. For --write: the time and peak RSS
// of `cmdtool view TRACE --out` and the page's size.
import BenchmarkSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

struct Options {
  var serve = [100_000, 1_000_000, 10_000_000]
  var write = [10_000, 100_000]
  var frames = 20
  var dir = ReleaseProduct.repositoryRoot.appendingPathComponent("Benchmarks/.scratch/view").path
  var cmdtool: String?

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    func sizes(_ text: String?) -> [Int] { (text ?? "").split(separator: ",").compactMap { Int($0.replacingOccurrences(of: "_", with: "")) } }
    while let argument = iterator.next() {
      switch argument {
      case "--serve": serve = sizes(iterator.next())
      case "--write": write = sizes(iterator.next())
      case "--frames": frames = max(1, Int(iterator.next() ?? "") ?? frames)
      case "--dir": dir = iterator.next() ?? dir
      case "--cmdtool": cmdtool = iterator.next()
      default:
        FileHandle.standardError.write(Data("unknown option \(argument); use --serve SIZES, --write SIZES, --frames K, --dir DIR, --cmdtool PATH\n".utf8))
        exit(64)
      }
    }
  }
}

func log(_ text: String) {
  FileHandle.standardError.write(Data("[view-benchmark] \(text)\n".utf8))
}

/// Runs `arguments` to its end (output discarded) and returns its wall time and peak RSS.
func timed(_ arguments: [String]) -> (seconds: Double, peakMB: Double, status: Int32) {
  var pid: pid_t = 0
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = arguments.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  let start = monotonicNanoseconds()
  guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return (0, 0, -1) }
  var status: Int32 = 0
  var usage = rusage()
  wait4(pid, &status, 0, &usage)
  let seconds = Double(monotonicNanoseconds() - start) / 1e9
  return (seconds, Double(usage.ru_maxrss) / 1024, status)
}

/// `GET path` on 127.0.0.1:`port`: the answer's body, nil unless 200.
func get(port: Int, _ path: String) -> String? {
  guard let answer = try? LoopbackRequest.send("GET", "http://127.0.0.1:\(port)\(path)", body: nil), answer.status == 200 else { return nil }
  return String(decoding: answer.body, as: UTF8.self)
}

/// Peak resident memory of a running process, in MB (VmHWM).
func peakMB(of pid: Int32) -> Double {
  let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
  let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
  return Double(line.split(separator: " ").dropFirst().first ?? "") .map { $0 / 1024 } ?? 0
}

/// The CPU time a running process has used so far, user and system, in seconds (`/proc/PID/stat`):
/// on a shared machine a wall time counts the other processes' turns too, this does not.
func cpuSeconds(of pid: Int32) -> Double {
  let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  guard let close = stat.lastIndex(of: ")") else { return 0 }
  let fields = stat[stat.index(after: close)...].split(separator: " ")
  guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
  return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

let options = Options(CommandLine.arguments)
#if DEBUG
  log("warning: a debug build; use swift run -c release")
#endif
let cmdtool: String
do { cmdtool = try ReleaseProduct.locate("cmdtool", given: options.cmdtool, option: "--cmdtool") } catch {
  log("\(error)")
  exit(2)
}
try FileManager.default.createDirectory(atPath: options.dir, withIntermediateDirectories: true)

func trace(_ commands: Int) -> String {
  let path = "\(options.dir)/generated-\(commands).cmdtrace"
  if !FileManager.default.fileExists(atPath: path) {
    log("generating \(path)")
    let run = timed([cmdtool, "generate", path, "--commands", String(commands), "--seed", "5"])
    guard run.status == 0 else { log("cmdtool generate failed"); exit(2) }
  }
  return path
}

func size(_ path: String) -> Double {
  Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
}

print("| trace (commands) | trace MB | what | to the address s | to the first screen s | a state (median) ms | an absent word searched s (requests) | its CPU s | peak MB | page MB |")
print("| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for commands in options.write {
  let path = trace(commands)
  let out = "\(options.dir)/page-\(commands).html"
  log("view --out, \(commands) commands")
  let run = timed([cmdtool, "view", path, "--out", out])
  guard run.status == 0 else { log("cmdtool view failed"); exit(2) }
  print("| \(commands) | \(String(format: "%.1f", size(path))) | `view --out` | | \(String(format: "%.2f", run.seconds)) (the page written) | | | | \(String(format: "%.0f", run.peakMB)) | \(String(format: "%.1f", size(out))) |")
  try? FileManager.default.removeItem(atPath: out)
}
for commands in options.serve {
  let path = trace(commands)
  log("view --serve, \(commands) commands")
  let process = Process()
  process.executableURL = URL(fileURLWithPath: cmdtool)
  process.arguments = ["view", path, "--serve"]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  let start = monotonicNanoseconds()
  try process.run()
  var line = Data()
  while !line.contains(UInt8(ascii: "\n")) {
    let byte = output.fileHandleForReading.readData(ofLength: 1)
    if byte.isEmpty { break }
    line += byte
  }
  let addressed = Double(monotonicNanoseconds() - start) / 1e9
  let address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  guard let match = address.firstMatch(of: /127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)/) else { log("no address: \(address)"); exit(2) }
  let port = Int(match.1)!, token = String(match.2)
  // What the page asks for when it opens: itself, then the rows and the state of the last record.
  let page = get(port: port, "/?token=\(token)") ?? ""
  let records = page.firstMatch(of: /"served":\{"count":(\d+)/).map { Int($0.1)! } ?? 0
  _ = get(port: port, "/rows?from=\(max(0, records - 100))&count=100&token=\(token)")
  let frame = get(port: port, "/frame?record=\(records - 1)&token=\(token)")
  let firstScreen = Double(monotonicNanoseconds() - start) / 1e9
  var times: [Double] = []
  for k in 0..<options.frames {
    let record = Int(Double(records - 1) * Double(k) / Double(max(1, options.frames - 1)))
    let t0 = monotonicNanoseconds()
    _ = get(port: port, "/frame?record=\(record)&token=\(token)")
    times.append(Double(monotonicNanoseconds() - t0) / 1e6)
  }
  // A word no record has, searched from the first record as the page does: each answer says
  // where to go on from, until the end (the whole trace read).
  let searchStart = monotonicNanoseconds()
  let cpuBefore = cpuSeconds(of: process.processIdentifier)
  var searches = 0
  var from = 0
  while let answer = get(port: port, "/search?q=zzqx-nowhere&from=\(from)&dir=1&token=\(token)"), searches < 1_000_000 {
    searches += 1
    guard let next = answer.firstMatch(of: /"next":(-?\d+)/).map({ Int($0.1)! }), next > from else { break }
    from = next
  }
  let searched = Double(monotonicNanoseconds() - searchStart) / 1e9
  let searchCPU = cpuSeconds(of: process.processIdentifier) - cpuBefore
  let peak = peakMB(of: process.processIdentifier)
  kill(process.processIdentifier, SIGINT)
  process.waitUntilExit()
  guard records > 0, frame != nil else { log("the server did not answer"); exit(2) }
  print("| \(commands) | \(String(format: "%.1f", size(path))) | `view --serve` (\(records) records) | \(String(format: "%.2f", addressed)) | \(String(format: "%.2f", firstScreen)) | \(String(format: "%.0f", median(times))) | \(String(format: "%.2f", searched)) (\(searches)) | \(String(format: "%.2f", searchCPU)) | \(String(format: "%.0f", peak)) | \(String(format: "%.2f", Double(page.utf8.count) / 1e6)) |")
}
