// libFuzzer target: the JSON Lines trace decoder (docs/TRACE_FORMAT.md), held to the contract of
// FuzzCommon's TraceContract: no crash, the same outcome however the input is split, and a
// lossless round trip through both formats. Build and run with FuzzTesting/do_build.sh; use the
// dictionary FuzzJSONDecode.dict.
import CommandCodec
import FuzzCommon

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONDecode(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  TraceContract.check(UnsafeRawBufferPointer(start: start, count: count), format: .jsonLines)
  return 0
}

// libFuzzer's driver, started from the top-level code SwiftPM expects (see FuzzerDriver).
exit(FuzzerDriver.run(fuzzJSONDecode))
