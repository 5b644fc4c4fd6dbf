import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

/// Applies RFC 6902 `add`, `remove` and `replace` operations (the ones ``JSONPatch`` writes) to a
/// parsed JSON document, with RFC 6901 JSON Pointers. A test-only applier: strict, small.
enum PatchApplier {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func apply(_ patch: Any, to document: Any) throws -> Any {
    guard let operations = patch as? [Any] else { throw Failure(description: "a patch is an array") }
    var result = document
    for (index, item) in operations.enumerated() {
      guard let operation = item as? [String: Any], let op = operation["op"] as? String, let path = operation["path"] as? String else {
        throw Failure(description: "operation \(index) has no op or path")
      }
      let tokens = try pointer(path)
      switch op {
      case "add", "replace":
        guard let value = operation["value"] else { throw Failure(description: "operation \(index) (\(op)) has no value") }
        result = try modify(result, tokens[...], op: op, value: value)
      case "remove":
        result = try modify(result, tokens[...], op: op, value: nil)
      default:
        throw Failure(description: "operation \(index): unexpected op \(op)")
      }
    }
    return result
  }

  /// The reference tokens of a JSON Pointer, unescaped (`~1` is `/`, then `~0` is `~`).
  static func pointer(_ path: String) throws -> [String] {
    if path.isEmpty { return [] }
    guard path.hasPrefix("/") else { throw Failure(description: "\(path) does not start with /") }
    return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
      $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
  }

  static func modify(_ target: Any, _ tokens: ArraySlice<String>, op: String, value: Any?) throws -> Any {
    guard let token = tokens.first else {
      // The whole document.
      guard op != "remove", let value else { throw Failure(description: "cannot remove the document") }
      return value
    }
    let rest = tokens.dropFirst()
    if var object = target as? [String: Any] {
      if rest.isEmpty {
        switch op {
        case "add": object[token] = value
        case "replace":
          guard object[token] != nil else { throw Failure(description: "replace of missing member \(token)") }
          object[token] = value
        default:
          guard object.removeValue(forKey: token) != nil else { throw Failure(description: "remove of missing member \(token)") }
        }
        return object
      }
      guard let child = object[token] else { throw Failure(description: "no member \(token)") }
      object[token] = try modify(child, rest, op: op, value: value)
      return object
    }
    if var array = target as? [Any] {
      if rest.isEmpty && op == "add" && token == "-" {
        array.append(value!)
        return array
      }
      guard let index = Int(token), index >= 0, index < array.count + (op == "add" && rest.isEmpty ? 1 : 0) else {
        throw Failure(description: "bad array index \(token)")
      }
      if rest.isEmpty {
        switch op {
        case "add": array.insert(value!, at: index)
        case "replace": array[index] = value!
        default: array.remove(at: index)
        }
        return array
      }
      array[index] = try modify(array[index], rest, op: op, value: value)
      return array
    }
    throw Failure(description: "cannot descend into a scalar at \(token)")
  }
}

@Suite("JSON Patch between state snapshots")
struct JSONPatchTests {
  /// Checks that the patch from A's snapshot to B's turns A's snapshot into B's.
  func expectPatch(_ a: UIState, _ b: UIState, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let snapshotA = StateSnapshotWriter.snapshot(of: a)
    let snapshotB = StateSnapshotWriter.snapshot(of: b)
    let patchText = try JSONPatch.between(snapshotA, snapshotB)
    #expect(patchText.hasSuffix("]\n"), sourceLocation: sourceLocation)
    let patch = try parseJSON(patchText)
    let operations = try #require(patch as? [[String: Any]], sourceLocation: sourceLocation)
    for operation in operations {
      #expect(["add", "remove", "replace"].contains(operation["op"] as? String ?? ""), sourceLocation: sourceLocation)
      #expect((operation["path"] as? String).map { $0.isEmpty || $0.hasPrefix("/") } == true, sourceLocation: sourceLocation)
      #expect((operation["op"] as? String == "remove") == (operation["value"] == nil), sourceLocation: sourceLocation)
    }
    let patched = try PatchApplier.apply(patch, to: try parseJSON(snapshotA))
    #expect(jsonEqual(patched, try parseJSON(snapshotB)), "the patch does not turn A into B:\n\(patchText)", sourceLocation: sourceLocation)
    // The same snapshots always give the same patch.
    #expect(try JSONPatch.between(snapshotA, snapshotB) == patchText, sourceLocation: sourceLocation)
    if StateSnapshotWriter.snapshot(of: a) == StateSnapshotWriter.snapshot(of: b) {
      #expect(patchText == "[]\n", sourceLocation: sourceLocation)
    } else {
      #expect(!operations.isEmpty, sourceLocation: sourceLocation)
    }
  }

  @Test("login against login-changed: one replace")
  func loginChanged() throws {
    let a = try replayFile("login.jsonl").state
    let b = try replayFile("login-changed.jsonl").state
    try expectPatch(a, b)
    let patch = try JSONPatch.between(StateSnapshotWriter.snapshot(of: a), StateSnapshotWriter.snapshot(of: b))
    #expect(patch == #"[{"op":"replace","path":"/elements/7/text","value":"Sign in"}]"# + "\n")
  }

  @Test("Equal states give an empty patch")
  func equal() throws {
    let state = try replayFile("login.jsonl").state
    #expect(try JSONPatch.between(StateSnapshotWriter.snapshot(of: state), StateSnapshotWriter.snapshot(of: state)) == "[]\n")
  }

  @Test("Every bundled trace from its first record to several later points, both ways", arguments: diffTraces)
  func bundled(_ name: String) throws {
    let start = try replayFile(name, to: .record(0)).state
    for point in try replayPoints(of: name) {
      let state = try replayFile(name, to: point).state
      try expectPatch(start, state)
      try expectPatch(state, start)
    }
  }

  @Test("From nothing to everything and back")
  func kitchenSink() throws {
    let empty = UIState()
    let full = KitchenSink.replayed.state
    try expectPatch(empty, full)
    try expectPatch(full, empty)
    try expectPatch(full, full)
  }

  @Test("Keys with / and ~ are escaped in the pointer")
  func escaping() throws {
    let a = KitchenSink.replayed
    let b = model(KitchenSink.lines + [batch(
      c("SET_STYLE", #""internalId":4,"textValue":"a/b~c","textValue2":"changed""#),
      c("UPDATE_PREFERENCE", #""internalId":1,"textValue":"a/b~c","textValue2":"y""#),
      c("COMMIT_PREFERENCES", #""internalId":1"#))])
    try expectPatch(a.state, b.state)
    let patch = try JSONPatch.between(StateSnapshotWriter.snapshot(of: a.state), StateSnapshotWriter.snapshot(of: b.state))
    #expect(patch.contains(#""path":"/elements/4/styles/NORMAL/a~1b~0c""#))
    #expect(patch.contains(#""path":"/preferences/committed/a~1b~0c""#))
    #expect(JSONPatch.escape("a/b~c") == "a~1b~0c")
    #expect(JSONPatch.escape("~1") == "~01")
    #expect(try PatchApplier.pointer("/a~1b~0c/~01") == ["a/b~c", "~1"])
  }

  @Test("Every kind of change of the state diff tests", arguments: StateDiffTests.propertyCases + StateDiffTests.topLevelCases)
  func cases(_ testCase: DiffCase) throws {
    let (a, b) = testCase.models
    try expectPatch(a.state, b.state)
    try expectPatch(b.state, a.state)
  }

  @Test("Subtrees added, removed, moved and reordered")
  func structure() throws {
    let siblings = StateDiffTests.siblings
    let a = screenModel(siblings, StateDiffTests.subtree)
    let b = screenModel(siblings, StateDiffTests.subtree, StateDiffTests.reorder(7, to: 0), c("DELETE_ELEMENT", #""internalId":5"#), c("REMOVE_CHILD", #""internalId":4,"childInternalId":6"#), c("CREATE_TEXT", #""internalId":3,"childInternalId":20,"textValue":"new""#))
    try expectPatch(a.state, b.state)
    try expectPatch(b.state, a.state)
  }

  @Test("The applier itself follows RFC 6902")
  func applier() throws {
    let document = try parseJSON(#"{"a":{"b":[1,2,3]},"c":"x"}"#)
    let patch = try parseJSON(#"[{"op":"add","path":"/a/b/1","value":9},{"op":"remove","path":"/c"},{"op":"replace","path":"/a/b/0","value":0},{"op":"add","path":"/a/b/-","value":4},{"op":"add","path":"/d~1e","value":true}]"#)
    let result = try PatchApplier.apply(patch, to: document)
    #expect(jsonEqual(result, try parseJSON(#"{"a":{"b":[0,9,2,3,4]},"d/e":true}"#)))
    #expect(throws: PatchApplier.Failure.self) { try PatchApplier.apply(try parseJSON(#"[{"op":"replace","path":"/zz","value":1}]"#), to: document) }
    #expect(throws: PatchApplier.Failure.self) { try PatchApplier.apply(try parseJSON(#"[{"op":"remove","path":"/a/b/7"}]"#), to: document) }
    #expect(!jsonEqual(try parseJSON("[true]"), try parseJSON("[1]")))
  }
}
