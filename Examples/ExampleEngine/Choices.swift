// `--screen choices`: a view with a picker and a list long enough to scroll, each answered by a
// text, so that selecting and scrolling can be played, recorded and replayed end to end (the
// studio's `select` and scroll, docs/STUDIO.md). No other flag shows it.

import CommandCodec

/// "Pick a fruit": a picker whose choice a text repeats, and a scroll layout of rows whose
/// offset another text follows.
struct ChoicesScreen {
  static let fruits = ["Apple", "Banana", "Cherry", "Damson", "Elderberry"]
  static let rowCount = 40
  /// What the picked text says before anything is picked.
  static let nothingPicked = "Picked: nothing yet"

  let view: Int32
  let layout: Int32
  let heading: Int32
  let picker: Int32
  let pickedLabel: Int32
  let scrolledLabel: Int32
  let scroll: Int32
  let list: Int32
  let rows: [Int32]
  /// `--picker-off-by-one`: the picked text names the fruit after the one picked.
  let offByOne: Bool
  /// How far the list is scrolled, in points, as the engine adds up the ScrollEvents' deltas.
  var offset: Double = 0

  init(ids: inout IdCounter, offByOne: Bool) {
    view = ids.take()
    layout = ids.take()
    heading = ids.take()
    picker = ids.take()
    pickedLabel = ids.take()
    scrolledLabel = ids.take()
    scroll = ids.take()
    list = ids.take()
    rows = (0..<Self.rowCount).map { _ in ids.take() }
    self.offByOne = offByOne
  }

  /// The view and its contents, one batch.
  func createCommands(application: Int32) -> [Command] {
    var batch = BatchBuilder()
    batch.add(.createFrameView, application, child: view)
    batch.style(view, "background-color", "#ffffff")
    batch.add(.createLinearLayout, view, child: layout, value: 1)  // FW_VERTICAL
    batch.style(layout, "padding", "16")
    batch.add(.createText, layout, child: heading, text: "Pick a fruit")
    batch.style(heading, "font-size", "large")
    batch.style(heading, "font-weight", "bold")
    batch.add(.createPicker, layout, child: picker)
    batch.style(picker, "width", "match-parent")
    for (index, fruit) in Self.fruits.enumerated() {
      batch.add(.addOption, picker, value: Int32(index), text: fruit)
    }
    batch.add(.createText, layout, child: pickedLabel, text: Self.nothingPicked)
    batch.add(.createText, layout, child: scrolledLabel, text: "Scrolled to 0")
    batch.add(.createScrollLayout, layout, child: scroll)
    batch.style(scroll, "width", "match-parent")
    batch.style(scroll, "height", "240")
    batch.add(.createLinearLayout, scroll, child: list, value: 1)
    for (index, row) in rows.enumerated() {
      batch.add(.createText, list, child: row, text: "Row \(index + 1)")
    }
    return batch.commands
  }

  /// A ValueEvent to the picker: the picked text names the option at `index` (an index the
  /// picker has not is said as such, never a crash).
  func picked(_ index: Int32) -> [Command] {
    let shown = Int(index) + (offByOne ? 1 : 0)
    let text = Self.fruits.indices.contains(shown) ? "Picked: \(Self.fruits[shown])" : "Picked: no fruit \(index)"
    return [Command(.setTextValue, internalId: pickedLabel, textValue: text)]
  }

  /// A ScrollEvent to the list: the offset moves by `delta`, never above the top (a delta that
  /// is no finite number moves nothing).
  mutating func scrolled(by delta: Double) -> [Command] {
    if delta.isFinite { offset = max(0, offset + delta) }
    let shown = offset < 1e15 && offset == offset.rounded() ? String(Int(offset)) : String(offset)
    return [Command(.setTextValue, internalId: scrolledLabel, textValue: "Scrolled to \(shown)")]
  }
}
