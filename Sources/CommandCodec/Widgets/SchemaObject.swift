/// A JSON object of a widget schema with its path: strict key checks and typed member reads.
///
/// Every read names the member's path in its failure, so the schema reader never builds a path
/// by hand twice. Keys not in `allowed` are refused at construction (`unknownKey`, with a
/// suggestion), in sorted order so that the first one reported does not depend on hashing.
struct SchemaObject {
  typealias Failure = WidgetSchema.Failure

  /// The members.
  let members: [String: JSONValue]
  /// The object's own path ("" for the root).
  let path: String

  /// Checks that `value` is an object whose keys are all in `allowed`.
  init(_ value: JSONValue, at path: String, allowed: [String]) throws(Failure) {
    guard case .object(let members) = value else {
      throw Failure(.wrongKind, at: path, "expected an object, found \(value.kindDescription)")
    }
    for key in members.keys.sorted() where !allowed.contains(key) {
      throw Failure(
        .unknownKey, at: SchemaObject.join(path, key),
        "unknown key \(WidgetValueSyntax.quoted(key))\(Suggestion.hint(for: key, among: allowed)); allowed here: \(allowed.joined(separator: ", "))")
    }
    self.members = members
    self.path = path
  }

  /// The path of member `key`.
  func path(_ key: String) -> String { SchemaObject.join(path, key) }

  /// `parent.key`, or `key` at the root.
  static func join(_ parent: String, _ key: String) -> String { parent.isEmpty ? key : parent + "." + key }

  /// The keys, sorted (the schema's objects keyed by name are read in this order).
  var sortedKeys: [String] { members.keys.sorted() }

  /// Member `key`, or a `missingKey` failure.
  func required(_ key: String) throws(Failure) -> JSONValue {
    guard let value = members[key] else { throw Failure(.missingKey, at: path, "missing key \(WidgetValueSyntax.quoted(key))") }
    return value
  }

  /// Member `key` as a string, nil when absent.
  func string(_ key: String) throws(Failure) -> String? {
    guard let value = members[key] else { return nil }
    guard case .string(let text) = value else { throw wrongKind(key, "a string", value) }
    return text
  }

  /// Member `key` as a string; it must be present.
  func requiredString(_ key: String) throws(Failure) -> String {
    _ = try required(key)
    return try string(key)!
  }

  /// Member `key` as a number, nil when absent.
  func number(_ key: String) throws(Failure) -> Double? {
    guard let value = members[key] else { return nil }
    guard case .number(let number) = value else { throw wrongKind(key, "a number", value) }
    return number
  }

  /// Member `key` as a non-negative integer, nil when absent.
  func natural(_ key: String) throws(Failure) -> UInt64? {
    guard let number = try number(key) else { return nil }
    guard number >= 0, number.isSafeInteger else {
      throw Failure(.wrongKind, at: path(key), "expected a non-negative integer, found \(WidgetValueSyntax.canonicalNumber(number))")
    }
    return UInt64(number)
  }

  /// Member `key` as a bool, nil when absent.
  func bool(_ key: String) throws(Failure) -> Bool? {
    guard let value = members[key] else { return nil }
    guard case .bool(let flag) = value else { throw wrongKind(key, "true or false", value) }
    return flag
  }

  /// Member `key` as an array, nil when absent.
  func array(_ key: String) throws(Failure) -> [JSONValue]? {
    guard let value = members[key] else { return nil }
    guard case .array(let items) = value else { throw wrongKind(key, "an array", value) }
    return items
  }

  /// Member `key` as a strict object, nil when absent.
  func object(_ key: String, allowed: [String]) throws(Failure) -> SchemaObject? {
    guard let value = members[key] else { return nil }
    return try SchemaObject(value, at: path(key), allowed: allowed)
  }

  /// Member `key` as an object whose keys are names the caller reads (properties, events), nil when absent.
  func namedObjects(_ key: String) throws(Failure) -> SchemaObject? {
    guard let value = members[key] else { return nil }
    guard case .object(let members) = value else { throw wrongKind(key, "an object", value) }
    return try SchemaObject(value, at: path(key), allowed: Array(members.keys))
  }

  /// Member `key` as a string array, nil when absent.
  func strings(_ key: String) throws(Failure) -> [String]? {
    guard let items = try array(key) else { return nil }
    var strings: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let text) = item else {
        throw Failure(.wrongKind, at: path(key) + "[\(index)]", "expected a string, found \(item.kindDescription)")
      }
      strings.append(text)
    }
    return strings
  }

  /// A `wrongKind` failure for member `key`.
  func wrongKind(_ key: String, _ expected: String, _ value: JSONValue) -> Failure {
    Failure(.wrongKind, at: path(key), "expected \(expected), found \(value.kindDescription)")
  }

  /// Whether `name` is an identifier: a letter, then letters, digits and `_` (ASCII).
  static func isIdentifier(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    func letter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
    guard let first = bytes.first, letter(first) else { return false }
    return bytes.allSatisfy { letter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }
  }
}
