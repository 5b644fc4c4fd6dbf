import CommandCodec

/// Valid vectors whose JSON Lines input is not canonical: decoders must accept it and read the
/// declared records; encoders write the canonical `jsonl` instead.
enum JSONVariantCases {
  static let all: [ValidCase] = [
    ValidCase(
      name: "json-variant/keys-in-any-order",
      description: "keys in any order, the discriminating key last, in every record kind and in the header",
      header: TraceHeader(viewport: Viewport(width: 375, height: 667, scale: 2), preferences: ["a": "1", "b": "2"]),
      records: [
        .batch([Command(.createFrameView, internalId: 1, childInternalId: 2)], at: 0),
        .event(.value(ValueEvent(text: "x", value: 1)), to: 3, at: 5),
        TraceRecord(time: 6, .marker(label: "m", detail: "d")),
        TraceRecord(time: 7, .modalResult(dialog: 7, value: 2)),
        .batch([Command(.clear, internalId: 5), Command(.stop, internalId: 6)], at: 8),
        .event(.sys(SysEvent(type: 3)), to: 1, at: 9),
      ],
      jsonlInput: """
        {"preferences":{"b":"2","a":"1"},"viewport":{"scale":2,"height":667,"width":375},"trace":1}
        {"childInternalId":2,"internalId":1,"type":"CREATE_FRAMEVIEW","t":0}
        {"target":3,"value":1,"text":"x","t":5,"event":"ValueEvent"}
        {"detail":"d","t":6,"marker":"m"}
        {"value":2,"t":7,"modal":7}
        {"t":8,"batch":[{"internalId":5,"type":"CLEAR"},{"internalId":6,"type":"STOP"}]}
        {"type":3,"target":1,"t":9,"event":"SysEvent"}

        """),
    ValidCase(
      name: "json-variant/time-omitted",
      description: "a record without \"t\" takes the previous record's time (0 for the first record)",
      records: [
        .batch([Command(.createApplication, childInternalId: 1)], at: 0),
        .batch([Command(.createFrameView, internalId: 1, childInternalId: 2)], at: 0),
        .batch([Command(.createButton, internalId: 2, childInternalId: 3)], at: 40),
        .event(.value(ValueEvent(value: 1)), to: 3, at: 40),
        TraceRecord(time: 40, .marker(label: "same time", detail: "")),
      ],
      jsonlInput: """
        {"trace":1}
        {"type":"CREATE_APPLICATION","childInternalId":1}
        {"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2}
        {"t":40,"type":"CREATE_BUTTON","internalId":2,"childInternalId":3}
        {"event":"ValueEvent","target":3,"value":1}
        {"marker":"same time"}

        """),
    ValidCase(
      name: "json-variant/headerless-bare-commands",
      description: "an engine's own output: a header-less stream of bare commands without times (all at time 0), no newline after the last line",
      records: [
        .batch([Command(.createApplication, childInternalId: 1, textValue: "Demo")], at: 0),
        .batch([Command(.createFrameView, internalId: 1, childInternalId: 2)], at: 0),
        .batch([Command(.setStyle, internalId: 2, textValue: "width", textValue2: "match-parent")], at: 0),
      ],
      headerLine: false,
      jsonlInput: "{\"type\":\"CREATE_APPLICATION\",\"childInternalId\":1,\"textValue\":\"Demo\"}\n{\"type\":\"CREATE_FRAMEVIEW\",\"internalId\":1,\"childInternalId\":2}\n{\"type\":\"SET_STYLE\",\"internalId\":2,\"textValue\":\"width\",\"textValue2\":\"match-parent\"}"),
    ValidCase(
      name: "json-variant/whitespace",
      description: "spaces and tabs around every token, and trailing white space after the record",
      header: TraceHeader(creator: "x"),
      records: [
        .batch([Command(.clear, internalId: 5), Command(.addOption, internalId: 11, value: -2, textValue: "a b")], at: 1),
        .event(.touch(TouchEvent(x: 1.5, flush: true)), to: 4, at: 2),
      ],
      jsonlInput: " { \"trace\" : 1 ,\t\"creator\" : \"x\" } \n\t{ \"t\" : 1 , \"batch\" : [ { \"type\" : \"CLEAR\" , \"internalId\" : 5 } , { \"type\":\"ADD_OPTION\",\"internalId\":11 , \"value\" : -2 , \"textValue\" : \"a b\" } ] }\t \n{\"t\":2,\"event\":\"TouchEvent\",\"target\":4,\"x\":1.5,\"flush\":true}  \n"),
    ValidCase(
      name: "json-variant/crlf-and-blank-lines",
      description: "CRLF line endings, and blank lines (empty, spaces, tabs, a lone CR) before the header, between records and at the end",
      header: TraceHeader(creator: "windows"),
      records: [
        .batch([Command(.clear, internalId: 1)], at: 0),
        .batch([Command(.clear, internalId: 2)], at: 1),
      ],
      jsonlInput: "\r\n\n{\"trace\":1,\"creator\":\"windows\"}\r\n\r\n   \n\t\r\n{\"t\":0,\"type\":\"CLEAR\",\"internalId\":1}\r\n\r\n{\"t\":1,\"type\":\"CLEAR\",\"internalId\":2}\r\n\r\n\n"),
    ValidCase(
      name: "json-variant/escapes",
      description: "escapes the encoder does not write: \\/ , \\u0041, \\u00e9, a surrogate pair in upper case, and an escaped key name",
      records: [.batch([Command(.setTextValue, internalId: 5, textValue: "a/b A é 😀 \u{8}", textValue2: "\"\\")], at: 0)],
      jsonlInput: #"""
        {"trace":1}
        {"t":0,"type":"SET_TEXT_VALUE","internalId":5,"t\u0065xtValue":"a\/b \u0041 \u00e9 \uD83D\uDE00 \b","textValue2":"\u0022\u005c"}

        """#),
    ValidCase(
      name: "json-variant/numbers",
      description: "number spellings: exponents, a fraction of zero, -0, integers beyond 2^53 for a double, 0 for an absent integer",
      records: [
        TraceRecord(time: 1500, .marker(label: "1.5e3", detail: "")),
        TraceRecord(time: 1500, .marker(label: "1500.000", detail: "")),
        TraceRecord(time: 9_007_199_254_740_992, .marker(label: "2^53+1 rounds to 2^53", detail: "")),
        .event(.touch(TouchEvent(timestamp: 100, x: -0.0, y: 0.25, identifier: -1)), to: 4, at: 9_007_199_254_740_992),
        .batch([Command(.createButton, internalId: 2, childInternalId: 3)], at: 9_007_199_254_740_992),
      ],
      jsonlInput: """
        {"trace":1}
        {"t":1.5e3,"marker":"1.5e3"}
        {"t":1500.000,"marker":"1500.000"}
        {"t":9007199254740993,"marker":"2^53+1 rounds to 2^53"}
        {"t":9.007199254740992E+15,"event":"TouchEvent","target":4,"timestamp":1E2,"x":-0,"y":25e-2,"identifier":-1,"type":0}
        {"type":"CREATE_BUTTON","internalId":2,"childInternalId":3,"value":-0,"row":0}

        """),
    ValidCase(
      name: "json-variant/explicit-defaults",
      description: "fields written with their default values (0, \"\", false, an empty Base64 string, a zero time written as -0) read like absent fields",
      records: [
        .batch([Command(.clear, internalId: 5)], at: 0),
        .event(.imageResponse(ImageResponseEvent(imageUrl: "u")), to: 0, at: 0),
        TraceRecord(time: 0, .marker(label: "m", detail: "")),
        TraceRecord(time: 0, .modalResult(dialog: 3, value: 0)),
      ],
      jsonlInput: """
        {"trace":1,"preferences":{}}
        {"t":-0,"type":"CLEAR","internalId":5,"childInternalId":0,"value":0,"key":"","textValue":"","textValue2":"","row":0,"column":0,"sheet":0,"width":0,"height":0,"flags":0}
        {"t":0,"event":"ImageResponseEvent","target":0,"success":false,"imageUrl":"u","data":"","isLive":false,"isCancelled":false}
        {"t":0,"marker":"m","detail":""}
        {"t":0,"modal":3,"value":0}

        """),
    ValidCase(
      name: "json-variant/batch-of-one",
      description: "a batch array with a single command reads like a bare command line",
      records: [.batch([Command(.clear, internalId: 5)], at: 3)],
      jsonlInput: """
        {"trace":1}
        {"t":3,"batch":[{"type":"CLEAR","internalId":5}]}

        """),
  ]
}
