/// The fields of an event line as read, before the event's class says what type each must have.
///
/// Names are looked up in a hash table once there are more than a few, so a line of a hundred
/// thousand distinct keys costs a hundred thousand lookups, not five billion comparisons. Names
/// compare as Swift strings (canonically equivalent spellings are the same key), as before.
struct PendingEventFields {
  /// One field: its name, its value and where both start.
  struct Field {
    var name: String
    var value: JSONLineParser.Scalar
    /// Where the value starts (for type errors).
    var position: Int
    /// Where the key starts (for unknown-field errors).
    var keyPosition: Int
  }

  private(set) var fields: [Field] = []
  /// Name to index, built once the fields outnumber ``linearLimit``.
  private var index: [String: Int]? = nil
  /// Name comparisons and hash lookups made so far: tests check that it grows linearly.
  private(set) var work = 0

  /// Up to this many fields, a scan is cheaper than hashing (events have at most 8 fields).
  static let linearLimit = 16

  /// The index of the field called `name`, if any.
  mutating func firstIndex(of name: String) -> Int? {
    if let index {
      work += 1
      return index[name]
    }
    for (i, field) in fields.enumerated() {
      work += 1
      if field.name == name { return i }
    }
    return nil
  }

  /// Whether a field called `name` was read already.
  mutating func contains(_ name: String) -> Bool { firstIndex(of: name) != nil }

  /// Adds a field whose name is not there yet.
  mutating func append(_ field: Field) {
    fields.append(field)
    if index != nil {
      index![field.name] = fields.count - 1
    } else if fields.count > Self.linearLimit {
      var table = [String: Int](minimumCapacity: 2 * fields.count)
      for (i, field) in fields.enumerated() { table[field.name] = i }
      work += fields.count
      index = table
    }
  }
}
