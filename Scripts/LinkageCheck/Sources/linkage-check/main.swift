import CommandCodec
import ConformanceTestee

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
// A snapshot from the testee library's state builder, whose strings and numbers go through the
// same writers.
var state = StateBuilder(time: 12.5)
var label = SnapshotElement(kind: "text")
label.text = "tab\t"
state.add(3, label)
guard String(decoding: state.snapshot(), as: UTF8.self) == "{\n  \"version\": 1,\n  \"time\": 12.5,\n  \"detached\": [3],\n  \"elements\": {\n    \"3\": {\"kind\":\"text\",\"text\":\"tab\\t\"}\n  }\n}\n" else {
  print("the state builder wrote something else")
  exit(1)
}
print("CommandCodec round-trips on its own; ConformanceTestee builds a snapshot")

@_silgen_name("exit") func exit(_ status: Int32) -> Never
