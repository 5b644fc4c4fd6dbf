import CommandCodec
import ReplayCore

extension ConformanceSuite {
  /// Integer state set by the engine and changed by the user, and the events widgets send.
  static var values: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    let about: StateParts = [.tree, .values]
    for (name, type) in [("Switch", CommandType.createSwitch), ("Checkbox", .createCheckbox)] {
      var b = CaseBuilder.app()
      b.send(.create(type, in: 2, id: 3, text: "On"))
      b.later(100)
      b.act(.tap(3))
      b.later(100)
      b.act(.tap(3))
      cases.append(b.named("Required.Events.Tap.\(name)Toggles", "a tap on \(Format.withArticle(name.lowercased())) sends ValueEvent 1, the next one 0, and the value follows", "CONFORMANCE.md §1.4, PROTOCOL.md §4.1", about: about, events: .user))
      // CREATE_SWITCH carries the initial state in v; CREATE_CHECKBOX carries none (Checkbox::create
      // sends t1 only), the engine checks one with SET_INT_VALUE (Checkbox::call).
      var set = CaseBuilder.app()
      if type == .createCheckbox {
        set.send(.create(type, in: 2, id: 3, text: "On"), .to(3, .setIntValue, value: 1))
      } else {
        set.send(.create(type, in: 2, id: 3, value: 1))
      }
      set.later(100)
      set.act(.tap(3))
      let how = type == .createCheckbox ? "checked by SET_INT_VALUE 1" : "created on (v = 1)"
      cases.append(set.named("Required.Events.Tap.\(name)StartsFromItsValue", "\(Format.withArticle(name.lowercased())) \(how) turns off on the first tap", "PROTOCOL.md §3 9, 25, 45", about: about, events: .user))
    }
    for (name, type) in [("Button", CommandType.createButton), ("EventLayout", .createEventLayout), ("Text", .createText), ("ImageView", .createImageView)] {
      var b = CaseBuilder.app()
      b.send(.create(type, in: 2, id: 3, text: takesText.contains(type) && type != .createImageView ? "Tap me" : ""))
      b.later(250)
      b.act(.tap(3))
      cases.append(b.named("Required.Events.Tap.\(name)", "a tap on \(Format.withArticle(ElementKind(creating: type)!.rawValue)) sends ValueEvent 1 and changes no state", "CONFORMANCE.md §1.4, PROTOCOL.md §6 5", about: about, events: .user))
    }
    for (name, type) in [("TextField", CommandType.createTextField), ("TextView", .createTextView), ("SearchBar", .createSearchBar)] {
      for (variant, text) in [("Word", "alice"), ("Empty", ""), ("Unicode", "Zoë 🙂 \"quoted\" \\ tab\t"), ("Long", String(repeating: "0123456789", count: 400))] {
        var b = CaseBuilder.app()
        // CREATE_SEARCHBAR carries no text (protocol notes §2).
        b.send(.create(type, in: 2, id: 3, text: type == .createSearchBar ? "" : "initial"))
        b.later(300)
        b.act(.type(3, text: text))
        cases.append(b.named("Required.Events.Type.\(name).\(variant)", "typing replaces the text and sends one ValueEvent with the whole text", "CONFORMANCE.md §1.4, PROTOCOL.md §3 4", about: [.tree, .text], events: .user))
      }
    }
    for (name, type) in [("Picker", CommandType.createPicker), ("RadioGroup", .createRadioGroup), ("SegmentedControl", .createSegmentedControl), ("PageControl", .createPageControl)] {
      var b = CaseBuilder.app()
      // A page control has pages, no options (no engine sends it ADD_OPTION).
      let options: [Command] = type == .createPageControl ? [] : [.to(3, .addOption, value: 1, text: "One"), .to(3, .addOption, value: 2, text: "Two")]
      b.send([.create(type, in: 2, id: 3, value: type == .createPageControl ? 4 : 0)] + options)
      b.later(200)
      b.act(.select(3, index: 1))
      cases.append(b.named("Required.Events.Select.\(name)", "selecting sends ValueEvent with the index, which becomes the value", "CONFORMANCE.md §1.4, PROTOCOL.md §6 7", about: about, events: .user))
      var set = CaseBuilder.app()
      set.send(.create(type, in: 2, id: 3), .to(3, .setIntValue, value: 2))
      cases.append(set.named("Required.Values.SetIntValue.\(name)", "SET_INT_VALUE sets the selection", "PROTOCOL.md §3 45", about: about))
    }
    for (name, type) in [("Pager", CommandType.createPager), ("FlipperLayout", .createFlipperLayout)] {
      var b = CaseBuilder.app()
      b.send(.create(type, in: 2, id: 3), .create(.createText, in: 3, id: 4, text: "Page 0"), .create(.createText, in: 3, id: 5, text: "Page 1"))
      b.later(200)
      b.act(.select(3, index: 1))
      b.send(.to(3, .setIntValue, value: 0))
      cases.append(b.named("Required.Events.Select.\(name)", "turning the page sends ValueEvent with its index; SET_INT_VALUE turns it back", "PROTOCOL.md §3 15, 24", about: about, events: .user))
    }
    // The tier follows what the protocol asks a platform to keep of the kind's value
    // (docs/CONFORMANCE.md §1.7): a button's selected state and a scroll offset are shown by one
    // platform each; a spinner has no value at all.
    for (name, type, value, tier) in [("Button", CommandType.createButton, Int32(1), "Recommended"), ("ScrollLayout", .createScrollLayout, 240, "Recommended"), ("LinearLayoutDirection", .createLinearLayout, 1, "Required"), ("ProgressSpinner", .createProgressSpinner, 7, "Informational")] {
      var b = CaseBuilder.app()
      b.send(.create(type, in: 2, id: 3), .to(3, .setIntValue, value: value))
      cases.append(b.named("\(tier).Values.SetIntValue.\(name)", "SET_INT_VALUE stores the value", "PROTOCOL.md §3 45", about: about))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createTableLayout, in: 2, id: 3, value: 3), .create(.createPageControl, in: 2, id: 4, value: 5))
      b.send(.to(4, .reshapeTable, value: 6))
      cases.append(b.named("Required.Values.Counts", "CREATE_TABLE_LAYOUT and CREATE_PAGE_CONTROL keep v as their count; RESHAPE_TABLE sets a page control's", "PROTOCOL.md §3 16, 36, 61", about: about))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createProgressSpinner, in: 2, id: 3), .to(3, .stop))
      cases.append(b.named("Recommended.Values.Stop", "STOP marks the element stopped", "PROTOCOL.md §3 63", about: about))
    }
    return cases
  }

  /// Texts, errors, flags and links.
  static var texts: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    let about: StateParts = [.tree, .text]
    // Texts only where the CREATE carries them, SET_TEXT_VALUE only to the kinds the engine sends
    // it to (Button, TextLabel, TextField, TextView, Dialog, ActionBar; protocol notes §2), each
    // case in the tier of what the protocol asks a platform to keep of the text (§1.7).
    let setTextValue: Set<CommandType> = [.createButton, .createText, .createTextField, .createTextView, .createDialog, .createAlertDialog, .createActionBar]
    for type in creations where takesText.contains(type) && type != .createImageView {
      let kind = ElementKind(creating: type)!
      let tier = KeptParts.keeping(.text, of: kind) == .required ? "Required" : "Recommended"
      var b = CaseBuilder.app()
      b.send(.create(type, in: 2, id: 3, text: "first", text2: "second"))
      if setTextValue.contains(type) {
        b.send(.to(3, .setTextValue, text: "changed"))
        cases.append(b.named("\(tier).Text.\(camel(type)).SetTextValue", "t1 (and t2) at creation, then SET_TEXT_VALUE, on \(Format.withArticle(kind.rawValue))", "PROTOCOL.md §3.0, §3 46", about: about))
      } else {
        cases.append(b.named("\(tier).Text.\(camel(type)).CreationText", "t1 (and t2) at creation on \(Format.withArticle(kind.rawValue))", "PROTOCOL.md §3.0", about: about))
      }
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createActionBar, in: 2, id: 3, text: "Title", text2: "Sub"), .to(3, .setTextValue, text: "New", text2: "Subtitle"))
      b.send(.to(3, .setTextValue, text: "Newer", text2: ""))
      cases.append(b.named("Recommended.Text.ActionBar.SubtitleFollows", "SET_TEXT_VALUE on an action bar sets the subtitle from t2, even empty", "PROTOCOL.md §3 46", about: about))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createText, in: 2, id: 3, text: "Read the terms"), .to(3, .createLink, text: "https://example.com/terms"), .to(3, .createLink, text: "https://example.com/privacy"))
      cases.append(b.named("Required.Text.CreateLink.AppendsLinks", "CREATE_LINK adds links to a text label, in order", "PROTOCOL.md §3 19", about: about))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createTextField, in: 2, id: 3), .to(3, .setError, value: 1, text: "Required"))
      b.send(.to(3, .setError, value: 1, text: ""))
      b.send(.to(3, .setError, value: 0, text: "ignored"))
      cases.append(b.named("Required.Errors.SetAndClear", "SET_ERROR v ≠ 0 shows the message (even empty), v = 0 clears it", "PROTOCOL.md §3 52", about: [.tree, .errors]))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createTextView, in: 2, id: 3), .to(3, .setError, value: 1, text: "Too long"))
      b.send(.to(3, .setError, value: 0, text: ""))
      cases.append(b.named("Required.Errors.TextView", "SET_ERROR shows an error on a text view too, and v = 0 clears it", "PROTOCOL.md §3 52", about: [.tree, .errors]))
    }
    do {
      // The protocol shows errors on text inputs (docs/CONFORMANCE.md §1.7); elsewhere a
      // platform should keep them.
      var b = CaseBuilder.app()
      b.send(.create(.createButton, in: 2, id: 3, text: "Pay"), .create(.createCheckbox, in: 2, id: 4, text: "Terms"), .create(.createText, in: 2, id: 5, text: "Card"),
             .to(3, .setError, value: 1, text: "Declined"), .to(4, .setError, value: 1, text: "Accept the terms"), .to(5, .setError, value: 1, text: ""))
      b.send(.to(4, .setError, value: 0, text: ""))
      cases.append(b.named("Recommended.Errors.OtherKinds", "SET_ERROR on a button, a checkbox and a label is kept as on a text field", "PROTOCOL.md §3 52", about: [.tree, .errors]))
    }
    do {
      // Text inputs apart from the action bar: a platform without an action bar (lacks=) still
      // has its text inputs' flags judged.
      var b = CaseBuilder.app()
      b.send(.create(.createTextField, in: 2, id: 3, flags: 1), .create(.createTextField, in: 2, id: 4, flags: 16), .create(.createTextView, in: 2, id: 6, flags: 32))
      cases.append(b.named("Recommended.Flags.KeptVerbatim", "a text field's and text view's CREATE flags are kept as sent (password 1 or 16, numeric 32)", "PROTOCOL.md §3 4, 6", about: [.tree, .flags]))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createListView, in: 2, id: 5, flags: 256), .create(.createActionBar, in: 2, id: 7, flags: 3))
      cases.append(b.named("Recommended.Flags.ActionBar", "an action bar's CREATE flags (its buttons) are kept as sent; a list's 256 is not judged", "PROTOCOL.md §3 29, §6 15", about: [.tree, .flags]))
    }
    do {
      var b = CaseBuilder()
      b.send(Command(.createApplication, childInternalId: 1, textValue: "Shop", textValue2: "com.example.shop.key", flags: 2), .create(.createFrameView, in: 1, id: 2))
      b.send(.create(.createText, in: 2, id: 3, value: 3, text: "**bold** https://example.com"))
      cases.append(b.named("Recommended.Text.ApplicationAndLabelFields", "CREATE_APPLICATION keeps its name and CREATE_TEXT its autolink and markdown bits (the IAP key and billing flag are not judged)", "PROTOCOL.md §3 0, 18", about: [.tree, .text, .values]))
    }
    for (name, type) in [("Text", CommandType.createText), ("Picker", .createPicker)] {
      // A label has a text and no options, a picker options and no text, as the engine sends them.
      var b = CaseBuilder.app()
      b.send(type == .createText ? [.create(type, in: 2, id: 3, text: "Something")] : [.create(type, in: 2, id: 3), .to(3, .addOption, value: 1, text: "A")])
      b.send(.to(3, .clear))
      cases.append(b.named("Required.Clear.\(name)", "CLEAR empties \(Format.withArticle(name.lowercased()))'s \(type == .createText ? "text" : "options")", "PROTOCOL.md §3 43", about: [.tree, type == .createText ? .text : .options]))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createPicker, in: 2, id: 3), .to(3, .addOption, value: 10, text: "Ten"), .to(3, .addOption, value: 20, text: "Twenty"))
      cases.append(b.named("Required.Options.InOrder", "ADD_OPTION appends options with their ids, in order", "PROTOCOL.md §3 58", about: [.tree, .options]))
    }
    return cases
  }

  /// Visibility and what it hides.
  static var visibility: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createLinearLayout, in: 2, id: 3), .create(.createButton, in: 3, id: 4))
      b.send(.to(3, .setVisibility, value: 0))
      b.send(.to(3, .setVisibility, value: 5))
      cases.append(b.named("Required.Visibility.HideAndShow", "SET_VISIBILITY 0 hides, any other value shows", "PROTOCOL.md §3 49", about: [.tree, .visibility]))
    }
    return cases
  }
}
