// swift-tools-version:6.0
// A program that links CommandCodec and ConformanceTestee and nothing else: proves both embed
// without Foundation or libm (Scripts/check-no-foundation.sh runs it and inspects what it links).
import PackageDescription

let package = Package(
  name: "LinkageCheck",
  dependencies: [.package(name: "cmdtool", path: "../..")],
  targets: [
    .executableTarget(name: "linkage-check", dependencies: [
      .product(name: "CommandCodec", package: "cmdtool"), .product(name: "ConformanceTestee", package: "cmdtool"),
    ])
  ]
)
