import CommandCodec

/// Renders trace records as short lines for people: time, direction, what happened.
///
/// ```text
/// #0       0.000s  →  CREATE_APPLICATION child=1 text="Login"
/// #1.0     0.012s  →  CREATE_BUTTON id=2 child=5 text="OK"
/// #1.1     0.012s  →  SET_STYLE id=5 ACTIVE color="#ff0000"
/// #2       1.500s  ←  ValueEvent → 5 text="alice"
/// ```
///
/// A batch of several commands gets one line per command, numbered `#record.command`.
///
/// Every text from the trace is quoted or escaped (``TerminalText``): no control character in a
/// trace reaches the terminal. With `excerpts`, a text longer than ``Excerpt/maxLength`` bytes is
/// shown as its start and its length (`"AAAA…" (1048576 bytes)`), so that a line stays short
/// whatever the trace holds (the trace viewer's records).
public enum TraceRecordFormatter {
  /// The lines for `record`, the `index`-th record of its trace.
  ///
  /// - Parameter excerpts: long texts as bounded excerpts with their length.
  public static func lines(for record: TraceRecord, index: Int, excerpts: Bool = false) -> [String] {
    let time = Format.time(milliseconds: record.time)
    let quote = quoter(excerpts: excerpts)
    switch record.body {
    case .batch(let commands):
      if commands.isEmpty { return [row("#\(index)", time, "→", "(empty batch)")] }
      if commands.count == 1 { return [row("#\(index)", time, "→", describe(commands[0], excerpts: excerpts))] }
      return commands.enumerated().map { position, command in
        row("#\(index).\(position)", time, "→", describe(command, excerpts: excerpts))
      }
    case .event(let target, let event):
      return [row("#\(index)", time, "←", describe(event, target: target, excerpts: excerpts))]
    case .modalResult(let dialog, let value):
      return [row("#\(index)", time, "←", "modal result \(value) for dialog \(dialog)")]
    case .marker(let label, let detail):
      return [row("#\(index)", time, "·", "marker \(quote(label))" + (detail.isEmpty ? "" : " — \(quote(detail))"))]
    }
  }

  /// How a text from the trace is shown: quoted and escaped, in full or as an excerpt.
  static func quoter(excerpts: Bool) -> @Sendable (String) -> String {
    if excerpts { return { (text: String) -> String in Excerpt.quoted(text) } }
    return { (text: String) -> String in JSONText.quoted(text) }
  }

  /// A one-line summary of a header.
  public static func describe(_ header: TraceHeader, format: TraceFormat?, headerless: Bool = false) -> String {
    var parts: [String] = []
    if let format { parts.append(format == .binary ? "binary trace" : "JSON Lines trace") }
    parts.append(headerless ? "no header" : "format \(header.version)")
    // Everything but the numbers is text from the trace: escaped, and bounded.
    if let numbering = header.numbering { parts.append("numbering \(Excerpt.plain(numbering))") }
    if let created = header.created { parts.append("created \(Excerpt.plain(created))") }
    if let creator = header.creator { parts.append("by \(Excerpt.plain(creator))") }
    if let viewport = header.viewport {
      var text = "viewport \(viewport.width)×\(viewport.height)"
      if viewport.scale != 0 { text += " @\(Format.number(viewport.scale))x" }
      parts.append(text)
    }
    if !header.preferences.isEmpty {
      parts.append("\(header.preferences.count) preference\(header.preferences.count == 1 ? "" : "s")")
    }
    if let widgets = header.widgets { parts.append("widgets " + (widgets.name.isEmpty ? "" : Excerpt.plain(widgets.name) + " ") + widgets.fingerprint) }
    return parts.joined(separator: " · ")
  }

  private static func row(_ index: String, _ time: String, _ arrow: String, _ text: String) -> String {
    pad(index, 8) + leftPad(time, 10) + "  " + arrow + "  " + text
  }

  /// A command with its non-default fields; SET_STYLE reads as `[SELECTOR] key="value"`.
  public static func describe(_ command: Command, excerpts: Bool = false) -> String {
    let quote = quoter(excerpts: excerpts)
    var parts = [command.typeName]
    if command.internalId != 0 { parts.append("id=\(command.internalId)") }
    if command.childInternalId != 0 { parts.append("child=\(command.childInternalId)") }
    if command.type == .setStyle {
      // NORMAL is the common case and goes unsaid; other selectors are named.
      if command.value != StyleSelector.normal.rawValue {
        parts.append(StyleSelector(rawValue: command.value)?.name ?? "selector=\(command.value)")
      }
      // The key is a name, printed bare, but escaped like any text from the trace.
      parts.append("\(excerpts ? Excerpt.plain(command.textValue) : TerminalText.escaped(command.textValue))=\(quote(command.textValue2))")
    } else {
      if command.value != 0 { parts.append("value=\(command.value)") }
      if !command.textValue.isEmpty { parts.append("text=\(quote(command.textValue))") }
      if !command.textValue2.isEmpty { parts.append("text2=\(quote(command.textValue2))") }
    }
    if !command.key.isEmpty { parts.append("key=\(quote(command.key))") }
    if command.row != 0 { parts.append("row=\(command.row)") }
    if command.column != 0 { parts.append("column=\(command.column)") }
    if command.sheet != 0 { parts.append("sheet=\(command.sheet)") }
    if command.width != 0 { parts.append("width=\(command.width)") }
    if command.height != 0 { parts.append("height=\(command.height)") }
    if command.flags != 0 { parts.append("flags=0x" + String(command.flags, radix: 16)) }
    return parts.joined(separator: " ")
  }

  /// An event with its target and non-default fields.
  public static func describe(_ event: Event, target: Int32, excerpts: Bool = false) -> String {
    (["\(event.kind.name) → \(target)"] + fields(of: event, excerpts: excerpts).filter { !$0.isDefault }.map(\.text)).joined(separator: " ")
  }

  /// Every field of an event in its declared order, each as `name=value` (a set boolean as its
  /// name alone, a cleared one as `name=false`), and whether it holds its default: what a line
  /// leaves out, unless the event it is compared with differs there. With `excerpts`, long texts
  /// are shown as bounded excerpts with their length.
  public static func fields(of event: Event, excerpts: Bool = false) -> [(name: String, text: String, isDefault: Bool)] {
    var payload = event.payload
    var describer = FieldDescriber(quote: quoter(excerpts: excerpts))
    payload.describe(into: &describer)
    return describer.fields
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  private static func leftPad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }
}

/// Collects `name=value` for each of an event's fields.
private struct FieldDescriber: EventFieldMapper {
  let quote: (String) -> String
  var fields: [(name: String, text: String, isDefault: Bool)] = []
  mutating func add(_ name: StaticString, _ text: String, _ isDefault: Bool) { fields.append(("\(name)", text, isDefault)) }
  mutating func map(_ name: StaticString, _ value: inout Int32) { add(name, "\(name)=\(value)", value == 0) }
  mutating func map(_ name: StaticString, _ value: inout UInt32) { add(name, "\(name)=\(value)", value == 0) }
  mutating func map(_ name: StaticString, _ value: inout Int64) { add(name, "\(name)=\(value)", value == 0) }
  mutating func map(_ name: StaticString, _ value: inout Bool) { add(name, value ? "\(name)" : "\(name)=false", !value) }
  mutating func map(_ name: StaticString, _ value: inout Double) { add(name, "\(name)=\(Format.number(value))", value.bitPattern == 0) }
  mutating func map(_ name: StaticString, _ value: inout String) { add(name, "\(name)=\(quote(value))", value.isEmpty) }
  mutating func map(_ name: StaticString, _ value: inout [UInt8]) { add(name, "\(name)=<\(value.count) bytes>", value.isEmpty) }
}

extension EventPayload {
  fileprivate mutating func describe(into describer: inout FieldDescriber) {
    do { try mapFields(&describer) } catch { preconditionFailure("describing cannot fail") }
  }
}
