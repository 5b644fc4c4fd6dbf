// `--widgets FILE`: a custom widget, the pie chart of traces/widgets/chart.widgets.json
// (docs/WIDGETS.md §6.6). The engine creates it with the schema's own command, CREATE_PIE_CHART,
// and sets its properties the ways the schema declares: piePercentage with SET_INT_VALUE,
// sliceColor with SET_STYLE slice-color. JSON Lines carry the command by name, binary by the
// schema's code (1000), which is why the engine reads the schema at all.

import CommandCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The creation command the engine sends; the schema must declare it.
let pieChartCommand = "CREATE_PIE_CHART"

/// Reads and checks the widget schema at `path`. Exits with status 66 when the file cannot be
/// read, 65 when it is not a valid schema or declares no CREATE_PIE_CHART.
func loadWidgetSchema(_ path: String) -> WidgetSchema {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { fail("cannot read the widget schema \(path): \(String(cString: strerror(errno)))", status: 66) }
  defer { close(fd) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EINTR { continue }
      fail("cannot read the widget schema \(path): \(String(cString: strerror(errno)))", status: 66)
    }
    if count == 0 { break }
    bytes.append(contentsOf: chunk[..<count])
  }
  let schema: WidgetSchema
  do {
    schema = try WidgetSchema(parsing: bytes)
  } catch {
    fail("\(path) is not a valid widget schema: \(error)", status: 65)
  }
  guard schema.widget(creatingWith: pieChartCommand) != nil else {
    fail("the widget schema \(path) declares no \(pieChartCommand) (traces/widgets/chart.widgets.json does)", status: 65)
  }
  return schema
}

/// The view `--widgets` adds: a heading, the pie chart "Spent" and a button that raises it.
struct BudgetScreen {
  static let sliceColor = "#ff8800"
  /// The slice's colour while the user holds it tapped (the chart's `tapped` event, value 1).
  static let highlightColor = "#d93025"

  let view: Int32
  let layout: Int32
  let heading: Int32
  let chart: Int32
  let addButton: Int32
  /// The chart's piePercentage, as the engine last set it.
  private(set) var percentage: Int32 = 40
  /// How much "Add 10%" adds (`--chart-step`).
  let step: Int32

  /// Whether "Add 10%" goes past 100 (`--bug chart-overflow`).
  let overflows: Bool

  init(ids: inout IdCounter, step: Int32, overflows: Bool = false) {
    self.overflows = overflows
    view = ids.take()
    layout = ids.take()
    heading = ids.take()
    chart = ids.take()
    addButton = ids.take()
    self.step = step
  }

  /// The view and its contents, one batch: the chart's properties right after its CREATE.
  func createCommands(application: Int32) -> [Command] {
    var batch = BatchBuilder()
    batch.add(.createFrameView, application, child: view)
    batch.style(view, "background-color", "#ffffff")
    batch.add(.createLinearLayout, view, child: layout, value: 1)  // FW_VERTICAL
    batch.style(layout, "padding", "24")
    batch.add(.createText, layout, child: heading, text: "Budget")
    batch.style(heading, "font-size", "large")
    batch.style(heading, "font-weight", "bold")
    // The title is a creation attribute: it travels in the CREATE's textValue.
    batch.add(Command(custom: pieChartCommand, internalId: layout, childInternalId: chart, textValue: "Spent"))
    batch.add(.setIntValue, chart, value: percentage)  // piePercentage
    batch.style(chart, "slice-color", Self.sliceColor)  // sliceColor
    batch.style(chart, "margin", "16")  // a plain style: no property of the chart
    batch.add(.createButton, layout, child: addButton, text: "Add 10%")
    batch.style(addButton, "background-color", "#2a6df4")
    batch.style(addButton, "color", "#ffffff")
    return batch.commands
  }

  /// "Add 10%": the percentage goes up by the step, up to 100.
  mutating func raise() -> [Command] {
    percentage = overflows ? percentage + step : min(100, percentage + step)
    return [Command(.setIntValue, internalId: chart, value: percentage)]
  }

  /// The chart's `tapped` event (a ValueEvent): 1 highlights the slice, 0 (the rest) does not.
  func tapped(_ value: Int32) -> [Command] {
    var batch = BatchBuilder()
    batch.style(chart, "slice-color", value == 1 ? Self.highlightColor : Self.sliceColor)
    return batch.commands
  }
}
