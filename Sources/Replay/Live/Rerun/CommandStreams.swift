import CommandCodec
import ReplayCore

/// The engine → platform command streams of two recordings, compared.
enum CommandStreams {
  /// One command the engine sent, where it was, and the state path its text value lands on.
  struct Sent {
    var command: Command
    /// The index of its record.
    var record: Int
    /// How many script steps came before it.
    var step: Int
    /// The path (as diffs print it) of the value the command sets, for the ignore rules: an
    /// element's text, a style, a preference.
    var valuePath: String?
  }

  /// The first place where the engine's commands differ (times aside), as the record index in
  /// each recording of the batch that holds the first differing command (-1: none left).
  ///
  /// - Parameters:
  ///   - wallClock: compare runs on the wall clock: the commands between two points of
  ///     ``WallClockCuts`` (the script's steps, where both engines had the same inputs) as one
  ///     sequence per element, batch boundaries aside, since an engine's batches need not line
  ///     up, and its answers to a step and to a tick that came at nearly the same moment may
  ///     interleave either way. Else batch by batch.
  ///   - rules: two commands that differ only in a value whose path a rule ignores count as the
  ///     same (a volatile preference is ignored in the command stream as in the state).
  ///   - widgets: the schema both recordings' custom widgets are read with (nil: the one each
  ///     header names, found beside it).
  static func firstDifference(_ a: String, _ b: String, wallClock: Bool, ignoring rules: DiffIgnoreRules = DiffIgnoreRules(), widgets: WidgetSchema? = nil) throws -> (recorded: Int, new: Int)? {
    let cuts = try wallClock ? WallClockCuts(a, b, widgets: widgets) : nil
    let x = try commands(of: a, widgets: widgets, points: cuts?.points.map(\.a))
    let y = try commands(of: b, widgets: widgets, points: cuts?.points.map(\.b))
    func same(_ left: Sent?, _ right: Sent?) -> Bool {
      guard let left, let right else { return left == nil && right == nil }
      return left.command == right.command || (!rules.isEmpty && differOnlyInIgnoredValue(left, right, rules))
    }
    /// The first pair that differs in two sequences, as record indices.
    func firstMismatch(_ l: [Sent], _ r: [Sent]) -> (recorded: Int, new: Int)? {
      for position in 0..<max(l.count, r.count) {
        let left = position < l.count ? l[position] : nil
        let right = position < r.count ? r[position] : nil
        if !same(left, right) { return (left?.record ?? -1, right?.record ?? -1) }
      }
      return nil
    }
    if cuts == nil {
      let batchesA = Dictionary(grouping: x, by: \.record).sorted { $0.key < $1.key }
      let batchesB = Dictionary(grouping: y, by: \.record).sorted { $0.key < $1.key }
      for position in 0..<max(batchesA.count, batchesB.count) {
        let left = position < batchesA.count ? batchesA[position] : nil
        let right = position < batchesB.count ? batchesB[position] : nil
        let l = left?.value ?? []
        let r = right?.value ?? []
        if l.count != r.count || zip(l, r).contains(where: { !same($0, $1) }) { return (left?.key ?? -1, right?.key ?? -1) }
      }
      return nil
    }
    struct Place: Hashable {
      var step: Int
      var element: Int32
    }
    let placesA = Dictionary(grouping: x, by: { Place(step: $0.step, element: $0.command.internalId) })
    let placesB = Dictionary(grouping: y, by: { Place(step: $0.step, element: $0.command.internalId) })
    // The earliest difference of the first step that has one.
    let mismatches = Set(placesA.keys).union(placesB.keys).compactMap { place in
      firstMismatch(placesA[place] ?? [], placesB[place] ?? []).map { (place.step, $0) }
    }
    return mismatches.min { ($0.0, $0.1.recorded, $0.1.new) < ($1.0, $1.1.recorded, $1.1.new) }?.1
  }

  /// Whether two commands are the same but for the value they set, and a rule ignores its path.
  private static func differOnlyInIgnoredValue(_ a: Sent, _ b: Sent, _ rules: DiffIgnoreRules) -> Bool {
    guard let path = a.valuePath, path == b.valuePath, rules.ignores(path) else { return false }
    var x = a.command
    var y = b.command
    // The value the path names: a preference's or a style's is textValue2, else textValue.
    if x.type == .updatePreference || x.type == .setStyle {
      x.textValue2 = ""
      y.textValue2 = ""
    } else {
      x.textValue = ""
      y.textValue = ""
    }
    return x == y
  }

  /// Every command the engine sent, replaying the recording to know where each one lands.
  ///
  /// - Parameter points: the records applied before each point of ``WallClockCuts``: a command's
  ///   step is the number of points before it, and commands past the last point are left out
  ///   (nil: the steps are the `script` markers, and every command counts).
  private static func commands(of path: String, widgets: WidgetSchema?, points: [Int]?) throws -> [Sent] {
    let reader = try TraceFileReader(path: path, widgets: widgets)
    var model = ReferenceModel(header: try reader.readHeader(), options: .init(recordEmissions: false), widgets: reader.widgets)
    var result: [Sent] = []
    var index = 0
    var step = 0
    while let record = try reader.next() {
      if let points {
        while step < points.count && index >= points[step] { step += 1 }
        if step == points.count { break }
      }
      switch record.body {
      case .batch(let commands):
        for command in commands {
          result.append(Sent(command: command, record: index, step: step, valuePath: valuePath(of: command, in: model.state)))
        }
      case .marker("script", _) where points == nil:
        step += 1
      default:
        break
      }
      model.apply(record, index: index)
      if let overrun = model.clockOverrun { throw Replayer.Failure.clockOverrun(path: path, overrun) }
      index += 1
    }
    return result
  }

  /// The diff path of the value `command` sets in `state` (before it applies), when it sets one.
  private static func valuePath(of command: Command, in state: UIState) -> String? {
    switch command.type {
    case .updatePreference:
      return "preferences · committed.\(command.textValue)"
    case .setTextValue:
      return state.elements.contains(command.internalId) ? state.path(of: command.internalId) + " · text" : nil
    case .setStyle:
      guard state.elements.contains(command.internalId) else { return nil }
      let selector = StyleSelector(rawValue: command.value)?.name ?? String(command.value)
      return state.path(of: command.internalId) + " · styles.\(selector).\(command.textValue)"
    default:
      guard let kind = ElementKind(creating: command.type) else { return nil }
      let parent = state.path(of: command.internalId)
      let label = "\(kind.rawValue) \(command.childInternalId)"
      return (parent.isEmpty ? label : parent + " › " + label) + " · text"
    }
  }
}
