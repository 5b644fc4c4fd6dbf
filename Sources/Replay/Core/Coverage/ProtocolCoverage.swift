import CommandCodec

/// What a set of traces exercised of the protocol: command types and their fields, event classes
/// and their fields, style selectors and style keys, with counts (docs/COVERAGE.md).
///
/// Feed it records one at a time, or commands and events alone (what a conformance case sends);
/// merge two to combine runs. The report views (``commandTypes``, ``eventKinds``, ``summary``,
/// ``ratio(_:)``) say what was seen and what was never exercised.
///
/// ```swift
/// var coverage = ProtocolCoverage()
/// let reader = try TraceFileReader(path: "traces/login.jsonl")
/// _ = try reader.read(into: &coverage)
/// coverage.ratio(.commands)  // e.g. 14 of 73 command types
/// ```
///
/// A field counts as exercised when some command of that type carries it at a value other than
/// its default (0 or ""), the way both codecs decide what to write; so SET_VISIBILITY's `value`
/// is exercised by a show (1), never by a hide (0), and SET_STYLE's by any selector but NORMAL.
/// Memory is constant but for the distinct style keys seen and the ids of the custom widgets of the
/// trace being measured.
public struct ProtocolCoverage: Hashable, Sendable {
  /// Per command type (by raw value, custom widget commands last): how many commands, and the
  /// bits of the fields they set.
  private var commandCounts = [Int](repeating: 0, count: Int(CommandType.custom.rawValue) + 1)
  private var commandFieldBits = [UInt16](repeating: 0, count: Int(CommandType.custom.rawValue) + 1)
  /// Custom widget commands (docs/WIDGETS.md) by name.
  public private(set) var customCommandCounts: [String: Int] = [:]
  /// Per event class (by raw value − 1): how many events, and the bits of the fields they set.
  private var eventCounts = [Int](repeating: 0, count: EventKind.allCases.count)
  private var eventFieldBits = [UInt32](repeating: 0, count: EventKind.allCases.count)
  /// SET_STYLE commands per selector (by raw value).
  private var selectorCounts = [Int](repeating: 0, count: StyleSelector.allCases.count)
  /// SET_STYLE commands per non-empty key, known or not.
  private var styleKeyCounts: [String: Int] = [:]
  /// SET_STYLE commands to a custom widget with a key its schema declares for a property
  /// (docs/WIDGETS.md §2.5), per key: the widget's, not the built-in protocol's style key, so
  /// counted apart and never in the ratios (a chart's `border-color` covers no built-in key).
  public private(set) var widgetStyleKeyCounts: [String: Int] = [:]
  /// The widget schema of the trace being measured (``startTrace(widgets:)``), and the kinds of
  /// the custom widgets it created so far, by id.
  private var widgets: WidgetSchema?
  private var widgetKinds: [Int32: String] = [:]

  /// SET_STYLE commands whose `value` is not a selector 0–5 (the model's `invalid-selector`).
  public private(set) var invalidSelectorCount = 0
  /// Records seen (batches, events, modal results and markers).
  public private(set) var recordCount = 0
  /// Commands seen, in batches or alone.
  public private(set) var commandCount = 0
  /// Events seen.
  public private(set) var eventCount = 0
  /// Modal-result records seen.
  public private(set) var modalResultCount = 0
  /// Marker records seen.
  public private(set) var markerCount = 0

  /// Coverage of nothing yet.
  public init() {}

  /// Starts measuring a trace read with `widgets` (its header's schema; nil for none), so that
  /// its widgets' own SET_STYLE keys count as ``widgetStyleKeyCounts``. Custom widgets created by
  /// earlier traces are forgotten: ids are a trace's own.
  public mutating func startTrace(widgets: WidgetSchema?) {
    self.widgets = widgets
    widgetKinds = [:]
  }

  /// Counts one trace record: a batch's commands, an event, a modal result or a marker.
  ///
  /// - Complexity: O(1) per command in a batch and O(1) for any other record (a style key is
  ///   hashed once, an event's fields are read once).
  public mutating func record(_ record: TraceRecord) {
    recordCount += 1
    switch record.body {
    case .batch(let commands): add(commands)
    case .event(_, let event): add(event)
    case .modalResult: modalResultCount += 1
    case .marker: markerCount += 1
    }
  }

  /// Counts the commands of one batch (not a record: ``recordCount`` stays).
  ///
  /// - Complexity: O(n) for n commands.
  public mutating func add(_ commands: [Command]) {
    for command in commands { add(command) }
  }

  /// Counts one command: its type, the fields it sets and, for SET_STYLE, its selector and key.
  ///
  /// - Complexity: O(1) (and a hash of the style key).
  public mutating func add(_ command: Command) {
    let type = Int(command.type.rawValue)
    commandCount += 1
    commandCounts[type] += 1
    commandFieldBits[type] |= Self.bits(of: command)
    if command.type == .custom {
      customCommandCounts[command.customType, default: 0] += 1
      if let created = widgets?.command(named: command.customType), created.role == .create {
        widgetKinds[command.childInternalId] = created.widget
      }
    }
    guard command.type == .setStyle else { return }
    if let selector = StyleSelector(rawValue: command.value) {
      selectorCounts[Int(selector.rawValue)] += 1
    } else {
      invalidSelectorCount += 1
    }
    guard !command.textValue.isEmpty else { return }
    // A widget's own key sets its property (the model does the same); any other key to it
    // (`margin` on a chart) is a plain style.
    if let kind = widgetKinds[command.internalId], widgets?.widget(named: kind)?.properties(setBy: .style(key: command.textValue)).isEmpty == false {
      widgetStyleKeyCounts[command.textValue, default: 0] += 1
    } else {
      styleKeyCounts[command.textValue, default: 0] += 1
    }
  }

  /// Counts one event (whatever its target): its class and the fields it sets.
  ///
  /// - Complexity: O(1): the class's fields (at most eight) are read once.
  public mutating func add(_ event: Event) {
    let kind = Int(event.kind.rawValue) - 1
    eventCount += 1
    eventCounts[kind] += 1
    eventFieldBits[kind] |= event.nonDefaultFieldMask
  }

  /// Adds everything `other` counted, as if its records had been fed to this one.
  ///
  /// - Complexity: O(t + k): the fixed tables of types, classes and selectors, and `other`'s k
  ///   distinct style keys.
  public mutating func merge(_ other: ProtocolCoverage) {
    for index in commandCounts.indices {
      commandCounts[index] += other.commandCounts[index]
      commandFieldBits[index] |= other.commandFieldBits[index]
    }
    for index in eventCounts.indices {
      eventCounts[index] += other.eventCounts[index]
      eventFieldBits[index] |= other.eventFieldBits[index]
    }
    for index in selectorCounts.indices { selectorCounts[index] += other.selectorCounts[index] }
    styleKeyCounts.merge(other.styleKeyCounts, uniquingKeysWith: +)
    customCommandCounts.merge(other.customCommandCounts, uniquingKeysWith: +)
    widgetStyleKeyCounts.merge(other.widgetStyleKeyCounts, uniquingKeysWith: +)
    invalidSelectorCount += other.invalidSelectorCount
    recordCount += other.recordCount
    commandCount += other.commandCount
    eventCount += other.eventCount
    modalResultCount += other.modalResultCount
    markerCount += other.markerCount
  }

  /// This coverage and `other`'s together.
  public func merging(_ other: ProtocolCoverage) -> ProtocolCoverage {
    var merged = self
    merged.merge(other)
    return merged
  }

  // MARK: - Counts

  /// How many commands of `type` were seen.
  public func count(of type: CommandType) -> Int { commandCounts[Int(type.rawValue)] }

  /// The fields some command of `type` set (at a value other than the default), in field order,
  /// whether the protocol uses them for the type or not.
  public func fieldsSet(by type: CommandType) -> [Command.Field] {
    Self.fields(in: commandFieldBits[Int(type.rawValue)])
  }

  /// How many events of `kind` were seen.
  public func count(of kind: EventKind) -> Int { eventCounts[Int(kind.rawValue) - 1] }

  /// The names of the fields some event of `kind` set, in ``EventKind/fields`` order.
  public func fieldsSet(by kind: EventKind) -> [String] {
    let bits = eventFieldBits[Int(kind.rawValue) - 1]
    return kind.fields.enumerated().filter { bits & (1 << UInt32($0.offset)) != 0 }.map(\.element.name)
  }

  /// How many SET_STYLE commands had `selector`.
  public func count(of selector: StyleSelector) -> Int { selectorCounts[Int(selector.rawValue)] }

  /// How many SET_STYLE commands had the key `key` (any selector).
  public func count(ofStyleKey key: String) -> Int { styleKeyCounts[key, default: 0] }

  /// Every non-empty style key seen, known or not, sorted.
  public var styleKeysSeen: [String] { styleKeyCounts.keys.sorted() }

  // MARK: - Field bits

  /// Bit i stands for `Command.Field.allCases[i]`.
  private static let allFields = Command.Field.allCases

  /// The bits of the fields `command` sets, by `Command.hasValue` (the codecs' test for a default).
  private static func bits(of command: Command) -> UInt16 {
    var bits: UInt16 = 0
    var bit: UInt16 = 1
    for field in allFields {
      if command.hasValue(field) { bits |= bit }
      bit <<= 1
    }
    return bits
  }

  static func fields(in bits: UInt16) -> [Command.Field] {
    allFields.enumerated().filter { bits & (1 << UInt16($0.offset)) != 0 }.map(\.element)
  }
}
