// The `Replay` module is the product's front door: `import Replay` brings the pure core, the
// live side, fuzzing, conformance and wireframes. Each is a target of its own so that the
// compiler keeps the core from reaching the live side (docs/ARCHITECTURE.md).
@_exported import ReplayConformance
@_exported import ReplayCore
@_exported import ReplayFuzz
@_exported import ReplayLive
@_exported import ReplayWireframe
