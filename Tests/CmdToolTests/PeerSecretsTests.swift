import Foundation
import Replay
import Testing

// Named secrets (CMDTOOL_SECRET_NAME) are cmdtool's to read: no peer inherits them unless asked
// (docs/WIRE.md §7). An engine gets a secret only by its being typed; a conformance testee never.

@Suite struct PeerSecretsTests {
  @Test func theDefaultWithholdsTheVariablesSecretsAreReadFrom() {
    #expect(PeerProcess.withheldByDefault == [SecretStore.environmentPrefix])
  }

  @Test func aConformanceTesteeDoesNotInheritTheSecrets() throws {
    // Issue #23: CMDTOOL_SECRET_* were withheld from engines but passed to testees. The testee
    // notes what it inherited in a file, then is the reference testee.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let seen = scratch.path("seen.txt")
    let testee = "echo \"${CMDTOOL_SECRET_PASSWORD:-withheld} ${CMDTOOL_SECRET_TOKEN:-withheld} ${OTHER_VARIABLE:-none}\" >> '\(seen)'; exec '\(Built.referenceTestee.path)'"
    let run = try Subprocess.cmdtool(["conformance", "--cases", "Required.Tree.DeleteElement.UnknownIdIsSilent", "--", "sh", "-c", testee], environment: ["CMDTOOL_SECRET_PASSWORD": "Zq9-hunter2", "CMDTOOL_SECRET_TOKEN": "tok-123456", "OTHER_VARIABLE": "passed"])
    #expect(run.status == 0, "\(run)")
    let lines = try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n")
    #expect(!lines.isEmpty && lines.allSatisfy { $0 == "withheld withheld passed" }, "\(lines)")
  }
}
