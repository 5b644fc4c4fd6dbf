import CommandCodec
import Foundation
import ReplayConformance
import ReplayCore
import Testing

// The testee kit's protocol side (adapters/cpp/cmdtool_testee.hpp), fed by hand to
// Examples/CppTestee built under AddressSanitizer and UndefinedBehaviorSanitizer: many sessions in
// one process (docs/CONFORMANCE.md §1.9: `end` resets, a skipped case is read to its `end` by its
// framing alone), the answers to wrong requests, the stop at `unsupported` in one-session mode,
// and input it cannot read.

@Suite struct CppTesteeKitTests {
  static let header = #"{"trace":1,"creator":"cmdtool conformance","viewport":{"width":390,"height":844},"preferences":{"a":"1"}}"#
  static let ui = #"{"t":0,"batch":[{"type":"CREATE_APPLICATION","childInternalId":1},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_SWITCH","internalId":2,"childInternalId":3},{"type":"CREATE_TIMER","internalId":2,"childInternalId":7,"value":10}]}"#

  /// Runs `command` with `records` (one a line) on its standard input.
  static func feed(_ command: [String], _ records: [String], in scratch: Scratch) throws -> FinishedRun {
    let input = scratch.path("input-\(UUID().uuidString).jsonl")
    try Data((records.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: input))
    return try Subprocess(URL(fileURLWithPath: "/bin/sh"), ["-c", "f=$1; shift; exec \"$@\" < \"$f\"", "sh", input] + command).wait(timeout: 120)
  }

  /// Each output record's kind: the marker's label, the event's class, or "header".
  static func kinds(_ output: String) throws -> [String] {
    try output.split(separator: "\n").map { line in
      let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return record["trace"] != nil ? "header" : (record["marker"] as? String ?? record["event"] as? String ?? "?")
    }
  }

  /// Every declaration of CONFORMANCE.md §1.2 can be made through `kit::Hello`, each written only
  /// when it is not the default (a newcomer found no way to say `errortext=none`).
  @Test func theHelloSaysEveryDeclaration() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let source = scratch.path("hello.cpp")
    try Data(#"""
      #include "cmdtool_testee.hpp"
      #include <cstdio>
      int main() {
        cmdtool_testee::Hello plain;
        cmdtool_testee::Hello gtk;
        gtk.profile = "gtk"; gtk.reports = {"tree", "text"}; gtk.events = {"user", "timer"};
        gtk.lacks = {"pager"}; gtk.toplevel = {"dialog"}; gtk.history = "engine"; gtk.errortext = "none"; gtk.many_sessions = true;
        std::printf("%s\n%s\n", plain.detail().c_str(), gtk.detail().c_str());
      }
      """#.utf8).write(to: URL(fileURLWithPath: source))
    guard let binary = try CppEngineTests.build([source], named: "hello", .plain, in: scratch) else { return }
    let run = try Subprocess(URL(fileURLWithPath: binary), []).wait(timeout: 60)
    #expect(run.stdout == """
      protocol=1 profile=other reports=tree events=user
      protocol=1 profile=gtk reports=tree,text events=user,timer lacks=pager toplevel=dialog history=engine errortext=none sessions=many

      """, "\(run)")
  }

  /// `created_kind` names the kind the model gives every command type (older names included),
  /// and none for a command that creates no element.
  @Test func theKindTableIsTheModels() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let source = scratch.path("kinds.cpp")
    try Data(#"""
      #include "cmdtool_testee.hpp"
      #include <cstdio>
      int main(int argc, char ** argv) {
        for (int i = 1; i < argc; i++) {
          const char * kind = cmdtool_testee::created_kind(argv[i]);
          std::printf("%s %s\n", argv[i], kind ? kind : "-");
        }
      }
      """#.utf8).write(to: URL(fileURLWithPath: source))
    guard let binary = try CppEngineTests.build([source], named: "kinds", .plain, in: scratch) else { return }
    let types = CommandType.allCases
    let run = try Subprocess(URL(fileURLWithPath: binary), types.map(\.name) + ["CREATE_NOTHING", ""]).wait(timeout: 60)
    let expected = types.map { "\($0.name) \(ElementKind(creating: $0)?.rawValue ?? "-")" } + ["CREATE_NOTHING -", " -"]
    #expect(run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == expected, "\(run)")
  }

  @Test func manySessionsResetBetweenCases() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let binary = try CppEngineTests.build(CppTesteeTests.cppTestee, named: "cpptestee", .sanitized, in: scratch) else { return }
    let run = try Self.feed([binary, "--sessions-many"], [
      Self.header, #"{"t":0,"marker":"case","detail":"One"}"#, Self.ui,
      #"{"t":25,"marker":"tap","detail":"3"}"#, #"{"t":25,"marker":"sync","detail":"1"}"#, #"{"t":25,"marker":"end"}"#,
      // A case that needs a widget schema: unsupported, then its custom commands are read unparsed.
      #"{"trace":1,"creator":"cmdtool conformance","widgets":{"name":"chart","fingerprint":"fnv1a64:a76687cf54a2689e"}}"#,
      #"{"t":0,"batch":[{"type":"CREATE_PIE_CHART","internalId":2,"childInternalId":9}]}"#, #"{"t":0,"marker":"end"}"#,
      // The third case starts from nothing: no elements, no timers, the clock at 0, no preferences.
      #"{"trace":1,"creator":"cmdtool conformance"}"#, #"{"t":3,"marker":"state"}"#, #"{"t":3,"marker":"sync","detail":"1"}"#, #"{"t":3,"marker":"end"}"#,
    ], in: scratch)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(try Self.kinds(run.stdout) == [
      "header", "testee", "TimerEvent", "TimerEvent", "ValueEvent", "sync",
      "header", "testee", "unsupported",
      "header", "testee", "state", "sync",
      "header", "testee",
    ], "\(run)")
    #expect(run.stdout.contains(#"{"t":25,"event":"ValueEvent","target":3,"value":1}"#), "\(run)")
    #expect(run.stdout.contains("sessions=many"), "\(run)")
    #expect(run.stdout.contains(#"{"t":3,"marker":"state","detail":"{\n  \"version\": 1,\n  \"time\": 3,\n  \"elements\": {}\n}\n"}"#), "\(run)")
  }

  @Test func itAnswersWrongRequestsAndStopsAtUnsupported() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let binary = try CppEngineTests.build(CppTesteeTests.cppTestee, named: "cpptestee", .sanitized, in: scratch) else { return }
    let requests = try Self.feed([binary], [
      Self.header, Self.ui,
      #"{"t":0,"marker":"tap","detail":"four"}"#, #"{"t":0,"marker":"tap","detail":"99"}"#, #"{"t":0,"marker":"type","detail":"3 hi"}"#,
      #"{"t":0,"marker":"select","detail":"3"}"#, #"{"t":0,"marker":"zoom"}"#, #"{"t":0,"event":"ValueEvent","target":3}"#,
      #"{"t":0,"marker":"tap","detail":"3"}"#, #"{"t":0,"marker":"sync","detail":"1"}"#,
    ], in: scratch)
    #expect(requests.status == 0, "\(requests)")
    #expect(try Self.kinds(requests.stdout) == ["header", "testee", "error", "error", "error", "error", "unsupported", "unsupported", "ValueEvent", "sync"], "\(requests)")

    // In one-session mode a batch answered unsupported ends the run there: what follows is unread.
    let unsupported = try Self.feed([binary], [
      #"{"trace":1,"widgets":{"name":"chart","fingerprint":"f"}}"#, #"{"t":0,"batch":[{"type":"CREATE_PIE_CHART"}]}"#,
    ], in: scratch)
    #expect(unsupported.status == 0 && unsupported.stderr.isEmpty, "\(unsupported)")
    #expect(try Self.kinds(unsupported.stdout) == ["header", "testee", "unsupported"], "\(unsupported)")
  }

  /// The `event` request (docs/CONFORMANCE.md §1.3): a platform that overrides `event` gets the
  /// id, the name and every payload as sent, hostile text included; a wrong detail is an error
  /// before the platform sees it; a platform that does not override it (the stock cpptestee)
  /// answers unsupported, so the case is skipped.
  @Test func theEventRequestReachesThePlatformWithItsPayloads() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let source = scratch.path("events.cpp")
    try Data(#"""
      #include "cmdtool_testee.hpp"
      #include <cstdio>
      namespace kit = cmdtool_testee;
      struct Events : kit::Platform {
        kit::Answer begin(const cmdtool_wire::Header &) override { return kit::Answer::done(); }
        kit::Answer apply(const cmdtool_wire::Command &) override { return kit::Answer::done(); }
        kit::Answer tap(int32_t) override { return kit::Answer::done(); }
        kit::Answer type(int32_t, const std::string &) override { return kit::Answer::done(); }
        kit::Answer select(int32_t, int32_t) override { return kit::Answer::done(); }
        kit::Answer choose(int32_t, int32_t) override { return kit::Answer::done(); }
        kit::Answer back() override { return kit::Answer::done(); }
        void state(kit::State &) override {}
        kit::Answer event(int32_t id, const std::string & name, const std::vector<std::pair<std::string, std::string>> & payloads) override {
          // One JSON array a line: the id, the name, then each payload's name and value.
          std::string line = "[" + std::to_string(id) + ",";
          cmdtool_wire::append_json_string(line, name);
          for (const auto & [key, value] : payloads) {
            line += ",";
            cmdtool_wire::append_json_string(line, key);
            line += ",";
            cmdtool_wire::append_json_string(line, value);
          }
          std::fprintf(stderr, "%s]\n", line.c_str());
          return kit::Answer::done();
        }
      };
      int main() {
        kit::Hello hello;
        kit::Testee testee(hello);
        Events platform;
        return testee.run(platform);
      }
      """#.utf8).write(to: URL(fileURLWithPath: source))
    guard let binary = try CppEngineTests.build([source], named: "events", .sanitized, in: scratch) else { return }
    let hostile = "a b\t\"c\"\\ \u{1}\u{7F} é ✓ rangeChanged"
    let detail = TesteeRequest.eventDetail(7, "rangeChanged", ["min": "0.2", "max": "0.8", "note": hostile])
    let run = try Self.feed([binary], [
      Self.header,
      JSONValue.object(["t": .number(0), "marker": .string("event"), "detail": .string(detail)]).canonicalText,
      #"{"t":0,"marker":"event","detail":"7 longPress {}"}"#,
      #"{"t":0,"marker":"event","detail":"7 longPress"}"#, #"{"t":0,"marker":"event","detail":"7  {}"}"#,
      #"{"t":0,"marker":"event","detail":"x tap {}"}"#, #"{"t":0,"marker":"event","detail":"7 tap {\"a\":1}"}"#,
      #"{"t":0,"marker":"event","detail":"7 tap [\"a\"]"}"#,
      #"{"t":0,"marker":"sync","detail":"1"}"#,
    ], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(try Self.kinds(run.stdout) == ["header", "testee", "error", "error", "error", "error", "error", "sync"], "\(run)")
    let heard: [[String]] = try run.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }.map { line -> [String] in
      let items = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
      return items.map { "\($0)" }
    }
    #expect(heard == [["7", "rangeChanged", "max", "0.8", "min", "0.2", "note", hostile], ["7", "longPress"]], "\(run)")

    guard let stock = try CppEngineTests.build(CppTesteeTests.cppTestee, named: "cpptestee", .sanitized, in: scratch) else { return }
    let unsupported = try Self.feed([stock], [Self.header, Self.ui, #"{"t":0,"marker":"event","detail":"3 longPress {}"}"#, #"{"t":0,"marker":"sync","detail":"1"}"#], in: scratch)
    // A request answered unsupported does not end the session (only a command of a batch does).
    #expect(try Self.kinds(unsupported.stdout) == ["header", "testee", "unsupported", "sync"], "\(unsupported)")
    #expect(unsupported.stdout.contains("performs no named custom widget events"), "\(unsupported)")
  }

  @Test func itRefusesInputItCannotRead() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let binary = try CppEngineTests.build(CppTesteeTests.cppTestee, named: "cpptestee", .sanitized, in: scratch) else { return }
    let bad: [(String, String)] = [
      (#"{"t":0,"type":"CREATE_BUTON"}"#, "line 2, column 15: unknown command type \"CREATE_BUTON\""),
      (#"{"t":0,"type":"CREATE_APPLICATION","childInternalId":2147483648}"#, "out of range"),
      (#"{"t":0,"marker":"x",}"#, "trailing comma"),
      (#"{"t":5,"marker":"a"}"# + "\n" + #"{"t":4,"marker":"b"}"#, "earlier than the previous record"),
      (String(repeating: "[", count: 100), "a line must hold one JSON object"),
    ]
    for (line, message) in bad {
      let run = try Self.feed([binary], [Self.header, line], in: scratch)
      #expect(run.status == 2, "\(line): \(run)")
      #expect(run.stderr.contains(message), "\(line): \(run)")
      #expect(!run.stderr.contains("Sanitizer"), "\(line): \(run)")
    }
  }
}
