import CommandCodec
import ReplayCore

/// What a recording says about itself: how it was made (``RecordingSettings``), the script it
/// played (its `script` markers, at their times) and how it ended (its last markers).
public struct RecordedSession: Sendable {
  public var header: TraceHeader
  public var settings: RecordingSettings
  public var script: EventScript
  /// Nil when the session ended well (the engine exited with status 0 after the script); else
  /// what went wrong, as the recording's markers say.
  public var failure: String?
  /// The label and detail of the marker that tells how the session ended, for comparing the
  /// ending of a new run with it: `engine-exit` "status 3", `engine-timeout` …
  public var ending: (label: String, exit: String)?
  /// Whether the recording starts with its settings (recordings made before it existed do not).
  public var hasSettingsMarker = false
  /// The widget schema the recording was read with: the one given, or the one its header names,
  /// found beside it (docs/WIDGETS.md §6.1); nil for a recording of built-in widgets only.
  public var widgets: WidgetSchema?

  /// Reads the recording at `path`.
  /// - Parameter widgets: the schema of its custom widgets (`--widgets`); nil: the one its header
  ///   names, found beside it.
  /// - Throws: ``Replayer/Failure`` when it is unreadable, or its session or script markers are.
  public static func read(_ path: String, widgets: WidgetSchema? = nil) throws(Replayer.Failure) -> RecordedSession {
    let reader: TraceFileReader
    let header: TraceHeader
    do {
      reader = try TraceFileReader(path: path, widgets: widgets)
      header = try reader.readHeader()
    } catch {
      throw .unreadable(error)
    }
    var settings = RecordingSettings()
    var hasMarker = false
    var lines: [String] = []
    var failureMarker: (label: String, detail: String)?
    var exitDetail: String?
    var index = 0
    while true {
      let next: TraceRecord?
      do {
        next = try reader.next()
      } catch {
        throw .unreadable(error)
      }
      guard let record = next else { break }
      defer { index += 1 }
      guard case .marker(let label, let detail) = record.body else { continue }
      switch label {
      case RecordingSettings.markerLabel where index == 0:
        do {
          settings = try RecordingSettings(markerDetail: detail)
          hasMarker = true
        } catch {
          throw .unreadable(.invalidContent(path: path, CodecError(.invalidValue, at: .byte(0), record: index, error.description)))
        }
      case "script":
        lines.append(detail)
      case "engine-error", "engine-timeout", "engine-stopped", "interrupted":
        if failureMarker == nil { failureMarker = (label, detail) }
      case "engine-exit":
        exitDetail = detail
      default:
        break
      }
    }
    let parsed: EventScript
    do {
      parsed = try EventScript(parsing: lines.joined(separator: "\n"))
    } catch {
      throw .unreadable(.invalidContent(path: path, CodecError(.invalidValue, at: .byte(0), "a script marker is not a script step: \(error)")))
    }
    // Numbered as the script file was (the session marker says where its steps were), so that
    // a replay names the line `record --script` named.
    var script = parsed
    for index in script.steps.indices { script.steps[index].line = settings.scriptLines.line(ofStep: index) }
    var session = RecordedSession(header: header, settings: settings, script: script)
    session.hasSettingsMarker = hasMarker
    session.widgets = reader.widgets
    let exit = exitDetail.map { String($0.prefix { $0 != ";" }) }
    if let failureMarker {
      session.failure = "\(failureMarker.label): \(failureMarker.detail)"
      session.ending = (failureMarker.label, exit ?? "")
    } else if let exit {
      if exit != "status 0" { session.failure = "the engine ended with \(exit)" }
      session.ending = ("engine-exit", exit)
    } else {
      session.failure = "it has no engine-exit marker: the recording stops short (was cmdtool killed?), or it was not made by cmdtool record"
    }
    return session
  }

  init(header: TraceHeader, settings: RecordingSettings, script: EventScript) {
    self.header = header
    self.settings = settings
    self.script = script
  }
}
