import Foundation

@testable import CommandCodec

/// Small schema documents for the widget schema tests, and the bundled schema files.
enum WidgetSchemaFixtures {
  /// The `traces/widgets` directory of the repository, found from this file's path.
  static let bundledDirectory: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // WidgetSchemaFixtures.swift, Widgets, CommandCodecTests, Tests
    return parts.joined(separator: "/") + "/traces/widgets"
  }()

  /// The bundled schema files.
  static let bundledFiles = ["chart.widgets.json", "trip.widgets.json", "table.widgets.json", "all.widgets.json"]

  /// The bytes of a bundled schema.
  static func bundled(_ file: String) -> [UInt8] {
    [UInt8](FileManager.default.contents(atPath: bundledDirectory + "/" + file) ?? Data())
  }

  /// One int property `p` 0…100, set by SET_INT_VALUE's value.
  static let percentage = #""p": {"type": "int", "min": 0, "max": 100, "default": 0, "set": {"command": "SET_INT_VALUE", "field": "value"}}"#

  /// A widget object; every part can be replaced, `extra` adds members (with a leading comma).
  static func widget(
    name: String = "Pie", create: String = #"{"command": "CREATE_PIE", "code": 1000}"#,
    properties: String = percentage, extra: String = ""
  ) -> String {
    #"{"name": "\#(name)", "create": \#(create), "properties": {\#(properties)}\#(extra)}"#
  }

  /// A schema document holding `widgets`; `root` adds members to the root object.
  static func document(_ widgets: String..., root: String = "") -> String {
    #"{"widgetSchema": 1, "name": "test"\#(root), "widgets": [\#(widgets.joined(separator: ",\n"))]}"#
  }

  /// A document whose single widget has the property `p` given by `body`.
  static func property(_ body: String) -> String {
    document(widget(properties: #""p": \#(body)"#))
  }
}
