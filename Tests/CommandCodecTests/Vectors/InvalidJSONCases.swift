import CommandCodec

/// JSON Lines inputs that must fail. `⟦` marks the byte the error must point at; most inputs are
/// a header line, then records, then the bad line (see ``JSONInputBuilder/afterHeader``).
enum InvalidJSONCases {
  static let all: [InvalidCase] = types + wrongTypes + duplicates + trailing + ranges + times + unicode + syntax + fields + headers + values

  static func json(_ name: String, _ description: String, _ error: CodecError.Code, _ lines: String...) -> InvalidCase {
    JSONInputBuilder.afterHeader("json/\(name)", description, error, lines: lines)
  }

  static func json(_ name: String, _ description: String, _ error: CodecError.Code, recordsBefore: Int, _ build: (inout JSONInputBuilder) -> Void) -> InvalidCase {
    JSONInputBuilder.invalid("json/\(name)", description, error, recordsBefore: recordsBefore, build)
  }

  // MARK: - Types

  static let types: [InvalidCase] = [
    json("unknown-command-type", "a misspelt type name (the message suggests CREATE_BUTTON)", .unknownCommandType,
      #"{"t":0,"type":"CLEAR"}"#, #"{"t":0,"type":⟦"CREATE_BUTON","internalId":2}"#),
    json("unknown-command-type-line-12", "a header-less stream whose 12th line has an unknown type: line 12, column 9, record #11", .unknownCommandType, recordsBefore: 11) { b in
      for id in 1...11 { b.line(#"{"type":"CLEAR","internalId":"# + String(id) + "}") }
      b.line(#"{"type":⟦"CREATE_BUTON"}"#)
    },
    json("command-type-case", "type names are case-sensitive", .unknownCommandType, #"{"t":0,"type":⟦"create_button"}"#),
    json("command-type-in-batch", "an unknown type inside a batch", .unknownCommandType, #"{"t":0,"batch":[{"type":"CLEAR"},{"type":⟦"NOPE"}]}"#),
    json("command-type-empty", "an empty type name", .unknownCommandType, #"{"t":0,"type":⟦""}"#),
    json("unknown-event-class", "a misspelt event class", .unknownEventType, #"{"t":0,"event":⟦"ValueEvnt","target":1}"#),
    json("event-class-lowercase", "event class names are case-sensitive", .unknownEventType, #"{"t":0,"event":⟦"valueevent","target":1}"#),
  ]

  // MARK: - Wrong JSON types

  static let wrongTypes: [InvalidCase] = [
    json("type-is-number", "\"type\" as a number: the message asks for the enumerator name", .wrongType, #"{"t":0,"type":⟦8,"internalId":1}"#),
    json("type-is-number-in-batch", "a numeric type inside a batch", .wrongType, #"{"t":0,"batch":[{"type":⟦8}]}"#),
    json("type-is-null", "\"type\": null", .wrongType, #"{"t":0,"type":⟦null}"#),
    json("t-is-string", "a time in quotes", .wrongType, #"{"t":⟦"0","type":"CLEAR"}"#),
    json("t-is-true", "a time that is a boolean", .wrongType, #"{"t":⟦true,"type":"CLEAR"}"#),
    json("id-is-string", "internalId in quotes", .wrongType, #"{"t":0,"type":"CLEAR","internalId":⟦"5"}"#),
    json("id-is-fraction", "internalId 1.5", .wrongType, #"{"t":0,"type":"CLEAR","internalId":⟦1.5}"#),
    json("id-has-exponent", "internalId 1e2 (integers have no exponent)", .wrongType, #"{"t":0,"type":"CLEAR","internalId":⟦1e2}"#),
    json("text-is-number", "textValue as a number", .wrongType, #"{"t":0,"type":"SET_TEXT_VALUE","internalId":5,"textValue":⟦5}"#),
    json("sheet-is-bool", "sheet as a boolean", .wrongType, #"{"t":0,"type":"RESHAPE_SHEET","internalId":7,"sheet":⟦true}"#),
    json("flags-is-null", "flags: null", .wrongType, #"{"t":0,"type":"CREATE_LISTVIEW","flags":⟦null}"#),
    json("batch-is-object", "\"batch\" as an object", .wrongType, #"{"t":0,"batch":⟦{}}"#),
    json("target-is-string", "an event target in quotes", .wrongType, #"{"t":0,"event":"DrawEvent","target":⟦"1"}"#),
    json("event-is-number", "an event class given as a number", .wrongType, #"{"t":0,"event":⟦5,"target":1}"#),
    json("modal-is-string", "a modal dialog id in quotes", .wrongType, #"{"t":0,"modal":⟦"7"}"#),
    json("marker-is-number", "a marker label that is a number", .wrongType, #"{"t":0,"marker":⟦1}"#),
    json("detail-is-number", "a marker detail that is a number", .wrongType, #"{"t":0,"marker":"m","detail":⟦2}"#),
    json("event-int-is-bool", "ValueEvent.value: true", .wrongType, #"{"t":0,"event":"ValueEvent","target":1,"value":⟦true}"#),
    json("event-int-is-fraction", "ValueEvent.value: 1.5", .wrongType, #"{"t":0,"event":"ValueEvent","target":1,"value":⟦1.5}"#),
    json("event-bool-is-number", "TouchEvent.flush: 1", .wrongType, #"{"t":0,"event":"TouchEvent","target":4,"flush":⟦1}"#),
    json("event-double-is-string", "TouchEvent.x in quotes", .wrongType, #"{"t":0,"event":"TouchEvent","target":4,"x":⟦"1.5"}"#),
    json("event-string-is-array", "ValueEvent.text as an array", .wrongType, #"{"t":0,"event":"ValueEvent","target":1,"text":⟦["a"]}"#),
    json("event-bytes-is-number", "ImageUploadEvent.data as a number", .wrongType, #"{"t":0,"event":"ImageUploadEvent","target":1,"data":⟦5}"#),
    json("event-int-is-null", "SysEvent.type: null", .wrongType, #"{"t":0,"event":"SysEvent","target":1,"type":⟦null}"#),
    json("viewport-is-array", "the header's viewport as an array", .wrongType, recordsBefore: 0) { b in b.line(#"{"trace":1,"viewport":⟦[]}"#) },
    json("preference-is-number", "a preference value that is a number", .wrongType, recordsBefore: 0) { b in b.line(#"{"trace":1,"preferences":{"a":⟦1}}"#) },
    json("trace-is-string", "the header's version in quotes", .wrongType, recordsBefore: 0) { b in b.line(#"{"trace":⟦"1"}"#) },
  ]

  // MARK: - Duplicate keys

  static let duplicates: [InvalidCase] = [
    json("duplicate-t", "\"t\" twice", .duplicateKey, #"{"t":0,"type":"CLEAR",⟦"t":1}"#),
    json("duplicate-type-escaped", "\"type\" twice, the second spelt with an escape", .duplicateKey, #"{"t":0,"type":"CLEAR",⟦"typ\u0065":"STOP"}"#),
    json("duplicate-command-field", "internalId twice", .duplicateKey, #"{"t":0,"type":"CLEAR","internalId":1,⟦"internalId":1}"#),
    json("duplicate-in-batch", "internalId twice in a batch's command", .duplicateKey, #"{"t":0,"batch":[{"type":"CLEAR","internalId":1,⟦"internalId":2}]}"#),
    json("duplicate-event-field", "ValueEvent.value twice", .duplicateKey, #"{"t":0,"event":"ValueEvent","target":1,"value":1,⟦"value":2}"#),
    json("duplicate-target", "\"target\" twice", .duplicateKey, #"{"t":0,"event":"DrawEvent","target":1,⟦"target":2}"#),
    json("duplicate-event", "\"event\" twice", .duplicateKey, #"{"t":0,"event":"DrawEvent","target":1,⟦"event":"DrawEvent"}"#),
    json("duplicate-modal-value", "a modal result's value twice", .duplicateKey, #"{"t":0,"modal":3,"value":1,⟦"value":1}"#),
    json("duplicate-marker-detail", "a marker's detail twice", .duplicateKey, #"{"t":0,"marker":"m","detail":"a",⟦"detail":"b"}"#),
    json("duplicate-with-spaces", "with white space before the repeated key, the error points at the key itself", .duplicateKey, #"{ "t" : 0 , "type" : "CLEAR" ,  ⟦"t" : 1 }"#),
    json("duplicate-header-key", "\"trace\" twice in the header", .duplicateKey, recordsBefore: 0) { b in b.line(#"{"trace":1,⟦"trace":1}"#) },
    json("duplicate-preference", "a preference key twice", .duplicateKey, recordsBefore: 0) { b in b.line(#"{"trace":1,"preferences":{"a":"1",⟦"a":"2"}}"#) },
    json("duplicate-viewport-key", "viewport.width twice", .duplicateKey, recordsBefore: 0) { b in b.line(#"{"trace":1,"viewport":{"width":1,⟦"width":2}}"#) },
  ]

  // MARK: - Trailing garbage

  static let trailing: [InvalidCase] = [
    json("trailing-letter", "a letter after the record", .trailingGarbage, #"{"t":0,"type":"CLEAR"}⟦x"#),
    json("trailing-object", "two records on one line", .trailingGarbage, #"{"t":0,"type":"CLEAR"}⟦{"t":0,"type":"CLEAR"}"#),
    json("trailing-comma", "a comma after the record and a space", .trailingGarbage, #"{"t":0,"type":"CLEAR"} ⟦,"#),
    json("trailing-brace", "an extra closing brace", .trailingGarbage, #"{"t":0,"type":"CLEAR"}⟦}"#),
    json("trailing-after-header", "garbage after the header object", .trailingGarbage, recordsBefore: 0) { b in b.line(#"{"trace":1}⟦]"#) },
  ]

  // MARK: - Number ranges

  static let ranges: [InvalidCase] = [
    json("id-above-int32", "internalId 2^31", .numberOutOfRange, #"{"t":0,"type":"CLEAR","internalId":⟦2147483648}"#),
    json("id-below-int32", "childInternalId -2^31-1", .numberOutOfRange, #"{"t":0,"type":"REMOVE_CHILD","internalId":1,"childInternalId":⟦-2147483649}"#),
    json("id-huge", "an integer beyond Int64", .numberOutOfRange, #"{"t":0,"type":"CLEAR","internalId":⟦99999999999999999999}"#),
    json("sheet-above-uint16", "sheet 65536", .numberOutOfRange, #"{"t":0,"type":"RESHAPE_SHEET","internalId":7,"sheet":⟦65536}"#),
    json("sheet-negative", "sheet -1", .numberOutOfRange, #"{"t":0,"type":"RESHAPE_SHEET","internalId":7,"sheet":⟦-1}"#),
    json("flags-negative", "flags -1", .numberOutOfRange, #"{"t":0,"type":"CREATE_LISTVIEW","flags":⟦-1}"#),
    json("flags-above-uint32", "flags 2^32", .numberOutOfRange, #"{"t":0,"type":"CREATE_LISTVIEW","flags":⟦4294967296}"#),
    json("event-uint32-negative", "ImageRequestEvent.requestedWidth -1", .numberOutOfRange, #"{"t":0,"event":"ImageRequestEvent","target":22,"requestedWidth":⟦-1}"#),
    json("event-int32-above", "TimerEvent.id 2^31", .numberOutOfRange, #"{"t":0,"event":"TimerEvent","target":1,"id":⟦2147483648}"#),
    json("event-int64-above", "TouchEvent.identifier 2^63", .numberOutOfRange, #"{"t":0,"event":"TouchEvent","target":4,"identifier":⟦9223372036854775808}"#),
    json("event-double-overflow", "TouchEvent.x 1e400, beyond a double", .numberOutOfRange, #"{"t":0,"event":"TouchEvent","target":4,"x":⟦1e400}"#),
    json("time-overflow", "a time of 1e400", .numberOutOfRange, #"{"t":⟦1e400,"type":"CLEAR"}"#),
    json("target-above-int32", "an event target of 2^31", .numberOutOfRange, #"{"t":0,"event":"DrawEvent","target":⟦2147483648}"#),
    json("modal-value-below-int32", "a modal result value below Int32.min", .numberOutOfRange, #"{"t":0,"modal":1,"value":⟦-2147483649}"#),
  ]

  // MARK: - Times

  static let times: [InvalidCase] = [
    json("time-backwards", "a record at 9 ms after one at 10 ms", .timeGoesBackwards, #"{"t":10,"type":"CLEAR"}"#, #"⟦{"t":9,"type":"CLEAR"}"#),
    json("time-backwards-fraction", "12.25 after 12.5", .timeGoesBackwards, #"{"t":12.5,"marker":"a"}"#, #"⟦{"t":12.25,"marker":"b"}"#),
    json("time-negative", "a negative time", .invalidValue, #"⟦{"t":-1,"type":"CLEAR"}"#),
    json("time-negative-tiny", "the smallest negative subnormal time", .invalidValue, #"⟦{"t":-5e-324,"marker":"x"}"#),
  ]

  // MARK: - Unicode

  static let unicode: [InvalidCase] = [
    json("lone-high-surrogate", "\\ud800 with nothing after it", .invalidUTF8, #"{"t":0,"type":"SET_TEXT_VALUE","textValue":"a⟦\ud800b"}"#),
    json("lone-high-surrogate-at-end", "\\ud83d right before the closing quote", .invalidUTF8, #"{"t":0,"type":"SET_TEXT_VALUE","textValue":"⟦\ud83d"}"#),
    json("lone-low-surrogate", "\\udc00 without a high surrogate", .invalidUTF8, #"{"t":0,"marker":"⟦\udc00"}"#),
    json("high-then-non-low", "\\ud83d followed by \\u0041", .invalidUTF8, #"{"t":0,"marker":"x⟦\ud83d\u0041"}"#),
    json("reversed-surrogates", "a low surrogate before a high one", .invalidUTF8, #"{"t":0,"marker":"⟦\ude00\ud83d"}"#),
    json("invalid-utf8-ff", "the byte 0xFF in a string", .invalidUTF8, recordsBefore: 0) { b in
      b.line(#"{"trace":1}"#)
      b.line([.text(#"{"t":0,"marker":"ab⟦"#), .raw([0xFF]), .text(#"c"}"#)])
    },
    json("invalid-utf8-encoded-surrogate", "ED A0 80: a surrogate in raw UTF-8", .invalidUTF8, recordsBefore: 0) { b in
      b.line(#"{"trace":1}"#)
      b.line([.text(#"{"t":0,"marker":"⟦"#), .raw([0xED, 0xA0, 0x80]), .text(#""}"#)])
    },
    json("invalid-utf8-overlong", "C0 AF, an overlong \"/\"", .invalidUTF8, recordsBefore: 0) { b in
      b.line(#"{"trace":1}"#)
      b.line([.text(#"{"t":0,"type":"SET_TEXT_VALUE","textValue":"x⟦"#), .raw([0xC0, 0xAF]), .text(#""}"#)])
    },
    json("invalid-utf8-cut-sequence", "a 3-byte sequence cut by the closing quote", .invalidUTF8, recordsBefore: 0) { b in
      b.line(#"{"trace":1}"#)
      b.line([.text(#"{"t":0,"marker":"ab⟦"#), .raw([0xE2, 0x82]), .text(#""}"#)])
    },
    json("invalid-utf8-after-escape", "invalid UTF-8 in a string that also has an escape: the error points at the bad byte", .invalidUTF8, recordsBefore: 0) { b in
      b.line(#"{"trace":1}"#)
      b.line([.text(#"{"t":0,"marker":"a\n⟦"#), .raw([0xFE]), .text(#"b"}"#)])
    },
    json("invalid-utf8-in-key", "invalid UTF-8 in a key", .invalidUTF8, recordsBefore: 0) { b in
      b.line(#"{"trace":1}"#)
      b.line([.text(#"{"t":0,"type":"CLEAR","te⟦"#), .raw([0xFF]), .text(#"":1}"#)])
    },
    json("invalid-utf8-in-header", "invalid UTF-8 in the header's creator", .invalidUTF8, recordsBefore: 0) { b in
      b.line([.text(#"{"trace":1,"creator":"⟦"#), .raw([0xF4, 0x90, 0x80, 0x80]), .text(#""}"#)])
    },
    json("invalid-utf8-outside-string", "a 0xFF byte where a key should start is a syntax error", .syntax, recordsBefore: 0) { b in
      b.line(#"{"trace":1}"#)
      b.line([.text(#"{"t":0,⟦"#), .raw([0xFF]), .text("}")])
    },
    json("bom", "a UTF-8 byte order mark before the header", .syntax, recordsBefore: 0) { b in
      b.line([.text("⟦"), .raw([0xEF, 0xBB, 0xBF]), .text(#"{"trace":1}"#)])
    },
    json("bom-headerless", "a byte order mark before the first record of a header-less stream", .syntax, recordsBefore: 0) { b in
      b.line([.text("⟦"), .raw([0xEF, 0xBB, 0xBF]), .text(#"{"type":"CLEAR"}"#)])
    },
    json("bom-after-blank-line", "a byte order mark at the start of the first non-blank line, after a blank one", .syntax, recordsBefore: 0) { b in
      b.line("")
      b.line([.text("⟦"), .raw([0xEF, 0xBB, 0xBF]), .text(#"{"trace":1}"#)])
    },
    json("bom-after-records", "a byte order mark at the start of a later line, as when a file saved with one is appended", .syntax, recordsBefore: 2) { b in
      b.line(#"{"trace":1}"#)
      b.line(#"{"t":0,"type":"CLEAR"}"#)
      b.line(#"{"t":0,"type":"CLEAR"}"#)
      b.line([.text("⟦"), .raw([0xEF, 0xBB, 0xBF]), .text(#"{"t":0,"type":"CLEAR"}"#)])
    },
  ]

  // MARK: - Syntax

  static let syntax: [InvalidCase] = [
    json("missing-colon", "a key without its colon", .syntax, #"{"t"⟦0,"type":"CLEAR"}"#),
    json("single-quotes", "single-quoted keys", .syntax, #"{⟦'t':0}"#),
    json("trailing-comma-in-object", "a comma before the closing brace: the error points at the comma", .syntax, #"{"t":0,"type":"CLEAR"⟦,}"#),
    json("trailing-comma-in-batch", "a comma before the closing bracket", .syntax, #"{"t":0,"batch":[{"type":"CLEAR"}⟦,]}"#),
    json("trailing-comma-in-batch-command", "a comma before the closing brace of a batch's command (the first of two trailing commas)", .syntax,
      #"{"t":0,"batch":[{"type":"CREATE_BUTTON","internalId":1⟦,},]}"#),
    json("trailing-comma-before-space", "a trailing comma with white space before the closing brace", .syntax, #"{"t":0,"type":"CLEAR" ⟦, }"#),
    json("trailing-comma-in-skipped-value", "a trailing comma in a value skipped while looking for the record's shape", .syntax, #"{"x":[1⟦,],"type":"CLEAR"}"#),
    json("trailing-comma-in-viewport", "a trailing comma in the header's viewport", .syntax, recordsBefore: 0) { b in b.line(#"{"trace":1,"viewport":{"width":1⟦,}}"#) },
    json("trailing-comma-in-preferences", "a trailing comma in the header's preferences", .syntax, recordsBefore: 0) { b in b.line(#"{"trace":1,"preferences":{"a":"1"⟦,}}"#) },
    json("leading-zero", "a number with a leading zero", .syntax, #"{"t":⟦01,"type":"CLEAR"}"#),
    json("bare-minus", "a minus sign without digits", .syntax, #"{"t":-⟦,"type":"CLEAR"}"#),
    json("bare-decimal-point", "a decimal point without digits", .syntax, #"{"t":1.⟦,"type":"CLEAR"}"#),
    json("bare-exponent", "an exponent without digits", .syntax, #"{"t":1e⟦,"type":"CLEAR"}"#),
    json("control-character", "a raw tab inside a string", .syntax, "{\"t\":0,\"marker\":\"a⟦\tb\"}"),
    json("bad-escape", "\\x is not a JSON escape", .syntax, #"{"t":0,"marker":"a⟦\x41"}"#),
    json("bad-unicode-escape", "\\u followed by a non-hex digit", .syntax, #"{"t":0,"marker":"⟦\u00G1"}"#),
    json("not-an-object", "a line holding an array", .syntax, #"⟦[1,2]"#),
    json("string-line", "a line holding a string", .syntax, #"⟦"CLEAR""#),
    json("line-ends-early", "a line that ends (with a newline) before its object closes: a syntax error, not truncation", .syntax, #"{"t":0,"type":"CLEAR"⟦"#, #"{"t":0,"type":"CLEAR"}"#),
    json("string-ends-early", "a string cut by the end of a line that has a newline", .syntax, #"{"t":0,"type":"CLE⟦"#, #"{"t":0,"type":"CLEAR"}"#),
    json("missing-comma", "two members without a comma", .syntax, #"{"t":0 ⟦"type":"CLEAR"}"#),
    json("nesting-too-deep", "an unknown key's value nested 40 deep: the skipper stops at level 33", .nestingTooDeep,
      #"{"t":0,"x":"# + String(repeating: "[", count: 32) + "⟦" + String(repeating: "[", count: 8) + String(repeating: "]", count: 40) + #","type":"CLEAR"}"#),
  ]

  // MARK: - Fields

  static let fields: [InvalidCase] = [
    json("unknown-command-field", "a command field the format does not have", .unknownField, #"{"t":0,"type":"CLEAR",⟦"foo":1}"#),
    json("misspelt-command-field", "\"textvalue\" (the message suggests textValue)", .unknownField, #"{"t":0,"type":"SET_TEXT_VALUE",⟦"textvalue":"x"}"#),
    json("unknown-event-field", "an event field the class does not have: the error points at the key", .unknownField, #"{"t":0,"event":"ValueEvent","target":1,⟦"txt":"a"}"#),
    json("field-of-fieldless-event", "a field on DrawEvent, which has none", .unknownField, #"{"t":0,"event":"DrawEvent","target":1,⟦"x":1}"#),
    json("string-type-in-event", "a string \"type\" in an event: ValueEvent has no such field", .unknownField, #"{"t":0,"event":"ValueEvent","target":1,⟦"type":"CLEAR"}"#),
    json("command-and-batch", "a record with both \"type\" and \"batch\"", .unknownField, #"{"t":0,"type":"CLEAR",⟦"batch":[]}"#),
    json("event-and-marker", "a record with both \"event\" and \"marker\"", .unknownField, #"{"t":0,"event":"DrawEvent","target":1,⟦"marker":"m"}"#),
    json("time-in-batch-command", "\"t\" on a command inside a batch", .unknownField, #"{"t":0,"batch":[{"type":"CLEAR",⟦"t":1}]}"#),
    json("target-on-command", "\"target\" on a command", .unknownField, #"{"t":0,"type":"CLEAR",⟦"target":1}"#),
    json("unknown-modal-field", "a modal result with a \"dialog\" key", .unknownField, #"{"t":0,"modal":1,⟦"dialog":1}"#),
    json("unknown-marker-field", "a marker with a \"label\" key", .unknownField, #"{"t":0,"marker":"m",⟦"label":"x"}"#),
    json("unknown-header-field", "a header key the format does not have", .unknownField, recordsBefore: 0) { b in b.line(#"{"trace":1,⟦"version":1}"#) },
    json("unknown-viewport-field", "a viewport key the format does not have", .unknownField, recordsBefore: 0) { b in b.line(#"{"trace":1,"viewport":{⟦"depth":2}}"#) },
    json("time-in-header", "the header has no time", .unknownField, recordsBefore: 0) { b in b.line(#"⟦{"trace":1,"t":0}"#) },
    json("empty-object", "{} is not a record", .missingField, #"⟦{}"#),
    json("only-time", "a line with nothing but \"t\" (this used to crash the decoder)", .missingField, #"{"t":1,"type":"CLEAR"}"#, #"⟦{"t":5}"#),
    json("only-time-headerless", "a header-less stream whose first line has nothing but \"t\"", .missingField, recordsBefore: 0) { b in b.line(#"⟦{ "t" : 0 }"#) },
    json("no-discriminator", "a record with none of type, batch, event, modal, marker or trace", .missingField, #"⟦{"t":0,"internalId":1}"#),
    json("type-key-case", "\"Type\" is not \"type\"", .missingField, #"⟦{"t":0,"Type":"CLEAR"}"#),
    json("event-without-target", "an event needs a target", .missingField, #"⟦{"t":0,"event":"DrawEvent"}"#),
    json("batch-command-without-type", "a command in a batch without \"type\"", .missingField, #"{"t":0,"batch":[⟦{"internalId":1}]}"#),
    json("batch-command-empty", "an empty object in a batch", .missingField, #"{"t":0,"batch":[{"type":"CLEAR"},⟦{}]}"#),
  ]

  // MARK: - Headers

  static let headers: [InvalidCase] = [
    json("unsupported-version-2", "trace format version 2", .unsupportedVersion, recordsBefore: 0) { b in b.line(#"{"trace":⟦2}"#) },
    json("unsupported-version-0", "trace format version 0", .unsupportedVersion, recordsBefore: 0) { b in b.line(#"{"trace":⟦0,"creator":"x"}"#) },
    json("unknown-numbering", "a numbering the codec does not know", .unknownNumbering, recordsBefore: 0) { b in b.line(#"{"trace":1,"numbering":⟦"engine-2019-01-01"}"#) },
    json("header-after-record", "a header line after a record of a header-less stream", .unknownRecordKind, recordsBefore: 1) { b in
      b.line(#"{"t":0,"type":"CLEAR"}"#)
      b.line(#"⟦{"trace":1}"#)
    },
    json("second-header", "two header lines", .unknownRecordKind, recordsBefore: 0) { b in
      b.line(#"{"trace":1}"#)
      b.line(#"⟦{"trace":1}"#)
    },
  ]

  // MARK: - Values

  static let values: [InvalidCase] = [
    json("base64-bad-length", "Base64 of 3 characters", .invalidValue, #"{"t":0,"event":"ImageUploadEvent","target":1,"data":⟦"AAE"}"#),
    json("base64-url-alphabet", "the URL-safe alphabet (- and _) is not standard Base64", .invalidValue, #"{"t":0,"event":"ImageUploadEvent","target":1,"data":⟦"-_8="}"#),
    json("base64-nonzero-padding-bits", "\"AB==\": padding bits that are not zero", .invalidValue, #"{"t":0,"event":"ImageUploadEvent","target":1,"data":⟦"AB=="}"#),
    json("negative-scale", "a negative viewport scale", .invalidValue, recordsBefore: 0) { b in b.line(#"{"trace":1,"viewport":{"scale":⟦-1}}"#) },
    json("truncated-literal", "the input ends inside the literal null (no newline): truncated, at the end of the input", .truncated, recordsBefore: 0) { b in
      b.line(#"{"trace":1}"#)
      b.line(#"{"t":0,"event":"ValueEvent","target":1,"text":nu⟦"#, terminator: nil)
    },
  ]
}
