/// What a trace header says of its widget schema: its name and fingerprint, never a file path
/// (a trace moves between machines; the schema file is found by name or given with `--widgets`).
public struct WidgetSchemaReference: Hashable, Sendable, CustomStringConvertible {
  /// The schema's name (``WidgetSchema/name``), for messages and for finding its file.
  public var name: String
  /// The schema's ``WidgetSchema/fingerprint``: `fnv1a64:` and 16 hex digits.
  public var fingerprint: String

  public init(name: String, fingerprint: String) {
    self.name = name
    self.fingerprint = fingerprint
  }

  /// Whether `text` has a fingerprint's form: `fnv1a64:` and 16 lower-case hex digits.
  public static func isFingerprint(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    let prefix = Array("fnv1a64:".utf8)
    guard bytes.count == prefix.count + 16, bytes.starts(with: prefix) else { return false }
    return bytes[prefix.count...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// `chart fnv1a64:…`, or the fingerprint alone for a schema without a name.
  public var description: String { name.isEmpty ? fingerprint : name + " " + fingerprint }
}

extension WidgetSchema {
  /// What a trace header made with this schema names.
  public var reference: WidgetSchemaReference { WidgetSchemaReference(name: name, fingerprint: fingerprint) }

  /// Why a trace whose header names `named` cannot be read with `given`, or nil when it can:
  /// the one rule both decoders apply before the first record (docs/WIDGETS.md §6.1).
  static func mismatch(header named: WidgetSchemaReference?, given: WidgetSchema?) -> (CodecError.Code, String)? {
    guard let named else { return nil }
    guard let given else {
      return (.schemaMissing, "the trace was made with widget schema \(named); give its file with --widgets (or keep \(named.name.isEmpty ? "it" : named.name + ".widgets.json") beside the trace)")
    }
    let fingerprint = given.fingerprint
    guard fingerprint == named.fingerprint else {
      return (.schemaMismatch, "the trace was made with widget schema \(named) but the schema given is \(given.reference): its widgets, commands or properties differ")
    }
    return nil
  }
}
