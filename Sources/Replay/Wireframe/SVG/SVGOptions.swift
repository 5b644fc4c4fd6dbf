/// How ``WireframeSVG`` writes a wireframe: what to mark, and how to fit into a larger document.
///
/// ```swift
/// // Two states side by side in one HTML page, the changed elements outlined:
/// let before = WireframeSVG.render(old, options: SVGOptions(highlighted: [7], idPrefix: "before", includesXMLDeclaration: false))
/// let after = WireframeSVG.render(new, options: SVGOptions(highlighted: [7], idPrefix: "after", includesXMLDeclaration: false))
/// ```
public struct SVGOptions: Hashable, Sendable {
  /// Elements to outline (in ``WireframePalette/highlight``) and mark with the class `highlight`:
  /// what changed, what a search found.
  public var highlighted: Set<Int32>
  /// The prefix of the ids the document defines for itself (clip paths, gradients), so that
  /// several wireframes inlined in one page keep their ids apart. Only ASCII letters, digits,
  /// `-` and `_` are kept, and it starts with a letter (`wf` when nothing is left).
  public var idPrefix: String {
    didSet { idPrefix = SVGOptions.sanitized(idPrefix) }
  }
  /// Whether the document starts with `<?xml version="1.0" encoding="UTF-8"?>`: yes for a file
  /// of its own, no for inlining in HTML.
  public var includesXMLDeclaration: Bool
  /// The document's `<title>`; the default names the moment of the state.
  public var title: String?

  public init(highlighted: Set<Int32> = [], idPrefix: String = "wf", includesXMLDeclaration: Bool = true, title: String? = nil) {
    self.highlighted = highlighted
    self.idPrefix = SVGOptions.sanitized(idPrefix)
    self.includesXMLDeclaration = includesXMLDeclaration
    self.title = title
  }

  /// `prefix` reduced to what an XML id and a CSS selector take without escaping.
  static func sanitized(_ prefix: String) -> String {
    let kept = prefix.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    var result = String(String.UnicodeScalarView(kept))
    while let first = result.unicodeScalars.first, !first.properties.isAlphabetic { result.removeFirst() }
    return result.isEmpty ? "wf" : result
  }
}
