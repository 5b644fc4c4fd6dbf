import ArgumentParser
import Replay

extension OutputConflict {
  /// The one check every command makes before it starts: none of `outputs` may be one of
  /// `inputs` (the same file under any name: a hard link, a symbolic link, `./`), and no two
  /// outputs may be one file (``OutputClash``). A conflict is bad usage (exit 64); outputs are
  /// keyed by their option's name, nil entries are options not given.
  static func refuse(_ outputs: KeyValuePairs<String, String?>, inputs: [String?]) throws {
    let inputs = inputs.compactMap { $0 }
    let given = outputs.compactMap { option, path in path.map { (option: option, path: $0) } }
    for output in given {
      do {
        try check(output.path, against: inputs)
      } catch {
        throw ValidationError(error.description)
      }
    }
    do {
      try OutputClash.check(given)
    } catch {
      throw ValidationError(error.description)
    }
  }
}
