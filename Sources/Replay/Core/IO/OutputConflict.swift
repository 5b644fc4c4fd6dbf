/// An output that is one of the run's inputs: writing it would replace what the run reads.
///
/// Every command checks its outputs with ``check(_:against:)`` before it starts, and
/// ``AtomicFile`` checks again when it opens one, so no spelling of the same file (a hard link, a
/// symbolic link, `./`) gets past either.
public struct OutputConflict: Error, CustomStringConvertible, Sendable {
  /// The output as given.
  public var output: String
  /// The input it is, as given.
  public var input: String

  public var description: String {
    let same = output == input ? "" : " (the same file)"
    return "\(output) is the input \(input)\(same): cmdtool never writes over what it reads; write to another file"
  }

  /// Throws when `output` names the same file as one of `inputs` (ignoring `-` and files that
  /// do not exist yet).
  public static func check(_ output: String, against inputs: [String]) throws(OutputConflict) {
    guard let identity = FileIdentity(path: output) else { return }
    if let input = inputs.first(where: { FileIdentity(path: $0) == identity }) {
      throw OutputConflict(output: output, input: input)
    }
  }
}
