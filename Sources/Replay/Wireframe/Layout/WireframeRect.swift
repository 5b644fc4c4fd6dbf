/// A rectangle in the wireframe's coordinates: points from the screen's top left corner, y down.
public struct WireframeRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public static let zero = WireframeRect(x: 0, y: 0, width: 0, height: 0)

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }
  public var size: WireframeSize { WireframeSize(width: width, height: height) }

  /// The rectangle moved by `dx`, `dy`.
  public func offsetBy(dx: Double, dy: Double) -> WireframeRect {
    WireframeRect(x: x + dx, y: y + dy, width: width, height: height)
  }

  /// The rectangle with `insets` taken off its sides (never narrower or lower than 0).
  public func inset(by insets: StyleInsets) -> WireframeRect {
    WireframeRect(x: x + insets.left, y: y + insets.top, width: max(0, width - insets.horizontal), height: max(0, height - insets.vertical))
  }

  /// Where both rectangles are; a rectangle of no area at the nearer corner when they do not meet.
  public func intersection(_ other: WireframeRect) -> WireframeRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return WireframeRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  /// Whether the rectangles share some area.
  public func intersects(_ other: WireframeRect) -> Bool {
    x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }

  /// Whether the point lies inside (the right and bottom edges excluded).
  public func contains(x px: Double, y py: Double) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }

  public var description: String { "(\(x), \(y), \(width)×\(height))" }
}

/// A width and a height in points.
public struct WireframeSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = WireframeSize(width: 0, height: 0)

  public var description: String { "\(width)×\(height)" }
}
