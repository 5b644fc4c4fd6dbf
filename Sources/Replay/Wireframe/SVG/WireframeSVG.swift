import ReplayCore

/// Writes a ``Wireframe`` as a standalone SVG document (docs/WIREFRAME.md, "SVG").
///
/// The document refers to nothing outside itself: no `href`, no `url(…)` but `url(#id)` to its
/// own clip paths and gradients, no style sheet, no script, no font. Every element's box is a
/// `<g>` with `data-id="N"` (the element id) and `class="element KIND"` (plus `hidden`, `error`,
/// `selected`, `highlight` where they apply), so a viewer can find and mark elements; parts are
/// `<g class="part NAME">`. Texts from the trace appear only as element content, escaped; colours
/// only as the `#rrggbb` the style reader wrote. The same wireframe gives the same bytes.
///
/// ```swift
/// let svg = WireframeSVG.render(wireframe, options: SVGOptions(highlighted: [7]))
/// ```
public enum WireframeSVG {
  /// The font the document asks for: the platform's interface font, else any sans-serif.
  public static let fontFamily = "system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif"
  /// The opacity of hidden elements drawn on request (``WireframeOptions/showsHidden``).
  public static let hiddenOpacity = 0.35

  /// The SVG document of `wireframe`.
  ///
  /// - Complexity: O(n) in the boxes and the text they hold.
  public static func render(_ wireframe: Wireframe, options: SVGOptions = SVGOptions()) -> String {
    var writer = SVGWriter(idPrefix: options.idPrefix)
    if options.includesXMLDeclaration { writer.raw(#"<?xml version="1.0" encoding="UTF-8"?>"#) }
    let width = SVGWriter.number(wireframe.size.width)
    let height = SVGWriter.number(wireframe.size.height)
    writer.open("svg", [
      ("xmlns", "http://www.w3.org/2000/svg"), ("width", width), ("height", height), ("viewBox", "0 0 \(width) \(height)"),
      ("class", "wireframe"), ("font-family", fontFamily), ("data-time", Format.number(wireframe.time)),
    ])
    writer.element("title", [], text: options.title ?? "Wireframe at \(Format.time(milliseconds: wireframe.time))")
    writer.element("desc", [], text: "A wireframe of a UI state drawn by cmdtool: the layout is approximate, not a pixel-exact platform rendering.")
    var painter = BoxPainter(writer: writer, highlighted: options.highlighted)
    painter.draw(wireframe.root, parent: nil)
    writer = painter.writer
    writer.close("svg")
    return writer.output
  }

  /// The SVG document of `state` on a screen of `viewport`: ``WireframeLayout`` then
  /// ``render(_:options:)``.
  public static func render(_ state: UIState, viewport: WireframeSize, layout: WireframeOptions = WireframeOptions(), options: SVGOptions = SVGOptions()) -> String {
    render(WireframeLayout.layout(state, viewport: viewport, options: layout), options: options)
  }
}
