// swift-tools-version:6.0
// A program that links CommandCodec and nothing else: proves the codec embeds without Foundation
// or libm (Scripts/check-no-foundation.sh runs it and inspects what it links).
import PackageDescription

let package = Package(
  name: "LinkageCheck",
  dependencies: [.package(name: "cmdtool", path: "../..")],
  targets: [
    .executableTarget(name: "linkage-check", dependencies: [.product(name: "CommandCodec", package: "cmdtool")])
  ]
)
