import ArgumentParser
import CommandCodec
import Foundation

struct WidgetsCheck: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate a widget schema and print its widgets, commands, properties and fingerprint.",
    discussion: """
      Checks everything docs/WIDGETS.md §4 lists: known keys only, known types, defaults of \
      their type and within their range, min not above max, one name per widget and per \
      property, one widget per command name and code, no built-in command name, codes in \
      1000–1999 (never a built-in code), setter fields the command has, event classes and \
      fields that exist, visibility rules and previews naming real properties (a preview's \
      fill a colour).

        cmdtool widgets check traces/widgets/chart.widgets.json

      A valid schema prints a summary and its fingerprint (fnv1a64:…), the identity a trace \
      header will name. An invalid one prints the place of the first problem on standard \
      error, as a JSON path or, for JSON that does not parse, a line and column:

        cmdtool: bad.widgets.json: widgets[0].properties.piePercentage.default: 140 is above the maximum 100

      Exit status: 0 valid, 2 invalid or unreadable (the place on standard error), 64 bad usage.
      """
  )

  @Argument(help: ArgumentHelp("The widget schema (.widgets.json).", valueName: "file"))
  var file: String

  func run() throws {
    guard let data = FileManager.default.contents(atPath: file) else {
      printError("\(file): cannot read the file")
      throw ExitStatus.badInput
    }
    let schema: WidgetSchema
    do {
      schema = try WidgetSchema(parsing: [UInt8](data))
    } catch {
      printError("\(file): \(error)")
      throw ExitStatus.badInput
    }
    print(schema.summaryLines.joined(separator: "\n"))
  }
}
