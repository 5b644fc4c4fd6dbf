import ArgumentParser
import Foundation
import Replay

struct Numbering: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Say which known command numbering an engine's C++ enum is (the header's \"numbering\").",
    discussion: """
      Reads the first enum that holds CREATE_APPLICATION in a C or C++ source (comments skipped, \
      NAME = VALUE honoured) and compares its codes with every numbering cmdtool knows \
      (docs/WIRE.md §12):

        cmdtool numbering engine/Command.h

      When one matches, write its name in the trace header ({"trace":1,"numbering":"…"}). When \
      none does, it names the closest and where the enum differs from it, and the enumerators no \
      command type of cmdtool's has: an engine with a new enum writes JSON Lines (names need no \
      numbering) or adds its table to CommandNumbering.swift.

      Exit status: 0 a known numbering, 1 a new one, 2 the file cannot be read or holds no \
      command enum.
      """
  )

  @Argument(help: "The C or C++ source that declares the engine's command types.")
  var source: String

  func run() throws {
    guard let data = FileManager.default.contents(atPath: source) else {
      printError("\(source): cannot read the file")
      throw ExitStatus.badInput
    }
    let found: EnumNumbering
    do {
      found = try EnumNumbering(source: String(decoding: data, as: UTF8.self))
    } catch {
      printError("\(source): \(error.description)")
      throw ExitStatus.badInput
    }
    let output = StandardOutput()
    defer { output.flush() }
    output.writeLine("\(source): an enum of \(found.entries.count) command types, from line \(found.entries.first?.line ?? 0)")
    if let match = found.match {
      output.writeLine("it is \(match.name): write \"numbering\":\"\(match.name)\" in the trace header")
      return
    }
    output.writeLine("it is no numbering cmdtool knows")
    if let closest = found.comparisons.first {
      output.writeLine("the closest is \(closest.numbering.name), with \(closest.differences.count) difference\(closest.differences.count == 1 ? "" : "s"):")
      for (entry, expected) in closest.differences.prefix(12) {
        output.writeLine("  line \(entry.line): \(entry.name) is \(entry.code) here, " + (expected.map { "\($0) there" } ?? "not in it"))
      }
      if closest.differences.count > 12 { output.writeLine("  … \(closest.differences.count - 12) more") }
    }
    let unknown = found.unknownNames
    if !unknown.isEmpty {
      output.writeLine("names no cmdtool command type has: " + unknown.map { "\($0.name) (line \($0.line))" }.joined(separator: ", "))
    }
    output.writeLine("write JSON Lines (command types travel by name), or add this enum to Sources/CommandCodec/Vocabulary/CommandNumbering.swift as a new numbering")
    throw ExitCode(1)
  }
}
