import CommandCodec
import Foundation
import Testing

// `cmdtool numbering SOURCE`: an engine's C++ command enum, matched with the known numberings.

@Suite struct NumberingCommandTests {
  /// A C++ header declaring `names` as the engine declares its enum, with comments in the way.
  private func header(_ names: [String], explicitFirst: Bool = true) -> String {
    var lines = ["// Command.h", "#pragma once", "/* the engine's commands */", "class Command {", "public:", "  enum Type {"]
    for (index, name) in names.enumerated() {
      lines.append("    \(name)\(index == 0 && explicitFirst ? " = 0" : ""), // \(index)")
    }
    lines += ["  };", "  Type type;", "};"]
    return lines.joined(separator: "\n") + "\n"
  }

  private var current: [String] { CommandNumbering.named("engine-2018-11-28")!.types.map(\.name) }

  @Test func theCurrentEnumIsNamed() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try scratch.write("Command.h", header(current))
    let run = try Subprocess.cmdtool(["numbering", path])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("an enum of \(current.count) command types, from line 7"), "\(run)")
    #expect(run.stdout.contains("it is engine-2018-11-28: write \"numbering\":\"engine-2018-11-28\" in the trace header"), "\(run)")
  }

  @Test func everyKnownEngineNumberingIsRecognised() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    for numbering in CommandNumbering.all where numbering.name.hasPrefix("engine-") {
      let path = try scratch.write("\(numbering.name).h", header(numbering.types.map(\.name), explicitFirst: false))
      let run = try Subprocess.cmdtool(["numbering", path])
      #expect(run.status == 0 && run.stdout.contains("it is \(numbering.name):"), "\(numbering.name): \(run)")
    }
  }

  @Test func aNewEnumNamesTheClosestAndWhereItDiffers() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    var names = current
    names.swapAt(8, 9)  // CREATE_BUTTON and CREATE_SWITCH
    names.append("CREATE_MAP_VIEW")
    let path = try scratch.write("Command.h", header(names))
    let run = try Subprocess.cmdtool(["numbering", path])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("it is no numbering cmdtool knows"), "\(run)")
    #expect(run.stdout.contains("the closest is engine-2018-11-28, with 3 differences:"), "\(run)")
    #expect(run.stdout.contains("line 15: CREATE_SWITCH is 8 here, 9 there"), "\(run)")
    #expect(run.stdout.contains("CREATE_MAP_VIEW is 73 here, not in it"), "\(run)")
    #expect(run.stdout.contains("names no cmdtool command type has: CREATE_MAP_VIEW (line 80)"), "\(run)")
  }

  @Test func explicitValuesAndHexAreHonoured() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try scratch.write("Command.h", "enum Type { CREATE_APPLICATION = 0x0, CREATE_FRAMEVIEW, CREATE_BUTTON = 8 };\n")
    let run = try Subprocess.cmdtool(["numbering", path])
    #expect(run.status == 0, "three entries that agree with the current enum are the current enum: \(run)")
    let bad = try scratch.write("Bad.h", "enum Type { CREATE_APPLICATION = FIRST };\n")
    let refused = try Subprocess.cmdtool(["numbering", bad])
    #expect(refused.status == 2 && refused.stderr.contains("line 1: the value of CREATE_APPLICATION (FIRST) is not a number"), "\(refused)")
  }

  @Test func aFileWithoutTheEnumIsBadInput() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try scratch.write("other.h", "enum Color { RED, GREEN };\n")
    let run = try Subprocess.cmdtool(["numbering", path])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("no enum holding CREATE_APPLICATION was found"), "\(run)")
    let missing = try Subprocess.cmdtool(["numbering", scratch.path("none.h")])
    #expect(missing.status == 2 && missing.stderr.contains("cannot read the file"), "\(missing)")
  }
}
