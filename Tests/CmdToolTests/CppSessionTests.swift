import Foundation
import Replay
import Testing

// The promises of cmdtool_wire::Session (docs/CPP_ADAPTER.md §3, §4), fed to
// adapters/cpp/tools/session_probe.cpp, an engine on the session that writes a marker for every
// input it gets and every dialog loop that returns. Built with the toolchain's clang++ under
// AddressSanitizer and UndefinedBehaviorSanitizer, warnings as errors.

@Suite struct CppSessionTests {
  static let probeSource = CommandRunner.path("adapters/cpp/tools/session_probe.cpp")

  static func probe(in scratch: Scratch) throws -> String? {
    try CppEngineTests.build([probeSource], named: "session-probe", .sanitized, in: scratch)
  }

  /// Runs the probe on cmdtool's header and `records`, with `arguments`, its standard
  /// output redirected by the shell's `redirect` when given ("> /dev/full").
  static func run(_ probe: String, _ records: [String], arguments: [String] = [], redirect: String = "", in scratch: Scratch) throws -> FinishedRun {
    let path = scratch.path("input-\(UUID().uuidString).jsonl")
    try input(records).write(toFile: path, atomically: true, encoding: .utf8)
    let script = #"file=$1; shift; exec "$0" "$@" < "$file" "# + redirect
    return try Subprocess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, probe, path] + arguments).wait(timeout: 120)
  }

  /// The input cmdtool would send: its header, then `records`.
  static func input(_ records: [String]) -> String {
    ([#"{"trace":1,"creator":"cmdtool record"}"#] + records).map { $0 + "\n" }.joined()
  }

  /// The probe's output without its header and first batch: commands as written, markers as
  /// "label: detail".
  static func lines(_ run: FinishedRun) -> [String] {
    run.stdout.split(separator: "\n").dropFirst(2).map { line in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let label = object["marker"] as? String
      else { return String(line) }
      return "\(label): \(object["detail"] as? String ?? "")"
    }
  }

  /// A JSON string literal for `text`.
  static func json(_ text: String) throws -> String {
    let array = String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self)
    return String(array.dropFirst().dropLast())
  }

  // WIRE.md §12: the answer to a dialog whose loop is not the innermost waits for that loop.
  @Test func anAnswerToAnOuterDialogIsKeptForItsLoop() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let probe = try Self.probe(in: scratch) else { return }
    // The answer as a modal result and as the platform's ValueEvent to the dialog (PROTOCOL.md §4.3).
    for (answer, kind) in [(#"{"t":3,"modal":10,"value":7}"#, "ValueEvent value=7 modal"), (#"{"t":3,"event":"ValueEvent","target":10,"value":7}"#, "ValueEvent value=7")] {
      let run = try Self.run(probe, [
        #"{"t":1,"event":"ValueEvent","target":4,"value":10}"#, #"{"t":2,"event":"ValueEvent","target":4,"value":11}"#,
        answer, #"{"t":3.5,"marker":"sync","detail":"1"}"#,
        // A second answer to the outer dialog finds it closed: the first one is kept, this one dropped.
        #"{"t":3.7,"modal":10,"value":9}"#,
        #"{"t":4,"modal":11,"value":3}"#,
      ], in: scratch)
      #expect(run.status == 0, "\(run)")
      #expect(Self.lines(run) == [
        "input: t=1 now=1 target=4 ValueEvent value=10 has_text=0 text=",
        #"{"type":"CREATE_DIALOG","internalId":2,"childInternalId":10,"textValue":"Dialog"}"#,
        "input: t=2 now=2 target=4 ValueEvent value=11 has_text=0 text=",
        #"{"type":"CREATE_DIALOG","internalId":2,"childInternalId":11,"textValue":"Dialog"}"#,
        // The inner loop goes on: it echoes the sync marker and gets its own answer.
        "sync: 1",
        "input: t=4 now=4 target=11 ValueEvent value=3 modal has_text=0 text=",
        "dialog 11 returned: 3",
        #"{"type":"REMOVE_CHILD","internalId":2,"childInternalId":11}"#,
        // The outer loop resumes and gets the answer kept for it (its own time, the clock's now).
        "input: t=3 now=4 target=10 \(kind) has_text=0 text=",
        "dialog 10 returned: 7",
        #"{"type":"REMOVE_CHILD","internalId":2,"childInternalId":10}"#,
      ], "\(run)")
    }
  }

  /// Generated nestings (1 to 5 dialogs) answered in every order: each start_modal() returns its
  /// own dialog's answer, innermost first, whatever the order the answers arrive in.
  @Test func everyLoopReturnsItsOwnDialogsAnswer() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let probe = try Self.probe(in: scratch) else { return }
    var random = SplitMix64(seed: 22)
    var records: [String] = []
    var expected: [String] = []
    var time = 0
    for _ in 0..<150 {
      let depth = 1 + random.below(5)
      let dialogs = (0..<depth).map { 100 + $0 }
      var answers: [Int: Int] = [:]
      for dialog in dialogs {
        time += 1
        records.append(#"{"t":\#(time),"event":"ValueEvent","target":4,"value":\#(dialog)}"#)
        answers[dialog] = random.below(4)
      }
      var order = dialogs
      order.shuffle(using: &random)
      for dialog in order {
        time += 1
        let value = answers[dialog]!
        records.append(random.chance(50) ? #"{"t":\#(time),"modal":\#(dialog),"value":\#(value)}"# : #"{"t":\#(time),"event":"ValueEvent","target":\#(dialog),"value":\#(value)}"#)
      }
      expected += dialogs.reversed().map { "dialog \($0) returned: \(answers[$0]!)" }
    }
    let run = try Self.run(probe, records, in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(Self.lines(run).filter { $0.hasPrefix("dialog ") } == expected)
  }

  // WIRE.md §4: engines may use the records' times as their clock.
  @Test func everyInputCarriesItsTime() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let probe = try Self.probe(in: scratch) else { return }
    var random = SplitMix64(seed: 4)
    var times: [Double] = [0, 0.5]
    while times.count < 100 { times.append(times.last! + Double(random.below(100_000)) / 8) }
    times.append(1e15)
    let run = try Self.run(probe, times.map { #"{"t":\#($0),"event":"TimerEvent","target":2,"id":8}"# }, in: scratch)
    #expect(run.status == 0, "\(run)")
    let seen = Self.lines(run).map { line in line.split(separator: " ").prefix(3).map { Double($0.split(separator: "=").last ?? "") } }
    #expect(seen == times.map { [nil, $0, $0] }, "\(run)")
  }

  // cmdtool writes no field at its default: "" typed into a text field arrives without "text".
  @Test func aValueEventToATextInputHasItsTextEvenEmpty() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let probe = try Self.probe(in: scratch) else { return }
    var random = SplitMix64(seed: 12)
    let alphabet = Array("ab \"\\/\n\t\u{0}\u{1F}é日本😀 text= has_text=1")
    var records: [String] = []
    var expected: [String] = []
    for index in 0..<200 {
      let text = index % 4 == 0 ? "" : String((0..<random.below(40)).map { _ in alphabet[random.below(alphabet.count)] })
      let explicit = random.chance(50)  // written with "text":"" (by hand) or without (as cmdtool)
      let field = text.isEmpty && !explicit ? "" : #","text":\#(try Self.json(text))"#
      // To the text field 3: always a text. To the frame view 2: a text only when written.
      let target = random.chance(50) ? 3 : 2
      records.append(#"{"t":\#(index),"event":"ValueEvent","target":\#(target)\#(field)}"#)
      expected.append("target=\(target) ValueEvent value=0 has_text=\(target == 3 || !field.isEmpty ? 1 : 0) text=\(text)")
    }
    let run = try Self.run(probe, records, in: scratch)
    #expect(run.status == 0, "\(run)")
    let seen = Self.lines(run).map { $0.split(separator: " ", maxSplits: 3).dropFirst(3).joined() }
    #expect(seen == expected, "\(run)")
  }

  // pollEvents(false) in a loop of the engine's own (a game loop): input arriving on a pipe, while
  // the engine does not wait for it, is seen (fd_source polls the descriptor).
  @Test func nonBlockingPollsSeeWhatArrives() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let probe = try Self.probe(in: scratch) else { return }
    let script = try scratch.script("send.script.jsonl", (1...5).map { #"{"t":\#($0 * 100),"send":{"event":"ValueEvent","target":3,"text":"step \#($0)"}}"# })
    let recording = scratch.path("non-blocking.jsonl")
    let run = try Subprocess.record(recording, script: script, engine: [probe, "--non-blocking"])
    #expect(run.status == 0, "\(run)")
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    for step in 1...5 {
      #expect(text.contains(#""marker":"input","detail":"t=\#(step * 100) now=\#(step * 100) target=3 ValueEvent value=0 has_text=1 text=step \#(step)"}"#), "\(text)")
    }
  }

  @Test func syncEchoesCanBeTurnedOff() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let probe = try Self.probe(in: scratch) else { return }
    let input = [#"{"t":0,"marker":"sync","detail":"1"}"#, #"{"t":500,"event":"ValueEvent","target":3,"text":"a"}"#, #"{"t":500,"marker":"sync","detail":"2"}"#]
    let echoing = try Self.run(probe, input, in: scratch)
    #expect(echoing.status == 0, "\(echoing)")
    #expect(Self.lines(echoing) == ["sync: 1", "input: t=500 now=500 target=3 ValueEvent value=0 has_text=1 text=a", "sync: 2"], "\(echoing)")
    let silent = try Self.run(probe, input, arguments: ["--no-echo"], in: scratch)
    #expect(silent.status == 0, "\(silent)")
    #expect(Self.lines(silent) == ["input: t=500 now=500 target=3 ValueEvent value=0 has_text=1 text=a"], "\(silent)")
  }
}
