import CommandCodec

/// Binary inputs that must fail, built byte by byte with ``BinaryBuilder``; `mark()` notes where
/// the error must point.
///
/// Codes used below (cmdtool-1 numbering, protocol notes §2): CLEAR 43, SET_TEXT_VALUE 46,
/// SET_TEXT_DATA 48, RESHAPE_SHEET 62. Event classes: ValueEvent 1, ImageRequestEvent 7,
/// TimerEvent 9, TouchEvent 10, DrawEvent 17, ScrollEvent 19,
/// ImageUploadEvent 20. Command presence bits: 0 internalId,
/// 1 childInternalId, 2 value, 3 textValue, 4 textValue2, 5 flags, 6 key, 7 row, 8 column, 9 sheet,
/// 10 width, 11 height. Header presence bits: 0 numbering, 1 created, 2 creator, 3 viewport,
/// 4 preferences, 5 widgets (its cases are in ``WidgetCases``).
enum InvalidBinaryCases {
  static let all: [InvalidCase] = fileHeader + recordFraming + strings + types + canonical + numbers + times + trailing

  static let sixteenMiB: UInt64 = 16 << 20

  static func binary(
    _ name: String, _ description: String, _ error: CodecError.Code, recordsBefore: Int = 0,
    _ build: (inout BinaryBuilder) -> Void
  ) -> InvalidCase {
    var b = BinaryBuilder()
    build(&b)
    precondition(b.marks.count == 1, "\(name): mark exactly one place")
    return InvalidCase(name: "binary/\(name)", description: description, format: .binary, input: b.bytes, error: error, byteOffset: b.marks[0], recordsBefore: recordsBefore)
  }

  /// A whole valid record: a batch at the previous time holding CLEAR on element 5.
  static func clearRecord(_ b: inout BinaryBuilder) {
    b.record(BinaryBuilder.batch) { p in
      p.varint(0)  // time: delta 0
      p.varint(1)  // one command
      p.varint(43)  // CLEAR
      p.varint(1)  // internalId present
      p.zigzag(5)  // delta from 0
    }
  }

  /// A file header, one valid record, then a batch at the same time with one command of `code`
  /// built by `fields` (which writes the presence bits and the fields).
  static func afterOneRecord(_ b: inout BinaryBuilder, code: UInt64, _ fields: (inout BinaryBuilder) -> Void) {
    b.fileHeader()
    clearRecord(&b)
    b.record(BinaryBuilder.batch) { p in
      p.varint(0)
      p.varint(1)
      p.varint(code)
      fields(&p)
    }
  }

  /// A file header, one valid record, then an event record of `kind` to target 1 whose presence
  /// bits and fields `fields` writes.
  static func eventAfterOneRecord(_ b: inout BinaryBuilder, kind: UInt64, _ fields: (inout BinaryBuilder) -> Void) {
    b.fileHeader()
    clearRecord(&b)
    b.record(BinaryBuilder.event) { p in
      p.varint(0)
      p.varint(kind)
      p.zigzag(1)
      fields(&p)
    }
  }

  // MARK: - File header

  static let fileHeader: [InvalidCase] = [
    binary("bad-magic/first-byte", "the first byte is 0x88, not 0x89", .badMagic) { b in
      b.mark(); b.raw([0x88, 0x43, 0x4D, 0x44, 0x0D, 0x0A, 0x1A, 0x0A, 1, 0, 1, 0])
    },
    binary("bad-magic/fourth-byte", "\"CMX\" instead of \"CMD\"", .badMagic) { b in
      b.raw([0x89, 0x43, 0x4D]); b.mark(); b.raw([0x58, 0x0D, 0x0A, 0x1A, 0x0A, 1, 0, 1, 0])
    },
    binary("bad-magic/newline-converted", "a transfer turned the magic's CR LF into LF: byte 4 is 0x0A", .badMagic) { b in
      b.raw([0x89, 0x43, 0x4D, 0x44]); b.mark(); b.raw([0x0A, 0x1A, 0x0A, 1, 0, 1, 0])
    },
    binary("bad-magic/json-text", "a JSON Lines trace read as binary", .badMagic) { b in
      b.mark(); b.raw(Array("{\"trace\":1}\n".utf8))
    },
    binary("bad-magic/short-input", "three bytes whose third is already wrong: the error does not wait for more input", .badMagic) { b in
      b.raw([0x89, 0x43]); b.mark(); b.raw([0x00])
    },
    binary("unsupported-version/0", "format version 0", .unsupportedVersion) { b in
      b.raw(BinaryBuilder.magic); b.mark(); b.raw([0, 0, 1, 0])
    },
    binary("unsupported-version/2", "format version 2, newer than this codec", .unsupportedVersion) { b in
      b.raw(BinaryBuilder.magic); b.mark(); b.raw([2, 0, 1, 0])
    },
    binary("unsupported-version/255", "format version 255", .unsupportedVersion) { b in
      b.raw(BinaryBuilder.magic); b.mark(); b.raw([255, 0, 1, 0])
    },
    binary("unknown-numbering/6", "numbering byte 6: the codec knows 0 to 5", .unknownNumbering) { b in
      b.raw(BinaryBuilder.magic + [1]); b.mark(); b.raw([6, 1, 0])
    },
    binary("unknown-numbering/255", "numbering byte 255", .unknownNumbering) { b in
      b.raw(BinaryBuilder.magic + [1]); b.mark(); b.raw([255, 1, 0])
    },
    binary("header/unknown-numbering-name", "the header names a numbering the codec does not know", .unknownNumbering) { b in
      b.fileHeader { h in h.varint(1); h.mark(); h.varint(11); h.raw(Array("engine-1999".utf8)) }
    },
    binary("header/unknown-presence-bit", "header presence bit 6, which version 1 does not define (bit 5 names a widget schema)", .unknownField) { b in
      b.fileHeader { h in h.mark(); h.varint(0x40) }
    },
    binary("header/left-over-bytes", "a byte after the last header field, inside the header record", .malformed) { b in
      b.fileHeader { h in h.varint(0); h.mark(); h.byte(0) }
    },
    binary("header/preferences-unsorted", "preference keys must be sorted by UTF-8 bytes: \"b\" before \"a\"", .nonCanonical) { b in
      b.fileHeader { h in
        h.varint(0x10); h.varint(2)
        h.varint(1); h.raw([0x62]); h.varint(1); h.raw([0x31])
        h.mark(); h.varint(1); h.raw([0x61]); h.varint(1); h.raw([0x32])
      }
    },
    binary("header/preferences-duplicate", "the preference key \"a\" twice", .duplicateKey) { b in
      b.fileHeader { h in
        h.varint(0x10); h.varint(2)
        h.varint(1); h.raw([0x61]); h.varint(1); h.raw([0x31])
        h.mark(); h.varint(1); h.raw([0x61]); h.varint(1); h.raw([0x32])
      }
    },
    binary("header/preference-count-too-large", "1000 preferences declared in a header with room for none", .malformed) { b in
      b.fileHeader { h in h.varint(0x10); h.mark(); h.varint(1000) }
    },
    binary("header/viewport-negative-scale", "a viewport scale of -1", .invalidValue) { b in
      b.fileHeader { h in h.varint(0x08); h.zigzag(375); h.zigzag(667); h.mark(); h.double(-1) }
    },
    binary("header/viewport-nan-scale", "a viewport scale that is NaN", .invalidValue) { b in
      b.fileHeader { h in h.varint(0x08); h.zigzag(375); h.zigzag(667); h.mark(); h.double(.nan) }
    },
    binary("header/viewport-width-out-of-range", "a viewport width of 2^31, outside Int32", .numberOutOfRange) { b in
      b.fileHeader { h in h.varint(0x08); h.mark(); h.zigzag(1 << 31); h.zigzag(667); h.double(2) }
    },
    binary("header/invalid-utf8-creator", "the creator string holds the byte 0xFF", .invalidUTF8) { b in
      b.fileHeader { h in h.varint(0x04); h.varint(3); h.raw([0x61]); h.mark(); h.raw([0xFF, 0x62]) }
    },
    binary("header/length-4GiB", "the header record declares 4 GiB: refused at once, nothing allocated", .recordTooLong) { b in
      b.raw(BinaryBuilder.magic + [1, 0]); b.mark(); b.varint(1 << 32); b.varint(0)
    },
  ]

  // MARK: - Record framing

  static let recordFraming: [InvalidCase] = [
    binary("record/length-4GiB", "a record declares a payload of 4 GiB (the limit is 64 MiB): refused as soon as the length is read, nothing allocated", .recordTooLong, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.byte(BinaryBuilder.batch); b.mark(); b.varint(1 << 32); b.raw([0, 0])
    },
    binary("record/length-64MiB-plus-1", "one byte over the default 64 MiB record limit", .recordTooLong, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.byte(BinaryBuilder.batch); b.mark(); b.varint((64 << 20) + 1)
    },
    binary("record/length-overlong-varint", "the record length 5 written as 0x85 0x00 (a needless zero group)", .nonCanonical, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.byte(BinaryBuilder.batch); b.mark(); b.raw([0x85, 0x00]); b.raw([0, 1, 43, 1, 10])
    },
    binary("record/length-over-64-bits", "a record length varint of more than 64 bits", .malformed, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.byte(BinaryBuilder.batch); b.mark(); b.raw([UInt8](repeating: 0xFF, count: 10) + [0x01])
    },
    binary("record/unknown-kind-0x00", "record kind 0x00", .unknownRecordKind, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b); b.mark(); b.raw([0x00, 0x01, 0x00])
    },
    binary("record/unknown-kind-0x05", "record kind 0x05, one past marker", .unknownRecordKind) { b in
      b.fileHeader(); b.mark(); b.raw([0x05, 0x01, 0x00])
    },
    binary("record/unknown-kind-0xff", "record kind 0xFF", .unknownRecordKind) { b in
      b.fileHeader(); b.mark(); b.raw([0xFF])
    },
    binary("record/left-over-bytes", "an empty batch followed by a stray byte inside its record", .malformed, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(0); p.mark(); p.byte(0) }
    },
    binary("record/command-count-too-large", "a batch declares 100 commands in a record with room for 1", .malformed, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.batch) { p in p.varint(0); p.mark(); p.varint(100); p.raw([43, 0]) }
    },
    binary("record/field-past-end", "textValue declares 10 bytes but its record holds 2", .malformed, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 46) { p in p.varint(0x08); p.varint(10 << 2); p.mark(); p.raw([0x61, 0x62]) }
    },
    binary("record/varint-past-end", "the record ends inside the presence varint", .malformed, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 43) { p in p.mark(); p.byte(0x81) }
    },
    binary("record/double-past-end", "TouchEvent.x present but only 3 of its 8 bytes in the record", .malformed, recordsBefore: 1) { b in
      eventAfterOneRecord(&b, kind: 10) { p in p.varint(0x04); p.mark(); p.raw([0, 0, 0]) }
    },
    binary("record/unknown-command-presence-bit", "command presence bit 12, which no field has", .unknownField, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 43) { p in p.mark(); p.varint(1 << 12) }
    },
    binary("record/unknown-event-presence-bit", "ValueEvent has 3 fields but sets presence bit 3", .unknownField, recordsBefore: 1) { b in
      eventAfterOneRecord(&b, kind: 1) { p in p.mark(); p.varint(0x08) }
    },
    binary("record/field-in-fieldless-event", "DrawEvent (17) has no fields but sets presence bit 0", .unknownField, recordsBefore: 1) { b in
      eventAfterOneRecord(&b, kind: 17) { p in p.mark(); p.varint(0x01) }
    },
    binary("record/unknown-marker-presence-bit", "a marker sets presence bit 2 (it has only a label and a detail)", .unknownField, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.marker) { p in p.varint(0); p.mark(); p.varint(0x04) }
    },
  ]
}
