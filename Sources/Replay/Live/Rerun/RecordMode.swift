/// When `replay --engine` writes recordings, as snapshot-testing tools do (Jest's `--ci`,
/// swift-snapshot-testing's record modes, VCR's record modes).
public enum RecordMode: String, CaseIterable, Sendable {
  /// Never write: a missing recording fails (CI).
  case never
  /// Compare the recordings there are; record the missing ones from their scripts.
  case missing
  /// Compare; record anew the ones that fail (the new run replaces them only if it succeeds).
  case failed
  /// Record every one anew, comparing nothing.
  case all

  /// Why the mode could not be decided.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// The mode for a run, and where it came from (for the summary).
  ///
  /// In order: `--record MODE`; the legacy flags `--ci` (never) and `--rerecord` (all);
  /// `CMDTOOL_RECORD=MODE`; the legacy `CMDTOOL_RERECORD=1` (all); `CI` set to anything but
  /// empty, `0` or `false` (never, as Jest does on CI); else `missing`.
  ///
  /// - Throws: ``Failure`` for contradicting flags, or an environment value it does not
  ///   understand (`CMDTOOL_RERECORD=true` is not silently ignored).
  public static func resolve(flag: RecordMode?, ci: Bool, rerecord: Bool, environment: (String) -> String?) throws(Failure) -> (mode: RecordMode, source: String) {
    if ci && rerecord { throw Failure(description: "--ci never records and --rerecord records everything: give one of them (or --record MODE)") }
    let legacy: RecordMode? = ci ? .never : rerecord ? .all : nil
    if let flag {
      if let legacy, legacy != flag {
        throw Failure(description: "--record \(flag.rawValue) contradicts --\(ci ? "ci" : "rerecord"); give one of them")
      }
      return (flag, "--record \(flag.rawValue)")
    }
    if let legacy { return (legacy, ci ? "--ci" : "--rerecord") }
    if let value = environment("CMDTOOL_RECORD"), !value.isEmpty {
      guard let mode = RecordMode(rawValue: value) else {
        throw Failure(description: "CMDTOOL_RECORD=\(value) is not a record mode: use never, missing, failed or all")
      }
      return (mode, "CMDTOOL_RECORD=\(value)")
    }
    if let value = environment("CMDTOOL_RERECORD"), !value.isEmpty, value != "0" {
      guard value == "1" else {
        throw Failure(description: "CMDTOOL_RERECORD=\(value) is not understood: use CMDTOOL_RECORD=all (or CMDTOOL_RERECORD=1)")
      }
      return (.all, "CMDTOOL_RERECORD=1")
    }
    if let value = environment("CI"), !value.isEmpty, value != "0", value.lowercased() != "false" {
      return (.never, "CI=\(value)")
    }
    return (.missing, "the default")
  }
}
