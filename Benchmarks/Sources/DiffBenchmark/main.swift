// The diff benchmark: how long `StateDiff(from:to:)` takes on large UI states, and whether the time
// grows linearly with the number of elements.
//
//   swift run -c release --package-path Benchmarks diff-benchmark [--runs K] [--markdown]
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

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--runs": runs = max(1, Int(iterator.next() ?? "") ?? runs)
      case "--markdown": markdown = true
      default:
        FileHandle.standardError.write(Data("unknown option \(argument); use --runs K, --markdown\n".utf8))
        exit(64)
      }
    }
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
/// batch per screen, and the screens' ids by role.
struct GeneratedUI {
  var batches: [[Command]] = []
  var screens: [Screen] = []
  var elementCount = 0
  var nextId: Int32 = 1

  static let words = ["Inbox", "Settings", "Profile", "Search", "Messages", "Photos", "Näytä", "Päivitä", "Ημερολόγιο", "今日", "Done", "Cancel"]
  static let styleTable: [(String, [String])] = [
    ("color", ["#000000", "#333333", "#2a6df4"]), ("background-color", ["#ffffff", "#f5f5f5", "#2a6df4"]),
    ("padding", ["4", "8", "12", "16"]), ("margin", ["0", "4", "8"]), ("font-size", ["small", "medium", "large", "14"]),
    ("font-weight", ["normal", "bold"]), ("width", ["match-parent", "wrap-content", "120"]), ("text-align", ["left", "center"]),
  ]

  /// `elementsPerScreen` elements per screen (the last one may be smaller).
  init(elements: Int, elementsPerScreen: Int = 100, seed: UInt64 = 7) {
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
    batches.append([Command(.createApplication, childInternalId: application, textValue: fresh("Diff benchmark"))])
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
      batches.append(batch)
      screens.append(screen)
      elementCount = Int(nextId) - 1
    }
  }

  mutating func takeId() -> Int32 {
    defer { nextId += 1 }
    return nextId
  }

  /// A model with the UI applied, then `changes` as one more batch.
  func state(with changes: [Command] = []) -> UIState {
    var model = ReferenceModel(options: .init(recordEmissions: false))
    for (index, batch) in batches.enumerated() { model.applyBatch(batch, at: Double(index), index: index) }
    if !changes.isEmpty { model.applyBatch(changes, at: Double(batches.count), index: batches.count) }
    return model.state
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

struct Row {
  var elements: Int
  var label: String
  var changes: Int
  var diff: Samples
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
  let timing = measure(runs: runs) { StateDiff(from: a, to: b) }
  let text = measure(runs: runs) { diff.renderText() }
  let report = try! DiffReport(.snapshot(a), .snapshot(b), names: ("a.json", "b.json"))
  let json = measure(runs: runs) { report.renderJSON() }
  return (Row(elements: a.elements.count, label: label, changes: diff.changes.count, diff: timing, text: text, json: json), diff)
}

func ms(_ seconds: Double) -> String {
  seconds >= 0.1 ? String(format: "%.1f", seconds * 1e3) : seconds >= 0.001 ? String(format: "%.2f", seconds * 1e3) : String(format: "%.3f", seconds * 1e3)
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

// MARK: - Main

let options = Options(CommandLine.arguments)
#if DEBUG
  log("warning: a debug build; run with -c release for meaningful figures")
#endif

print("cmdtool diff benchmark")
print("states: generated screens of 100 elements (a frame view, a column of rows: horizontal layouts of")
print("texts, buttons, text fields and nested vertical layouts; styled in NORMAL and ACTIVE), applied to")
print("a ReferenceModel; B from a second generation, so A and B share no strings")
print("median of \(options.runs) runs; ns/element = the median over the elements of A\n")

// The target case.
log("building two 100,000-element states")
let target = GeneratedUI(elements: 100_000)
let targetA = target.state()
let targetB = GeneratedUI(elements: 100_000).state(with: target.handful())
log("diffing (\(options.runs) runs)")
let (targetRow, targetDiff) = measureDiff(targetA, targetB, runs: options.runs, label: "handful", expected: 5)
let counts = targetDiff.counts
guard counts[.added] == 1, counts[.removed] == 1, counts[.changed] == 2, counts[.moved] == 1 else {
  log("error: the handful of changes came out as \(counts)")
  exit(1)
}
print("two \(grouped(targetA.elements.count))-element states (\(grouped(targetB.elements.count)) in B), a handful of changes:")
for line in targetDiff.renderText().split(separator: "\n") { print("  " + line) }
print("")
print("  StateDiff(from:to:)  \(ms(targetRow.diff.median)) ms  (fastest \(ms(targetRow.diff.min)), slowest \(ms(targetRow.diff.max)); \(String(format: "%.0f", targetRow.diff.median * 1e9 / Double(targetRow.elements))) ns/element)")
print("  renderText()         \(ms(targetRow.text.median)) ms")
print("  renderJSON()         \(ms(targetRow.json.median)) ms")
print("")

// Scaling.
var rows: [Row] = []
for size in [10_000, 100_000, 400_000] {
  log("building \(size)-element states")
  let ui = GeneratedUI(elements: size)
  let a = ui.state()
  let second = GeneratedUI(elements: size)
  let percent = size / 100
  let b1 = second.state(with: ui.one())
  log("diffing \(size) elements, one change")
  rows.append(measureDiff(a, b1, runs: options.runs, label: "one change", expected: 1).0)
  let b2 = second.state(with: ui.spread(percent))
  log("diffing \(size) elements, 1% changed")
  rows.append(measureDiff(a, b2, runs: options.runs, label: "1% (\(grouped(percent)))", expected: percent).0)
}

let head = ["elements", "changes", "StateDiff ms", "ns/element", "renderText ms", "renderJSON ms"]
let widths = [10, 16, 13, 11, 14, 14]
func line(_ cells: [String]) -> String {
  if options.markdown { return "| " + cells.joined(separator: " | ") + " |" }
  return zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
}
print("scaling (the same generator; one text changed, or 1% of the elements changed: texts, styles,")
print("added, removed and moved elements in equal parts):")
print(line(head))
if options.markdown { print("|" + String(repeating: " ---: |", count: head.count)) }
for row in rows {
  print(line([grouped(row.elements), row.label, ms(row.diff.median), String(format: "%.0f", row.diff.median * 1e9 / Double(row.elements)), ms(row.text.median), ms(row.json.median)]))
}

let perElement = rows.map { $0.diff.median / Double($0.elements) }
let growth = max(perElement[4], perElement[5]) / min(perElement[0], perElement[1])
print("")
print("targets:")
print("  StateDiff of two 100,000-element states, a handful of changes, < 100 ms: \(ms(targetRow.diff.median)) ms  \(targetRow.diff.median < 0.1 ? "PASS" : "MISS")")
print("  linear growth: ns/element at 400,000 over ns/element at 10,000 ≤ 2×: \(String(format: "%.2f", growth))×  \(growth <= 2 ? "PASS" : "MISS")")
print("peak memory: \(String(format: "%.0f", Double(peakResidentBytes()) / 1e6)) MB")
