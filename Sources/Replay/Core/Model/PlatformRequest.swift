/// A fire-and-forget request the engine made of the platform (open a URL, share, buy, quit...).
public struct PlatformRequest: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    case launchBrowser = "launch-browser"
    case shareLink = "share-link"
    case selectFromGallery = "select-from-gallery"
    case listProducts = "list-products"
    case buyProduct = "buy-product"
    case listPurchases = "list-purchases"
    case consumePurchase = "consume-purchase"
    case networkActivity = "network-activity"
    case quit = "quit"
  }

  public var time: Double
  public var recordIndex: Int
  public var kind: Kind
  /// The element that asked.
  public var from: Int32
  /// The request's text (a URL, a product id), or "on"/"off" for network activity.
  public var text: String
}
