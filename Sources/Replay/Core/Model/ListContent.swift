/// The content of a list or grid view: columns, sheets and the cells SET_TEXT_DATA filled.
public struct ListContent: Hashable, Sendable {
  /// A column added with ADD_COLUMN: its name and ColumnType (TEXT=1, NUMERIC=2, TIMESTAMP=3, ICON=4).
  public struct Column: Hashable, Sendable {
    public var name: String
    public var type: Int32
  }

  /// The place of a cell.
  public struct CellAddress: Hashable, Sendable, Comparable {
    public var sheet: UInt16
    public var row: Int32
    public var column: Int32

    public static func < (a: CellAddress, b: CellAddress) -> Bool {
      (a.sheet, a.row, a.column) < (b.sheet, b.row, b.column)
    }
  }

  public var columns: [Column] = []
  /// Sheet names, in ADD_SHEET order.
  public var sheets: [String] = []
  /// Row counts set by RESHAPE_SHEET, by sheet.
  public var rowCounts: [UInt16: Int32] = [:]
  /// Cell texts by address.
  public var cells: [CellAddress: String] = [:]

  public init() {}

  public var isEmpty: Bool { columns.isEmpty && sheets.isEmpty && rowCounts.isEmpty && cells.isEmpty }

  /// RESHAPE_TABLE: keeps the first `count` sheets and their cells.
  public mutating func reshapeTable(sheetCount count: Int32) {
    let limit = max(Int(count), 0)
    if sheets.count > limit { sheets.removeSubrange(limit...) }
    cells = cells.filter { Int($0.key.sheet) < limit }
    rowCounts = rowCounts.filter { Int($0.key) < limit }
  }

  /// RESHAPE_SHEET: sets the row count of `sheet`, dropping cells of rows past it.
  public mutating func reshapeSheet(_ sheet: UInt16, rowCount: Int32) {
    let count = max(rowCount, 0)
    rowCounts[sheet] = count
    cells = cells.filter { $0.key.sheet != sheet || $0.key.row < count }
  }
}
