// The diff benchmark: how long `StateDiff(from:to:)` takes on large UI states, and whether the time
// grows linearly with the number of elements.
//
//   swift run -c release --package-path Benchmarks diff-benchmark [--runs K] [--markdown] [--profile handful|percent]
//
// Beside StateDiff, in the same run and on the same states: the floor (deciding only whether two
// equal states' elements are equal, `ElementStore ==`, which walks them as StateDiff does) and a
// naive diff (writing both states' snapshot JSON and comparing the bytes). `--profile` builds only
// the two 100,000-element states and diffs them K times, for a profiler (Benchmarks/README.md,
// "Diff benchmark").
//
// The states are built the way a replay builds them: a generated screen tree (frame views with a
// column of rows, nested layouts, texts, buttons and text fields, styled in the NORMAL and ACTIVE
// selectors) applied to a `ReferenceModel`. B is built by a second model from a second, identical
// generation (so A and B share no strings, as two replayed traces would not), then the changes.
import BenchmarkSupport
import CommandCodec
import Foundation
import Replay

struct Options {
  var runs = 7
  var markdown = false
  /// Only diff the two 100,000-element states, with a handful of changes or 1% changed, `runs`
  /// times: what a profiler should see, without the building and the peers around it.
  var profile: String?

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--runs": runs = max(1, Int(iterator.next() ?? "") ?? runs)
      case "--markdown": markdown = true
      case "--profile":
        let name = iterator.next() ?? ""
        guard ["handful", "percent"].contains(name) else { Self.usage("\(argument) \(name)") }
        profile = name
      default: Self.usage(argument)
      }
    }
  }

  static func usage(_ argument: String) -> Never {
    FileHandle.standardError.write(Data("unknown option \(argument); use --runs K, --markdown, --profile handful|percent\n".utf8))
    exit(64)
  }
}

func log(_ text: String) {
  FileHandle.standardError.write(Data("[diff-benchmark] \(text)\n".utf8))
}

// MARK: - The generated UI

/// One screen's ids by role, to aim changes at.
struct Screen {
  var view: Int32
  /// Text labels (leaves).
  var texts: [Int32] = []
  /// Buttons (leaves, styled in NORMAL and ACTIVE).
  var buttons: [Int32] = []
  /// Horizontal rows with at least two children, and each row's last child.
  var rows: [(id: Int32, last: Int32)] = []
}

/// The commands that build a UI of exactly `elements` elements (the application included), one
/// batch per screen, handed on as they are made, and the screens' ids by role.
struct GeneratedUI {
  var screens: [Screen] = []
  var elementCount = 0
  var nextId: Int32 = 1

  static let words = ["Inbox", "Settings", "Profile", "Search", "Messages", "Photos", "Näytä", "Päivitä", "Ημερολόγιο", "今日", "Done", "Cancel"]
  static let styleTable: [(String, [String])] = [
    ("color", ["#000000", "#333333", "#2a6df4"]), ("background-color", ["#ffffff", "#f5f5f5", "#2a6df4"]),
    ("padding", ["4", "8", "12", "16"]), ("margin", ["0", "4", "8"]), ("font-size", ["small", "medium", "large", "14"]),
    ("font-weight", ["normal", "bold"]), ("width", ["match-parent", "wrap-content", "120"]), ("text-align", ["left", "center"]),
  ]

  /// `elementsPerScreen` elements per screen (the last one may be smaller), each screen's batch
  /// passed to `apply` and not kept: the commands of 400,000 elements would outweigh their state.
  init(elements: Int, elementsPerScreen: Int = 100, seed: UInt64 = 7, apply: ([Command]) -> Void) {
    var random = SplitMix64(seed: seed)
    // Fresh copies of every string for this generation: two generations share no storage, as two
    // decoded traces would not, so equal strings are compared byte by byte.
    func fresh(_ string: String) -> String { String(decoding: Array(string.utf8), as: UTF8.self) }
    func label(_ kind: String) -> String {
      fresh("\(Self.words[random.below(Self.words.count)]) \(kind) \(random.below(100_000))")
    }
    func style(_ id: Int32, _ selector: Int32 = 0, into batch: inout [Command]) {
      let (key, values) = Self.styleTable[random.below(Self.styleTable.count)]
      batch.append(Command(.setStyle, internalId: id, value: selector, textValue: fresh(key), textValue2: fresh(values[random.below(values.count)])))
    }
    let application = takeId()
    apply([Command(.createApplication, childInternalId: application, textValue: fresh("Diff benchmark"))])
    elementCount = 1
    while elementCount < elements {
      var budget = min(elementsPerScreen, elements - elementCount)
      var batch: [Command] = []
      let view = takeId()
      batch.append(Command(.createFrameView, internalId: application, childInternalId: view))
      style(view, into: &batch)
      budget -= 1
      var screen = Screen(view: view)
      if budget > 0 {
        let column = takeId()
        batch.append(Command(.createLinearLayout, internalId: view, childInternalId: column, value: 1))
        batch.append(Command(.setStyle, internalId: column, textValue: fresh("padding"), textValue2: fresh("16")))
        budget -= 1
        while budget > 0 {
          // A row: a horizontal layout of 2–8 items, sometimes with a nested vertical layout.
          let row = takeId()
          batch.append(Command(.createLinearLayout, internalId: column, childInternalId: row, value: 2))
          style(row, into: &batch)
          budget -= 1
          var items = 0
          var last: Int32 = 0
          let wanted = 2 + random.below(7)
          while items < wanted && budget > 0 {
            let id = takeId()
            let pick = random.below(10)
            if pick < 4 {
              batch.append(Command(.createText, internalId: row, childInternalId: id, textValue: label("label")))
              style(id, into: &batch)
              screen.texts.append(id)
              budget -= 1
            } else if pick < 7 {
              batch.append(Command(.createButton, internalId: row, childInternalId: id, textValue: label("button")))
              batch.append(Command(.setStyle, internalId: id, textValue: fresh("background-color"), textValue2: fresh("#2a6df4")))
              batch.append(Command(.setStyle, internalId: id, textValue: fresh("color"), textValue2: fresh("#ffffff")))
              batch.append(Command(.setStyle, internalId: id, value: 1, textValue: fresh("background-color"), textValue2: fresh("#1d4fb8")))
              screen.buttons.append(id)
              budget -= 1
            } else if pick < 8 {
              batch.append(Command(.createTextField, internalId: row, childInternalId: id, textValue: label("field")))
              style(id, into: &batch)
              budget -= 1
            } else if budget >= 3 {
              // A nested vertical layout with a title and a subtitle.
              batch.append(Command(.createLinearLayout, internalId: row, childInternalId: id, value: 1))
              let title = takeId()
              let subtitle = takeId()
              batch.append(Command(.createText, internalId: id, childInternalId: title, textValue: label("title")))
              style(title, into: &batch)
              batch.append(Command(.createText, internalId: id, childInternalId: subtitle, textValue: label("subtitle")))
              style(subtitle, 4, into: &batch)
              screen.texts.append(title)
              screen.texts.append(subtitle)
              budget -= 3
            } else {
              nextId -= 1  // not used
              continue
            }
            items += 1
            last = id
          }
          if items >= 2 { screen.rows.append((row, last)) }
        }
      }
      batch.append(Command(.setVisibility, internalId: view, value: screens.isEmpty ? 1 : 0))
      apply(batch)
      screens.append(screen)
      elementCount = Int(nextId) - 1
    }
  }

  mutating func takeId() -> Int32 {
    defer { nextId += 1 }
    return nextId
  }

  /// A generated UI of `elements` elements applied to a model batch by batch, then the changes
  /// `changes` makes from it (from its screens) as one more batch: the state and the generation.
  /// Two calls with the same size generate the same UI, with fresh strings.
  static func state(elements: Int, changes: (GeneratedUI) -> [Command] = { _ in [] }) -> (state: UIState, ui: GeneratedUI) {
    var model = ReferenceModel(options: .init(recordEmissions: false))
    var index = 0
    let ui = GeneratedUI(elements: elements) { batch in
      model.applyBatch(batch, at: Double(index), index: index)
      index += 1
    }
    let extra = changes(ui)
    if !extra.isEmpty { model.applyBatch(extra, at: Double(index), index: index) }
    return (model.state, ui)
  }

  /// Five changes in five screens: a text changed, an element added, one removed, one moved, a
  /// button's style changed.
  func handful() -> [Command] {
    let picks = [1, 2, 3, 4, 5].map { screens[$0 * (screens.count - 1) / 6] }
    let row = picks[2].rows[0]
    return [
      Command(.setTextValue, internalId: picks[0].texts[0], textValue: "Changed label"),
      Command(.createButton, internalId: picks[1].rows[0].id, childInternalId: nextId, textValue: "Added button"),
      Command(.reorderChild, internalId: row.id, childInternalId: row.last, value: 0),
      Command(.deleteElement, internalId: picks[3].texts[0]),
      Command(.setStyle, internalId: picks[4].buttons[0], textValue: "background-color", textValue2: "#d93025"),
    ]
  }

  /// One text changed.
  func one() -> [Command] {
    [Command(.setTextValue, internalId: screens[screens.count / 2].texts[0], textValue: "Changed label")]
  }

  /// `count` changes, one per screen (so none interferes with another), cycling through a text
  /// changed, a style changed, an element added, one removed and one moved.
  func spread(_ count: Int) -> [Command] {
    var commands: [Command] = []
    var id = nextId
    let step = max(1, screens.count / max(count, 1))
    var made = 0
    var index = 0
    while made < count && index < screens.count {
      let screen = screens[index]
      index += step
      guard let row = screen.rows.first, let text = screen.texts.first, let button = screen.buttons.first else { continue }
      switch made % 5 {
      case 0: commands.append(Command(.setTextValue, internalId: text, textValue: "Changed label \(made)"))
      case 1: commands.append(Command(.setStyle, internalId: button, textValue: "background-color", textValue2: "#d93025"))
      case 2:
        commands.append(Command(.createText, internalId: row.id, childInternalId: id, textValue: "Added \(made)"))
        id += 1
      case 3: commands.append(Command(.deleteElement, internalId: text))
      default: commands.append(Command(.reorderChild, internalId: row.id, childInternalId: row.last, value: 0))
      }
      made += 1
    }
    return commands
  }
}

// MARK: - Measuring

/// The process's peak resident memory over the whole run: steps reset the kernel's high-water
/// mark to measure their own peak, so the run's is kept here.
nonisolated(unsafe) var runPeak = 0

/// Runs `body` and returns its result with the peak resident memory it added over what was
/// resident when it started (nil where the peak cannot be reset).
func ownPeak<R>(_ body: () -> R) -> (R, Int?) {
  runPeak = max(runPeak, peakResidentBytes())
  let before = residentBytes()
  let reset = resetPeakResident()
  let result = body()
  let peak = peakResidentBytes()
  runPeak = max(runPeak, peak)
  guard reset, let before else { return (result, nil) }
  return (result, max(0, peak - before))
}

struct Row {
  var elements: Int
  var label: String
  var changes: Int
  var diff: Samples
  /// The peak resident memory the diffs added over the two states.
  var diffPeak: Int?
  var text: Samples
  var json: Samples
}

func measureDiff(_ a: UIState, _ b: UIState, runs: Int, label: String, expected: Int) -> (Row, StateDiff) {
  let diff = StateDiff(from: a, to: b)
  if diff.changes.count != expected {
    log("error: \(label): \(diff.changes.count) changes found, \(expected) expected")
    print(diff.renderText())
    exit(1)
  }
  let (timing, diffPeak) = ownPeak { measure(runs: runs) { StateDiff(from: a, to: b) } }
  let text = measure(runs: runs) { diff.renderText() }
  let report = try! DiffReport(.snapshot(a), .snapshot(b), names: ("a.json", "b.json"))
  let json = measure(runs: runs) { report.renderJSON() }
  return (Row(elements: a.elements.count, label: label, changes: diff.changes.count, diff: timing, diffPeak: diffPeak, text: text, json: json), diff)
}

func ms(_ seconds: Double) -> String {
  seconds >= 0.1 ? String(format: "%.1f", seconds * 1e3) : seconds >= 0.001 ? String(format: "%.2f", seconds * 1e3) : String(format: "%.3f", seconds * 1e3)
}

func mb(_ bytes: Int?) -> String {
  guard let bytes else { return "n/a" }
  return bytes < 10_000_000 ? String(format: "%.1f", Double(bytes) / 1e6) : String(format: "%.0f", Double(bytes) / 1e6)
}

func nsPerElement(_ samples: Samples, _ elements: Int) -> String {
  String(format: "%.0f", samples.median * 1e9 / Double(elements))
}

func grouped(_ value: Int) -> String {
  let digits = String(value)
  var out = ""
  for (index, character) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
    out.append(character)
  }
  return out
}

// MARK: - Profiling

let options = Options(CommandLine.arguments)
if let profile = options.profile {
  let runs = options.runs
  log("building two 100,000-element states (\(profile))")
  let a = GeneratedUI.state(elements: 100_000).state
  let b = GeneratedUI.state(elements: 100_000) { profile == "handful" ? $0.handful() : $0.spread(1000) }.state
  log("diffing (\(runs) runs)")
  let samples = measure(runs: runs) { StateDiff(from: a, to: b) }
  print("StateDiff(from:to:) \(ms(samples.median)) ms, \(nsPerElement(samples, a.elements.count)) ns/element (\(profile), median of \(runs); fastest \(ms(samples.min)) ms, CPU \(ms(samples.cpuMedian)) ms)")
  exit(0)
}

// MARK: - Main

#if DEBUG
  log("warning: a debug build; run with -c release for meaningful figures")
#endif

print("cmdtool diff benchmark")
print("states: generated screens of 100 elements (a frame view, a column of rows: horizontal layouts of")
print("texts, buttons, text fields and nested vertical layouts; styled in NORMAL and ACTIVE), applied to")
print("a ReferenceModel; B from a second generation, so A and B share no strings")
print("median of \(options.runs) runs; ns/element = the median over the elements of A; memory: the peak")
print("resident memory a step added over the states it was given\n")

/// The target case and its peers; in a function, so that its states are freed before the scaling.
func targetCase() -> Double {
  log("building two 100,000-element states")
  let resident = residentBytes()
  let a = GeneratedUI.state(elements: 100_000).state
  let stateBytes = residentBytes().flatMap { after in resident.map { after - $0 } }
  let count = a.elements.count

  // The peers on an equal B: the floor, and StateDiff with nothing to report.
  let (floor, noChange): (Samples, Samples) = {
    let equal = GeneratedUI.state(elements: 100_000).state
    log("the floor: ElementStore == of two equal states (\(options.runs) runs)")
    guard a.elements == equal.elements, StateDiff(from: a, to: equal).isEmpty else {
      log("error: the two generations differ")
      exit(1)
    }
    let floor = measure(runs: options.runs) { a.elements == equal.elements }
    log("diffing two equal states (\(options.runs) runs)")
    return (floor, measure(runs: options.runs) { StateDiff(from: a, to: equal) })
  }()

  let b = GeneratedUI.state(elements: 100_000) { $0.handful() }.state
  log("diffing (\(options.runs) runs)")
  let (row, diff) = measureDiff(a, b, runs: options.runs, label: "handful", expected: 5)
  let counts = diff.counts
  guard counts[.added] == 1, counts[.removed] == 1, counts[.changed] == 2, counts[.moved] == 1 else {
    log("error: the handful of changes came out as \(counts)")
    exit(1)
  }
  log("the naive diff: both snapshots' JSON, bytes compared (\(options.runs) runs)")
  let (naive, naivePeak) = ownPeak {
    measure(runs: options.runs) { StateSnapshotWriter.snapshot(of: a) == StateSnapshotWriter.snapshot(of: b) }
  }

  print("two \(grouped(count))-element states (\(grouped(b.elements.count)) in B), a handful of changes:")
  for line in diff.renderText().split(separator: "\n") { print("  " + line) }
  print("")
  let columns = [50, 10, 11, 12, 10]
  func line(_ cells: [String]) -> String {
    var text = zip(cells, columns).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " ")
    while text.last == " " { text.removeLast() }
    return text
  }
  func ratio(_ samples: Samples) -> String { String(format: "%.2f×", samples.median / row.diff.median) }
  print("  " + line(["", "median ms", "ns/element", "× StateDiff", "memory MB"]))
  print("  " + line(["StateDiff(from:to:)", ms(row.diff.median), nsPerElement(row.diff, count), ratio(row.diff), mb(row.diffPeak)]))
  print("  peers, on the same states in the same run:")
  print("  " + line(["  floor: ElementStore == of A and an equal B", ms(floor.median), nsPerElement(floor, count), ratio(floor), ""]))
  print("  " + line(["  StateDiff of A and an equal B (no change)", ms(noChange.median), nsPerElement(noChange, count), ratio(noChange), ""]))
  print("  " + line(["  naive: both snapshots' JSON, bytes compared", ms(naive.median), nsPerElement(naive, count), ratio(naive), mb(naivePeak)]))
  print("  StateDiff fastest \(ms(row.diff.min)) ms, slowest \(ms(row.diff.max)); renderText() \(ms(row.text.median)) ms, renderJSON() \(ms(row.json.median)) ms")
  print("  building A grew the resident memory by \(mb(stateBytes)) MB (the state, and what malloc kept of the generation)")
  print("")
  return row.diff.median
}

let targetMedian = targetCase()

// Scaling: one size at a time and one B at a time, so that no more than two states are alive.
var rows: [Row] = []
for size in [10_000, 100_000, 400_000] {
  log("building \(size)-element states")
  let percent = size / 100
  let a = GeneratedUI.state(elements: size).state
  let cases: [(String, (GeneratedUI) -> [Command], Int)] = [("one change", { $0.one() }, 1), ("1% (\(grouped(percent)))", { $0.spread(percent) }, percent)]
  for (label, changes, expected) in cases {
    let b = GeneratedUI.state(elements: size, changes: changes).state
    log("diffing \(size) elements, \(label)")
    rows.append(measureDiff(a, b, runs: options.runs, label: label, expected: expected).0)
  }
}

let head = ["elements", "changes", "StateDiff ms", "ns/element", "memory MB", "renderText ms", "renderJSON ms"]
let widths = [10, 16, 13, 11, 10, 14, 14]
func line(_ cells: [String]) -> String {
  if options.markdown { return "| " + cells.joined(separator: " | ") + " |" }
  return zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
}
print("scaling (the same generator; one text changed, or 1% of the elements changed: texts, styles,")
print("added, removed and moved elements in equal parts; memory: what the diffs added over the states):")
print(line(head))
if options.markdown { print("|" + String(repeating: " ---: |", count: head.count)) }
for row in rows {
  print(line([grouped(row.elements), row.label, ms(row.diff.median), nsPerElement(row.diff, row.elements), mb(row.diffPeak), ms(row.text.median), ms(row.json.median)]))
}

// Growth is judged case by case (one change with one change, 1% with 1%), from 100,000 elements
// up: two 10,000-element states (some 8 MB) fit in the caches, larger ones do not, and that step
// is a constant factor, not a growth with n.
let perElement = rows.map { $0.diff.median / Double($0.elements) }
let growth = max(perElement[4] / perElement[2], perElement[5] / perElement[3])
let fromCached = max(perElement[4] / perElement[0], perElement[5] / perElement[1])
print("")
print("targets:")
print("  StateDiff of two 100,000-element states, a handful of changes, < 20 ms: \(ms(targetMedian)) ms  \(targetMedian < 0.02 ? "PASS" : "MISS")")
print("  linear growth: ns/element at 400,000 over the same case at 100,000 ≤ 2×: \(String(format: "%.2f", growth))×  \(growth <= 2 ? "PASS" : "MISS")")
print("    (over 10,000, whose states fit in the caches: \(String(format: "%.2f", fromCached))×)")
runPeak = max(runPeak, peakResidentBytes())
print("peak memory: \(mb(runPeak)) MB (the whole run: at most two states of 400,000 elements alive at once)")
