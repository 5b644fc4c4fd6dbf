import CommandCodec

/// An RFC 6902 JSON Patch that turns one state snapshot into another.
///
/// Objects are compared key by key (so an element's changed property is one `replace` at
/// `/elements/10/text`), arrays are replaced whole, and operations come in key order, so the same
/// two snapshots always give the same patch.
public enum JSONPatch {
  /// The patch from snapshot `a` to snapshot `b` (both canonical snapshot bytes), as JSON text.
  /// - Throws: ``CodecError`` naming the place when either is not JSON.
  public static func between(_ a: [UInt8], _ b: [UInt8]) throws -> String {
    let old = try JSONValue.parse(a)
    let new = try JSONValue.parse(b)
    var operations: [String] = []
    diff(old, new, path: "", into: &operations)
    return "[" + operations.joined(separator: ",\n ") + "]\n"
  }

  private static func diff(_ old: JSONValue, _ new: JSONValue, path: String, into operations: inout [String]) {
    if case .object(let x) = old, case .object(let y) = new {
      for key in Set(x.keys).union(y.keys).sorted(by: { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }) {
        let child = path + "/" + escape(key)
        switch (x[key], y[key]) {
        case (_?, nil): operations.append(#"{"op":"remove","path":\#(JSONText.quoted(child))}"#)
        case (nil, let value?): operations.append(#"{"op":"add","path":\#(JSONText.quoted(child)),"value":\#(value.canonicalText)}"#)
        case (let a?, let b?): diff(a, b, path: child, into: &operations)
        case (nil, nil): break
        }
      }
      return
    }
    if old != new {
      operations.append(#"{"op":"replace","path":\#(JSONText.quoted(path)),"value":\#(new.canonicalText)}"#)
    }
  }

  /// JSON Pointer escaping: `~` → `~0`, `/` → `~1`.
  static func escape(_ key: String) -> String {
    var escaped = ""
    for character in key {
      switch character {
      case "~": escaped += "~0"
      case "/": escaped += "~1"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
