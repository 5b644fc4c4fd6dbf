import Foundation
import Testing

// Examples/UIKitTestee (docs/CONFORMANCE.md §6.2): the UIKit sketch on the ConformanceTestee
// library builds here with its stand-in views, passes the Required cases of the kinds it has,
// and its README quotes only code that is in its sources.

extension Built {
  /// The UIKit sketch of the same build (Examples/UIKitTestee).
  static var uikitTestee: URL { engine.deletingLastPathComponent().appendingPathComponent("uikit-testee") }
}

@Suite struct UIKitTesteeTests {
  static let folder = CommandRunner.path("Examples/UIKitTestee")

  /// Cases about the kinds it has, their events, visibility, deletion and timers.
  static let cases = [
    "Required.Tree.CreateText.UnderLinearLayout", "Required.Tree.CreateButton.UnderLinearLayout", "Required.Tree.CreateSwitch.UnderLinearLayout",
    "Required.Tree.CreateTextfield.UnderLinearLayout", "Required.Events.Tap.Button", "Required.Events.Tap.SwitchToggles",
    "Required.Events.Tap.SwitchStartsFromItsValue", "Required.Events.Type.TextField", "Required.Visibility.HideAndShow",
    "Required.Tree.DeleteElement.RemovesTheSubtree", "Required.Tree.DeleteElement.UnknownIdIsSilent", "Required.Tree.Children.InCreationOrder",
    "Required.Views.FirstViewIsActive", "Required.Timer.TicksAtItsInterval", "Required.Timer.StopsWithItsOwner", "Required.Timer.TicksBeforeALaterAction",
  ]

  @Test func itPassesTheRequiredCasesOfTheKindsItHas() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = scratch.path("r.json")
    let run = try Subprocess.cmdtool(["conformance", "--report", report] + Self.cases.flatMap { ["--cases", $0] } + ["--", Built.uikitTestee.path], timeout: 300)
    #expect(run.status == 0, "\(run)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
    let verdicts = try #require(json["cases"] as? [[String: Any]]).map { "\($0["name"] ?? "?"): \($0["verdict"] ?? "?")" }
    #expect(verdicts.count >= Self.cases.count, "\(verdicts)")
    #expect(verdicts.allSatisfy { $0.hasSuffix(": pass") }, "\(verdicts)")
  }

  @Test func aKindItHasNoViewForIsSkipped() throws {
    let run = try Subprocess.cmdtool(["conformance", "--verbose", "--cases", "Required.Tree.CreatePicker", "--allow-empty", "--", Built.uikitTestee.path], timeout: 120)
    #expect(run.stdout.contains("no UIKit view for CREATE_PICKER"), "\(run)")
  }

  @Test func everyBlockOfTheReadmeIsInTheSources() throws {
    let readme = try String(contentsOfFile: Self.folder + "/README.md", encoding: .utf8)
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".swift") }
    let sources = try names.map { try String(contentsOfFile: Self.folder + "/" + $0, encoding: .utf8) }
    let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```\n")[0] + "\n" }
    #expect(blocks.count >= 5)
    for block in blocks {
      #expect(sources.contains { $0.contains(block) }, "Examples/UIKitTestee/README.md quotes code that is not in its sources:\n\(block)")
    }
    // Short enough to read in five minutes: the sketch, stand-ins aside.
    let lines = zip(names, sources).filter { $0.0 != "UIKitStandIns.swift" }.map { $0.1.split(separator: "\n", omittingEmptySubsequences: false).count }.reduce(0, +)
    #expect(lines < 250, "\(lines) lines")
  }
}
