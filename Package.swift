// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "cmdtool",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    // Embeddable in an app or a platform layer: no dependencies, not even Foundation.
    .library(name: "CommandCodec", targets: ["CommandCodec"]),
    // A platform's side of `cmdtool conformance` (docs/CONFORMANCE.md §6.2): on CommandCodec
    // alone, without Foundation, so it links into an iOS app or a UI test bundle.
    .library(name: "ConformanceTestee", targets: ["ConformanceTestee"]),
    // The Replay module re-exports the others; naming them here makes clients depend on each
    // directly, so their builds notice when either changes.
    .library(name: "Replay", targets: ["Replay", "ReplayCore", "ReplayLive", "ReplayFuzz", "ReplayConformance", "ReplayWireframe"]),
    .executable(name: "cmdtool", targets: ["cmdtool"]),
    .executable(name: "example-engine", targets: ["example-engine"]),
    .executable(name: "reference-testee", targets: ["reference-testee"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // The studio's HTTP server (docs/STUDIO.md): SwiftNIO itself, in the Studio target only.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
  ],
  targets: [
    .target(name: "CommandCodec"),
    .target(name: "ConformanceTestee", dependencies: ["CommandCodec"]),
    // Replay is one product made of checked layers: the pure core (trace IO, clock, model,
    // snapshots, rendering, diff, generation) cannot see the live side (peers over the wire), and
    // the `Replay` module re-exports both (docs/ARCHITECTURE.md).
    .target(name: "ReplayCore", dependencies: ["CommandCodec"], path: "Sources/Replay/Core"),
    .target(name: "ReplayLive", dependencies: ["CommandCodec", "ReplayCore"], path: "Sources/Replay/Live"),
    // Fuzzing: generators, shrinking and campaigns; pure where it can be, Live only to drive a peer.
    .target(name: "ReplayFuzz", dependencies: ["CommandCodec", "ReplayCore", "ReplayLive"], path: "Sources/Replay/Fuzz"),
    // Platform conformance: the testee protocol, the suite, verdicts and reports (docs/CONFORMANCE.md).
    // Its HTML report draws failing cases' expected and actual states with the wireframe.
    .target(name: "ReplayConformance", dependencies: ["CommandCodec", "ReplayCore", "ReplayLive", "ReplayFuzz", "ReplayWireframe"], path: "Sources/Replay/Conformance"),
    // Wireframes of a UI state: styles read, layout boxes as plain data, SVG (docs/WIREFRAME.md).
    // The pure core only, no Foundation: it draws a state, never drives a peer.
    .target(name: "ReplayWireframe", dependencies: ["CommandCodec", "ReplayCore"], path: "Sources/Replay/Wireframe"),
    .target(name: "Replay", dependencies: ["ReplayCore", "ReplayLive", "ReplayFuzz", "ReplayConformance", "ReplayWireframe"], path: "Sources/Replay", exclude: ["Core", "Live", "Fuzz", "Conformance", "Wireframe"]),
    // `cmdtool studio` (docs/STUDIO.md): a live engine driven from a browser page served on
    // loopback. A target of its own above Live and Wireframe, so that Replay stays embeddable and
    // free of the server library; nothing but cmdtool uses it.
    .target(
      name: "Studio",
      dependencies: [
        "CommandCodec", "ReplayCore", "ReplayLive", "ReplayWireframe",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ]),
    .executableTarget(
      name: "cmdtool",
      dependencies: [
        // ReplayCore and ReplayLive by name too, not only through the Replay module's
        // re-export: the build then recompiles cmdtool when their interfaces change.
        "CommandCodec", "Replay", "ReplayCore", "ReplayLive", "ReplayFuzz", "ReplayConformance", "ReplayWireframe", "Studio",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // A small engine that drives a UI over the wire protocol (docs/WIRE.md), for trying and
    // testing `cmdtool record`. Not part of the toolkit: it uses only CommandCodec.
    .executableTarget(name: "example-engine", dependencies: ["CommandCodec"], path: "Examples/ExampleEngine"),
    // A platform testee for `cmdtool conformance` (docs/CONFORMANCE.md §1) that is the reference
    // model itself, with `--bug` variants for the runner's tests: the platform part on the
    // ConformanceTestee library, which does the protocol. The pure core only: no Foundation.
    .executableTarget(name: "reference-testee", dependencies: ["CommandCodec", "ConformanceTestee", "ReplayCore"], path: "Examples/ReferenceTestee", exclude: ["README.md"]),
    // A sketch of a UIKit platform layer as a testee on the library, with stand-in view classes
    // so that it builds here (Examples/UIKitTestee/README.md); the tests run cases over it.
    .executableTarget(name: "uikit-testee", dependencies: ["CommandCodec", "ConformanceTestee"], path: "Examples/UIKitTestee", exclude: ["README.md"]),
    .testTarget(name: "CommandCodecTests", dependencies: ["CommandCodec"]),
    // The testee library against the model's own snapshot writer and generated streams; the
    // reference testee's walk of the model into the state builder is what it compares.
    .testTarget(name: "ConformanceTesteeTests", dependencies: ["ConformanceTestee", "CommandCodec", "ReplayCore", "ReplayFuzz", "ReplayConformance", "reference-testee"]),
    .testTarget(name: "ReplayTests", dependencies: ["Replay", "ReplayCore", "ReplayLive", "ReplayFuzz", "ReplayConformance", "ReplayWireframe", "CommandCodec"], exclude: ["Snapshots"]),
    .testTarget(name: "CmdToolTests", dependencies: ["cmdtool", "example-engine", "reference-testee", "uikit-testee", "CommandCodec", "Replay", "ReplayCore", "ReplayLive", "ReplayFuzz", "ReplayConformance", "ReplayWireframe"]),
    .testTarget(name: "ExampleEngineTests", dependencies: ["example-engine", "CommandCodec"]),
  ]
)
