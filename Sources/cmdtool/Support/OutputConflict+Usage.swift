import ArgumentParser
import Replay

extension OutputConflict {
  /// The one check every command makes before it starts: none of `outputs` may be one of
  /// `inputs` (the same file under any name: a hard link, a symbolic link, `./`). A conflict is
  /// bad usage (exit 64); nil entries are options not given.
  static func refuse(_ outputs: [String?], inputs: [String?]) throws {
    let inputs = inputs.compactMap { $0 }
    for output in outputs.compactMap({ $0 }) {
      do {
        try check(output, against: inputs)
      } catch {
        throw ValidationError(error.description)
      }
    }
  }
}
