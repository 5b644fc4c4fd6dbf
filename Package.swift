// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "cmdtool",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    // Embeddable in an app or a platform layer: no dependencies, not even Foundation.
    .library(name: "CommandCodec", targets: ["CommandCodec"]),
    .library(name: "Replay", targets: ["Replay"]),
    .executable(name: "cmdtool", targets: ["cmdtool"]),
    .executable(name: "example-engine", targets: ["example-engine"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    .target(name: "CommandCodec"),
    .target(name: "Replay", dependencies: ["CommandCodec"]),
    .executableTarget(
      name: "cmdtool",
      dependencies: [
        "CommandCodec", "Replay",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // A small engine that drives a UI over the wire protocol (docs/WIRE.md), for trying and
    // testing `cmdtool record`. Not part of the toolkit: it uses only CommandCodec.
    .executableTarget(name: "example-engine", dependencies: ["CommandCodec"], path: "Examples/ExampleEngine"),
    .testTarget(name: "CommandCodecTests", dependencies: ["CommandCodec"]),
    .testTarget(name: "ReplayTests", dependencies: ["Replay", "CommandCodec"], exclude: ["Snapshots"]),
    .testTarget(name: "CmdToolTests", dependencies: ["cmdtool", "example-engine", "CommandCodec", "Replay"]),
    .testTarget(name: "ExampleEngineTests", dependencies: ["example-engine", "CommandCodec"]),
  ]
)
