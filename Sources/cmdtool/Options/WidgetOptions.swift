import ArgumentParser
import CommandCodec
import Replay

/// `--widgets FILE`: the custom widget schema a trace's custom commands belong to, shared by every
/// command that reads traces (docs/WIDGETS.md).
struct WidgetOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("The widget schema (.widgets.json) of the trace's custom widgets. Default: the schema the trace header names, found beside the trace as NAME.widgets.json or widgets/NAME.widgets.json.", valueName: "file"))
  var widgets: String?

  /// The schema given, nil without --widgets; an unreadable or invalid file is bad input.
  func load() throws -> WidgetSchema? {
    guard let widgets else { return nil }
    do throws(TraceFileError) {
      return try WidgetSchemaFile.load(widgets)
    } catch {
      throw error.reported()
    }
  }
}
