// libFuzzer target: the binary trace decoder (docs/BINARY_FORMAT.md), held to the contract of
// FuzzCommon's TraceContract: no crash, the same outcome however the input is split, and a
// lossless round trip through both formats. Build and run with FuzzTesting/do_build.sh.
import CommandCodec
import FuzzCommon

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryDecode(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  TraceContract.check(UnsafeRawBufferPointer(start: start, count: count), format: .binary)
  return 0
}

// libFuzzer's driver, started from the top-level code SwiftPM expects (see FuzzerDriver).
exit(FuzzerDriver.run(fuzzBinaryDecode))
