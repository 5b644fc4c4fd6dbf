import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

// What `cmdtool record` hides before a record reaches the file (Sources/Replay/Recording/
// Redaction.swift): typed passwords by default, preference values and element texts by rule,
// each replaced by a stable stand-in.

/// One record from a JSON line.
private func record(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> TraceRecord {
  decode([line], sourceLocation: sourceLocation).records[0]
}

private func commands(_ record: TraceRecord) -> [Command] {
  if case .batch(let commands) = record.body { return commands }
  return []
}

private func typedText(_ record: TraceRecord) -> String? {
  if case .event(_, .value(let value)) = record.body { return value.text }
  return nil
}

/// Application 1, view 2, layout 3 holding: text field 4 (plain), text field 5 (password, flag 1),
/// text view 6 (password, flag 16), text field 7 (numeric, flag 32).
private let form = screenModel(
  #"{"batch":[{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":4},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":5,"flags":1},{"type":"CREATE_TEXTVIEW","internalId":3,"childInternalId":6,"flags":16},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":7,"flags":32}]}"#
).state

@Suite struct RedactionTests {
  // MARK: - Stand-ins

  @Test func standInsAreStableAndLookTheSame() {
    // The recordings in traces/ hold this stand-in: the hash must never change.
    #expect(Redaction.standIn(for: "hunter2") == "redacted-4db147a54908e973")
    #expect(Redaction.standIn(for: "hunter2") == Redaction.standIn(for: "hunter2"))
    #expect(Redaction.standIn(for: "hunter3") != Redaction.standIn(for: "hunter2"))
    for value in ["a", "hunter2", "pässwörd", String(repeating: "x", count: 1000)] {
      let standIn = Redaction.standIn(for: value)
      #expect(standIn.hasPrefix("redacted-") && standIn.utf8.count == 25)
      #expect(Redaction.isStandIn(standIn))
      #expect(!standIn.contains(value) || value.count == 1)
    }
  }

  @Test func aStandInStandsForItself() {
    let standIn = Redaction.standIn(for: "hunter2")
    #expect(Redaction.standIn(for: standIn) == standIn)
    var redaction = Redaction()
    let typed = redaction.redact(record(#"{"t":1,"event":"ValueEvent","target":5,"text":"redacted-4db147a54908e973"}"#), in: form)
    #expect(typedText(typed) == standIn)
  }

  @Test func emptyValuesStayEmpty() {
    #expect(Redaction.standIn(for: "") == "")
    var redaction = Redaction()
    let typed = redaction.redact(record(#"{"t":1,"event":"ValueEvent","target":5,"value":1}"#), in: form)
    #expect(typed == record(#"{"t":1,"event":"ValueEvent","target":5,"value":1}"#))
  }

  @Test(arguments: ["redacted-4db147a54908e97", "redacted-4DB147A54908E973", "redacted-4db147a54908e97g", "Redacted-4db147a54908e973", "redacted_4db147a54908e973", "hunter2"])
  func notStandIns(text: String) {
    #expect(!Redaction.isStandIn(text))
  }

  // MARK: - Passwords (the default)

  @Test func textTypedIntoPasswordFieldsIsHidden() {
    var redaction = Redaction()
    let flag1 = redaction.redact(record(#"{"t":1800,"event":"ValueEvent","target":5,"text":"hunter2"}"#), in: form)
    let flag16 = redaction.redact(record(#"{"t":1900,"event":"ValueEvent","target":6,"text":"hunter2"}"#), in: form)
    #expect(flag1 == TraceRecord(time: 1800, .event(target: 5, .value(ValueEvent(text: "redacted-4db147a54908e973")))))
    #expect(typedText(flag16) == "redacted-4db147a54908e973")
  }

  @Test func otherFieldsKeepTheirText() {
    var redaction = Redaction()
    for target in [4, 7] {
      let line = #"{"t":800,"event":"ValueEvent","target":\#(target),"text":"alice"}"#
      let redacted = redaction.redact(record(line), in: form)
      #expect(redacted == record(line))
    }
    // An element that does not exist is no password field.
    let unknown = #"{"t":800,"event":"ValueEvent","target":99,"text":"alice"}"#
    let redacted = redaction.redact(record(unknown), in: form)
    #expect(redacted == record(unknown))
  }

  @Test func theValueAndSecondValueOfATypingEventAreKept() {
    var redaction = Redaction()
    let typed = redaction.redact(record(#"{"t":1,"event":"ValueEvent","target":5,"text":"pw1","value":3,"value2":4}"#), in: form)
    #expect(typed.body == .event(target: 5, .value(ValueEvent(text: Redaction.standIn(for: "pw1"), value: 3, value2: 4))))
  }

  @Test func createTextFieldWithThePasswordFlagHidesItsInitialText() {
    var redaction = Redaction()
    let batch = redaction.redact(record(#"{"t":0,"batch":[{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":8,"textValue":"prefilled","flags":1},{"type":"SET_STYLE","internalId":8,"textValue":"hint","textValue2":"Password"},{"type":"CREATE_TEXTVIEW","internalId":3,"childInternalId":9,"textValue":"secret notes","flags":16},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":10,"textValue":"alice"},{"type":"CREATE_TEXT","internalId":3,"childInternalId":11,"textValue":"Log in","flags":1}]}"#), in: form)
    let out = commands(batch)
    #expect(out.count == 5)
    #expect(out[0].textValue == Redaction.standIn(for: "prefilled"))
    #expect(out[0].flags == 1 && out[0].childInternalId == 8)
    #expect(out[1] == Command(.setStyle, internalId: 8, textValue: "hint", textValue2: "Password"))
    #expect(out[2].textValue == Redaction.standIn(for: "secret notes"))
    #expect(out[3].textValue == "alice")
    // Flag 1 on a label is not a password.
    #expect(out[4].textValue == "Log in")
  }

  @Test func anEmptyPasswordFieldIsLeftAlone() {
    var redaction = Redaction()
    let line = #"{"t":0,"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":8,"flags":1}"#
    let redacted = redaction.redact(record(line), in: form)
    #expect(redacted == record(line))
  }

  @Test func setTextValueOnAPasswordFieldIsHidden() {
    var redaction = Redaction()
    let batch = redaction.redact(record(#"{"t":5,"batch":[{"type":"SET_TEXT_VALUE","internalId":5,"textValue":"hunter2"},{"type":"SET_TEXT_VALUE","internalId":4,"textValue":"alice"},{"type":"SET_TEXT_VALUE","internalId":6,"textValue":"notes"}]}"#), in: form)
    #expect(commands(batch).map(\.textValue) == ["redacted-4db147a54908e973", "alice", Redaction.standIn(for: "notes")])
    #expect(batch.time == 5)
  }

  @Test func theSameValueGetsTheSameStandInEverywhere() {
    var redaction = Redaction(preferenceKeys: ["token"])
    let typed = redaction.redact(record(#"{"t":1,"event":"ValueEvent","target":5,"text":"hunter2"}"#), in: form)
    let set = redaction.redact(record(#"{"t":2,"type":"SET_TEXT_VALUE","internalId":6,"textValue":"hunter2"}"#), in: form)
    let stored = redaction.redact(record(#"{"t":3,"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"token","textValue2":"hunter2"}"#), in: form)
    #expect(typedText(typed) == "redacted-4db147a54908e973")
    #expect(commands(set).first?.textValue == "redacted-4db147a54908e973")
    #expect(commands(stored).first?.textValue2 == "redacted-4db147a54908e973")
    // A fresh redaction (a replay's recorder) gives the same.
    var fresh = Redaction()
    let again = fresh.redact(record(#"{"t":1,"event":"ValueEvent","target":5,"text":"hunter2"}"#), in: form)
    #expect(typedText(again) == "redacted-4db147a54908e973")
  }

  @Test func passwordsCanBeKept() {
    var redaction = Redaction(passwords: false)
    #expect(redaction.isEmpty)
    for line in [#"{"t":1,"event":"ValueEvent","target":5,"text":"hunter2"}"#, #"{"t":2,"type":"SET_TEXT_VALUE","internalId":5,"textValue":"hunter2"}"#, #"{"t":3,"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":8,"textValue":"x","flags":1}"#] {
      let redacted = redaction.redact(record(line), in: form)
      #expect(redacted == record(line))
    }
  }

  @Test func otherRecordsPassThrough() {
    var redaction = Redaction(preferenceKeys: ["token"])
    for line in [
      #"{"t":1,"modal":16,"value":1}"#, #"{"t":1,"marker":"ready"}"#, #"{"t":1,"event":"TimerEvent","target":12,"id":15}"#,
      #"{"t":1,"type":"CREATE_TOAST","internalId":7,"textValue":"Welcome, alice!"}"#,
      #"{"t":1,"type":"SET_ERROR","internalId":5,"value":1,"textValue":"Enter your password"}"#,
    ] {
      let redacted = redaction.redact(record(line), in: form)
      #expect(redacted == record(line))
    }
  }

  // MARK: - Preferences

  @Test func preferenceValuesByKey() {
    var redaction = Redaction(preferenceKeys: ["token", "email"])
    let batch = redaction.redact(record(#"{"t":2400,"batch":[{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"token","textValue2":"abc123"},{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"lastUser","textValue2":"alice"},{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"email","textValue2":""},{"type":"COMMIT_PREFERENCES","internalId":1}]}"#), in: form)
    let out = commands(batch)
    #expect(out[0] == Command(.updatePreference, internalId: 1, textValue: "token", textValue2: Redaction.standIn(for: "abc123")))
    #expect(out[1] == Command(.updatePreference, internalId: 1, textValue: "lastUser", textValue2: "alice"))
    #expect(out[2].textValue2 == "")  // a removed value: nothing to hide
    #expect(out[3] == Command(.commitPreferences, internalId: 1))
  }

  @Test func rulesAsWrittenOnTheCommandLine() {
    var redaction = Redaction(passwords: false)
    do {
      let accepted = redaction.add(rule: "pref:token")
      #expect(accepted, "pref:token")
    }
    do {
      let accepted = redaction.add(rule: "path:*textField 4")
      #expect(accepted, "path:*textField 4")
    }
    do {
      let accepted = redaction.add(rule: "pref:")
      #expect(!accepted, "pref:")
    }
    do {
      let accepted = redaction.add(rule: "path:")
      #expect(!accepted, "path:")
    }
    do {
      let accepted = redaction.add(rule: "token")
      #expect(!accepted, "token")
    }
    do {
      let accepted = redaction.add(rule: "key:token")
      #expect(!accepted, "key:token")
    }
    #expect(redaction.preferenceKeys == ["token"])
    #expect(!redaction.isEmpty)
  }

  // MARK: - Paths

  @Test func pathRulesHideTheTextsOfMatchingElements() {
    var redaction = Redaction(passwords: false, textPaths: ["*textField 4"])
    let typed = redaction.redact(record(#"{"t":1,"event":"ValueEvent","target":4,"text":"alice"}"#), in: form)
    #expect(typedText(typed) == Redaction.standIn(for: "alice"))
    let other = #"{"t":1,"event":"ValueEvent","target":7,"text":"42"}"#
    let redacted = redaction.redact(record(other), in: form)
    #expect(redacted == record(other))
    let set = redaction.redact(record(#"{"t":2,"type":"SET_TEXT_VALUE","internalId":4,"textValue":"bob"}"#), in: form)
    #expect(commands(set).first?.textValue == Redaction.standIn(for: "bob"))
    let created = redaction.redact(record(#"{"t":3,"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":8,"textValue":"carol"}"#), in: form)
    #expect(commands(created).first?.textValue == "carol")
    var byCreation = Redaction(passwords: false, textPaths: ["frameView 2 › linearLayout 3 › textField 8"])
    let hidden = byCreation.redact(record(#"{"t":3,"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":8,"textValue":"carol"}"#), in: form)
    #expect(commands(hidden).first?.textValue == Redaction.standIn(for: "carol"))
  }

  // MARK: - Later occurrences: whole values and whole words, never parts of words

  @Test func aHiddenValueIsHiddenWhereverItStandsAsAWord() {
    var redaction = Redaction(passwords: false, textPaths: ["*textField 4"])
    let alice = Redaction.standIn(for: "alice")
    _ = redaction.redact(record(#"{"t":800,"event":"ValueEvent","target":4,"text":"alice"}"#), in: form)
    let label = redaction.redact(record(#"{"t":900,"type":"SET_TEXT_VALUE","internalId":7,"textValue":"alice"}"#), in: form)
    #expect(commands(label).first?.textValue == alice)
    let stored = redaction.redact(record(#"{"t":900,"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"lastUser","textValue2":"alice"}"#), in: form)
    #expect(commands(stored).first?.textValue2 == alice)
    // The engine echoes the name: a replay (which types the stand-in) echoes the stand-in.
    let toast = redaction.redact(record(#"{"t":2400,"type":"CREATE_TOAST","internalId":7,"textValue":"Welcome, alice! (alice_2, malice, Alice)"}"#), in: form)
    #expect(commands(toast).first?.textValue == "Welcome, \(alice)! (alice_2, malice, Alice)")
    let note = redaction.redact(record(#"{"t":2500,"marker":"note","detail":"alice logged in"}"#), in: form)
    #expect(note.body == .marker(label: "note", detail: "\(alice) logged in"))
  }

  @Test func aPasswordThatIsPartOfAWordLeavesTheWordAlone() {
    // The issue's case: typing the password "word" must leave the engine's help text alone. A
    // replay (which types the stand-in) sees the same help text, and the runs line up.
    var redaction = Redaction()
    _ = redaction.redact(record(#"{"t":1,"event":"ValueEvent","target":5,"text":"word"}"#), in: form)
    let help = #"{"t":2,"type":"CREATE_TEXT","internalId":3,"childInternalId":9,"textValue":"Type the password 'secret' (passwords are case-sensitive)"}"#
    #expect(redaction.redact(record(help), in: form) == record(help))
    // A value that ends in punctuation is a word of its own wherever it stands.
    _ = redaction.redact(record(#"{"t":3,"event":"ValueEvent","target":5,"text":"p@ss!"}"#), in: form)
    let echo = redaction.redact(record(#"{"t":4,"type":"CREATE_TOAST","internalId":7,"textValue":"got p@ss!!"}"#), in: form)
    #expect(commands(echo).first?.textValue == "got \(Redaction.standIn(for: "p@ss!"))!")
  }

  @Test func shortValuesAreHiddenWhereTheyAreButNotElsewhere() {
    var redaction = Redaction()
    let typed = redaction.redact(record(#"{"t":1,"event":"ValueEvent","target":5,"text":"ab"}"#), in: form)
    #expect(typedText(typed) == Redaction.standIn(for: "ab"))
    let label = #"{"t":2,"type":"SET_TEXT_VALUE","internalId":7,"textValue":"ab"}"#
    let redacted = redaction.redact(record(label), in: form)
    #expect(redacted == record(label))
  }

  @Test func standInsStandForThemselves() {
    var redaction = Redaction(textPaths: ["*textField 4"])
    _ = redaction.redact(record(#"{"t":1,"event":"ValueEvent","target":4,"text":"ted"}"#), in: form)
    let typed = redaction.redact(record(#"{"t":2,"event":"ValueEvent","target":5,"text":"hunter2"}"#), in: form)
    #expect(typedText(typed) == "redacted-4db147a54908e973")
    let step = ##"{"t":3,"marker":"script","detail":"{\"t\":3,\"text\":\"redacted-4db147a54908e973\",\"type\":\"#5\"}"}"##
    let redacted = redaction.redact(record(step), in: form)
    #expect(redacted == record(step))
    // "ted" is part of every stand-in's "redacted-": stand-ins are never touched.
    let label = redaction.redact(record(#"{"t":4,"type":"CREATE_TOAST","internalId":7,"textValue":"Welcome, ted! redacted-4db147a54908e973"}"#), in: form)
    #expect(commands(label).first?.textValue == "Welcome, \(Redaction.standIn(for: "ted"))! redacted-4db147a54908e973")
  }

  // MARK: - Script steps

  @Test func aTypingStepIntoAPasswordFieldKeepsOnlyTheStandIn() {
    var redaction = Redaction()
    let step = ##"{"t":3,"marker":"script","detail":"{\"t\":3,\"type\":\"#5\",\"text\":\"hunter2\"}"}"##
    let redacted = redaction.redact(record(step), in: form)
    #expect(redacted.body == .marker(label: "script", detail: ##"{"t":3,"text":"redacted-4db147a54908e973","type":"#5"}"##))
    // Into a plain field, the step is kept as written.
    let plain = ##"{"t":3,"marker":"script","detail":"{\"t\":3,\"type\":\"#4\",\"text\":\"alice\"}"}"##
    #expect(redaction.redact(record(plain), in: form) == record(plain))
  }

  // MARK: - Named secrets

  @Test func aNamedSecretBecomesItsPlaceholderEverywhere() {
    var redaction = Redaction()
    redaction.secrets = SecretStore(values: ["PASSWORD": "hunter2", "TOKEN": "tok-123456"])
    let typed = redaction.redact(record(#"{"t":1,"event":"ValueEvent","target":5,"text":"hunter2"}"#), in: form)
    // The placeholder, not a stand-in of it: it names the secret for the replay.
    #expect(typedText(typed) == "<secret:PASSWORD>")
    let echoed = redaction.redact(record(#"{"t":2,"batch":[{"type":"CREATE_TOAST","internalId":7,"textValue":"Logged in with hunter2"},{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":12,"textValue":"https://x.test/a.png?t=tok-123456"}]}"#), in: form)
    #expect(commands(echoed).map(\.textValue) == ["Logged in with <secret:PASSWORD>", "https://x.test/a.png?t=<secret:TOKEN>"])
    let exit = redaction.redact(record(#"{"t":3,"marker":"engine-exit","detail":"status 1; stderr: bad token tok-123456"}"#), in: form)
    #expect(exit.body == .marker(label: "engine-exit", detail: "status 1; stderr: bad token <secret:TOKEN>"))
  }

  @Test func aNamedSecretInAStepIsReplacedOnlyWhereTheStepTypesOrSendsIt() {
    // Values equal to the step's keys and selector (issue #22: "secret" became the key
    // "<secret:PASSWORD>", "Password" the selector textField "<secret:PASSWORD>").
    for value in ["secret", "type", "t", "Password", "textField", "PASSWORD", "\"", "\\"] {
      var redaction = Redaction()
      redaction.secrets = SecretStore(values: ["PASSWORD": value])
      let step = #"{"t":3,"type":"textField \"Password\"","secret":"PASSWORD"}"#
      let marker = TraceRecord(time: 3, .marker(label: "script", detail: step))
      #expect(redaction.redact(marker, in: form) == marker, "\(value)")
    }
    var redaction = Redaction()
    redaction.secrets = SecretStore(values: ["PASSWORD": "Password"])
    // A step that types or sends the value literally: there, and only there, it is replaced.
    let typed = TraceRecord(time: 3, .marker(label: "script", detail: #"{"t":3,"type":"textField \"Password\"","text":"my Password"}"#))
    #expect(redaction.redact(typed, in: form).body == .marker(label: "script", detail: #"{"t":3,"text":"my <secret:PASSWORD>","type":"textField \"Password\""}"#))
    let sent = TraceRecord(time: 3, .marker(label: "script", detail: #"{"t":3,"send":{"event":"ValueEvent","target":4,"text":"Password"}}"#))
    #expect(redaction.redact(sent, in: form).body == .marker(label: "script", detail: #"{"send":{"event":"ValueEvent","target":4,"text":"<secret:PASSWORD>"},"t":3}"#))
  }

  @Test func aNamedSecretIsReplacedInEveryTextOfAnEvent() {
    var redaction = Redaction()
    redaction.secrets = SecretStore(values: ["TOKEN": "tok-123456"])
    // The platform asks for the engine's image URL, token and all.
    let request = redaction.redact(record(#"{"t":1,"event":"ImageRequestEvent","target":12,"imageUrl":"https://x.test/a.png?t=tok-123456","requestedWidth":320}"#), in: form)
    #expect(request.body == .event(target: 12, .imageRequest(ImageRequestEvent(imageUrl: "https://x.test/a.png?t=<secret:TOKEN>", requestedWidth: 320))))
    let warning = redaction.redact(record(#"{"t":1,"event":"WarningEvent","target":0,"code":"tok-123456","warning":"bad tok-123456"}"#), in: form)
    #expect(warning.body == .event(target: 0, .warning(WarningEvent(code: "<secret:TOKEN>", warning: "bad <secret:TOKEN>"))))
  }

  @Test func aMarkerLabelFromTheEngineLosesSecretsAndHiddenValues() {
    // Issue #23: {"t":800,"marker":"S3cr3tT0ken"} was written in clear.
    var redaction = Redaction()
    redaction.secrets = SecretStore(values: ["TOKEN": "S3cr3tT0ken"])
    let label = redaction.redact(record(#"{"t":800,"marker":"S3cr3tT0ken"}"#), in: form)
    #expect(label.body == .marker(label: "<secret:TOKEN>", detail: ""))
    let inside = redaction.redact(record(#"{"t":800,"marker":"login S3cr3tT0ken","detail":"as S3cr3tT0ken"}"#), in: form)
    #expect(inside.body == .marker(label: "login <secret:TOKEN>", detail: "as <secret:TOKEN>"))
    // A password typed into a password field, then echoed as a label: its stand-in.
    var hiding = Redaction()
    _ = hiding.redact(record(#"{"t":1,"event":"ValueEvent","target":5,"text":"hunter2"}"#), in: form)
    #expect(hiding.redact(record(#"{"t":2,"marker":"hunter2"}"#), in: form).body == .marker(label: Redaction.standIn(for: "hunter2"), detail: ""))
  }

  @Test(arguments: Array(Redaction.protocolLabels))
  func theProtocolsLabelsStayWhateverTheSecret(_ label: String) {
    // A secret equal to a label, or to a part of one, leaves cmdtool's words as they are.
    for value in [label, String(label.prefix(3)), String(label.suffix(4))] {
      var redaction = Redaction()
      redaction.secrets = SecretStore(values: ["X": value])
      let marker = TraceRecord(time: 1, .marker(label: label, detail: ""))
      #expect(redaction.redact(marker, in: form) == marker, "\(value)")
    }
  }

  @Test func aHiddenPasswordInAStepIsReplacedOnlyWhereTheStepTypesIt() {
    // A password typed as text into the password field "Password" is hidden; later steps keep
    // their selectors though the hidden value is a whole word in them.
    var redaction = Redaction()
    let typing = TraceRecord(time: 3, .marker(label: "script", detail: ##"{"t":3,"type":"#5","text":"Password"}"##))
    #expect(redaction.redact(typing, in: form).body == .marker(label: "script", detail: ##"{"t":3,"text":"\##(Redaction.standIn(for: "Password"))","type":"#5"}"##))
    let later = TraceRecord(time: 4, .marker(label: "script", detail: #"{"t":4,"type":"textField \"Password\"","text":"again"}"#))
    #expect(redaction.redact(later, in: form) == later)
  }

  @Test func freeTextLosesSecretsAndHiddenValues() {
    var redaction = Redaction()
    redaction.secrets = SecretStore(values: ["PASSWORD": "status"])
    #expect(redaction.redacting("status: bad status") == "<secret:PASSWORD>: bad <secret:PASSWORD>")
  }

  @Test func aSecretThatContainsAnotherIsReplacedWhole() {
    let secrets = SecretStore(values: ["SHORT": "pass", "LONG": "password1"])
    #expect(secrets.scrub("password1 / pass / passport") == "<secret:LONG> / <secret:SHORT> / <secret:SHORT>port")
    #expect(secrets.scrub("nothing here") == "nothing here")
  }
}
