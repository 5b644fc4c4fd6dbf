import ArgumentParser
import CommandCodec
import Replay

/// What a recording of a live engine hides and starts with, and the widget schema it reads the
/// engine with: one set of options for `record` and `studio`, so a studio session records as
/// `record` would (its saved script then re-records byte for byte with the same options).
struct RecordingOptions: ParsableArguments {
  @Option(name: .long, help: "Also hide, in the recording: pref:KEY (a preference's value) or path:PATTERN (the texts of elements whose path matches, e.g. 'path:*searchBar *'). Repeatable.")
  var redact: [String] = []

  @Flag(name: .long, help: "Record typed passwords as they are.")
  var keepPasswords = false

  @Option(name: .long, help: "A preference the platform has stored at the start, as KEY=VALUE. Repeatable.")
  var preference: [String] = []

  @Option(name: .long, help: ArgumentHelp("The widget schema (.widgets.json) of the engine's custom widgets: their commands are read with it, the recording's header names it (keep it beside the recording, where replays look for it), and a .cmdtrace carries them by its codes (docs/WIDGETS.md).", valueName: "file"))
  var widgets: String?

  func validate() throws {
    if let bad = preference.first(where: { !$0.contains("=") }) { throw ValidationError("--preference \(bad) must be KEY=VALUE") }
    var probe = Redaction()
    if let bad = redact.first(where: { !probe.add(rule: $0) }) {
      throw ValidationError("--redact \(bad) is not a rule: use pref:KEY or path:PATTERN")
    }
  }

  /// Sets the configuration's redaction (its secrets aside), preferences and widget schema.
  /// - Throws: the exit status of bad input when the schema cannot be read.
  func apply(to configuration: inout Recorder.Configuration) throws {
    if let widgets {
      do throws(TraceFileError) {
        configuration.widgets = try WidgetSchemaFile.load(widgets)
      } catch {
        throw error.reported()
      }
    }
    let secrets = configuration.redaction.secrets
    configuration.redaction = Redaction(passwords: !keepPasswords)
    configuration.redaction.secrets = secrets
    for rule in redact { _ = configuration.redaction.add(rule: rule) }
    for entry in preference {
      let parts = entry.split(separator: "=", maxSplits: 1)
      configuration.preferences[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
  }
}
