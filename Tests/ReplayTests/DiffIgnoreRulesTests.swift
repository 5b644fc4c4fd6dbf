import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

@Suite("Diff ignore rules")
struct DiffIgnoreRulesTests {
  static let path = "frameView 8 › linearLayout 9 › text 10 · text"

  @Test("A pattern matches the whole path: `*` for any run of characters, across separators", arguments: [
    ("frameView 8 › linearLayout 9 › text 10 · text", true),
    ("*", true),
    ("* · text", true),
    ("*text 10 · text", true),
    ("frameView 8*", true),
    ("* › text 10 · *", true),
    ("*linearLayout*text*", true),
    ("**", true),
    ("frameView*text", true),
    // `*` crosses ` › ` and ` · `: one star spans several levels.
    ("frameView 8 › * · text", true),
    ("frameView 8*10 · text", true),
    // Anchored at both ends.
    ("text 10 · text", false),
    ("frameView 8", false),
    ("frameView 8 › linearLayout 9 › text 10", false),
    ("frameView 8 › linearLayout 9 › text 10 · tex", false),
    ("rameView 8*", false),
    ("*text 1", false),
    ("* · secondaryText", false),
    // Case matters.
    ("* · Text", false),
    ("*TEXT 10 · text", false),
  ])
  func star(_ pattern: String, _ expected: Bool) {
    #expect(DiffIgnoreRules([pattern]).ignores(Self.path) == expected)
  }

  @Test("`?` matches exactly one character, including the separators", arguments: [
    ("frameView ? › linearLayout ? › text ?? · text", true),
    ("frameView 8 › linearLayout 9 › text 1? · text", true),
    ("frameView 8 › linearLayout 9 › text ? · text", false),
    ("frameView 8 › linearLayout 9 › text ??? · text", false),
    ("*text 10 ? text", true),
    ("frameView 8 ? linearLayout 9 ? text 10 ? text", true),
    ("*?", true),
    ("?*", true),
    ("*10?", false),
  ])
  func question(_ pattern: String, _ expected: Bool) {
    #expect(DiffIgnoreRules([pattern]).ignores(Self.path) == expected)
  }

  @Test("Star backtracking finds a later match")
  func backtracking() {
    #expect(DiffIgnoreRules(["*a*ab"]).ignores("aaab"))
    #expect(DiffIgnoreRules(["*ab*ab"]).ignores("abxabab"))
    #expect(!DiffIgnoreRules(["*ab*abc"]).ignores("abxabab"))
    #expect(DiffIgnoreRules(["a*b*c"]).ignores("abbbc"))
    #expect(!DiffIgnoreRules(["a*b*c"]).ignores("abbbcd"))
    // A long path and a pattern of many stars stay fast (linear in practice).
    let long = String(repeating: "linearLayout 9 › ", count: 2_000) + "text 10 · text"
    #expect(DiffIgnoreRules(["*linearLayout*linearLayout*text 10 · text"]).ignores(long))
    #expect(!DiffIgnoreRules(["*linearLayout*linearLayout*text 11 · text"]).ignores(long))
  }

  @Test("Empty patterns are dropped; an empty path matches only a star")
  func empties() {
    #expect(DiffIgnoreRules(["", ""]).isEmpty)
    #expect(DiffIgnoreRules(["", "*"]).patterns == ["*"])
    var rules = DiffIgnoreRules()
    rules.add("")
    #expect(rules.isEmpty)
    rules.add("timers*")
    #expect(rules.patterns == ["timers*"])
    #expect(!DiffIgnoreRules().ignores(Self.path))
    #expect(DiffIgnoreRules(["*"]).ignores(""))
    #expect(!DiffIgnoreRules(["?"]).ignores(""))
  }

  @Test("Any one of several patterns ignores a path")
  func several() {
    let rules = DiffIgnoreRules(["timers*", "* · styles.*.font-size", "toasts › toast ?"])
    #expect(rules.ignores("timers › timer 50 · fired"))
    #expect(rules.ignores("frameView 2 › text 4 · styles.NORMAL.font-size"))
    #expect(rules.ignores("frameView 2 › text 4 · styles.ACTIVE.font-size"))
    #expect(!rules.ignores("frameView 2 › text 4 · styles.ACTIVE.font-weight"))
    #expect(rules.ignores("toasts › toast 1"))
    #expect(!rules.ignores("toasts › toast 12"))
    #expect(!rules.ignores("toasts › toast 1 · text"))
  }

  @Test("A file has one pattern per line; blank lines and # comments are skipped, spaces trimmed")
  func fileSyntax() {
    let text = """
      # Labels that show the clock
      * › text 42 · text

         # an indented comment
      \t* · styles.*.font-size\t
      timers*   \r
      toasts › toast 1 #not a comment

      """
    let rules = DiffIgnoreRules(fileText: text)
    #expect(rules.patterns == ["* › text 42 · text", "* · styles.*.font-size", "timers*", "toasts › toast 1 #not a comment"])
    #expect(DiffIgnoreRules(fileText: "").isEmpty)
    #expect(DiffIgnoreRules(fileText: "\n\n# only comments\n   \n").isEmpty)
    #expect(DiffIgnoreRules(fileText: "a\r\nb\r\n").patterns == ["a", "b"])
    #expect(DiffIgnoreRules(fileText: "no newline at the end").patterns == ["no newline at the end"])
  }

  // MARK: - Applied to diffs

  static let base = batch(
    c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"12:00""#),
    c("SET_STYLE", #""internalId":4,"textValue":"font-size","textValue2":"12""#),
    c("CREATE_BUTTON", #""internalId":3,"childInternalId":5,"textValue":"OK""#))
  static let changed = batch(
    c("SET_TEXT_VALUE", #""internalId":4,"textValue":"12:01""#),
    c("SET_STYLE", #""internalId":4,"textValue":"font-size","textValue2":"14""#),
    c("SET_TEXT_VALUE", #""internalId":5,"textValue":"Done""#),
    c("CREATE_TOAST", #""internalId":5,"textValue":"Saved""#))

  @Test("Ignored changes are left out and counted")
  func counted() {
    let a = screenModel(Self.base)
    let b = screenModel(Self.base, Self.changed)
    let all = StateDiff(from: a.state, to: b.state)
    #expect(all.changes.count == 4)
    #expect(all.ignoredCount == 0)

    let diff = StateDiff(from: a.state, to: b.state, ignoring: DiffIgnoreRules(["* › text 4 · text", "* · styles.*.font-size"]))
    #expect(diff.changes.map(\.path) == ["toasts › toast 1", "frameView 2 › linearLayout 3 › button 5 · text"])
    #expect(diff.ignoredCount == 2)
    DiffGolden.check(diff.renderText(), "ignore-counted.txt")

    let none = StateDiff(from: a.state, to: b.state, ignoring: DiffIgnoreRules(["*"]))
    #expect(none.isEmpty)
    #expect(none.ignoredCount == 4)
    // Nothing is printed when everything is ignored.
    #expect(none.renderText() == "")
  }

  @Test("Rules see the path as printed, property included, for moves too")
  func pathsAsPrinted() {
    let siblings = StateDiffTests.siblings
    let a = screenModel(siblings)
    let b = screenModel(siblings, StateDiffTests.reorder(7, to: 0), c("SET_TEXT_VALUE", #""internalId":4,"textValue":"a""#))
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.renderText() == """
      ~ frameView 2 › linearLayout 3 › button 4 · text: "A" → "a"
      ↕ frameView 2 › linearLayout 3 › button 7 · index: 3 → 0
      2 differences (1 changed, 1 moved)

      """)
    for line in diff.renderText().split(separator: "\n").dropLast() {
      // The path printed is the path a rule matches.
      let printed = String(line.dropFirst(2).prefix { $0 != ":" })
      #expect(diff.changes.contains { $0.path == printed }, "\(printed)")
    }
    let ignored = StateDiff(from: a.state, to: b.state, ignoring: DiffIgnoreRules(["* · index"]))
    #expect(ignored.changes.map(\.property) == ["text"])
    #expect(ignored.ignoredCount == 1)
  }

  @Test("An ignored subtree root leaves its subtree out, and counts once")
  func ignoredSubtree() {
    let a = screenModel()
    let b = screenModel(StateDiffTests.subtree)
    let diff = StateDiff(from: a.state, to: b.state, ignoring: DiffIgnoreRules(["*linearLayout 4"]))
    #expect(diff.isEmpty)
    #expect(diff.ignoredCount == 1)
  }

  @Test("Rules apply to the first divergence, the end and the events alike")
  func inComparisons() throws {
    let comparison = try compareBundled("login.jsonl", "login-changed.jsonl", ignoring: ["*button 7 · text"])
    // The button label is ignored: the toast's text is the first difference.
    let divergence = try #require(comparison.divergence)
    #expect(divergence.recordA == 23)
    #expect(divergence.diff.changes.map(\.path) == ["toasts › toast 1 · text"])
    #expect(divergence.diff.ignoredCount == 1)
    #expect(comparison.final.isEmpty)
    #expect(comparison.final.ignoredCount == 1)
    #expect(!comparison.events.isEmpty)

    let quiet = try compareBundled("login.jsonl", "login-changed.jsonl", ignoring: ["*button 7 · text", "toasts*", "events › toast ? expired"])
    #expect(quiet.isEqual)
    #expect(quiet.divergence == nil)
    #expect(quiet.events.isEmpty)
  }

  // MARK: - Patterns that match nothing

  @Test("Each diff knows which patterns left something out: states, events, the whole run")
  func matchedPatterns() throws {
    let a = screenModel(Self.base)
    let b = screenModel(Self.base, Self.changed)
    let rules = DiffIgnoreRules(["* › text 4 · text", "* · styles.*.font-size", "* · txt", "*"])
    // Every pattern that matches a left-out change is credited, not only the first.
    #expect(StateDiff(from: a.state, to: b.state, ignoring: rules).matchedPatterns == [0, 1, 3])
    #expect(rules.matchingPatterns("frameView 2 › linearLayout 3 › text 4 · text") == [0, 3])

    let comparison = try compareBundled("login.jsonl", "login-changed.jsonl", ignoring: ["events › toast ? expired", "timers*", "toasts*"])
    #expect(comparison.matchedPatterns == [0, 2])
  }

  @Test("After the divergence, steps still tell which patterns match: a toast that differs only mid-run")
  func matchedAfterTheDivergence() throws {
    // The button's label diverges at record #1 (not ignored); the toast's text differs later,
    // while it is shown, and is gone at the end.
    let comparison = try compareBundled("login.jsonl", "login-changed.jsonl", ignoring: ["toasts*"])
    #expect(comparison.divergence?.recordA == 1)
    #expect(comparison.final.matchedPatterns.isEmpty)
    #expect(comparison.matchedPatterns == [0])
  }

  @Test("Warnings name the patterns no report used, with the closest difference")
  func warnings() throws {
    let reports = try ["* · txt", "*button 7 · txet", "events*"].map { pattern in
      try DiffReport(DiffInput.open(Repository.trace("login.jsonl")), DiffInput.open(Repository.trace("login-changed.jsonl")), names: ("a", "b"), ignoring: DiffIgnoreRules([pattern]))
    }
    #expect(reports.map(\.unmatchedIgnorePatterns) == [["* · txt"], ["*button 7 · txet"], []])
    #expect(DiffReport.ignoreWarnings([reports[0]]) == ["the ignore pattern '* · txt' matched nothing in this comparison"])
    let report = try DiffReport(DiffInput.open(Repository.trace("login.jsonl")), DiffInput.open(Repository.trace("login-changed.jsonl")), names: ("a", "b"), ignoring: DiffIgnoreRules(["frameView 2 › linearLayout 3 › button 7 · txt"]))
    #expect(DiffReport.ignoreWarnings([report]) == ["the ignore pattern 'frameView 2 › linearLayout 3 › button 7 · txt' matched nothing in this comparison (did you mean 'frameView 2 › linearLayout 3 › button 7 · text'?)"])
    // Several reports: only a pattern none of them used.
    #expect(DiffReport.ignoreWarnings([reports[2], reports[2]], comparison: "any") == [])
    #expect(DiffReport.ignoreWarnings([]) == [])
  }
}
