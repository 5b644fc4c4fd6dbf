import CommandCodec
import ReplayCore

extension ElementLayout {
  /// What an image view shows, for its placeholder: the URL or asset it shows and that source's
  /// size.
  struct ImageChoice: Hashable {
    /// The caption's first line: the URL, `asset: NAME`, `request without URL` or `no image`.
    var name: String
    /// The chosen source's size, nil when no URL source is chosen.
    var size: WireframeSize?
  }

  /// The source an image view shows (docs/PROTOCOL.md §5.2): the URL of its outstanding request;
  /// else the source the model's rule picks for its NORMAL numeric `width` (else the viewport's
  /// width); else its asset file; else a request without URL or nothing. `released: ` goes before
  /// a released image's name.
  func imageChoice(_ element: Element) -> ImageChoice {
    let image = element.image ?? ImageState()
    var choice: ImageChoice
    if let requested = image.requestedURL, !requested.isEmpty {
      let source = image.sources.first { $0.url == requested }
      choice = ImageChoice(name: requested, size: source.map { WireframeSize(width: Double($0.width), height: Double($0.height)) })
    } else if !image.sources.isEmpty {
      let target = element.styles.value("width", for: .normal).flatMap { Int32($0) } ?? Int32(viewport.width)
      let source = image.pick(forWidth: target)
      choice = ImageChoice(name: source?.url ?? "", size: source.map { WireframeSize(width: Double($0.width), height: Double($0.height)) })
    } else if let file = image.file {
      choice = ImageChoice(name: "asset: " + file, size: nil)
    } else if image.requestedURL != nil {
      choice = ImageChoice(name: "request without URL", size: nil)
    } else {
      choice = ImageChoice(name: "no image", size: nil)
    }
    if image.isReleased { choice.name = "released: " + choice.name }
    return choice
  }

  /// An image view as a placeholder: the chosen source's size (scaled down to the width it may
  /// take, keeping its proportions; 96 × 96 without a source), captioned with what it shows and
  /// that source's size, the caption cut to the lines that fit.
  func image(_ element: Element, _ style: ResolvedStyle, width: Double?, height: Double?, exact: Bool) -> Content {
    let choice = imageChoice(element)
    var natural = choice.size.map { $0.width > 0 && $0.height > 0 ? $0 : WireframeSize(width: 96, height: 96) } ?? WireframeSize(width: 96, height: 96)
    if let width, natural.width > width {
      natural = WireframeSize(width: width, height: (natural.height * width / natural.width).rounded())
    }
    let boxWidth = exact ? (width ?? natural.width) : natural.width
    let boxHeight = exact ? (height ?? natural.height) : natural.height
    var caption = choice.name
    if let size = choice.size { caption += "\n" + Format.number(size.width) + "×" + Format.number(size.height) }
    let font = StyleFont(size: 11)
    let fitting = max(1, Int((boxHeight - 4) / font.lineHeight))
    let block = TextBlock(caption, font: font, maxWidth: max(1, boxWidth - 8), maxLines: fitting)
    let top = max(0, (boxHeight - block.size.height) / 2)
    let part = WireframeBox(
      kind: .caption, frame: WireframeRect(x: 0, y: 0, width: boxWidth, height: boxHeight), label: caption,
      text: block.placed(in: boxWidth, align: .center, top: top, color: WireframePalette.muted, isPlaceholder: true))
    var content = Content(size: natural, children: [part], label: caption)
    content.clipsChildren = true
    return content
  }
}
