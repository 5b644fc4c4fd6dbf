import CommandCodec

/// Valid vectors for edge values, headers, batches, times and numberings.
enum EdgeCases {
  static let all: [ValidCase] = integers + strings + headers + batches + times + records + numberings

  // MARK: - Integers

  static let integers: [ValidCase] = [
    ValidCase(
      name: "edge/int32-extremes",
      description: "Int32.min, Int32.max, -1 and 1 in every Int32 command field; ids swing between the extremes (the largest id deltas), then to 0 and back",
      records: [
        .batch([
          Command(.setTextData, internalId: .min, childInternalId: .max, value: .min, textValue: "x", row: .min, column: .max, width: .min, height: .max),
          Command(.setTextData, internalId: .max, childInternalId: .min, value: .max, textValue: "y", row: .max, column: .min, width: .max, height: .min),
          Command(.setTextData, internalId: .min, childInternalId: -1, value: -1, textValue: "z", row: -1, column: -1, width: -1, height: -1),
          Command(.setTextData, internalId: 1, childInternalId: 1, value: 1, textValue: "z", row: 1, column: 1, width: 1, height: 1),
          Command(.clear),
          Command(.clear, internalId: .max, childInternalId: .max),
        ], at: 0)
      ]),
    ValidCase(
      name: "edge/unsigned-extremes",
      description: "UInt16.max sheet, UInt32.max flags, and the smallest non-zero values 1",
      records: [
        .batch([
          Command(.reshapeSheet, internalId: 7, value: 1, sheet: .max, flags: .max),
          Command(.reshapeSheet, internalId: 7, value: 1, sheet: 1, flags: 1),
          Command(.createListView, internalId: 2, childInternalId: 7, flags: 0x8000_0000),
        ], at: 0)
      ]),
    ValidCase(
      name: "edge/negative-ids",
      description: "negative internal ids, targets and dialog ids (the engine's ids are positive, the codec must not care), FW_ID_* user ids in a CommandEvent",
      records: [
        .batch([Command(.createButton, internalId: -1, childInternalId: -2, value: -3, textValue: "neg")], at: 0),
        .event(.command(CommandEvent(elementId: -3, internalId: -4, value: -1, value2: .min)), to: -5, at: 0),
        TraceRecord(time: 0, .modalResult(dialog: -6, value: -1)),
        .event(.timer(TimerEvent(id: .min)), to: .min, at: 0),
        .event(.timer(TimerEvent(id: .max)), to: .max, at: 0),
      ]),
    ValidCase(
      name: "edge/zero-everywhere",
      description: "a command with every field at its default, an event to the application (target 0), a modal result with value 0",
      records: [
        .batch([Command(.listPurchases)], at: 0),
        .event(.value(ValueEvent()), to: 0, at: 0),
        TraceRecord(time: 0, .modalResult(dialog: 0, value: 0)),
      ]),
    ValidCase(
      name: "edge/event-number-extremes",
      description: "UInt32.max, Int64.min/max, Int32.min/max and -0.0, subnormal and huge doubles in event fields",
      records: [
        .event(.imageRequest(ImageRequestEvent(mode: .min, imageUrl: "", sourceInternalId: .max, requestedWidth: .max, requestedHeight: 1, requestedLevels: .max, priority: .min, internalFormat: .max)), to: 22, at: 0),
        .event(.touch(TouchEvent(timestamp: .greatestFiniteMagnitude, type: .max, x: -0.0, y: .leastNonzeroMagnitude, identifier: .min, flush: false)), to: 4, at: 0),
        .event(.touch(TouchEvent(timestamp: 9_007_199_254_740_994, type: .min, x: -1e-300, y: 0.1, identifier: .max, flush: true)), to: 4, at: 0),
        .event(.scroll(ScrollEvent(delta: -.greatestFiniteMagnitude)), to: 15, at: 0),
        .event(.update(UpdateEvent(timestamp: 9_007_199_254_740_992)), to: 4, at: 0),
      ]),
  ]

  // MARK: - Strings

  static let longText = String(repeating: "0123456789abcdef", count: 1025) + "!"  // 16 401 bytes
  static let controlCharacters = String((0...0x1F).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}"

  static let strings: [ValidCase] = [
    ValidCase(
      name: "edge/empty-strings",
      description: "empty strings are the default: omitted in JSON, presence bit clear in binary",
      records: [.batch([Command(.setTextValue, internalId: 5, textValue: "", textValue2: "")], at: 0), TraceRecord(time: 0, .marker(label: "", detail: ""))]),
    ValidCase(
      name: "edge/long-string",
      description: "a 16 401-byte textValue: a 3-byte record length in binary, never interned",
      records: [.batch([Command(.setTextValue, internalId: 5, textValue: longText)], at: 0)]),
    ValidCase(
      name: "edge/string-lengths",
      description: "strings of 1, 63, 64, 65 and 200 bytes in SET_STYLE values (interned up to 64 bytes, literal beyond), each written twice so the second is a reference where interned",
      records: [1, 63, 64, 65, 200].map { length in
        let value = String(repeating: "w", count: length)
        return .batch([
          Command(.setStyle, internalId: 9, textValue: "font-family", textValue2: value),
          Command(.setStyle, internalId: 10, textValue: "font-family", textValue2: value),
        ], at: 0)
      }),
    ValidCase(
      name: "edge/non-ascii",
      description: "Latin-1, Finnish, Cyrillic, Greek, CJK, Arabic and Hebrew text: raw UTF-8 in JSON, never escaped",
      records: [
        .batch([
          Command(.createText, internalId: 12, childInternalId: 19, textValue: "Héllo wörld, Tämä on ääkkösiä", textValue2: "Привет, Γειά σου"),
          Command(.setTextValue, internalId: 19, textValue: "日本語のテキスト 中文 한국어", textValue2: "مرحبا שלום"),
          Command(.updatePreference, internalId: 1, textValue: "språk", textValue2: "suomi"),
        ], at: 0)
      ]),
    ValidCase(
      name: "edge/emoji",
      description: "emoji: astral scalars (4-byte UTF-8), a skin-tone modifier, a ZWJ family, flags and a keycap sequence",
      records: [.batch([Command(.createButton, internalId: 2, childInternalId: 9, textValue: "😀👍🏽", textValue2: "👨‍👩‍👧 🇫🇮 1️⃣")], at: 0)]),
    ValidCase(
      name: "edge/unicode-boundaries",
      description: "U+0080, U+07FF, U+0800, U+FFFD, U+FEFF inside a string, U+FFFF, U+10000, U+10FFFF, and U+2028/U+2029 (raw in JSON)",
      records: [.batch([Command(.setTextValue, internalId: 5, textValue: "\u{80}\u{7FF}\u{800}\u{FFFD}\u{FEFF}\u{FFFF}", textValue2: "\u{10000}\u{10FFFF}\u{2028}\u{2029}")], at: 0)]),
    ValidCase(
      name: "edge/normalization-forms",
      description: "precomposed \"é\" (U+00E9) and decomposed \"e\\u0301\" are different strings: the codec keeps the bytes, never normalizes",
      records: [.batch([Command(.setTextValue, internalId: 5, textValue: "\u{E9}", textValue2: "e\u{301}"), Command(.setTextValue, internalId: 6, textValue: "e\u{301}", textValue2: "\u{E9}")], at: 0)]),
    ValidCase(
      name: "edge/quotes-and-backslashes",
      description: "quotes, backslashes and slashes: JSON escapes \" and \\ only, leaves / as is",
      records: [.batch([Command(.setTextValue, internalId: 5, textValue: "say \"hi\" \\ \\\\ \\\" / </script>", textValue2: "C:\\Users\\\"x\"\\")], at: 0)]),
    ValidCase(
      name: "edge/control-characters",
      description: "every control character U+0000-U+001F and DEL: JSON writes \\b \\t \\n \\f \\r and \\u00XX for the rest, DEL raw",
      records: [
        .batch([Command(.setTextValue, internalId: 5, textValue: controlCharacters, textValue2: "line1\r\nline2\u{0}")], at: 0),
        TraceRecord(time: 0, .marker(label: "tab\there", detail: "nul\u{0}end")),
        .event(.warning(WarningEvent(code: "\u{1B}[31m", warning: "bell\u{7}")), to: 1, at: 0),
      ]),
    ValidCase(
      name: "edge/key-field",
      description: "the key field, which no engine version sets; interned in binary like other repeating strings",
      records: [.batch([Command(.setStyle, internalId: 9, key: "k1", textValue: "color", textValue2: "#fff"), Command(.setStyle, internalId: 9, key: "k1", textValue: "color", textValue2: "#000")], at: 0)]),
    ValidCase(
      name: "edge/bytes-fields",
      description: "byte fields of 1, 2, 3 and 256 bytes (Base64 with two, one and no padding characters; every byte value)",
      records: [
        .event(.imageUpload(ImageUploadEvent(data: [0x00])), to: 1, at: 0),
        .event(.imageUpload(ImageUploadEvent(data: [0xFF, 0xFE])), to: 1, at: 0),
        .event(.imageUpload(ImageUploadEvent(data: [0xFB, 0xFF, 0xBF])), to: 1, at: 0),
        .event(.imageUpload(ImageUploadEvent(data: (0...255).map { UInt8($0) })), to: 1, at: 0),
      ]),
  ]

  // MARK: - Headers

  static let headers: [ValidCase] = [
    ValidCase(
      name: "header/full",
      description: "every header field: numbering, created, creator, viewport with a fractional scale, preferences (sorted by UTF-8 bytes: \"Z\" < \"a\" < \"ä\")",
      header: TraceHeader(
        numbering: "engine-2018-11-28", created: "2026-11-22T09:30:00Z", creator: "cmdtool 0.1.0 record",
        viewport: Viewport(width: 375, height: 667, scale: 2.5),
        preferences: ["a": "1", "ä": "umlaut", "Z": "", "user": "alice \"quoted\"\n"]),
      records: [.batch([Command(.createApplication, childInternalId: 1, textValue: "Demo")], at: 0)]),
    ValidCase(
      name: "header/minimal",
      description: "the default header: {\"trace\":1} in JSON, an empty presence set in binary; no records at all",
      records: []),
    ValidCase(
      name: "header/headerless-json",
      description: "a header-less JSON Lines stream of bare commands, as an engine prints it: the JSON text has no header line and reads with the default header; the binary trace has the default header",
      records: [
        .batch([Command(.createApplication, childInternalId: 1, textValue: "Demo")], at: 0),
        .batch([Command(.createFrameView, internalId: 1, childInternalId: 2)], at: 0),
        .batch([Command(.createButton, internalId: 2, childInternalId: 3, textValue: "OK")], at: 5),
      ],
      headerLine: false),
    ValidCase(
      name: "header/partial",
      description: "only created and a viewport of zero size and unknown scale; empty strings are kept (a present but empty creator)",
      header: TraceHeader(created: "2026-01-01T00:00:00Z", creator: "", viewport: Viewport(width: 0, height: 0, scale: 0)),
      records: [TraceRecord(time: 0, .marker(label: "start", detail: ""))]),
    ValidCase(
      name: "header/viewport-negative-zero-scale",
      description: "a viewport scale of -0.0: not negative, and not the default +0.0, so both formats keep it (\"scale\":-0 in JSON)",
      header: TraceHeader(viewport: Viewport(width: 1, height: 1, scale: -0.0)),
      records: []),
    ValidCase(
      name: "header/viewport-extremes",
      description: "a viewport with Int32 extremes and a tiny scale; a non-ASCII preference with an empty key",
      header: TraceHeader(viewport: Viewport(width: .min, height: .max, scale: 1e-9), preferences: ["": "empty key", "😀": "emoji"]),
      records: []),
  ]

  // MARK: - Batches

  static let batches: [ValidCase] = [
    ValidCase(
      name: "batch/multi-command",
      description: "a batch of several commands (a \"batch\" array in JSON), as Element::begin()/commit() send them: creation, pending styles, then children",
      records: [
        .batch([
          Command(.createFrameView, internalId: 1, childInternalId: 2),
          Command(.setStyle, internalId: 2, textValue: "width", textValue2: "match-parent"),
          Command(.setStyle, internalId: 2, textValue: "height", textValue2: "match-parent"),
          Command(.createLinearLayout, internalId: 2, childInternalId: 3, value: 1),
          Command(.setStyle, internalId: 3, textValue: "padding", textValue2: "8"),
          Command(.createButton, internalId: 3, childInternalId: 4, textValue: "OK"),
          Command(.setStyle, internalId: 4, value: 1, textValue: "background-color", textValue2: "#ff0000"),
          Command(.setIntValue, internalId: 2, value: 1),
          Command(.setIntValue, internalId: 1, childInternalId: 2, value: 1),
        ], at: 12)
      ]),
    ValidCase(
      name: "batch/empty",
      description: "an empty batch: {\"batch\":[]} in JSON, a command count of 0 in binary",
      records: [.batch([], at: 0), .batch([], at: 1)]),
    ValidCase(
      name: "batch/single-and-double",
      description: "a batch of one is a bare command line in JSON; a batch of two uses the array",
      records: [.batch([Command(.clear, internalId: 5)], at: 0), .batch([Command(.clear, internalId: 5), Command(.clear, internalId: 5)], at: 0)]),
    ValidCase(
      name: "batch/interning",
      description: "repeating SET_STYLE keys and values, preference keys, option labels and column names: the second use is a reference to an interned string in binary",
      records: [
        .batch([
          Command(.setStyle, internalId: 9, textValue: "color", textValue2: "#333333"),
          Command(.setStyle, internalId: 10, textValue: "color", textValue2: "#333333"),
          Command(.updatePreference, internalId: 1, textValue: "user", textValue2: "alice"),
          Command(.updatePreference, internalId: 1, textValue: "user", textValue2: "alice"),
          Command(.addOption, internalId: 11, value: 1, textValue: "Yes"),
          Command(.addOption, internalId: 23, value: 1, textValue: "Yes"),
          Command(.addColumn, internalId: 7, value: 1, textValue: "Name"),
          Command(.addSheet, internalId: 7, textValue: "Name"),
          Command(.createButton, internalId: 3, childInternalId: 4, textValue: "color"),
        ], at: 0),
        .batch([Command(.setStyle, internalId: 11, textValue: "color", textValue2: "#333333")], at: 1),
      ]),
  ]

  // MARK: - Times

  static let times: [ValidCase] = [
    ValidCase(
      name: "time/fractional",
      description: "fractional times (absolute in binary) and the integer times after them (absolute too, since the previous time is fractional), then integer deltas again",
      records: [0.5, 12.5, 12.75, 13, 14, 15, 15].map { TraceRecord(time: $0, .marker(label: "m", detail: "")) }),
    ValidCase(
      name: "time/small-fractions",
      description: "0.1, 0.001, 1e-7 and the smallest subnormal: shortest round-trip decimal forms in JSON",
      records: [Double.leastNonzeroMagnitude, 1e-7, 0.001, 0.1, 0.30000000000000004].map { TraceRecord(time: $0, .marker(label: "m", detail: "")) }),
    ValidCase(
      name: "time/large",
      description: "2^53-1 (the largest delta-encoded integer), 2^53 and beyond (absolute, exponent form in JSON), 1e300 and the largest finite double",
      records: [9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e300, .greatestFiniteMagnitude].map { TraceRecord(time: $0, .batch([])) }),
    ValidCase(
      name: "time/equal-and-zero",
      description: "records at time 0, then several at the same time (deltas of 0), then a 3-byte varint delta",
      records: [0, 0, 1, 1, 1, 100_000].map { TraceRecord(time: $0, .batch([Command(.flushView, internalId: 7)])) }),
  ]

  // MARK: - Other records

  static let records: [ValidCase] = [
    ValidCase(
      name: "record/modal-result",
      description: "a dialog is shown modally, the platform answers with a modal result, the engine removes the dialog",
      records: [
        .batch([Command(.createActionSheet, internalId: 9, childInternalId: 23, textValue: "Share via"), Command(.addOption, internalId: 23, value: 1, textValue: "Mail"), Command(.addOption, internalId: 23, value: 2, textValue: "Messages")], at: 100),
        TraceRecord(time: 1500, .modalResult(dialog: 23, value: 2)),
        .batch([Command(.removeChild, internalId: 9, childInternalId: 23)], at: 1500),
        TraceRecord(time: 1600, .modalResult(dialog: .max, value: .min)),
      ]),
    ValidCase(
      name: "record/marker",
      description: "markers with a label only, a label and a detail, and non-ASCII text",
      records: [
        TraceRecord(time: 0, .marker(label: "login", detail: "")),
        TraceRecord(time: 0, .marker(label: "step 2", detail: "tap \"OK\" at (10, 20)")),
        TraceRecord(time: 7, .marker(label: "päättyi ✅", detail: "\\ end /")),
      ]),
    ValidCase(
      name: "record/session",
      description: "a short session mixing every record kind: commands, events, a modal result and markers",
      header: TraceHeader(numbering: "engine-2018-11-28", creator: "vectors"),
      records: [
        TraceRecord(time: 0, .marker(label: "start", detail: "")),
        .batch([Command(.createApplication, childInternalId: 1, textValue: "Demo"), Command(.createFrameView, internalId: 1, childInternalId: 2)], at: 0),
        .batch([Command(.createTextField, internalId: 2, childInternalId: 3), Command(.createButton, internalId: 2, childInternalId: 4, textValue: "Log in")], at: 3),
        .event(.value(ValueEvent(text: "alice")), to: 3, at: 1200),
        .event(.value(ValueEvent(value: 1)), to: 4, at: 1850.5),
        .batch([Command(.createDialog, internalId: 1, childInternalId: 5, textValue: "Welcome")], at: 1851),
        TraceRecord(time: 4000, .modalResult(dialog: 5, value: 1)),
        .batch([Command(.removeChild, internalId: 1, childInternalId: 5), Command(.deleteElement, internalId: 5)], at: 4000),
        .event(.sysInfo(SysInfoEvent(type: 3)), to: 1, at: 9000),
        TraceRecord(time: 9000, .marker(label: "end", detail: "")),
      ]),
  ]

  // MARK: - Numberings

  static let numberings: [ValidCase] = [
    ValidCase(
      name: "numbering/engine-2017-11-16",
      description: "a binary trace in the seed era's numbering (numbering byte 1): CREATE_PROGRESSBAR is code 27, SET_STYLE 43, HISTORY_GO_FORWARD 35; JSON carries names",
      header: TraceHeader(numbering: "engine-2017-11-16"),
      records: [.batch([Command(.createProgressBar, internalId: 2, childInternalId: 3), Command(.setStyle, internalId: 3, textValue: "color", textValue2: "red"), Command(.historyGoForward, internalId: 1), Command(.shareLink, internalId: 1, textValue: "https://example.com")], at: 0)],
      numbering: .engine20171116),
    ValidCase(
      name: "numbering/engine-2018-09-24",
      description: "numbering byte 4: RELEASE is 43, STOP 63, TOGGLE_MENU 72",
      header: TraceHeader(numbering: "engine-2018-09-24"),
      records: [.batch([Command(.release, internalId: 22), Command(.stop, internalId: 33), Command(.toggleMenu, internalId: 3)], at: 0)],
      numbering: .engine20180924),
    ValidCase(
      name: "numbering/engine-2018-11-28",
      description: "numbering byte 5, the engine's current enum: the same codes as cmdtool-1 for 0-72",
      header: TraceHeader(numbering: "engine-2018-11-28"),
      records: [.batch([Command(.createApplication, childInternalId: 1), Command(.createSearchBar, internalId: 2, childInternalId: 30), Command(.showNetworkActivity, internalId: 1, value: 1)], at: 0)],
      numbering: .engine20181128),
  ]
}
