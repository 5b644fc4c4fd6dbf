// swift-tools-version:6.0
// libFuzzer targets for the two trace decoders: a package of its own, so that the root package
// (and CommandCodec, which has no dependencies) never sees the fuzzing flags or targets.
//
//   FuzzTesting/do_build.sh --run-regressions      # build, then replay FailCases/
//   FuzzTesting/do_build.sh --run 60               # and fuzz each target for 60 seconds
//
// The targets must be built with the fuzzer and address sanitizers and as libraries (libFuzzer
// brings `main`); do_build.sh passes `-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library`.
// See docs/FUZZING.md.
import PackageDescription

let package = Package(
  name: "cmdtool-fuzz-testing",
  dependencies: [
    // The parent package (the repository root), by path: its `CommandCodec` library product.
    .package(name: "cmdtool", path: ".."),
  ],
  targets: [
    // The contract every input is held to, shared by the targets.
    .target(name: "FuzzCommon", dependencies: [.product(name: "CommandCodec", package: "cmdtool")]),
    .executableTarget(name: "FuzzBinaryDecode", dependencies: ["FuzzCommon"]),
    .executableTarget(name: "FuzzJSONDecode", dependencies: ["FuzzCommon"]),
  ],
  swiftLanguageModes: [.v6]
)
