import CommandCodec

/// Binary inputs that must fail inside records: strings, types, canonical form, ranges, times and
/// trailing bytes (the file header and record framing are in `InvalidBinaryCases.swift`).
extension InvalidBinaryCases {
  // MARK: - Strings

  static func textValue(_ name: String, _ description: String, _ error: CodecError.Code, bytes: [UInt8], badAt: Int) -> InvalidCase {
    binary(name, description, error, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 46) { p in
        p.varint(0x08)
        p.varint(UInt64(bytes.count) << 2)
        p.raw(Array(bytes[..<badAt])); p.mark(); p.raw(Array(bytes[badAt...]))
      }
    }
  }

  static let strings: [InvalidCase] = [
    binary("string/too-long", "textValue declares 16 MiB + 1 bytes (the limit is 16 MiB): refused before reading", .stringTooLong, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 46) { p in p.varint(0x08); p.mark(); p.varint((sixteenMiB + 1) << 2); p.raw([0x61]) }
    },
    binary("string/bytes-too-long", "ImageUploadEvent.data declares 16 MiB + 1 bytes", .stringTooLong, recordsBefore: 1) { b in
      eventAfterOneRecord(&b, kind: 20) { p in p.varint(0x01); p.mark(); p.varint(sixteenMiB + 1); p.raw([0x61]) }
    },
    textValue("string/invalid-utf8-ff", "the byte 0xFF in textValue", .invalidUTF8, bytes: [0x61, 0xFF, 0x62], badAt: 1),
    textValue("string/invalid-utf8-overlong", "the overlong encoding C0 80 of U+0000", .invalidUTF8, bytes: [0x61, 0xC0, 0x80], badAt: 1),
    textValue("string/invalid-utf8-surrogate", "ED A0 80, the UTF-8 form of the surrogate U+D800", .invalidUTF8, bytes: [0xED, 0xA0, 0x80, 0x61], badAt: 0),
    textValue("string/invalid-utf8-cut-sequence", "the string ends inside a 3-byte sequence (E2 82)", .invalidUTF8, bytes: [0x61, 0x62, 0xE2, 0x82], badAt: 2),
    textValue("string/invalid-utf8-above-max", "F4 90 80 80, above U+10FFFF", .invalidUTF8, bytes: [0xF4, 0x90, 0x80, 0x80], badAt: 0),
    textValue("string/invalid-utf8-lone-continuation", "a continuation byte 0x80 without a lead byte", .invalidUTF8, bytes: [0x61, 0x80], badAt: 1),
    binary("string/invalid-utf8-marker", "a marker label with the byte 0xFE", .invalidUTF8, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.marker) { p in p.varint(0); p.varint(0x01); p.varint(2 << 2); p.raw([0x6F]); p.mark(); p.raw([0xFE]) }
    },
    binary("string/unfilled-slot", "a reference to string slot 0 before anything was interned", .malformed, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 46) { p in p.varint(0x08); p.mark(); p.varint(0 << 1 | 1) }
    },
    binary("string/interned-too-long", "a 65-byte string marked for interning (at most 64 may be)", .malformed, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 46) { p in p.varint(0x08); p.mark(); p.varint(65 << 2 | 0b10); p.raw([UInt8](repeating: 0x61, count: 65)) }
    },
  ]

  // MARK: - Types

  static let types: [InvalidCase] = [
    binary("type/unknown-code-cmdtool", "command code 108: cmdtool-1 has codes 0 to 107", .unknownCommandType, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(1); p.mark(); p.varint(108); p.varint(0) }
    },
    binary("type/unknown-code-engine-2017-11-16", "command code 62 in the 62-entry numbering engine-2017-11-16 (byte 1)", .unknownCommandType) { b in
      b.fileHeader(numbering: 1)
      b.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(1); p.mark(); p.varint(62); p.varint(0) }
    },
    binary("type/unknown-code-engine-2018-11-28", "command code 73 in the 73-entry current numbering (byte 5)", .unknownCommandType) { b in
      b.fileHeader(numbering: 5)
      b.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(1); p.mark(); p.varint(73); p.varint(0) }
    },
    binary("type/unknown-event-class-0", "event class code 0 (codes start at 1)", .unknownEventType, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.event) { p in p.varint(0); p.mark(); p.varint(0); p.zigzag(1); p.varint(0) }
    },
    binary("type/unknown-event-class-21", "event class code 21, one past ImageUploadEvent", .unknownEventType, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.event) { p in p.varint(0); p.mark(); p.varint(21); p.zigzag(1); p.varint(0) }
    },
    binary("type/unknown-event-class-huge", "event class code 300 (beyond a byte)", .unknownEventType) { b in
      b.fileHeader()
      b.record(BinaryBuilder.event) { p in p.varint(0); p.mark(); p.varint(300); p.zigzag(1); p.varint(0) }
    },
  ]

  // MARK: - Canonical form

  static let canonical: [InvalidCase] = [
    binary("non-canonical/overlong-presence", "command presence 1 written as 0x81 0x00", .nonCanonical, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 43) { p in p.mark(); p.raw([0x81, 0x00]); p.zigzag(2) }
    },
    binary("non-canonical/overlong-time", "a time delta of 0 written as 0x80 0x00", .nonCanonical, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.batch) { p in p.mark(); p.raw([0x80, 0x00]); p.varint(0) }
    },
    binary("non-canonical/default-value", "the value bit set with value 0", .nonCanonical, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 45) { p in p.mark(); p.varint(0x05); p.zigzag(0); p.zigzag(0) }
    },
    binary("non-canonical/default-id", "internalId present with a delta that makes it 0", .nonCanonical, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 43) { p in p.mark(); p.varint(0x01); p.zigzag(-5) }
    },
    binary("non-canonical/default-sheet", "the sheet bit set with sheet 0", .nonCanonical, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 62) { p in p.mark(); p.varint(1 << 9); p.varint(0) }
    },
    binary("non-canonical/empty-string", "the textValue bit set with an empty string", .nonCanonical, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 46) { p in p.varint(0x08); p.mark(); p.varint(0) }
    },
    binary("non-canonical/empty-interned-string", "an empty string marked for interning", .nonCanonical, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 46) { p in p.varint(0x08); p.mark(); p.varint(0b10) }
    },
    binary("non-canonical/event-default-int", "ValueEvent.value present with 0", .nonCanonical, recordsBefore: 1) { b in
      eventAfterOneRecord(&b, kind: 1) { p in p.varint(0x02); p.mark(); p.zigzag(0) }
    },
    binary("non-canonical/event-default-double", "TouchEvent.x present with +0.0", .nonCanonical, recordsBefore: 1) { b in
      eventAfterOneRecord(&b, kind: 10) { p in p.varint(0x04); p.mark(); p.double(0) }
    },
    binary("non-canonical/event-empty-bytes", "ImageUploadEvent.data present with 0 bytes", .nonCanonical, recordsBefore: 1) { b in
      eventAfterOneRecord(&b, kind: 20) { p in p.varint(0x01); p.mark(); p.varint(0) }
    },
    binary("non-canonical/event-empty-string", "ValueEvent.text present and empty", .nonCanonical, recordsBefore: 1) { b in
      eventAfterOneRecord(&b, kind: 1) { p in p.varint(0x01); p.mark(); p.varint(0) }
    },
    binary("non-canonical/marker-empty-label", "a marker with its label bit set and an empty label", .nonCanonical, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.marker) { p in p.varint(0); p.varint(0x01); p.mark(); p.varint(0) }
    },
  ]

  // MARK: - Numbers

  static let numbers: [InvalidCase] = [
    binary("range/id-delta-overflow", "an internalId delta taking 5 to 2^31, past Int32.max", .numberOutOfRange, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 43) { p in p.varint(0x01); p.mark(); p.zigzag((1 << 31) - 5) }
    },
    binary("range/id-delta-underflow", "an internalId delta taking 5 below Int32.min", .numberOutOfRange, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 43) { p in p.varint(0x01); p.mark(); p.zigzag(-(1 << 31) - 6) }
    },
    binary("range/value", "value 2^32, outside Int32", .numberOutOfRange, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 45) { p in p.varint(0x04); p.mark(); p.zigzag(1 << 32) }
    },
    binary("range/sheet", "sheet 65536, outside UInt16", .numberOutOfRange, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 62) { p in p.varint(1 << 9); p.mark(); p.varint(65536) }
    },
    binary("range/flags", "flags 2^32, outside UInt32", .numberOutOfRange, recordsBefore: 1) { b in
      afterOneRecord(&b, code: 6) { p in p.varint(1 << 5); p.mark(); p.varint(1 << 32) }
    },
    binary("range/event-uint32", "ImageRequestEvent.requestedWidth 2^32, outside UInt32", .numberOutOfRange, recordsBefore: 1) { b in
      eventAfterOneRecord(&b, kind: 7) { p in p.varint(0x08); p.mark(); p.varint(1 << 32) }
    },
    binary("range/event-int32", "TimerEvent.id -2^31-1, outside Int32", .numberOutOfRange, recordsBefore: 1) { b in
      eventAfterOneRecord(&b, kind: 9) { p in p.varint(0x01); p.mark(); p.zigzag(-(1 << 31) - 1) }
    },
    binary("range/event-target", "an event target of 2^31", .numberOutOfRange, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.event) { p in p.varint(0); p.varint(17); p.mark(); p.zigzag(1 << 31); p.varint(0) }
    },
    binary("range/modal-dialog", "a modal result for dialog 2^31", .numberOutOfRange, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b)
      b.record(BinaryBuilder.modalResult) { p in p.varint(0); p.mark(); p.zigzag(1 << 31); p.zigzag(1) }
    },
  ]

  // MARK: - Times

  static let times: [InvalidCase] = [
    binary("time/backwards", "a record at 5 ms after one at 10 ms", .timeGoesBackwards, recordsBefore: 1) { b in
      b.fileHeader()
      b.record(BinaryBuilder.batch) { p in p.varint(10 << 1); p.varint(0) }
      b.record(BinaryBuilder.batch) { p in p.mark(); p.varint(1); p.double(5); p.varint(0) }
    },
    binary("time/negative", "an absolute time of -1 ms", .invalidValue) { b in
      b.fileHeader()
      b.record(BinaryBuilder.batch) { p in p.mark(); p.varint(1); p.double(-1); p.varint(0) }
    },
    binary("time/nan", "an absolute time that is NaN", .invalidValue) { b in
      b.fileHeader()
      b.record(BinaryBuilder.marker) { p in p.mark(); p.varint(1); p.double(.nan); p.varint(0) }
    },
    binary("time/infinite", "an absolute time of +infinity", .invalidValue) { b in
      b.fileHeader()
      b.record(BinaryBuilder.marker) { p in p.mark(); p.varint(1); p.double(.infinity); p.varint(0) }
    },
    binary("time/unknown-form", "a time head of 3: odd heads other than 1 are undefined", .malformed) { b in
      b.fileHeader()
      b.record(BinaryBuilder.batch) { p in p.mark(); p.varint(3); p.varint(0) }
    },
    binary("time/double-past-end", "an absolute time whose 8 bytes are not all in the record", .malformed) { b in
      b.fileHeader()
      b.record(BinaryBuilder.batch) { p in p.varint(1); p.mark(); p.raw([0, 0, 0, 0]) }
    },
  ]

  // MARK: - Trailing bytes

  static let trailing: [InvalidCase] = [
    binary("trailing/zero-byte", "a stray 0x00 after the last record: not a record kind", .unknownRecordKind, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b); b.mark(); b.byte(0)
    },
    binary("trailing/newline", "a newline appended to a binary trace", .unknownRecordKind, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b); b.mark(); b.byte(0x0A)
    },
    binary("trailing/text", "text appended to a binary trace", .unknownRecordKind, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b); b.mark(); b.raw(Array("garbage".utf8))
    },
    binary("trailing/partial-record", "a lone batch kind byte after the last record: the input ends inside a record", .truncated, recordsBefore: 1) { b in
      b.fileHeader(); clearRecord(&b); b.mark(); b.byte(BinaryBuilder.batch)
    },
  ]
}
