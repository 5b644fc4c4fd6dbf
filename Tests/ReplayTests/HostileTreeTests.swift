import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayWireframe
import Testing

/// Issue #23: trees of any shape are walked without recursion and printed in bytes linear in the
/// elements (model, tree printer, snapshot, diff, layout). Shapes are generated: chains deeper
/// than the call stack goes, a million-wide fan, and random mixes of both.
@Suite("Hostile tree shapes")
struct HostileTreeTests {
  /// A state of `levels` nested linear layouts under the view, the deepest holding `width` texts.
  static func state(levels: Int, width: Int, text: String = "x") -> UIState {
    var commands: [Command] = [
      Command(.createApplication, childInternalId: 1, textValue: "A"),
      Command(.createFrameView, internalId: 1, childInternalId: 2),
    ]
    for level in 0..<levels {
      commands.append(Command(.createLinearLayout, internalId: Int32(level + 2), childInternalId: Int32(level + 3), value: 1))
    }
    let parent = Int32(levels + 2)
    for index in 0..<width {
      commands.append(Command(.createText, internalId: parent, childInternalId: parent + 1 + Int32(index), textValue: text))
    }
    var model = ReferenceModel(header: TraceHeader(viewport: Viewport(width: 375, height: 667)))
    model.applyBatch(commands, at: 0, index: 0)
    return model.state
  }

  @Test("A chain of 100,000 nested layouts: tree, snapshot and path are made without recursion, in linear bytes")
  func deepChain() {
    let levels = 100_000
    let state = Self.state(levels: levels, width: 1)
    let tree = StateTreeRenderer.render(state)
    #expect(tree.split(separator: "\n").count == levels + 3)
    #expect(tree.utf8.count < 120 * levels, "\(tree.utf8.count) bytes")
    #expect(tree.contains("(depth \(levels)) "))
    let snapshot = StateSnapshotWriter.snapshot(of: state)
    #expect(snapshot.count < 120 * levels)
    // The deepest path names a bounded number of steps and how many it leaves out.
    let path = state.path(of: Int32(levels + 3))
    #expect(path.split(separator: "›").count == UIState.maximumPathSteps)
    #expect(path.contains("… \(levels + 2 - UIState.pathHeadSteps - UIState.pathTailSteps) more"), "\(path)")
  }

  /// The printer's cost for n elements is O(n) whatever the shape: random depths and widths,
  /// each printed at fewer than 120 bytes an element (a deep line is capped at
  /// ``StateTreeRenderer/maximumIndentDepth`` levels of indentation and its depth).
  @Test("Random shapes print linear bytes, indentation capped", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func randomShapes(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let levels = Int(generator.next() % 3_000)
    let width = Int(generator.next() % 3_000)
    let state = Self.state(levels: levels, width: width)
    let tree = StateTreeRenderer.render(state)
    let elements = levels + width + 1
    #expect(tree.utf8.count < 120 * elements + 200, "levels \(levels) width \(width): \(tree.utf8.count) bytes")
    for line in tree.split(separator: "\n") {
      #expect(line.prefix { $0 == " " }.count <= 2 * StateTreeRenderer.maximumIndentDepth + 2)
    }
  }

  @Test("A diff between two deep chains, a change on every level, is linear: each path is bounded")
  func diffOfDeepChains() {
    let levels = 20_000
    let a = Self.state(levels: levels, width: 0)
    var model = ReferenceModel(header: TraceHeader())
    var commands: [Command] = [Command(.createApplication, childInternalId: 1, textValue: "A"), Command(.createFrameView, internalId: 1, childInternalId: 2)]
    for level in 0..<levels {
      commands.append(Command(.createLinearLayout, internalId: Int32(level + 2), childInternalId: Int32(level + 3), value: 1))
      commands.append(Command(.setStyle, internalId: Int32(level + 3), textValue: "padding", textValue2: "4"))
    }
    model.applyBatch(commands, at: 0, index: 0)
    let diff = StateDiff(from: a, to: model.state)
    #expect(diff.changes.count >= levels)
    let text = diff.renderText()
    #expect(text.utf8.count < 1_500 * levels, "\(text.utf8.count) bytes")
    // In tree order: the shallowest change first.
    #expect(diff.changes.first?.element == 3)
    #expect(diff.changes.last?.element == Int32(levels + 2))
  }

  @Test("A million siblings: the wireframe lays out a screenful and draws a bounded SVG")
  func millionSiblings() {
    let state = Self.state(levels: 1, width: 1_000_000)
    let svg = WireframeSVG.render(state, viewport: WireframeSize(width: 375, height: 667))
    #expect(svg.utf8.count < 64_000, "\(svg.utf8.count) bytes")
    #expect(svg.contains("data-id=\"4\""))
    #expect(!svg.contains("data-id=\"1000003\""))
    // A screenful is laid out, not the element budget: the SVG clips what is off screen, so
    // only the boxes show that the layout stopped at the viewport (a text is about 20 high).
    let boxes = WireframeLayout.layout(state, viewport: WireframeSize(width: 375, height: 667)).boxes
    #expect(boxes.count < 200, "\(boxes.count) boxes laid out")
  }

  @Test("A scrolled list lays out what its offset brings into view, not the whole list")
  func scrolledList() {
    var commands: [Command] = [
      Command(.createApplication, childInternalId: 1, textValue: "A"),
      Command(.createFrameView, internalId: 1, childInternalId: 2),
      Command(.createScrollLayout, internalId: 2, childInternalId: 3),
      Command(.createLinearLayout, internalId: 3, childInternalId: 4, value: 1),
    ]
    for index in 0..<100_000 { commands.append(Command(.createText, internalId: 4, childInternalId: Int32(index + 5), textValue: "row \(index)")) }
    var model = ReferenceModel(header: TraceHeader())
    model.applyBatch(commands, at: 0, index: 0)
    let plain = WireframeSVG.render(model.state, viewport: WireframeSize(width: 375, height: 667))
    #expect(plain.contains("data-id=\"5\"") && !plain.contains("data-id=\"2005\""))
    let boxes = WireframeLayout.layout(model.state, viewport: WireframeSize(width: 375, height: 667)).boxes
    #expect(boxes.count < 200, "\(boxes.count) boxes laid out")
  }
}
