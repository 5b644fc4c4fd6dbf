import Foundation
import Testing

/// What `cmdtool --help` and each subcommand's help say, and that every file they name exists.
@Suite struct HelpTests {
  /// The subcommands the root help lists (under SUBCOMMANDS:, one per line, two spaces in).
  static func subcommands() throws -> [String] {
    let help = try CommandRunner.run(["--help"]).stdout
    let section = try #require(help.components(separatedBy: "SUBCOMMANDS:\n").last)
    return section.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  "), let first = line.dropFirst(2).first, first.isLowercase else { return nil }
      return String(line.dropFirst(2).prefix { $0 != " " })
    }
  }

  /// Every path under traces/ or docs/ that `text` names (a trailing period ends a sentence, not the name).
  static func repositoryPaths(in text: String) throws -> [String] {
    // Swift's Regex has no lookbehind: the character before the name is matched and left out.
    let pattern = try Regex(#"(?:^|[^A-Za-z0-9_./-])((?:traces|docs)/[A-Za-z0-9_./-]*[A-Za-z0-9_/-])"#).anchorsMatchLineEndings()
    return text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
  }

  @Test("Shell completion, as README shows it: a script for bash, zsh and fish that knows the subcommands and their options", arguments: ["bash", "zsh", "fish"])
  func completionScripts(shell: String) throws {
    let result = try CommandRunner.run(["--generate-completion-script", shell])
    #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
    for name in try Self.subcommands() { #expect(result.stdout.contains(name), "\(shell): \(name)") }
    #expect(result.stdout.contains("html-report"))
  }

  @Test("bash completes a subcommand and an option from the script README sources")
  func bashCompletes() throws {
    let folder = CommandRunner.binary.deletingLastPathComponent().path
    let script = """
      source <(cmdtool --generate-completion-script bash)
      COMP_WORDS=(cmdtool rep); COMP_CWORD=1; COMP_LINE="cmdtool rep"; COMP_POINT=${#COMP_LINE}
      _cmdtool cmdtool rep cmdtool; echo "subcommand: ${COMPREPLY[*]}"
      COMPREPLY=(); COMP_WORDS=(cmdtool replay --html-re); COMP_CWORD=2; COMP_LINE="cmdtool replay --html-re"; COMP_POINT=${#COMP_LINE}
      _cmdtool cmdtool --html-re replay; echo "option: ${COMPREPLY[*]}"
      """
    let bash = try Subprocess(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: ["PATH": folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
    let run = bash.wait(timeout: 30)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("subcommand: replay\n"), "\(run)")
    #expect(run.stdout.contains("option: --html-report"), "\(run)")
  }

  @Test("The root help lists every exit status: 0, 1, 2 and 64")
  func exitStatuses() throws {
    let result = try CommandRunner.run(["--help"])
    #expect(result.status == 0)
    let flat = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.contains("Exit status: 0 success; 1 a difference, a violation, a failed run or coverage below --min, depending on the command (diff, check, replay --strict or --engine, record, coverage: see its help); 2 bad input (the message on standard error names the file, line or byte, and record); 64 bad usage."))
  }

  @Test("The subcommands are found (so the next test covers them all)")
  func subcommandsFound() throws {
    let names = try Self.subcommands()
    #expect(names.count >= 7)
    for name in ["show", "convert", "replay", "check", "diff", "coverage", "record", "generate"] { #expect(names.contains(name)) }
  }

  @Test("Every traces/ and docs/ path in any help text exists in the repository")
  func namedFilesExist() throws {
    var invocations: [[String]] = [["--help"]]
    for name in try Self.subcommands() { invocations += [["help", name], [name, "--help"]] }
    var checked = 0
    for arguments in invocations {
      let result = try CommandRunner.run(arguments)
      #expect(result.status == 0, "cmdtool \(arguments.joined(separator: " ")): \(result.stderr)")
      #expect(!result.stdout.isEmpty, "cmdtool \(arguments.joined(separator: " ")) printed no help")
      for path in try Self.repositoryPaths(in: result.stdout) {
        checked += 1
        #expect(FileManager.default.fileExists(atPath: CommandRunner.path(path)), "cmdtool \(arguments.joined(separator: " ")) names \(path), which does not exist")
      }
    }
    #expect(checked > 0, "no path found at all: the pattern is broken")
  }

  @Test("The path pattern finds names and leaves sentence ends, other directories and prose alone")
  func pathPattern() throws {
    #expect(try Self.repositoryPaths(in: "see docs/DIFF_FORMAT.md. Or (docs/WIRE.md), `traces/vectors/`, /tmp/traces/x.jsonl, mytraces/a") == ["docs/DIFF_FORMAT.md", "docs/WIRE.md", "traces/vectors/"])
  }
}
