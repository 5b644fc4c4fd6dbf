import CommandCodec
import ReplayCore

/// JSON reports of several platforms merged into one matrix, case × platform (as wpt.fyi shows
/// browsers side by side), so a team sees where iOS, Android and GTK disagree.
public struct ConformanceMatrix: Sendable {
  /// One platform's report.
  public struct Column: Sendable {
    /// The testee's name (its creator; the file's name when it has none or two columns share it).
    public var name: String
    public var file: String
    public var declaration: String
    public var cells: [String: Cell]
    /// `interrupted by SIGTERM after 12 of 235 cases` when a signal stopped that run.
    public var interrupted: String? = nil
    /// `27 differences left out by --ignore 'PATTERN'` when the run ignored some (`--ignore`).
    public var ignored: String? = nil
  }

  /// One case on one platform.
  public struct Cell: Sendable {
    public var verdict: String
    public var expectedFailure: Bool
    /// The reason and the diffs, for the HTML page's details.
    public var details: String
  }

  /// Why a report cannot be read: the file and the place.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  public private(set) var columns: [Column] = []
  /// Every case of any report, in the order first seen.
  public private(set) var caseNames: [String] = []

  /// Reads reports written by `cmdtool conformance --report`.
  public init(reports: [(file: String, bytes: [UInt8])]) throws(Failure) {
    var seen: Set<String> = []
    for (file, bytes) in reports {
      let value: JSONValue
      do {
        value = try JSONValue.parse(bytes)
      } catch {
        throw Failure(description: "\(file): \(error)")
      }
      guard case .object(let root) = value, case .number(1)? = root["conformance"], case .array(let cases)? = root["cases"] else {
        throw Failure(description: "\(file): not a conformance report (cmdtool conformance --report writes one: {\"conformance\":1,…,\"cases\":[…]})")
      }
      var column = Column(name: root["testee"]?.stringValue ?? "", file: file, declaration: root["declaration"]?.stringValue ?? "", cells: [:], interrupted: root["interrupted"]?.stringValue)
      if case .object(let ignore)? = root["ignore"], case .array(let patterns)? = ignore["patterns"] {
        let count = ignore["differences"].flatMap { if case .number(let n) = $0 { Int(n) } else { nil } } ?? 0
        column.ignored = "\(count) difference\(count == 1 ? "" : "s") left out by " + patterns.compactMap(\.stringValue).map { "--ignore " + ShellText.quoted($0) }.joined(separator: " ")
      }
      for (index, item) in cases.enumerated() {
        guard case .object(let entry) = item, let name = entry["name"]?.stringValue, let verdict = entry["verdict"]?.stringValue else {
          throw Failure(description: "\(file): case \(index) has no name or verdict")
        }
        var pieces = ["reason", "eventsDiff", "stateDiff"].compactMap { entry[$0]?.stringValue }
        if case .array(let later)? = entry["laterSteps"] {
          for case .object(let step) in later {
            pieces.append("step \(step["step"].map { "\($0)" } ?? "?") (\(step["stepDescription"]?.stringValue ?? "")):")
            pieces += ["eventsDiff", "stateDiff"].compactMap { step[$0]?.stringValue }
          }
        }
        pieces += ["stopped", "testeeSaid", "unstable"].compactMap { entry[$0]?.stringValue }
        let details = pieces.joined(separator: "\n")
        column.cells[name] = Cell(verdict: verdict, expectedFailure: entry["expectedFailure"] == .bool(true), details: details)
        if seen.insert(name).inserted { caseNames.append(name) }
      }
      columns.append(column)
    }
    // Names: the testee's, unless missing or shared; then the file's.
    let counts = Dictionary(columns.map { ($0.name, 1) }, uniquingKeysWith: +)
    for index in columns.indices where columns[index].name.isEmpty || counts[columns[index].name, default: 0] > 1 {
      columns[index].name = ScenarioCase.name(ofFile: columns[index].file)
    }
  }

  /// The verdict of `name` in `column` (`—` when that report does not have the case).
  public func verdict(_ name: String, in column: Column) -> String {
    guard let cell = column.cells[name] else { return "—" }
    return cell.expectedFailure ? cell.verdict + "*" : cell.verdict
  }

  /// The cases the platforms that ran them judge differently (a skip or a missing case is no
  /// disagreement: the platform did not take it).
  public var disagreements: [String] {
    caseNames.filter { name in
      Set(columns.compactMap { column in column.cells[name].flatMap { $0.verdict == "skipped" ? nil : $0.verdict } }).count > 1
    }
  }

  /// The sentence above the table: with several platforms, where they disagree; with one (a
  /// run's own page) there is nothing to disagree with, so how many cases fail.
  public var summarySentence: String {
    guard columns.count > 1 else {
      let failing = columns.first.map { $0.cells.values.filter { $0.verdict == "fail" || $0.verdict == "error" }.count } ?? 0
      return "\(caseNames.count) cases, \(failing) failing"
    }
    return "\(caseNames.count) cases, \(disagreements.count) where the platforms disagree"
  }

  /// Verdict counts of one column.
  public func counts(_ column: Column) -> [(verdict: String, count: Int)] {
    let counts = Dictionary(column.cells.values.map { ($0.verdict, 1) }, uniquingKeysWith: +)
    return CaseResult.Verdict.allCases.compactMap { verdict in counts[verdict.rawValue].map { (verdict.rawValue, $0) } }
  }

  // MARK: - Text

  /// A table of the cases where platforms disagree (every case with `all`), then each
  /// platform's counts. `*` marks a failure its failure list expects.
  public func renderText(all: Bool = false) -> String {
    let rows = all ? caseNames : disagreements
    let nameWidth = max(4, rows.map(\.count).max() ?? 0)
    let widths = columns.map { max($0.name.count, 7) }
    func line(_ first: String, _ cells: [String]) -> String {
      ([first.padded(nameWidth)] + zip(cells, widths).map { $0.padded($1) }).joined(separator: "  ").trimmedTrailing
    }
    var lines = [line("case", columns.map(\.name))]
    for name in rows { lines.append(line(name, columns.map { verdict(name, in: $0) })) }
    if rows.isEmpty { lines.append("(the platforms agree on every case)") }
    lines.append("")
    lines.append(summarySentence)
    for column in columns {
      lines.append("\(column.name): " + counts(column).map { "\($0.count) \($0.verdict)" }.joined(separator: ", ") + (column.declaration.isEmpty ? "" : " (\(column.declaration))") + (column.interrupted.map { "; \($0)" } ?? "") + (column.ignored.map { "; \($0)" } ?? ""))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension JSONValue {
  fileprivate var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}

extension String {
  fileprivate func padded(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  fileprivate var trimmedTrailing: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
