// uikit-testee: a sketch of a UIKit platform layer as a conformance testee, with stand-in views
// (README.md). `cmdtool conformance --cases … -- .build/debug/uikit-testee`

import ConformanceTestee

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Says why on the standard error (cmdtool shows its tail) and exits.
func fail(_ message: String, status: Int32) -> Never {
  let line = Array("uikit-testee: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(status)
}

let declaration = TesteeDeclaration(
  profile: "ios", reports: ["tree", "text", "values", "visibility"], events: ["user", "timer"])
do {
  let transport = try FileDescriptorTransport.fromEnvironment()  // stdio, or CMDTOOL_WIRE
  let session = TesteeSession(platform: UIKitTestee(), declaration: declaration, creator: "uikit-testee", transport: transport)
  if case .failed(let error) = session.run() { fail(error.description, status: 2) }
} catch {
  fail(error.message, status: 69)
}
