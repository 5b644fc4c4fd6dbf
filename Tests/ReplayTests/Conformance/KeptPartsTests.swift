import CommandCodec
import Foundation
import Replay
@testable import ReplayCore
import Testing

/// What a conformance case judges (docs/CONFORMANCE.md §1.7): per element kind and part, only
/// what the protocol asks a platform to keep, at the case's tier; and the ways a platform
/// declares it differs (top-level dialogs, the history in the engine).
@Suite("Kept parts")
struct KeptPartsTests {
  /// A state with an element of `kind` (id 4) under a linear layout (3) in a frame view (2) of
  /// application 1, made by the model from the CREATE that makes that kind.
  static func state(with kind: ElementKind) -> UIState {
    var model = ReferenceModel()
    var commands = [Command(.createApplication, childInternalId: 1), Command(.createFrameView, internalId: 1, childInternalId: 2),
                    Command(.createLinearLayout, internalId: 2, childInternalId: 3, value: 1)]
    if kind != .application, let type = CommandType.allCases.first(where: { $0.rawValue < 73 && ElementKind(creating: $0) == kind }) {
      commands.append(Command(type, internalId: 3, childInternalId: 4))
    }
    model.apply(TraceRecord(time: 0, .batch(commands)), index: 0)
    return model.state
  }

  /// Whether `a` and `b` differ once both are judged at `level`.
  static func differ(_ a: UIState, _ b: UIState, at level: KeptParts.Keeping, topLevel: Set<ElementKind> = [], historyInEngine: Bool = false, errorTextReported: Bool = true) -> Bool {
    func judged(_ state: UIState) -> UIState { state.judged(at: level, topLevel: topLevel, historyInEngine: historyInEngine, errorTextReported: errorTextReported) }
    return !StateDiff(from: judged(a), to: judged(b)).isEmpty
  }

  /// A switch or checkbox keeps on or off (PROTOCOL.md §1.3), whatever number set it: found by a
  /// newcomer's fuzz campaign (SET_INT_VALUE 2147483647 on a checkbox, the widget showing 1).
  @Test(arguments: [ElementKind.switch, .checkbox])
  func anOnOffWidgetsValueIsJudgedAsOnOrOff(kind: ElementKind) {
    var raw = Self.state(with: kind)
    _ = raw.elements.update(4) { $0.value = 2_147_483_647 }
    var on = raw
    _ = on.elements.update(4) { $0.value = 1 }
    var negative = raw
    _ = negative.elements.update(4) { $0.value = -2_147_483_648 }
    let off = Self.state(with: kind)
    for level in [KeptParts.Keeping.required, .recommended] {
      #expect(!Self.differ(raw, on, at: level) && !Self.differ(negative, on, at: level), "\(kind) at \(level)")
      #expect(Self.differ(raw, off, at: level), "\(kind) at \(level): on is not off")
    }
    #expect(Self.differ(raw, on, at: .notJudged), "\(kind): the number is Informational")
    // Other kinds keep their number: a picker's index 7 is not 1.
    var picker = Self.state(with: .picker)
    _ = picker.elements.update(4) { $0.value = 7 }
    var first = picker
    _ = first.elements.update(4) { $0.value = 1 }
    #expect(Self.differ(picker, first, at: .required))
  }

  @Test func everyKindIsInExactlyOneRow() {
    let listed = KeptParts.table.flatMap(\.kinds)
    #expect(listed.count == Set(listed).count, "a kind in two rows")
    #expect(Set(listed) == Set(ElementKind.allCases))
    #expect(KeptParts.table.allSatisfy { $0.required.isDisjoint(with: $0.recommended) && !$0.why.isEmpty })
  }

  /// docs/CONFORMANCE.md §1.7 prints the table: each row's kinds, Required and Recommended parts.
  @Test func theDocumentedTableIsTheCode() throws {
    let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/CONFORMANCE.md"), encoding: .utf8)
    for row in KeptParts.table where row.kinds != [.custom] {
      func names(_ parts: Set<KeptParts.Part>) -> String { KeptParts.Part.allCases.filter(parts.contains).map(\.rawValue).joined(separator: ", ") }
      let line = "| \(row.kinds.map(\.rawValue).joined(separator: ", ")) | \(names(row.required)) | \(names(row.recommended)) |".replacingOccurrences(of: "|  |", with: "| |")
      #expect(text.contains(line.replacingOccurrences(of: "|  |", with: "| |")), "docs/CONFORMANCE.md §1.7 lacks \(line)")
    }
  }

  /// The property: for every kind, part and tier, a platform that differs from the model in that
  /// part (many generated values, hostile ones among them) fails exactly when the part's keeping
  /// reaches the tier's level: a part the protocol does not ask of the kind never fails a case,
  /// and one it does always does.
  @Test func aPartDiffersExactlyWhereItIsJudged() {
    var generator = SystemRandomNumberGenerator()
    let texts = ["", "Label", " ", "\u{0}", "🙂 שלום \u{202E}", String(repeating: "x", count: 300)]
    for kind in ElementKind.allCases where kind != .custom {
      let id: Int32 = kind == .application ? 1 : 4
      for part in KeptParts.Part.allCases {
        // An error's message can differ only where there is an error.
        var expected = Self.state(with: kind)
        if part == .errorText { _ = expected.elements.update(id) { $0.error = "message" } }
        for _ in 0..<12 {
          var actual = expected
          let text = texts.randomElement(using: &generator)! + String(Int.random(in: 0...999, using: &generator))
          let number = Int32.random(in: Int32.min...Int32.max, using: &generator) | 1
          _ = actual.elements.update(id) { element in
            switch part {
            case .text: element.text = text
            case .secondaryText: element.secondaryText = text
            case .links: element.links = [text]
            case .value: element.value = element.value &+ number
            case .count: element.count = element.count &+ number
            case .modalResult: element.modalResult = number
            case .stopped: element.isStopped.toggle()
            case .flags: element.flags ^= UInt32(bitPattern: number)
            case .options: element.options = [Element.Option(id: number, label: text)]
            case .error: element.error = text
            case .errorText: element.error = "message " + text
            }
          }
          for level in [KeptParts.Keeping.required, .recommended, .notJudged] {
            let judged = KeptParts.keeping(part, of: kind) >= level
            #expect(Self.differ(expected, actual, at: level) == judged, "\(kind) \(part) at \(level): \(judged ? "must" : "must not") differ")
          }
        }
      }
    }
  }

  /// The issue's causes, each judged both ways.
  @Test func creationTextsOnlyWhereAKindShowsThem() {
    let view = Self.state(with: .frameView)
    var labelled = view
    _ = labelled.elements.update(4) { $0.text = "Label" }
    #expect(!Self.differ(labelled, view, at: .required), "~ frameView 4 · text: \"Label\" → \"\" is no failure")
    #expect(Self.differ(labelled, view, at: .notJudged), "an Informational case still sees it")
    let field = Self.state(with: .textField)
    var initial = field
    _ = initial.elements.update(4) { $0.text = "initial" }
    #expect(Self.differ(initial, field, at: .required), "a text field that drops its initial text fails")
  }

  /// Parts a real platform legitimately does not keep (docs/CONFORMANCE.md §1.7, "What real
  /// platforms keep"): never Required, so a GTK- or Android-shaped platform that drops them passes
  /// every Required case; and the gaps the same platforms have stay Required.
  @Test func partsRealPlatformsDoNotKeepAreNotRequired() {
    let notKept: [(ElementKind, KeptParts.Part, String)] = [
      (.textField, .flags, "GTK's entry reads no flags"), (.textView, .flags, "GTK's and Android's text views read no flags"),
      (.actionSheet, .text, "Android's popup menu has no title"), (.actionBar, .text, "GTK titles its header bar itself, Android shows none"),
      (.progressSpinner, .stopped, "Android's spinner has no stop"), (.switch, .text, "GTK's switch has no labels"),
      (.tableLayout, .count, "Android's table ignores v at HEAD"), (.application, .text, "GTK titles its window itself"),
    ]
    for (kind, part, why) in notKept {
      #expect(KeptParts.keeping(part, of: kind) < .required, "\(kind) \(part): \(why)")
      let expected = Self.state(with: kind)
      var dropped = expected
      let id: Int32 = kind == .application ? 1 : 4
      _ = dropped.elements.update(id) { element in
        switch part {
        case .text: element.text = "shown"
        case .flags: element.flags = 16
        case .stopped: element.isStopped = true
        case .count: element.count = 3
        default: break
        }
      }
      #expect(!Self.differ(expected, dropped, at: .required), "\(kind) \(part) fails a Required case: \(why)")
    }
    let gaps: [(ElementKind, KeptParts.Part)] = [(.textField, .text), (.switch, .value), (.dialog, .text), (.picker, .options), (.actionBar, .options)]
    for (kind, part) in gaps { #expect(KeptParts.keeping(part, of: kind) == .required, "\(kind) \(part)") }
  }

  @Test func unknownStyleKeysAreNotJudgedVerbatim() {
    let plain = Self.state(with: .text)
    var styled = plain
    _ = styled.elements.update(4) { $0.styles.set("?custom", to: " spaced ", for: .normal) }
    #expect(!Self.differ(styled, plain, at: .recommended))
    #expect(Self.differ(styled, plain, at: .notJudged))
    var known = plain
    _ = known.elements.update(4) { $0.styles.set("color", to: "red", for: .normal) }
    #expect(Self.differ(known, plain, at: .required), "a known key is Required")
  }

  /// SET_ERROR is shown on text inputs (PROTOCOL.md §3 52): Required there, Recommended on
  /// every other kind (docs/CONFORMANCE.md §1.7).
  @Test func errorsRequiredOnTextInputsRecommendedElsewhere() {
    for kind in ElementKind.allCases where kind != .custom {
      let expected = Self.state(with: kind)
      var failed = expected
      _ = failed.elements.update(kind == .application ? 1 : 4) { $0.error = "Required" }
      let required = kind == .textField || kind == .textView
      #expect(KeptParts.keeping(.error, of: kind) == (required ? .required : .recommended), "\(kind)")
      #expect(Self.differ(expected, failed, at: .required) == required, "\(kind) at Required")
      #expect(Self.differ(expected, failed, at: .recommended), "\(kind) at Recommended")
    }
  }

  /// A platform that keeps only whether there is an error (GTK) declares `errortext=none`: the
  /// message is then judged in Informational cases alone, the error itself as before.
  @Test func errorTextWhenThePlatformCannotReportIt() throws {
    var expected = Self.state(with: .textField)
    _ = expected.elements.update(4) { $0.error = "Required" }
    var flagged = expected
    _ = flagged.elements.update(4) { $0.error = "" }
    var none = expected
    _ = none.elements.update(4) { $0.error = nil }
    #expect(Self.differ(expected, flagged, at: .required), "the message is Required by default")
    for level in [KeptParts.Keeping.required, .recommended] {
      #expect(!Self.differ(expected, flagged, at: level, errorTextReported: false), "\(level): errortext=none")
      #expect(Self.differ(expected, none, at: level, errorTextReported: false), "\(level): the error itself is judged")
    }
    #expect(Self.differ(expected, flagged, at: .notJudged, errorTextReported: false), "an Informational case still sees the message")
    // The hello declares it, and judges with it.
    let gtk = try TesteeHello(parsing: "protocol=1 reports=tree,errors errortext=none")
    #expect(!gtk.errorTextReported && gtk.detail.hasSuffix(" errortext=none"))
    #expect(gtk.judged(expected, in: .required) == gtk.judged(flagged, in: .required))
    #expect(gtk.judged(expected, in: .required) != gtk.judged(none, in: .required))
    #expect(try TesteeHello(parsing: "protocol=1 errortext=kept").errorTextReported)
    #expect(throws: TesteeHello.Failure.self) { try TesteeHello(parsing: "protocol=1 errortext=some") }
  }

  /// Styles are judged as stored, verbatim (docs/CONFORMANCE.md §1.7): a platform that reports
  /// what it applied ("red" as "#ff0000", "no-wrap" as "nowrap") differs; one that cannot report
  /// styles as stored leaves `styles` out of `reports=`, and its style cases are skipped.
  @Test func stylesAreJudgedAsStored() throws {
    var expected = Self.state(with: .text)
    _ = expected.elements.update(4) {
      $0.styles.set("color", to: "red", for: .normal)
      $0.styles.set("white-space", to: "no-wrap", for: .normal)
    }
    var applied = expected
    _ = applied.elements.update(4) {
      $0.styles.set("color", to: "#ff0000", for: .normal)
      $0.styles.set("white-space", to: "nowrap", for: .normal)
    }
    let verbatim = try TesteeHello(parsing: "protocol=1 reports=tree,text,styles")
    #expect(verbatim.judged(expected, in: .required) != verbatim.judged(applied, in: .required), "a style as applied is not the style as stored")
    #expect(verbatim.judged(expected, in: .required) == verbatim.judged(expected, in: .required))
    let unreported = try TesteeHello(parsing: "protocol=1 reports=tree,text")
    #expect(unreported.judged(expected, in: .required) == unreported.judged(applied, in: .required))
    let styleCases = ConformanceSuite.standard.cases.filter { $0.about.contains(.styles) && $0.needsEvents.isEmpty }
    #expect(!styleCases.isEmpty)
    for testCase in styleCases {
      #expect(CaseRunner.skipReason(testCase, unreported)?.contains("does not report") == true, "\(testCase.name)")
    }
  }

  @Test func topLevelDialogsAndActionBarsWhenDeclared() {
    for kind in KeptParts.topLevelKinds {
      let expected = Self.state(with: kind)
      var window = expected
      _ = window.elements.update(4) { $0.parent = nil }
      _ = window.elements.update(3) { $0.children = [] }
      #expect(window.detached == [4])
      #expect(Self.differ(expected, window, at: .required), "\(kind): undeclared, a top-level \(kind) is not where the CREATE put it")
      #expect(!Self.differ(expected, window, at: .required, topLevel: [kind]), "\(kind): declared, it is")
      // Declared or not, a platform that did not make it at all still fails.
      var none = expected
      _ = none.elements.remove(4) { _ in () }
      _ = none.elements.update(3) { $0.children = [] }
      #expect(Self.differ(expected, none, at: .required, topLevel: [kind]))
    }
  }

  @Test func historyInTheEngineWhenDeclared() {
    let expected = Self.state(with: .frameView)
    var pushed = expected
    pushed.history = [2]
    #expect(Self.differ(pushed, expected, at: .required))
    #expect(!Self.differ(pushed, expected, at: .required, historyInEngine: true))
    var elsewhere = expected
    elsewhere.activeView = 4
    #expect(Self.differ(expected, elsewhere, at: .required, historyInEngine: true), "the active view is judged all the same")
  }
}
