/// What an image view shows: its URLs by size, or an asset file, and the request it has out.
public struct ImageState: Hashable, Sendable {
  /// One URL of an image with the size it has at that URL.
  public struct Source: Hashable, Sendable {
    public var url: String
    public var width: Int32
    public var height: Int32
  }

  /// The URLs, ordered by width then height as the engine's ImageSet orders them.
  public private(set) var sources: [Source] = []
  /// An asset file name (a non-URL CREATE_IMAGEVIEW text, or SET_TEXT_VALUE on the image).
  public var file: String?
  /// The URL of the outstanding ImageRequestEvent REQUEST ("" for a request without URL), if any.
  public var requestedURL: String?
  /// The width that request asked for.
  public var requestedWidth: UInt32 = 0
  /// Whether RELEASE dropped the bitmap.
  public var isReleased = false

  public init() {}

  /// Adds a URL, keeping the width-then-height order (stable for equal sizes).
  public mutating func add(_ source: Source) {
    let index = sources.firstIndex { ($0.width, $0.height) > (source.width, source.height) } ?? sources.endIndex
    sources.insert(source, at: index)
  }

  /// Drops URLs and file (CLEAR).
  public mutating func clear() {
    sources.removeAll()
    file = nil
  }

  /// The URL to show at `targetWidth`: the first whose width is at least 0.75 × the target (the
  /// engine's, Android's and GTK's rule), else the largest; the largest when the target is unknown.
  public func pick(forWidth targetWidth: Int32?) -> Source? {
    guard let targetWidth else { return sources.last }
    return sources.first { Double($0.width) >= 0.75 * Double(targetWidth) } ?? sources.last
  }

  /// Whether a URL string is fetched over the network (else it names a bundled asset).
  public static func isNetworkURL(_ text: String) -> Bool {
    text.hasPrefix("http://") || text.hasPrefix("https://")
  }
}
