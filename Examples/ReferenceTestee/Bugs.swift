import CommandCodec
import ConformanceTestee
import ReplayCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `--bug` variants. The reference model stays correct; each bug rewrites what goes into it
/// (commands dropped, a user's event changed) or what comes out of the testee (a snapshot, a
/// delayed echo), the way the same bug in a real platform layer would show on the wire.
struct Bugs {
  let active: Set<Options.Bug>
  /// The wait before each sync echo (`slow`), in milliseconds.
  let delay: Int
  /// Every toast shown so far, by number (`never-expire-toasts`).
  private var everShown: [Int: Toast] = [:]

  /// `stall-on-big-records`: stops reading for good, saying so in the log and in `file`.
  static func stallForever(file: String?) -> Never {
    let message = "a record longer than 64 KiB: stopped reading (--bug stall-on-big-records)"
    log(message)
    if let file {
      let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      if fd >= 0 {
        var text = Array("\(message)\n".utf8)
        _ = text.withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
      }
    }
    while true { sleep(3600) }
  }

  init(_ active: Set<Options.Bug>, delay: Int) {
    self.active = active
    self.delay = delay
  }

  /// The commands the buggy platform carries out: `ignore-reorder` drops REORDER_CHILD,
  /// `lose-active-styles` drops SET_STYLE with the ACTIVE selector (1, STATE_FORMAT.md §3.1).
  /// `clear-on-empty-error` makes SET_ERROR with a value and an empty text a SET_ERROR 0.
  func filter(_ commands: [Command]) -> [Command] {
    var commands = commands
    if active.contains(.dropInitialText) {
      for index in commands.indices where [.createTextField, .createTextView].contains(commands[index].type) { commands[index].textValue = "" }
    }
    guard active.contains(.ignoreReorder) || active.contains(.loseActiveStyles) || active.contains(.clearOnEmptyError) else { return commands }
    return commands.compactMap { command in
      if command.type == .reorderChild && active.contains(.ignoreReorder) { return nil }
      if command.type == .setStyle && command.value == 1 && active.contains(.loseActiveStyles) { return nil }
      if command.type == .setError && command.value != 0 && command.textValue.isEmpty && active.contains(.clearOnEmptyError) {
        var cleared = command
        cleared.value = 0
        return cleared
      }
      return command
    }
  }

  /// `crash-on-unknown-delete`: aborts when `commands`, applied in order from `model`, delete an
  /// id that is not live at that point (never created, already deleted, or deleted with its
  /// parent earlier in the batch). The batch is tried on a copy of the model, command by command,
  /// so "live" means exactly what it means to the model.
  func crashOnUnknownDelete(_ commands: [Command], from model: ReferenceModel, at time: Double, index: Int) {
    guard active.contains(.crashOnUnknownDelete), commands.contains(where: { $0.type == .deleteElement }) else { return }
    var probe = model
    for command in commands {
      if command.type == .deleteElement && probe.state[command.internalId] == nil {
        log("DELETE_ELEMENT of \(command.internalId), which does not exist (--bug crash-on-unknown-delete): aborting")
        abort()
      }
      probe.applyBatch([command], at: time, index: index)
    }
  }

  /// The action the buggy platform performs: `event-as-tap` taps a custom widget where an
  /// `event` request names one of its events (the payloads given are lost).
  func action(_ action: UserAction) -> UserAction {
    guard active.contains(.eventAsTap), case .widgetEvent(let id, _, _) = action else { return action }
    return .tap(id)
  }

  /// The record the buggy platform sends for a user's action: `wrong-switch-value` sends a
  /// switch's current value instead of the toggled one, `wrong-picker-value` a picker's next
  /// option instead of the one chosen (and, applying it, each shows that value).
  func userEvent(_ record: TraceRecord, for action: UserAction, in state: UIState) -> TraceRecord {
    // `drop-last-typed-character`: the text typed, less its last character.
    if active.contains(.dropLastTypedCharacter), case .type = action, case .event(let target, .value(var event)) = record.body, !event.text.isEmpty {
      event.text.removeLast()
      return TraceRecord(time: record.time, .event(target: target, .value(event)))
    }
    guard case .event(let target, .value(var event)) = record.body else { return record }
    switch action {
    case .tap(let id) where active.contains(.wrongSwitchValue) && state[id]?.kind == .switch:
      event.value = state[id]!.value
    case .select(let id, let index) where active.contains(.wrongPickerValue) && state[id]?.kind == .picker:
      event.value = index &+ 1
    default:
      return record
    }
    return TraceRecord(time: record.time, .event(target: target, .value(event)))
  }

  /// Notes the toasts on screen after a record (`never-expire-toasts`). A toast is on screen at
  /// the end of the record that shows it, since it expires 2 or 3.5 s later, so none is missed.
  mutating func noteToasts(in state: UIState) {
    guard active.contains(.neverExpireToasts) else { return }
    for toast in state.toasts where everShown[toast.number] == nil { everShown[toast.number] = toast }
  }

  /// The state the platform reports: the model's, except that with `rename-application` the
  /// application's name is GTK's window title.
  func reported(_ model: ReferenceModel, shaped shape: (UIState) -> UIState = { $0 }) -> UIState {
    var state = model.state
    if active.contains(.renameApplication), let app = state.applicationId {
      var probe = model
      probe.applyBatch([Command(.setTextValue, internalId: app, textValue: "GTK application")], at: state.time, index: 0)
      state = probe.state
    }
    return shape(state)
  }

  /// `never-expire-toasts`: the snapshot lists every toast ever shown, oldest first, instead of
  /// those on screen.
  func replaceToasts(in state: inout StateBuilder) {
    guard active.contains(.neverExpireToasts), !everShown.isEmpty else { return }
    state.toasts = everShown.values.sorted { $0.number < $1.number }.map {
      SnapshotToast(number: $0.number, text: $0.text, from: $0.from, shownAt: $0.shownAt, expiresAt: $0.expiresAt)
    }
  }

  /// `hang-on-reset`: never returns, saying so first.
  static func hangForever(_ message: String) -> Never {
    log(message)
    while true { sleep(3600) }
  }

  /// The schema the buggy platform's widgets follow: `accept-out-of-range` drops every `min` and
  /// `max`, so the model stores a value the real schema refuses (the reader still checks the
  /// header against the real one).
  func widgets(_ schema: WidgetSchema?) -> WidgetSchema? {
    guard active.contains(.acceptOutOfRange), var relaxed = schema else { return schema }
    for index in relaxed.widgets.indices {
      for property in relaxed.widgets[index].properties.indices {
        relaxed.widgets[index].properties[property].minimum = nil
        relaxed.widgets[index].properties[property].maximum = nil
      }
      for attribute in relaxed.widgets[index].attributes.indices {
        relaxed.widgets[index].attributes[attribute].minimum = nil
        relaxed.widgets[index].attributes[attribute].maximum = nil
      }
    }
    return relaxed
  }

  /// `exit-on-quit`: a batch with QUIT_APP ends the process, saying so first.
  func exitOnQuit(_ commands: [Command]) {
    guard active.contains(.exitOnQuit), commands.contains(where: { $0.type == .quitApp }) else { return }
    log("QUIT_APP: calling exit(0) (--bug exit-on-quit)")
    exit(0)
  }

  /// `slow`: waits `delay` milliseconds of wall time (the virtual clock does not move).
  func waitBeforeEcho() {
    guard active.contains(.slow), delay > 0 else { return }
    var request = timespec(tv_sec: delay / 1000, tv_nsec: (delay % 1000) * 1_000_000)
    var remaining = timespec()
    // A signal cuts the sleep short: sleep again for what is left.
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }

  /// `flaky-reorder`: the number of earlier starts counted in `path` (0 for a missing file), and
  /// one more written back.
  static func countStart(in path: String) -> Int {
    var count = 0
    if let file = fopen(path, "r") {
      var digits: [UInt8] = []
      while case let byte = getc(file), byte >= 0x30, byte <= 0x39 { digits.append(UInt8(byte)) }
      count = Int(String(decoding: digits, as: UTF8.self)) ?? 0
      fclose(file)
    }
    if let file = fopen(path, "w") {
      fputs("\(count + 1)\n", file)
      fclose(file)
    }
    return count
  }
}
