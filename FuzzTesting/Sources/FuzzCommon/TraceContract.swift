import CommandCodec

/// What every input must satisfy, whatever its bytes.
///
/// 1. Decoding may throw, never crash (a crash is the fuzzer's finding by itself).
/// 2. The input decoded whole, fed in chunks (split points derived from the input) and read in bulk
///    gives the same header, the same records and the same error; so does detecting the format
///    from the first bytes, when that detects the format given (and not, say, UTF-32 text). Each of these decodings is given
///    the widget schema `all.widgets.json` (``FuzzWidgets``), so custom commands decode too.
/// 3. Decoded without the schema, the input gives the same outcome, or stops for want of it: after
///    the same first records, with `schemaMissing` (the header names a schema) or
///    `unknownCommandType` (a custom command).
/// 4. Whatever decoded (the whole trace, or the records before an error) encodes in both formats
///    (binary with the schema's codes), decodes back to exactly the same header and records, and
///    encodes again to the same bytes. The one refusal allowed is JSON's for an event double that
///    is infinite or NaN. A header refused for its schema (`schemaMismatch`) encodes, and decoded
///    back is the same header, refused the same way.
public enum TraceContract {
  /// Checks the contract on `input` read as `format`; traps with a description of the broken rule.
  public static func check(_ input: UnsafeRawBufferPointer, format: TraceFormat) {
    if let violation = violation(Array(input), format: format) {
      fatalError("contract broken (\(format.rawValue), \(input.count) bytes): \(violation)")
    }
  }

  /// The rule `input` breaks, read as `format` with the custom commands of `widgets`, in words;
  /// nil when it keeps the contract.
  public static func violation(_ input: [UInt8], format: TraceFormat, widgets: WidgetSchema? = FuzzWidgets.schema) -> String? {
    let whole = DecodingRun(input, format: format, widgets: widgets)
    let reference = whole.fingerprint
    let cuts = InputCuts.derived(from: input)
    let others: [(String, DecodingRun)] = [
      ("fed in \(cuts.count + 1) chunks", DecodingRun(input, format: format, cuts: cuts, widgets: widgets)),
      ("fed in \(cuts.count + 1) chunks, read in bulk", DecodingRun(input, format: format, cuts: cuts, mode: .bulk, widgets: widgets)),
    ] + detected(input, format: format, comparedWith: whole, widgets: widgets)
    for (name, run) in others {
      if run.error != whole.error {
        return "\(name), the error is \(describe(run.error)); whole, it is \(describe(whole.error))"
      }
      if run.fingerprint != reference {
        return "\(name), \(run.records.count) records decode (header \(describe(run.header))); whole, \(whole.records.count) (header \(describe(whole.header)))"
      }
    }
    if widgets != nil, let violation = withoutSchema(input, format: format, comparedWith: whole) {
      return "without the widget schema, \(violation)"
    }
    guard let header = whole.header else { return nil }
    if let code = whole.error?.code, code == .schemaMissing || code == .schemaMismatch {
      for target in TraceFormat.allCases {
        if let violation = refusedHeader(header, code, through: target, widgets: widgets) {
          return "the refused header re-encoded as \(target.rawValue): \(violation)"
        }
      }
      return nil
    }
    for target in TraceFormat.allCases {
      if let violation = roundTrip(header, whole.records, through: target, nonFinite: reference.hasNonFiniteDouble, widgets: widgets) {
        return "re-encoded as \(target.rawValue): \(violation)"
      }
    }
    return nil
  }

  /// The decoding with the format detected, when detection picks `format`: the first byte picks
  /// it, and the first bytes do not show the input is something else (UTF-32 text starting with
  /// "{", a PNG image starting with 0x89), which detection names and a decoder told the format
  /// cannot know.
  private static func detected(_ input: [UInt8], format: TraceFormat, comparedWith whole: DecodingRun, widgets: WidgetSchema?) -> [(String, DecodingRun)] {
    guard TraceFormat.detect(input) == format else { return [] }
    let run = DecodingRun(input, format: nil, widgets: widgets)
    if run.error?.foreignContent != nil && whole.error?.foreignContent == nil && run.records.isEmpty && run.header == nil {
      return []
    }
    return [("with the format detected", run)]
  }

  /// Rule 3: without a schema, the same outcome, or the same first records and a refusal for
  /// want of the schema.
  private static func withoutSchema(_ input: [UInt8], format: TraceFormat, comparedWith whole: DecodingRun) -> String? {
    let plain = DecodingRun(input, format: format)
    if plain.error == whole.error && plain.fingerprint == whole.fingerprint { return nil }
    guard let error = plain.error, error.code == .schemaMissing || error.code == .unknownCommandType else {
      return "the error is \(describe(plain.error)); with it, \(describe(whole.error))"
    }
    let count = plain.records.count
    // A header-less JSON stream has its (default) header only once a record has decoded.
    let header = plain.header == nil && count == 0 ? nil : whole.header
    guard count <= whole.records.count, plain.fingerprint == TraceFingerprint(header: header, records: Array(whole.records.prefix(count))) else {
      return "\(count) records decode before \(describe(error)) (header \(describe(plain.header))); with it, \(whole.records.count) (header \(describe(whole.header)))"
    }
    return nil
  }

  /// Rule 4 for a header refused for its schema: it encodes, and decodes back to itself and the
  /// same refusal.
  private static func refusedHeader(_ header: TraceHeader, _ code: CodecError.Code, through format: TraceFormat, widgets: WidgetSchema?) -> String? {
    let encoded: [UInt8]
    do {
      // No records, so no schema is needed to write them; the decoder's schema is not the
      // header's (that is why it was refused), and the encoder refuses a header naming another.
      encoded = try encode(header, [], as: format, widgets: nil)
    } catch {
      return "the encoder refuses the header the decoder read: \(error)"
    }
    let back = DecodingRun(encoded, format: format, widgets: widgets)
    if back.error?.code != code { return "decoded back, the error is \(describe(back.error)), not \(code)" }
    if back.fingerprint != TraceFingerprint(header: header, records: []) {
      return "decoded back, the header differs (\(describe(back.header)), \(describe(header)) before)"
    }
    return nil
  }

  /// Encodes, decodes back and encodes again.
  private static func roundTrip(_ header: TraceHeader, _ records: [TraceRecord], through format: TraceFormat, nonFinite: Bool, widgets: WidgetSchema?) -> String? {
    let encoded: [UInt8]
    do {
      encoded = try encode(header, records, as: format, widgets: widgets)
    } catch {
      if format == .jsonLines && nonFinite && error.code == .invalidValue { return nil }
      return "the encoder refuses what the decoder accepted: \(error)"
    }
    let back = DecodingRun(encoded, format: format, widgets: widgets)
    if let error = back.error { return "the encoded trace does not decode: \(error)" }
    if back.fingerprint != TraceFingerprint(header: header, records: records) {
      return "decoded back, the trace differs (\(back.records.count) records, \(records.count) before; header \(describe(back.header)), \(describe(header) ) before)"
    }
    do {
      let again = try encode(back.header!, back.records, as: format, widgets: widgets)
      if again != encoded { return "encoding the decoded trace again gives other bytes (\(again.count), \(encoded.count) the first time)" }
    } catch {
      return "encoding the decoded trace again fails: \(error)"
    }
    return nil
  }

  private static func encode(_ header: TraceHeader, _ records: [TraceRecord], as format: TraceFormat, widgets: WidgetSchema?) throws(CodecError) -> [UInt8] {
    var encoder = TraceEncoder(format: format, widgets: widgets)
    var out: [UInt8] = []
    try encoder.encodeHeader(header, into: &out)
    for record in records { try encoder.encode(record, into: &out) }
    return out
  }

  private static func describe(_ error: CodecError?) -> String {
    guard let error else { return "none" }
    return "\(error.code) at byte \(error.location.byteOffset) (\(excerpt(error.description)))"
  }

  private static func describe(_ header: TraceHeader?) -> String {
    header.map { excerpt("\($0)") } ?? "none"
  }

  /// At most 300 characters of `text`: findings print on one screen.
  private static func excerpt(_ text: String) -> String {
    text.count <= 300 ? text : text.prefix(300) + "… (\(text.utf8.count) bytes)"
  }
}
