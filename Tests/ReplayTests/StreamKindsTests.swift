import CommandCodec
import ReplayCore
import ReplayFuzz
import Testing

/// Streams for a platform that lacks element kinds (issue #24: 79% of the runs against GTK were
/// skipped, their first screen creating a kind GTK has no widget for), and the rare cases every
/// short campaign must hold.
@Suite("Generated streams: kinds left out, rare cases")
struct StreamKindsTests {
  /// Kinds a GTK-like platform has no widget for (fourteen, as the GTK platform layer lacks).
  static let gtkLacks: Set<ElementKind> = [
    .openGLView, .gridView, .flipperLayout, .autoColumnLayout, .pager, .radioGroup, .separator, .slider,
    .actionBar, .searchBar, .navigationBar, .navigationBarItem, .pageControl, .segmentedControl,
  ]

  /// The kinds the stream's commands create.
  private static func created(_ records: [TraceRecord]) -> Set<ElementKind> {
    var kinds: Set<ElementKind> = []
    for record in records {
      if case .batch(let commands) = record.body { kinds.formUnion(commands.compactMap { ElementKind(creating: $0.type) }) }
    }
    return kinds
  }

  @Test("Excluded kinds are never created, the streams stay valid, with and without violations", arguments: [0.0, 10.0])
  func excludedKinds(violations: Double) {
    // Down to a platform without any layout but the frame layout, and without dialogs.
    let excluded: [Set<ElementKind>] = [Self.gtkLacks, Self.gtkLacks.union([.linearLayout, .dialog, .alertDialog, .navigationView]), Set(ElementKind.allCases).subtracting([.text, .button])]
    for (index, kinds) in excluded.enumerated() {
      for seed in UInt64(1)...6 {
        var configuration = StreamGenerator.Configuration()
        configuration.excludedKinds = kinds
        configuration.violationPercent = violations
        let (header, records) = StreamGenerator.records(seed: seed &+ UInt64(index) &* 100, commands: 1500, configuration: configuration)
        let made = Self.created(records)
        #expect(made.isDisjoint(with: kinds.subtracting([.application, .frameView])), "seed \(seed): \(made.intersection(kinds))")
        #expect(made.count > 2, "seed \(seed): only \(made)")
        #expect(StreamOracle.check(records, header: header).isEmpty, "seed \(seed), kinds \(index)")
      }
    }
  }

  @Test("Without exclusions every content kind is created")
  func everyKindOtherwise() {
    var made: Set<ElementKind> = []
    for seed in UInt64(1)...4 { made.formUnion(Self.created(StreamGenerator.records(seed: seed, commands: 3000).records)) }
    #expect(made.isSuperset(of: Self.gtkLacks), "\(Self.gtkLacks.subtracting(made))")
  }

  @Test("The first 24 runs of a campaign send every command type and edge value but the two no engine sends")
  func rareCasesInAShortCampaign() {
    for campaign in UInt64(0)..<5 {
      var sent = StreamCoverage()
      for run in 0..<24 {
        var configuration = StreamGenerator.Configuration()
        configuration.rareOffset = run
        let records = StreamGenerator.records(seed: SplitMix64.mixed(campaign, run), commands: 300, configuration: configuration).records
        for record in records {
          if case .batch(let commands) = record.body { sent.add(commands) }
        }
      }
      #expect(sent.neverSent == ["SET_INT_DATA", "SET_SHAPE"], "campaign \(campaign)")
    }
  }

  @Test("Coverage names what never appeared")
  func coverageNamesTheMissing() {
    var sent = StreamCoverage()
    sent.add([Command(.setError, internalId: 3, value: 1, textValue: "")])
    #expect(sent.edges == [.emptyError])
    #expect(sent.neverSent.contains("SET_TEXT_VALUE with an empty text"))
    #expect(!sent.neverSent.contains("SET_ERROR with an empty text"))
    #expect(sent.neverSent.contains("SET_ERROR") == false)
    #expect(sent.neverSent.contains("CREATE_BUTTON"))
    #expect(!sent.neverSent(leavingOut: [.button]).contains("CREATE_BUTTON"))
    #expect(sent.neverSent(leavingOut: [.button]).contains("SET_TEXT_VALUE with an empty text"))
    #expect(sent.neverSent.contains("selector ACTIVE"))
  }
}
