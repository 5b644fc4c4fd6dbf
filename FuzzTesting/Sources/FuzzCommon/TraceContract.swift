import CommandCodec

/// What every input must satisfy, whatever its bytes.
///
/// 1. Decoding may throw, never crash (a crash is the fuzzer's finding by itself).
/// 2. The input decoded whole, fed in chunks (split points derived from the input) and read in bulk
///    gives the same header, the same records and the same error; so does detecting the format
///    from the first byte, when that detects the format given.
/// 3. Whatever decoded (the whole trace, or the records before an error) encodes in both formats,
///    decodes back to exactly the same header and records, and encodes again to the same bytes.
///    The one refusal allowed is JSON's for an event double that is infinite or NaN.
public enum TraceContract {
  /// Checks the contract on `input` read as `format`; traps with a description of the broken rule.
  public static func check(_ input: UnsafeRawBufferPointer, format: TraceFormat) {
    if let violation = violation(Array(input), format: format) {
      fatalError("contract broken (\(format.rawValue), \(input.count) bytes): \(violation)")
    }
  }

  /// The rule `input` breaks, read as `format`, in words; nil when it keeps the contract.
  public static func violation(_ input: [UInt8], format: TraceFormat) -> String? {
    let whole = DecodingRun(input, format: format)
    let reference = whole.fingerprint
    let cuts = InputCuts.derived(from: input)
    let others: [(String, DecodingRun)] = [
      ("fed in \(cuts.count + 1) chunks", DecodingRun(input, format: format, cuts: cuts)),
      ("fed in \(cuts.count + 1) chunks, read in bulk", DecodingRun(input, format: format, cuts: cuts, mode: .bulk)),
    ] + (TraceFormat.detect(input) == format ? [("with the format detected", DecodingRun(input, format: nil))] : [])
    for (name, run) in others {
      if run.error != whole.error {
        return "\(name), the error is \(describe(run.error)); whole, it is \(describe(whole.error))"
      }
      if run.fingerprint != reference {
        return "\(name), \(run.records.count) records decode (header \(describe(run.header))); whole, \(whole.records.count) (header \(describe(whole.header)))"
      }
    }
    guard let header = whole.header else { return nil }
    for target in TraceFormat.allCases {
      if let violation = roundTrip(header, whole.records, through: target, nonFinite: reference.hasNonFiniteDouble) {
        return "re-encoded as \(target.rawValue): \(violation)"
      }
    }
    return nil
  }

  /// Encodes, decodes back and encodes again.
  private static func roundTrip(_ header: TraceHeader, _ records: [TraceRecord], through format: TraceFormat, nonFinite: Bool) -> String? {
    let encoded: [UInt8]
    do {
      encoded = try encode(header, records, as: format)
    } catch {
      if format == .jsonLines && nonFinite && error.code == .invalidValue { return nil }
      return "the encoder refuses what the decoder accepted: \(error)"
    }
    let back = DecodingRun(encoded, format: format)
    if let error = back.error { return "the encoded trace does not decode: \(error)" }
    if back.fingerprint != TraceFingerprint(header: header, records: records) {
      return "decoded back, the trace differs (\(back.records.count) records, \(records.count) before; header \(describe(back.header)), \(describe(header) ) before)"
    }
    do {
      let again = try encode(back.header!, back.records, as: format)
      if again != encoded { return "encoding the decoded trace again gives other bytes (\(again.count), \(encoded.count) the first time)" }
    } catch {
      return "encoding the decoded trace again fails: \(error)"
    }
    return nil
  }

  private static func encode(_ header: TraceHeader, _ records: [TraceRecord], as format: TraceFormat) throws(CodecError) -> [UInt8] {
    var encoder = TraceEncoder(format: format)
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
