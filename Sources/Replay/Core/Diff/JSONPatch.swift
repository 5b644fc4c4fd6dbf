import Foundation

/// An RFC 6902 JSON Patch that turns one state snapshot into another.
///
/// Objects are compared key by key (so an element's changed property is one `replace` at
/// `/elements/10/text`), arrays are replaced whole, and operations come in key order, so the same
/// two snapshots always give the same patch.
public enum JSONPatch {
  /// The patch from snapshot `a` to snapshot `b` (both canonical snapshot bytes), as JSON text.
  public static func between(_ a: [UInt8], _ b: [UInt8]) throws -> String {
    let old = try JSONSerialization.jsonObject(with: Data(a))
    let new = try JSONSerialization.jsonObject(with: Data(b))
    var operations: [String] = []
    diff(old, new, path: "", into: &operations)
    return "[" + operations.joined(separator: ",\n ") + "]\n"
  }

  private static func diff(_ old: Any, _ new: Any, path: String, into operations: inout [String]) {
    if let x = old as? [String: Any], let y = new as? [String: Any] {
      for key in Set(x.keys).union(y.keys).sorted() {
        let child = path + "/" + escape(key)
        switch (x[key], y[key]) {
        case (_?, nil): operations.append(#"{"op":"remove","path":\#(quote(child))}"#)
        case (nil, let value?): operations.append(#"{"op":"add","path":\#(quote(child)),"value":\#(serialize(value))}"#)
        case (let a?, let b?): diff(a, b, path: child, into: &operations)
        case (nil, nil): break
        }
      }
      return
    }
    if serialize(old) != serialize(new) {
      operations.append(#"{"op":"replace","path":\#(quote(path)),"value":\#(serialize(new))}"#)
    }
  }

  /// JSON Pointer escaping: `~` → `~0`, `/` → `~1`.
  static func escape(_ key: String) -> String {
    key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }

  private static func quote(_ string: String) -> String { serialize(string) }

  private static func serialize(_ value: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }
}
