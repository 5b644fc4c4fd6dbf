import CommandCodec
import Foundation
import ReplayFuzz
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

/// The model skips the layout after a record that changed only leaves keeping their boxes
/// (``WidgetFrameProbe/holds(_:changed:in:viewport:)``): the frames and `widget-size` notes are
/// exactly those of a layout after every record, and the layout is skipped where it can be.
@Suite("Custom widgets: frames without a layout after every record")
struct WidgetFrameSkipTests {
  /// The wireframe's probe counting its layouts.
  struct CountingProbe: WidgetLayoutProbe {
    let counter = Counter()
    func frames(in state: UIState, viewport: Viewport?) -> [Int32: WidgetFrame] { WidgetFrameProbe().frames(in: state, viewport: viewport) }
    func layout(_ state: UIState, viewport: Viewport?) -> (frames: [Int32: WidgetFrame], memo: (any WidgetLayoutMemo)?) {
      counter.add()
      return WidgetFrameProbe().layout(state, viewport: viewport)
    }
    func holds(_ memo: any WidgetLayoutMemo, changed: [Int32], in state: UIState, viewport: Viewport?) -> Bool {
      WidgetFrameProbe().holds(memo, changed: changed, in: state, viewport: viewport)
    }
  }

  /// The wireframe's layout after every record: what the skipping must agree with.
  struct EveryRecordProbe: WidgetLayoutProbe {
    func frames(in state: UIState, viewport: Viewport?) -> [Int32: WidgetFrame] { WidgetFrameProbe().frames(in: state, viewport: viewport) }
  }

  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
  }

  /// What the model logged of frames and sizes, record by record.
  static func frameLog(_ model: ReferenceModel) -> [String] {
    let frames = model.emissions.compactMap { emission -> String? in
      guard case .widget(let target, let hook) = emission.kind, case .frame = hook else { return nil }
      return "#\(emission.recordIndex ?? -1) \(target) \(hook)"
    }
    return frames + model.diagnostics.filter { $0.rule == .widgetSize }.map { "#\($0.recordIndex ) \($0.message)" }
  }

  static let label = #"{"type":"CREATE_TEXT","internalId":3,"childInternalId":8,"textValue":"12:00"}"#
  static let slider = #"{"type":"CREATE_RANGE_SLIDER","internalId":3,"childInternalId":9}"#

  static func sliderModel(_ probe: any WidgetLayoutProbe, _ lines: String...) -> ReferenceModel {
    widgetModel(WidgetFrameTests.slider, [label, slider] + lines, options: .init(layout: probe))
  }

  @Test("A label above a widget changing to a text of the same size lays nothing out; one that wraps moves the widget down, logged")
  func aLabelAboveAWidget() throws {
    let same = (0..<50).map { #"{"type":"SET_TEXT_VALUE","internalId":8,"textValue":"12:\#(10 + $0)"}"# }
    let wrapped = #"{"type":"SET_TEXT_VALUE","internalId":8,"textValue":"\#(String(repeating: "a long line ", count: 40))"}"#
    let probe = CountingProbe()
    let lines = same + [wrapped]
    let model = widgetModel(WidgetFrameTests.slider, [Self.label, Self.slider] + lines, options: .init(layout: probe))
    let always = widgetModel(WidgetFrameTests.slider, [Self.label, Self.slider] + lines, options: .init(layout: EveryRecordProbe()))
    expectClean(model)
    let log = Self.frameLog(model)
    #expect(log == Self.frameLog(always))
    #expect(log.count == 2, "\(log)")
    let first = try #require(log.first), last = try #require(log.last)
    #expect(first.hasPrefix("#3 9 frame 0,") && last.hasPrefix("#\(lines.count + 3) 9 frame 0,"), "\(log)")
    #expect(probe.counter.value <= 3, "one layout for the slider's creation, one for the wrapping text: \(probe.counter.value)")
  }

  @Test("Every kind of change that moves a widget is laid out: a style, visibility, a new sibling above it, a removal, a view switch, an error under a label")
  func changesThatMoveAWidget() {
    let lines = [
      #"{"type":"SET_STYLE","internalId":8,"textValue":"margin","textValue2":"20"}"#,
      #"{"type":"SET_STYLE","internalId":8,"textValue":"font-size","textValue2":"30"}"#,
      #"{"type":"SET_ERROR","internalId":8,"textValue":"wrong"}"#,
      #"{"type":"SET_ERROR","internalId":8,"textValue":""}"#,
      #"{"type":"SET_VISIBILITY","internalId":8,"value":0}"#,
      #"{"type":"SET_VISIBILITY","internalId":8,"value":1}"#,
      #"{"type":"CREATE_BUTTON","internalId":3,"childInternalId":7,"textValue":"Go"}"#,
      #"{"type":"REORDER_CHILD","internalId":3,"childInternalId":7,"value":0}"#,
      #"{"type":"SET_TEXT_VALUE","internalId":7,"textValue":"Go on, a much longer text that wraps onto the next line of the screen"}"#,
      #"{"type":"DELETE_ELEMENT","internalId":7}"#,
      #"{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":20}"#,
      #"{"type":"SET_INT_VALUE","internalId":1,"value":20}"#,
      #"{"type":"SET_INT_VALUE","internalId":1,"value":2}"#,
      #"{"type":"SET_STYLE","internalId":3,"textValue":"padding","textValue2":"30"}"#,
    ]
    let skipping = widgetModel(WidgetFrameTests.slider, [Self.label, Self.slider] + lines, options: .init(layout: WidgetFrameProbe()))
    let always = widgetModel(WidgetFrameTests.slider, [Self.label, Self.slider] + lines, options: .init(layout: EveryRecordProbe()))
    let log = Self.frameLog(skipping)
    #expect(log == Self.frameLog(always))
    #expect(log.count >= 8, "\(log)")
  }

  @Test("Changes to elements that cannot be drawn lay nothing out; showing them, switching the page, opening the drawer or a dialog does")
  func elementsOffTheScreen() {
    let setup = [
      Self.label,
      #"{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":22,"value":1}"#,
      #"{"type":"SET_VISIBILITY","internalId":22,"value":0}"#,
      #"{"type":"CREATE_TEXT","internalId":22,"childInternalId":23,"textValue":"hidden"}"#,
      #"{"type":"CREATE_PAGER","internalId":3,"childInternalId":30}"#,
      #"{"type":"CREATE_TEXT","internalId":30,"childInternalId":31,"textValue":"page one"}"#,
      #"{"type":"CREATE_TEXT","internalId":30,"childInternalId":32,"textValue":"page two"}"#,
      #"{"type":"SET_STYLE","internalId":30,"textValue":"height","textValue2":"wrap-content"}"#,
      #"{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":20}"#,
      #"{"type":"CREATE_TEXT","internalId":20,"childInternalId":21,"textValue":"elsewhere"}"#,
      #"{"type":"CREATE_NAVIGATIONVIEW","internalId":1,"childInternalId":40}"#,
      #"{"type":"CREATE_TEXT","internalId":40,"childInternalId":41,"textValue":"menu"}"#,
      #"{"type":"CREATE_DIALOG","internalId":3,"childInternalId":50,"textValue":"Sure?"}"#,
      #"{"type":"SET_VISIBILITY","internalId":50,"value":0}"#,
      #"{"type":"CREATE_RANGE_SLIDER","internalId":40,"childInternalId":42}"#,
      #"{"type":"CREATE_RANGE_SLIDER","internalId":50,"childInternalId":60}"#,
      Self.slider,
    ]
    let tall = String(repeating: "a tall text ", count: 60)
    let offScreen = [21, 23, 32, 41].map { #"{"type":"SET_TEXT_VALUE","internalId":\#($0),"textValue":"\#(tall)"}"# }
    let shown = [
      #"{"type":"SET_INT_VALUE","internalId":30,"value":1}"#,
      #"{"type":"SET_VISIBILITY","internalId":22,"value":1}"#,
      #"{"type":"SET_VISIBILITY","internalId":40,"value":1}"#,
      #"{"type":"SET_VISIBILITY","internalId":50,"value":1}"#,
      #"{"type":"SET_INT_VALUE","internalId":1,"value":20}"#,
      #"{"type":"SET_INT_VALUE","internalId":1,"value":2}"#,
    ]
    let probe = CountingProbe()
    let skipping = widgetModel(WidgetFrameTests.slider, setup + offScreen + shown, options: .init(layout: probe))
    let always = widgetModel(WidgetFrameTests.slider, setup + offScreen + shown, options: .init(layout: EveryRecordProbe()))
    let log = Self.frameLog(skipping)
    #expect(log == Self.frameLog(always))
    let first = setup.count + 2 + offScreen.count
    #expect(log.contains { $0.hasPrefix("#\(first) 9 frame") } && log.contains { $0.hasPrefix("#\(first + 1) 9 frame") }, "the page and the hidden layout move the slider: \(log)")
    #expect(log.contains { $0.hasPrefix("#\(first + 2) 42 frame") } && log.contains { $0.hasPrefix("#\(first + 3) 60 frame") }, "the drawer and the dialog shown lay out their sliders: \(log)")
    let setupProbe = CountingProbe(), offScreenProbe = CountingProbe()
    _ = widgetModel(WidgetFrameTests.slider, setup, options: .init(layout: setupProbe))
    _ = widgetModel(WidgetFrameTests.slider, setup + offScreen, options: .init(layout: offScreenProbe))
    #expect(offScreenProbe.counter.value == setupProbe.counter.value, "texts in another view, a hidden layout, a pager's other page and a closed drawer lay nothing out")
  }

  @Test("A record changing more elements than are noted is laid out whole, whatever the ones noted were")
  func manyChanges() {
    let second = #"{"type":"CREATE_TEXT","internalId":3,"childInternalId":10,"textValue":"12:00"}"#
    // Changes to label 8 that keep its size fill the notes; label 10's wrapping text comes after.
    let same = (0...ElementStore.changeLimit).map { #"{"type":"SET_TEXT_VALUE","internalId":8,"textValue":"12:\#(10 + $0 % 50)"}"# }
    let wrap = #"{"type":"SET_TEXT_VALUE","internalId":10,"textValue":"\#(String(repeating: "wrap ", count: 100))"}"#
    let lines = [Self.label, second, Self.slider, #"{"batch":[\#((same + [wrap]).joined(separator: ","))]}"#]
    let skipping = widgetModel(WidgetFrameTests.slider, lines, options: .init(layout: WidgetFrameProbe()))
    let always = widgetModel(WidgetFrameTests.slider, lines, options: .init(layout: EveryRecordProbe()))
    #expect(Self.frameLog(skipping) == Self.frameLog(always))
    #expect(Self.frameLog(skipping).contains { $0.hasPrefix("#5 9 frame") }, "\(Self.frameLog(skipping))")
  }

  @Test("Generated streams with custom widgets log the same frames and sizes as a layout after every record, and skip most layouts", arguments: [UInt64(1), 2, 3, 4, 5, 6])
  func generatedStreams(seed: UInt64) {
    var configuration = StreamGenerator.Configuration()
    configuration.widgets = WidgetModelTests.all
    configuration.violationPercent = 5
    configuration.oddValuePercent = 5
    configuration.violationRules = DiagnosticRule.everyRule
    let (header, records) = StreamGenerator.records(seed: seed, commands: 3000, configuration: configuration)
    let probe = CountingProbe()
    var skipping = ReferenceModel(header: header, options: .init(layout: probe), widgets: WidgetModelTests.all)
    var always = ReferenceModel(header: header, options: .init(layout: EveryRecordProbe()), widgets: WidgetModelTests.all)
    var laidOut = 0
    for (index, record) in records.enumerated() {
      skipping.apply(record, index: index)
      always.apply(record, index: index)
      if !always.customElements.isEmpty { laidOut += 1 }
    }
    let log = Self.frameLog(skipping)
    #expect(log == Self.frameLog(always), "first difference: \(zip(log, Self.frameLog(always)).first { $0 != $1 }.map { "\($0) vs \($1)" } ?? "in length")")
    #expect(log.count > 10, "the stream moves widgets: \(log.count)")
    #expect(probe.counter.value < laidOut, "\(probe.counter.value) layouts of \(laidOut) records with widgets")
  }
}
