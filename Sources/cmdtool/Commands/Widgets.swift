import ArgumentParser

struct Widgets: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Work with a widget schema: the custom widgets a project's engine and platform add.",
    discussion: """
      A widget schema (docs/WIDGETS.md) is a JSON file a project keeps beside its traces. It \
      declares each custom widget kind: the command that creates it and its code, creation-time \
      attributes, typed properties (int, double, bool, string, colour, enum, url, size, point, rect) with \
      defaults and ranges, how each property is set on the wire, the events the widget sends, \
      its size and visibility rules, and how a wireframe previews it.

        cmdtool widgets check traces/widgets/chart.widgets.json

      Bundled examples: traces/widgets/chart.widgets.json (a pie chart), trip.widgets.json (a \
      trip card shown once its flight is set), table.widgets.json (a table with a creation-time \
      style) and all.widgets.json (the three together).
      """,
    subcommands: [WidgetsCheck.self]
  )
}
