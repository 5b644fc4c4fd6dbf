import CommandCodec

// Round-trips one record through both codecs; exits non-zero on any difference.
let record = TraceRecord.batch([Command(.createButton, internalId: 2, childInternalId: 5, textValue: "OK")], at: 12.5)
for format in TraceFormat.allCases {
  var encoder = TraceEncoder(format: format)
  var bytes: [UInt8] = []
  try encoder.encodeHeader(TraceHeader(), into: &bytes)
  try encoder.encode(record, into: &bytes)
  let decoded = DecodedTrace(decoding: bytes)
  guard decoded.error == nil, decoded.records == [record] else {
    print("round trip failed for \(format)")
    exit(1)
  }
}
print("CommandCodec round-trips on its own")

@_silgen_name("exit") func exit(_ status: Int32) -> Never
