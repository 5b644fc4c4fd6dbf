import CommandCodec
import ReplayCore

/// The engine → platform command streams of two recordings, compared.
enum CommandStreams {
  /// The first place where the engine's commands differ (times aside), as the record index in
  /// each recording of the batch that holds the first differing command (-1: none left).
  ///
  /// - Parameter bySteps: compare the commands between script steps as one sequence each, batch
  ///   boundaries aside (on the wall clock an engine's batches need not line up); else batch by
  ///   batch.
  static func firstDifference(_ a: String, _ b: String, bySteps: Bool) throws -> (recorded: Int, new: Int)? {
    let x = try commands(of: a)
    let y = try commands(of: b)
    if !bySteps {
      let batchesA = Dictionary(grouping: x, by: \.record).sorted { $0.key < $1.key }
      let batchesB = Dictionary(grouping: y, by: \.record).sorted { $0.key < $1.key }
      for position in 0..<max(batchesA.count, batchesB.count) {
        let left = position < batchesA.count ? batchesA[position] : nil
        let right = position < batchesB.count ? batchesB[position] : nil
        if left?.value.map(\.command) != right?.value.map(\.command) { return (left?.key ?? -1, right?.key ?? -1) }
      }
      return nil
    }
    let stepsA = Dictionary(grouping: x, by: \.step)
    let stepsB = Dictionary(grouping: y, by: \.step)
    for step in Set(stepsA.keys).union(stepsB.keys).sorted() {
      let left = stepsA[step] ?? []
      let right = stepsB[step] ?? []
      for position in 0..<max(left.count, right.count) {
        let l = position < left.count ? left[position] : nil
        let r = position < right.count ? right[position] : nil
        if l?.command != r?.command { return (l?.record ?? -1, r?.record ?? -1) }
      }
    }
    return nil
  }

  /// Every command the engine sent, with its record index and the number of script steps before it.
  private static func commands(of path: String) throws -> [(command: Command, record: Int, step: Int)] {
    let reader = try TraceFileReader(path: path)
    _ = try reader.readHeader()
    var result: [(command: Command, record: Int, step: Int)] = []
    var index = 0
    var step = 0
    while let record = try reader.next() {
      switch record.body {
      case .batch(let commands): result.append(contentsOf: commands.map { ($0, index, step) })
      case .marker("script", _): step += 1
      default: break
      }
      index += 1
    }
    return result
  }
}
