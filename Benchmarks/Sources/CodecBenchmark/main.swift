// codec-benchmark: cmdtool's binary and JSON Lines codecs against swift-protobuf and Foundation's
// JSONEncoder/JSONDecoder on one deterministic corpus of engine commands. See Benchmarks/README.md.
//
//   swift run -c release --package-path Benchmarks codec-benchmark [--commands N] [--runs K]
//                                                                  [--only NAME[,NAME...]] [--markdown]
import BenchmarkSupport
import CommandCodec
import Foundation

struct Options {
  var commands = 1_000_000
  var runs = 5
  var only: [String] = Codecs.names
  var markdown = false
  /// Internal: run the single codec of `only` in this process and print its RESULT line.
  var child = false

  static let usage = """
    usage: codec-benchmark [--commands N] [--runs K] [--only NAME[,NAME...]] [--markdown]

      --commands N   commands in the corpus (default 1000000)
      --runs K       timed runs of each encode and decode; the median is reported (default 5)
      --only NAMES   run only these codecs: \(Codecs.names.joined(separator: ", "))
                     (one name runs in this process; several run one child process each)
      --markdown     print the table as Markdown
    """

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    func value(_ flag: String) throws -> String {
      guard let next = rest.popFirst() else { throw BenchError.usage("\(flag) needs a value\n\n\(Self.usage)") }
      return next
    }
    func count(_ flag: String) throws -> Int {
      let text = try value(flag)
      guard let number = Int(text.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: ",", with: "")), number > 0 else {
        throw BenchError.usage("\(flag) needs a positive integer, not \"\(text)\"")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--commands": commands = try count(argument)
      case "--runs": runs = try count(argument)
      case "--only":
        only = try value(argument).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for name in only where !Codecs.names.contains(name) {
          throw BenchError.usage("unknown codec \"\(name)\"; known: \(Codecs.names.joined(separator: ", "))")
        }
      case "--markdown": markdown = true
      case "--child": child = true
      case "-h", "--help":
        print(Self.usage)
        exit(0)
      default: throw BenchError.usage("unknown argument \"\(argument)\"\n\n\(Self.usage)")
      }
    }
    if child && only.count != 1 { throw BenchError.usage("--child needs exactly one codec in --only") }
  }
}

func log(_ message: String) {
  FileHandle.standardError.write(Data("[codec-benchmark] \(message)\n".utf8))
}

// MARK: - Report

func formatRate(_ value: Double) -> String {
  if value >= 1e6 { return String(format: "%.2f M", value / 1e6) }
  if value >= 1e3 { return String(format: "%.1f k", value / 1e3) }
  return String(format: "%.0f", value)
}

func formatMB(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1e6) }

func printTable(_ results: [CodecResult], markdown: Bool) {
  let header = ["codec", "encode cmds/s", "decode cmds/s", "encode MB/s", "decode MB/s", "bytes/command", "peak MB"]
  let rows: [[String]] = results.map { r in
    [
      Codecs.title(of: r.name), formatRate(r.encodeCommandsPerSecond), formatRate(r.decodeCommandsPerSecond),
      String(format: "%.1f", r.encodeMBPerSecond), String(format: "%.1f", r.decodeMBPerSecond),
      String(format: "%.2f", r.bytesPerCommand), formatMB(r.peakBytes),
    ]
  }
  if markdown {
    print("| " + header.joined(separator: " | ") + " |")
    print("|" + header.enumerated().map { $0.offset == 0 ? " --- " : " ---: " }.joined(separator: "|") + "|")
    for row in rows { print("| " + row.joined(separator: " | ") + " |") }
    return
  }
  let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
  func line(_ cells: [String]) -> String {
    cells.enumerated().map { column, cell in
      let pad = String(repeating: " ", count: widths[column] - cell.count)
      return column == 0 ? cell + pad : pad + cell
    }.joined(separator: "  ")
  }
  print(line(header))
  print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
  for row in rows { print(line(row)) }
}

func printDetails(_ results: [CodecResult]) {
  print("Timing detail (seconds per pass over the whole corpus: median, min–max, spread = (max−min)/median,")
  print("and the median CPU seconds: well below the wall-clock ones when other processes took the CPU away):")
  for r in results {
    func describe(_ s: Samples) -> String {
      String(format: "%.4f (%.4f–%.4f, %4.1f%%, cpu %.4f)", s.median, s.min, s.max, s.spread * 100, s.cpuMedian)
    }
    let title = Codecs.title(of: r.name).padding(toLength: 30, withPad: " ", startingAt: 0)
    print("  \(title) encode \(describe(r.encode))  decode \(describe(r.decode))")
    print("  \(String(repeating: " ", count: 30)) size \(formatMB(r.encodedBytes)) MB, peak \(formatMB(r.peakBytes)) MB (\(formatMB(max(0, r.peakBytes - r.baselineBytes))) MB above the corpus alone)")
  }
  if results.contains(where: { $0.encode.spread > 0.15 || $0.decode.spread > 0.15 }) {
    print("  note: some runs spread by more than 15%: the machine was busy; re-run for steadier numbers.")
  }
}

/// `  encode     7.12×   (target ≥ 5×)  PASS`.
func verdict(_ label: String, _ ratio: Double, atLeast target: Double) -> String {
  "  " + label.padding(toLength: 8, withPad: " ", startingAt: 0) + String(format: " %6.2f×", ratio)
    + "   (target ≥ \(String(format: "%g", target))×)  " + (ratio >= target ? "PASS" : "MISS")
}

func verdict(_ label: String, _ ratio: Double, atMost target: Double) -> String {
  "  " + label.padding(toLength: 8, withPad: " ", startingAt: 0) + String(format: " %6.2f×", ratio)
    + "   (target ≤ \(String(format: "%g", target))×)  " + (ratio <= target ? "PASS" : "MISS")
}

func printRatios(_ results: [CodecResult]) {
  func result(_ name: String) -> CodecResult? { results.first { $0.name == name } }
  var printed = false
  if let binary = result("binary"), let protobuf = result("protobuf") {
    print("cmdtool binary vs swift-protobuf (both from and to Command values):")
    print(verdict("encode", binary.encodeCommandsPerSecond / protobuf.encodeCommandsPerSecond, atLeast: 5))
    print(verdict("decode", binary.decodeCommandsPerSecond / protobuf.decodeCommandsPerSecond, atLeast: 5))
    print(verdict("size", Double(binary.encodedBytes) / Double(protobuf.encodedBytes), atMost: 0.6))
    printed = true
  }
  if let binary = result("binary"), let messages = result("protobuf-messages") {
    print("cmdtool binary vs swift-protobuf on ready-made messages (library alone; informational):")
    print(String(format: "  encode   %6.2f×", binary.encodeCommandsPerSecond / messages.encodeCommandsPerSecond))
    print(String(format: "  decode   %6.2f×", binary.decodeCommandsPerSecond / messages.decodeCommandsPerSecond))
    printed = true
  }
  if let json = result("json"), let foundation = result("foundation") {
    print("cmdtool JSON Lines vs Foundation JSONEncoder/JSONDecoder (Codable):")
    print(verdict("encode", json.encodeCommandsPerSecond / foundation.encodeCommandsPerSecond, atLeast: 25))
    print(verdict("decode", json.decodeCommandsPerSecond / foundation.decodeCommandsPerSecond, atLeast: 25))
    print(String(format: "  size     %6.2f×   (informational)", Double(json.encodedBytes) / Double(foundation.encodedBytes)))
    printed = true
  }
  if !printed { print("(no pair of codecs to compare: run binary with protobuf, or json with foundation)") }
}

func printCorpus(_ corpus: Corpus, options: Options) {
  let batches = corpus.records.count
  print("cmdtool codec benchmark")
  print("corpus: \(corpus.commandCount) commands in \(batches) batches (\(String(format: "%.2f", Double(corpus.commandCount) / Double(batches))) per batch), seed 0x\(String(Corpus.seed, radix: 16))")
  let mix = corpus.mix().map { name, count in "\(name) \(String(format: "%.1f", 100 * Double(count) / Double(corpus.commandCount)))%" }
  print("mix: " + mix.joined(separator: ", "))
  print("runs: \(options.runs) encodes and \(options.runs) decodes per codec, median reported; each codec in its own process")
  var host = utsname()
  uname(&host)
  let machine = withUnsafeBytes(of: &host.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  let system = withUnsafeBytes(of: &host.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
    .split(separator: "\n").first { $0.hasPrefix("model name") }?
    .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
  print("host: \(system) \(machine), \(ProcessInfo.processInfo.activeProcessorCount) cores\(cpu.map { ", " + $0 } ?? "")")
  print("")
}

// MARK: - Main

do {
  let options = try Options(Array(CommandLine.arguments.dropFirst()))
  #if DEBUG
    log("WARNING: this is a debug build; the numbers mean nothing. Use: swift run -c release --package-path Benchmarks codec-benchmark")
  #endif
  if options.only.count == 1 {
    // One codec, in this process: what each child process of a full run does.
    fixHeapPolicy()
    let name = options.only[0]
    log("building a corpus of \(options.commands) commands")
    let corpus = Corpus(commands: options.commands)
    let result = try runCodec(name, corpus: corpus, runs: options.runs, log: log)
    if options.child {
      print(result.line)
    } else {
      printCorpus(corpus, options: options)
      printTable([result], markdown: options.markdown)
      print("")
      printDetails([result])
    }
  } else {
    let corpus = Corpus(commands: options.commands)
    var results: [CodecResult] = []
    for name in options.only {
      log("running \(name) in a child process")
      results.append(try runInChildProcess(name, commands: options.commands, runs: options.runs))
    }
    printCorpus(corpus, options: options)
    printTable(results, markdown: options.markdown)
    print("")
    print("MB = 10^6 bytes; MB/s counts encoded bytes; peak MB is the peak RSS (VmHWM) of the process that ran")
    print("that codec alone, corpus included. swift-protobuf carries no batch times; the cmdtool codecs do.")
    print("")
    printRatios(results)
    print("")
    printDetails(results)
  }
} catch {
  log("error: \(error)")
  exit(1)
}
