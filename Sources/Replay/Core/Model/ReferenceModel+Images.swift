import CommandCodec

/// ImageRequestEvents: what the platform asks the engine for when an image is shown.
extension ReferenceModel {
  /// At the end of a record, every image whose sources or visibility may have changed asks for the
  /// URL that suits its displayed width (cancelling an earlier request for another URL), or for
  /// an image without URL when it has neither URLs nor an asset file.
  mutating func evaluateImages() {
    let candidates = allImagesDirty ? imageIds : dirtyImages.intersection(imageIds)
    allImagesDirty = false
    dirtyImages.removeAll(keepingCapacity: true)
    for id in candidates.sorted() {
      guard let element = state.elements[id], let image = element.image, !image.isReleased else { continue }
      guard state.isDisplayed(id) else { continue }
      if image.file != nil && image.sources.isEmpty {
        // An asset is loaded locally: nothing to ask the engine for any more.
        cancelImageRequest(id)
        continue
      }
      let width = targetWidth(of: element)
      let wanted = image.pick(forWidth: width)
      let wantedURL = wanted?.url ?? ""
      let requestedWidth = UInt32(clamping: max(width ?? wanted?.width ?? 0, 0))
      // A new URL or a new size replaces the request (iOS, Android).
      guard image.requestedURL != wantedURL || image.requestedWidth != requestedWidth else { continue }
      cancelImageRequest(id)
      touch(id)
      state.elements.update(id) { element in
        element.image!.requestedURL = wantedURL
        element.image!.requestedWidth = requestedWidth
      }
      let height = element.styles.value("height").flatMap { Int32($0) }
      emit(.event(target: id, .imageRequest(ImageRequestEvent(
        mode: 1, imageUrl: wantedURL, sourceInternalId: id,
        requestedWidth: requestedWidth,
        requestedHeight: UInt32(clamping: max(height ?? (width == nil ? wanted?.height ?? 0 : 0), 0)),
        requestedLevels: 1))))
    }
  }

  /// The displayed width: a numeric NORMAL "width" style, else the viewport's width, else unknown.
  func targetWidth(of element: Element) -> Int32? {
    if let style = element.styles.value("width"), let width = Int32(style) { return width }
    return viewport.map(\.width).flatMap { $0 > 0 ? $0 : nil }
  }

  /// Sends CANCEL (to the image, as iOS does) for an outstanding request.
  mutating func cancelImageRequest(_ id: Int32) {
    guard let url = state.elements[id]?.image?.requestedURL else { return }
    touch(id)
    state.elements.update(id) { element in
      element.image!.requestedURL = nil
      element.image!.requestedWidth = 0
    }
    emit(.event(target: id, .imageRequest(ImageRequestEvent(mode: 2, imageUrl: url, sourceInternalId: id))))
  }
}
