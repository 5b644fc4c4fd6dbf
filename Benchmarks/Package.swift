// swift-tools-version:6.0
// The benchmarks: a package of their own, so that CommandCodec stays free of dependencies.
//
//   swift run -c release --package-path Benchmarks codec-benchmark
//   swift run -c release --package-path Benchmarks replay-benchmark
//   swift run -c release --package-path Benchmarks diff-benchmark
//   swift run -c release --package-path Benchmarks record-benchmark
//   swift run -c release --package-path Benchmarks fuzz-benchmark
//   swift run -c release --package-path Benchmarks hostile-benchmark
//   swift run -c release --package-path Benchmarks conformance-benchmark
//   swift run -c release --package-path Benchmarks view-benchmark
//   swift run -c release --package-path Benchmarks studio-benchmark
//
// See README.md beside this file.
import PackageDescription

let package = Package(
  name: "cmdtool-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    // The parent package (the repository root), by path: its `CommandCodec` library product.
    .package(name: "cmdtool", path: ".."),
    // The protobuf peer. Generated/bench_command.pb.swift was made by protoc-gen-swift 1.39.0 and
    // must be built against the same runtime (Scripts/generate-proto.sh).
    .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
  ],
  targets: [
    .target(name: "BenchmarkSupport", path: "Sources/BenchmarkSupport"),
    .executableTarget(
      name: "codec-benchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CommandCodec", package: "cmdtool"),
        .product(name: "SwiftProtobuf", package: "swift-protobuf"),
      ],
      path: "Sources/CodecBenchmark"
    ),
    .executableTarget(
      name: "replay-benchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CommandCodec", package: "cmdtool"),
        .product(name: "Replay", package: "cmdtool"),
      ],
      path: "Sources/ReplayBenchmark"
    ),
    .executableTarget(
      name: "diff-benchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CommandCodec", package: "cmdtool"),
        .product(name: "Replay", package: "cmdtool"),
      ],
      path: "Sources/DiffBenchmark"
    ),
    .executableTarget(
      name: "record-benchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CommandCodec", package: "cmdtool"),
        .product(name: "Replay", package: "cmdtool"),
      ],
      path: "Sources/RecordBenchmark"
    ),
    .executableTarget(
      name: "fuzz-benchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CommandCodec", package: "cmdtool"),
        .product(name: "Replay", package: "cmdtool"),
      ],
      path: "Sources/FuzzBenchmark"
    ),
    // The decoders' worst input shapes per megabyte: linear time on every path, errors included;
    // with --trees, the tree-shaped work (depth and width) per megabyte.
    .executableTarget(
      name: "hostile-benchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CommandCodec", package: "cmdtool"),
        .product(name: "Replay", package: "cmdtool"),
      ],
      path: "Sources/HostileBenchmark"
    ),
    // `cmdtool conformance` and `cmdtool fuzz platform` against the reference testee (built in
    // release by the parent package), beside the model alone and the cost of a process per case.
    .executableTarget(
      name: "conformance-benchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CommandCodec", package: "cmdtool"),
        .product(name: "Replay", package: "cmdtool"),
      ],
      path: "Sources/ConformanceBenchmark"
    ),
    // `cmdtool view --serve` of big generated traces (time to the first screen, peak memory)
    // beside `cmdtool view --out` (issue #27), the release cmdtool as a process.
    .executableTarget(
      name: "view-benchmark",
      dependencies: ["BenchmarkSupport"],
      path: "Sources/ViewBenchmark"
    ),
    // `cmdtool studio`'s tap round trip in a real browser (chromium through chromedriver): it
    // drives the release cmdtool and example engine as processes, so it needs nothing else.
    .executableTarget(name: "studio-benchmark", dependencies: ["BenchmarkSupport"], path: "Sources/StudioBenchmark"),
  ],
  swiftLanguageModes: [.v6]
)
