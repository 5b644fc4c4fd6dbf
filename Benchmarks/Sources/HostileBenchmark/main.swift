// The hostile benchmark: the decoders' worst input shapes per megabyte, to show that decoding,
// and failing, takes time linear in the input on every path (error paths included).
//
//   swift run -c release --package-path Benchmarks hostile-benchmark [--sizes 1,4,16] [--runs K]
//       [--chunk BYTES] [--only TEXT] [--markdown]
//   swift run -c release --package-path Benchmarks hostile-benchmark --trees [--sizes 1,4,16] [--markdown]
//
// Each shape (Shapes.swift) is built at each size in MB and decoded whole, from memory, with the
// default limits (or fed in chunks of BYTES, as a file or a pipe delivers it); the table prints milliseconds per MB side by side for the sizes, and the growth
// from the smallest size to the largest: about 1× when the time is linear, the size ratio (16×)
// when it is quadratic. It also prints how long the error message is: a message quotes at most
// an excerpt of a long value, so it stays short whatever the input.
//
// With --trees, the tree-shaped work instead (Trees.swift): depth and width per MB of trace.
import BenchmarkSupport
import CommandCodec
import Foundation

struct Options {
  var sizes = [1, 4, 16]
  var runs = 3
  var only: String? = nil
  var chunk = 0
  var markdown = false
  var trees = false

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--sizes": sizes = (iterator.next() ?? "").split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
      case "--runs": runs = max(1, Int(iterator.next() ?? "") ?? runs)
      case "--only": only = iterator.next()
      case "--chunk": chunk = max(0, Int(iterator.next() ?? "") ?? 0)
      case "--markdown": markdown = true
      case "--trees": trees = true
      default:
        FileHandle.standardError.write(Data("unknown option \(argument); use --sizes 1,4,16, --runs K, --chunk BYTES, --only TEXT, --markdown, --trees\n".utf8))
        exit(64)
      }
    }
    if sizes.isEmpty { sizes = [1, 4, 16] }
  }
}

/// Counts what decodes, keeping nothing.
struct Counter: TraceRecordHandler {
  var records = 0
  mutating func handleBatch(_ batch: [Command], at time: Double) -> Bool {
    records += 1
    return true
  }
  mutating func handle(_ record: TraceRecord) -> Bool {
    records += 1
    return true
  }
}

/// Decodes `input`, whole or in chunks of `chunk` bytes: the records and the error it ends with.
func decode(_ input: [UInt8], format: TraceFormat, chunk: Int) -> (records: Int, error: CodecError?) {
  var decoder = TraceDecoder(format: format)
  var counter = Counter()
  do {
    if chunk > 0 {
      var start = 0
      while start < input.count {
        let end = min(start + chunk, input.count)
        input[start..<end].withUnsafeBytes { decoder.feed($0) }
        _ = try decoder.decodeAvailable(into: &counter)
        start = end
      }
    } else {
      decoder.feed(input)
    }
    decoder.finish()
    _ = try decoder.decodeAvailable(into: &counter)
    return (counter.records, nil)
  } catch {
    return (counter.records, error)
  }
}

func log(_ text: String) {
  FileHandle.standardError.write(Data("[hostile-benchmark] \(text)\n".utf8))
}

// A child of `--trees`: one shape at one size (Trees.swift).
if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "--tree-child" {
  try TreeBenchmark.child(shape: CommandLine.arguments[2], megabytes: Int(CommandLine.arguments[3]) ?? 1)
  exit(0)
}
let options = Options(CommandLine.arguments)
#if DEBUG
  log("warning: a debug build; use -c release for meaningful figures")
#endif
if options.trees {
  try TreeBenchmark.run(sizes: options.sizes, markdown: options.markdown)
  exit(0)
}

struct Row {
  var shape: Shape
  var msPerMB: [Double] = []
  var outcome = ""
  var messageBytes = 0
  var failed = false
}

var rows: [Row] = []
for shape in Shape.all where options.only.map({ shape.name.contains($0) || shape.format.rawValue == $0 }) ?? true {
  var row = Row(shape: shape)
  for size in options.sizes {
    let input = shape.build(size << 20)
    log("\(shape.format.rawValue) · \(shape.name) · \(size) MB")
    var last: (records: Int, error: CodecError?) = (0, nil)
    let samples = measure(runs: options.runs) { () -> Int in
      last = decode(input, format: shape.format, chunk: options.chunk)
      return last.records
    }
    row.msPerMB.append(samples.median * 1e3 / (Double(input.count) / Double(1 << 20)))
    row.outcome = last.error.map { "\($0.code)" } ?? "\(last.records) records"
    row.messageBytes = max(row.messageBytes, last.error?.description.utf8.count ?? 0)
    if last.error?.code != shape.expected {
      row.failed = true
      log("\(shape.name): expected \(shape.expected.map { "\($0)" } ?? "no error"), got \(last.error.map { "\($0)" } ?? "no error")")
    }
  }
  rows.append(row)
}

func format(_ value: Double) -> String {
  value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
}

let head = ["format", "shape", "outcome"] + options.sizes.map { "ms/MB at \($0) MB" } + ["growth \(options.sizes.last!)/\(options.sizes.first!) MB", "message bytes"]
func line(_ cells: [String]) -> String {
  if options.markdown { return "| " + cells.joined(separator: " | ") + " |" }
  return cells.enumerated().map { index, cell in
    let width = index == 1 ? 36 : index == 2 ? 20 : 14
    return cell.padding(toLength: max(width, cell.count), withPad: " ", startingAt: 0)
  }.joined(separator: " ")
}

print("cmdtool hostile-input benchmark: the decoders' worst shapes, \(options.chunk > 0 ? "fed in chunks of \(options.chunk) bytes" : "decoded whole from memory")")
print("median of \(options.runs) runs; growth = ms/MB at the largest size over ms/MB at the smallest (1× is linear)\n")
print(line(head))
if options.markdown { print("| --- | --- | --- |" + String(repeating: " ---: |", count: head.count - 3)) }
var worstGrowth = 0.0
for row in rows {
  let growth = row.msPerMB.last! / row.msPerMB.first!
  worstGrowth = max(worstGrowth, growth)
  print(line([row.shape.format.rawValue, row.shape.name, row.outcome] + row.msPerMB.map(format) + [String(format: "%.2f×", growth), "\(row.messageBytes)"]))
}
print("")
let sizeRatio = Double(options.sizes.last!) / Double(options.sizes.first!)
let linear = options.sizes.count < 2 || worstGrowth <= max(2, sizeRatio / 4)
print("linear on every shape (growth ≤ \(String(format: "%.0f", max(2, sizeRatio / 4)))× from \(options.sizes.first!) to \(options.sizes.last!) MB): \(String(format: "%.2f", worstGrowth))× at worst  \(linear ? "PASS" : "MISS")")
print("peak memory: \(String(format: "%.0f", Double(peakResidentBytes()) / 1e6)) MB")
if rows.contains(where: \.failed) {
  log("a shape did not end as expected")
  exit(1)
}
