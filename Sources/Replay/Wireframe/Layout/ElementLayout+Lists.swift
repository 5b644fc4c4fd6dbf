import ReplayCore

extension ElementLayout {
  /// The shape of a list's content: how many columns and sheets it has and each sheet's rows.
  struct ListShape {
    var columns: Int
    var sheets: Int
    /// Rows by sheet: RESHAPE_SHEET's count, else one past the last row with a cell.
    var rows: [Int]
    /// Cell texts of the rows drawn, by sheet, row and column.
    var cells: [Int: [Int: [Int: String]]]
  }

  /// Reads the columns, sheets, rows and the cells of the rows drawn (at most
  /// ``WireframeOptions/maximumRows`` per sheet).
  ///
  /// - Complexity: O(c) in the list's cells.
  func listShape(_ list: ListContent) -> ListShape {
    var columns = list.columns.count
    var sheets = list.sheets.count
    var rowsFromCells: [Int: Int] = [:]
    var cells: [Int: [Int: [Int: String]]] = [:]
    for (address, text) in list.cells {
      let sheet = Int(address.sheet)
      let row = Int(address.row)
      let column = Int(address.column)
      guard row >= 0, column >= 0 else { continue }
      columns = max(columns, min(column + 1, 16))
      sheets = max(sheets, sheet + 1)
      rowsFromCells[sheet] = max(rowsFromCells[sheet] ?? 0, row + 1)
      if row < WireframeOptions.maximumRows && column < 16 { cells[sheet, default: [:]][row, default: [:]][column] = text }
    }
    for (sheet, _) in list.rowCounts { sheets = max(sheets, Int(sheet) + 1) }
    sheets = min(sheets, 64)
    let rows = (0..<sheets).map { sheet in list.rowCounts[UInt16(sheet)].map { Int(max($0, 0)) } ?? rowsFromCells[sheet] ?? 0 }
    return ListShape(columns: max(columns, 1), sheets: sheets, rows: rows, cells: cells)
  }

  /// A list or grid view's content. A list: a header row with the column names (if it has
  /// columns), then per sheet a title row (when the sheets are named or there are several) and,
  /// for the sheet its value expands (the first when the value is out of range), its rows with a
  /// cell per column; the other sheets collapsed to their title. A grid: the expanded sheet's rows
  /// as tiles, as many across as 112-point tiles fit.
  func listContent(_ element: Element, _ style: ResolvedStyle, width: Double?) -> Content {
    let shape = listShape(element.list ?? ListContent())
    let list = element.list ?? ListContent()
    let contentWidth = width ?? Double(shape.columns) * 100
    let expanded = (0..<shape.sheets).contains(Int(element.value)) ? Int(element.value) : 0
    let cellFont = style.font
    let smallFont = StyleFont(size: max(style.font.size - 2, 1), weight: 600)
    var parts: [WireframeBox] = []
    var y = 0.0

    func row(_ kind: WireframeBox.Kind, _ texts: [String], font: StyleFont, color: StyleColor, height: Double) {
      let columnWidth = contentWidth / Double(max(texts.count, 1))
      let cells = texts.enumerated().map { index, text in
        let block = TextBlock(text, font: font, maxWidth: max(1, columnWidth - 16), singleLine: true)
        return WireframeBox(
          kind: .listCell, frame: WireframeRect(x: Double(index) * columnWidth, y: 0, width: columnWidth, height: height), label: text,
          text: block.placed(in: columnWidth, left: 8, top: (height - block.size.height) / 2, color: color))
      }
      parts.append(WireframeBox(kind: kind, frame: WireframeRect(x: 0, y: y, width: contentWidth, height: height), label: texts.joined(separator: " · "), children: cells))
      y += height
    }

    if element.kind == .listView && !list.columns.isEmpty {
      row(.listHeader, list.columns.map(\.name), font: smallFont, color: WireframePalette.muted, height: smallFont.lineHeight + 8)
    }
    let titled = !list.sheets.isEmpty || shape.sheets > 1
    for sheet in 0..<shape.sheets {
      let rows = shape.rows[sheet]
      if titled {
        let name = sheet < list.sheets.count ? list.sheets[sheet] : "Sheet \(sheet)"
        row(.listSheet, [(sheet == expanded ? "▾ " : "▸ ") + name + " (\(rows))"], font: smallFont, color: WireframePalette.muted, height: smallFont.lineHeight + 8)
      }
      guard sheet == expanded else { continue }
      let drawn = min(rows, WireframeOptions.maximumRows)
      let sheetCells = shape.cells[sheet] ?? [:]
      if element.kind == .gridView {
        tiles(drawn, sheetCells, columns: shape.columns, width: contentWidth, font: cellFont, color: style.color, y: &y, parts: &parts)
      } else {
        for index in 0..<drawn {
          let texts = (0..<shape.columns).map { sheetCells[index]?[$0] ?? "" }
          row(.listRow, texts, font: cellFont, color: style.color, height: cellFont.lineHeight + 12)
        }
      }
      if rows > drawn {
        row(.more, ["… \(rows - drawn) more rows"], font: cellFont, color: WireframePalette.hint, height: cellFont.lineHeight + 12)
      }
    }
    var content = Content(size: WireframeSize(width: contentWidth, height: y), children: parts)
    content.clipsChildren = true
    return content
  }

  /// A grid's rows as tiles, each with its cells one per line.
  private func tiles(_ count: Int, _ cells: [Int: [Int: String]], columns: Int, width: Double, font: StyleFont, color: StyleColor, y: inout Double, parts: inout [WireframeBox]) {
    guard count > 0 else { return }
    let across = max(1, Int(width / 112))
    let tileWidth = width / Double(across)
    let lines = min(columns, 4)
    let tileHeight = Double(lines) * font.lineHeight + 16
    for index in 0..<count {
      let texts = (0..<lines).map { cells[index]?[$0] ?? "" }
      let block = TextBlock(texts.joined(separator: "\n"), font: font, maxWidth: max(1, tileWidth - 16), maxLines: lines)
      let frame = WireframeRect(x: Double(index % across) * tileWidth, y: y + Double(index / across) * tileHeight, width: tileWidth, height: tileHeight)
      parts.append(WireframeBox(kind: .listRow, frame: frame, label: texts.joined(separator: " · "), text: block.placed(in: tileWidth - 16, left: 8, top: 8, color: color)))
    }
    y += Double((count + across - 1) / across) * tileHeight
  }
}
