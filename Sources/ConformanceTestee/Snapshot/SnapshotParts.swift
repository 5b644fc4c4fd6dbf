import CommandCodec

// The structured members of a snapshot (docs/STATE_FORMAT.md §3.2, §3.3, §4), each written in
// its table's order with its defaults left out.

/// A list or grid's content (§3.2).
public struct SnapshotList: Hashable, Sendable {
  /// ADD_COLUMN's columns in order; type 0 is left out.
  public var columns: [Column] = []
  public var sheets: [String] = []
  /// Sheet → row count from RESHAPE_SHEET.
  public var rowCounts: [Int32: Int32] = [:]
  /// Every cell SET_TEXT_DATA set.
  public var cells: [Cell: String] = [:]

  public struct Column: Hashable, Sendable {
    public var name: String
    public var type: Int32
    public init(name: String, type: Int32 = 0) {
      self.name = name
      self.type = type
    }
  }

  /// A cell's address, ordered by sheet, then row, then column.
  public struct Cell: Hashable, Sendable, Comparable {
    public var sheet: Int32
    public var row: Int32
    public var column: Int32
    public init(sheet: Int32, row: Int32, column: Int32) {
      self.sheet = sheet
      self.row = row
      self.column = column
    }
    public static func < (a: Cell, b: Cell) -> Bool { (a.sheet, a.row, a.column) < (b.sheet, b.row, b.column) }
  }

  public init() {}

  public var isEmpty: Bool { columns.isEmpty && sheets.isEmpty && rowCounts.isEmpty && cells.isEmpty }

  func write(into text: inout JSONText) {
    text.object { o in
      if !columns.isEmpty {
        o.member("columns") { text in
          text.array(columns) { text, column in
            text.object { c in
              c.member("name") { $0.string(column.name) }
              if column.type != 0 { c.member("type") { $0.int(column.type) } }
            }
          }
        }
      }
      if !sheets.isEmpty { o.member("sheets") { $0.array(sheets) { $0.string($1) } } }
      if !rowCounts.isEmpty {
        o.member("rowCounts") { text in
          text.object { o in
            for sheet in rowCounts.keys.sorted() { o.member(String(sheet)) { $0.int(rowCounts[sheet]!) } }
          }
        }
      }
      if !cells.isEmpty {
        o.member("cells") { text in
          text.array(cells.keys.sorted()) { text, cell in
            text.raw("[\(cell.sheet),\(cell.row),\(cell.column),")
            text.string(cells[cell]!)
            text.raw("]")
          }
        }
      }
    }
  }
}

/// An image view's content (§3.3).
public struct SnapshotImage: Hashable, Sendable {
  /// The sources by width then height (the builder keeps the order given: give them sorted).
  public var sources: [Source] = []
  public var file: String?
  /// The URL of the outstanding image request; `""` is a request without URL.
  public var requested: String?
  public var requestedWidth: UInt32 = 0
  public var released = false

  public init() {}

  public var isEmpty: Bool { sources.isEmpty && file == nil && requested == nil && !released }

  /// One SET_IMAGE source.
  public struct Source: Hashable, Sendable {
    public var url: String
    public var width: Int32
    public var height: Int32
    public init(url: String, width: Int32, height: Int32) {
      self.url = url
      self.width = width
      self.height = height
    }
  }

  func write(into text: inout JSONText) {
    text.object { o in
      if !sources.isEmpty {
        o.member("sources") { text in
          text.array(sources) { text, source in
            text.object { s in
              s.member("url") { $0.string(source.url) }
              s.member("width") { $0.int(source.width) }
              s.member("height") { $0.int(source.height) }
            }
          }
        }
      }
      if let file { o.member("file") { $0.string(file) } }
      if let requested {
        o.member("requested") { $0.string(requested) }
        if requestedWidth != 0 { o.member("requestedWidth") { $0.int(requestedWidth) } }
      }
      if released { o.member("released") { $0.bool(true) } }
    }
  }
}

/// A custom element's widget member (docs/WIDGETS.md §6.3).
public struct SnapshotWidget: Hashable, Sendable {
  public var kind: String
  public var attributes: [String: String] = [:]
  public var properties: [String: String] = [:]
  public var displayable = true

  public init(kind: String) {
    self.kind = kind
  }

  func write(into text: inout JSONText) {
    text.object { w in
      w.member("kind") { $0.string(kind) }
      if !attributes.isEmpty { w.member("attributes") { SnapshotWriting.stringMap(attributes, into: &$0) } }
      if !properties.isEmpty { w.member("properties") { SnapshotWriting.stringMap(properties, into: &$0) } }
      if !displayable { w.member("displayable") { $0.bool(false) } }
    }
  }
}

/// A toast on screen (§4.1).
public struct SnapshotToast: Hashable, Sendable {
  public var number: Int
  public var text: String
  public var from: Int32
  public var shownAt: Double
  public var expiresAt: Double
  public init(number: Int, text: String, from: Int32, shownAt: Double, expiresAt: Double) {
    self.number = number
    self.text = text
    self.from = from
    self.shownAt = shownAt
    self.expiresAt = expiresAt
  }
}

/// A running timer (§4.2).
public struct SnapshotTimer: Hashable, Sendable {
  public var id: Int32
  public var owner: Int32
  public var interval: Double
  public var nextFire: Double
  public var fired: Int
  public init(id: Int32, owner: Int32, interval: Double, nextFire: Double, fired: Int) {
    self.id = id
    self.owner = owner
    self.interval = interval
    self.nextFire = nextFire
    self.fired = fired
  }
}

/// A fire-and-forget request (§4.4): `launch-browser`, `share-link`, `network-activity`, `quit`, …
/// A testee does not count records, so `record` may stay 0.
public struct SnapshotRequest: Hashable, Sendable {
  public var time: Double
  public var record: Int
  public var kind: String
  public var from: Int32
  public var text: String
  public init(time: Double, record: Int = 0, kind: String, from: Int32, text: String = "") {
    self.time = time
    self.record = record
    self.kind = kind
    self.from = from
    self.text = text
  }
}

/// What the writers of this folder share.
enum SnapshotWriting {
  /// A string map with its keys sorted by their UTF-8 bytes.
  static func stringMap(_ map: [String: String], into text: inout JSONText) {
    text.object { o in
      for key in sortedByBytes(map.keys) { o.member(key) { $0.string(map[key]!) } }
    }
  }

  static func sortedByBytes<S: Sequence<String>>(_ strings: S) -> [String] {
    strings.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
  }
}
