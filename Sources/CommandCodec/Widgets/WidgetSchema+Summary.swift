extension WidgetSchema {
  /// A summary of the schema for people: counts, the fingerprint, then each widget with its
  /// commands, attributes, properties, events and rules, one line each.
  ///
  /// What `cmdtool widgets check` prints for a valid schema:
  ///
  /// ```text
  /// widget schema "chart": 1 widget, 1 command, 1 attribute, 3 properties, 1 event
  /// fingerprint fnv1a64:…
  ///
  /// PieChart: created by CREATE_PIE_CHART (1000)
  ///   attribute  title: string = "" (create.textValue)
  ///   property   piePercentage: int 0…100 = 0, inspectable (SET_INT_VALUE.value)
  /// ```
  public var summaryLines: [String] {
    let attributes = widgets.reduce(0) { $0 + $1.attributes.count }
    let properties = widgets.reduce(0) { $0 + $1.properties.count }
    let events = widgets.reduce(0) { $0 + $1.events.count }
    let counts = [
      count(widgets.count, "widget"), count(commands.count, "command"), count(attributes, "attribute"),
      count(properties, "property", "properties"), count(events, "event"),
    ]
    var lines = ["widget schema \(WidgetValueSyntax.quoted(name)): " + counts.joined(separator: ", "), "fingerprint " + fingerprint]
    for widget in widgets {
      lines.append("")
      lines.append("\(widget.name): created by \(widget.creation)")
      for setter in widget.setters { lines.append("  command    \(setter)") }
      for attribute in widget.attributes { lines.append("  attribute  " + attribute.summaryLine) }
      for property in widget.properties { lines.append("  property   " + property.summaryLine) }
      for event in widget.events {
        // `x → min: double 0…1` for a typed payload, `value: the row` for prose; then the match.
        var fields = event.fields.map { field -> String in
          guard let payload = field.payload else { return "\(field.name): \(field.meaning)" }
          let range = WidgetProperty(name: payload.name, type: payload.type, minimum: payload.minimum, maximum: payload.maximum, wire: .style(key: field.name)).rangeDescription
          return (payload.name == field.name ? field.name : "\(field.name) → \(payload.name)") + ": \(payload.type)" + (range.isEmpty ? "" : " " + range)
        }
        fields += event.match.map { "\($0.field) = \($0.value)" }
        lines.append("  event      \(event.name): \(event.kind.name)" + (fields.isEmpty ? "" : " (\(fields.joined(separator: "; ")))"))
      }
      let size = widget.size.summary
      if !size.isEmpty { lines.append("  size       " + size) }
      if !widget.visibility.displayableAfter.isEmpty || !widget.visibility.isHideable {
        var rules: [String] = []
        if !widget.visibility.displayableAfter.isEmpty { rules.append("displayable once " + widget.visibility.displayableAfter.joined(separator: ", ") + " set") }
        if widget.visibility.blankHides { rules.append("not displayable again when one is blanked (blankHides)") }
        rules.append(widget.visibility.isHideable ? "can be hidden" : "cannot be hidden")
        lines.append("  visibility " + rules.joined(separator: ", "))
      }
      if let container = widget.container {
        // `container  takes button, text; children side by side`
        let takes = container.kinds.map { "takes " + $0.joined(separator: ", ") } ?? "takes any kind"
        func placed(_ layout: WidgetContainerRules.Layout) -> String {
          switch layout {
          case .frame: return "stacked top left"
          case .vertical: return "one below the other"
          case .horizontal: return "side by side"
          }
        }
        // `children side by side`, or `PGBarButtonItem side by side, other children stacked top left`
        let byKind = container.distinctKindLayouts
        let placing = byKind.isEmpty
          ? "children " + placed(container.layout)
          : byKind.map { "\($0.kind) \(placed($0.layout))" }.joined(separator: ", ") + ", other children " + placed(container.layout)
        lines.append("  container  \(takes); \(placing)")
      }
      if !widget.preview.isEmpty {
        let parts = [widget.preview.fill.map { "fill " + $0 }, widget.preview.text.map { "text " + $0 }].compactMap { $0 }
        lines.append("  preview    " + parts.joined(separator: ", "))
      }
    }
    return lines
  }

  private func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(number) " + (number == 1 ? singular : plural ?? singular + "s")
  }
}

extension WidgetProperty {
  /// `piePercentage: int 0…100 = 0, inspectable (SET_INT_VALUE.value)`.
  var summaryLine: String {
    var text = "\(name): \(type)"
    if !rangeDescription.isEmpty { text += " " + rangeDescription }
    if let defaultValue { text += " = " + (type.isNumeric || type == .bool ? defaultValue : WidgetValueSyntax.quoted(defaultValue)) }
    if isCaseInsensitive { text += ", any case" }
    if !enumAliases.isEmpty {
      text += ", aliases " + enumAliases.keys.sorted().map { "\(WidgetValueSyntax.quoted($0)) → \(WidgetValueSyntax.quoted(enumAliases[$0]!))" }.joined(separator: ", ")
    }
    if isInspectable { text += ", inspectable" }
    return text + " (\(wire))"
  }
}

extension WidgetSizeRules {
  /// `preferred 360×120, width 320…400`, or "" without bounds.
  var summary: String {
    func number(_ value: Double?) -> String { value.map(WidgetValueSyntax.canonicalNumber) ?? "?" }
    var parts: [String] = []
    if preferredWidth != nil || preferredHeight != nil { parts.append("preferred \(number(preferredWidth))×\(number(preferredHeight))") }
    if widthIsGiven { parts.append("width given") }
    if heightIsGiven { parts.append("height given") }
    if let aspect { parts.append("aspect \(WidgetValueSyntax.canonicalNumber(aspect))") }
    for (axis, low, high) in [("width", minWidth, maxWidth), ("height", minHeight, maxHeight)] where low != nil || high != nil {
      parts.append("\(axis) \(low.map(WidgetValueSyntax.canonicalNumber) ?? "0")…\(high.map(WidgetValueSyntax.canonicalNumber) ?? "∞")")
    }
    return parts.joined(separator: ", ")
  }
}
