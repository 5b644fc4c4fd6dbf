import CommandCodec
import ReplayCore

extension EventScript {
  /// The object a `send` step holds for `event` to `target`: the event record as a trace writes
  /// it, without its time (`{"delta":120,"event":"ScrollEvent","target":8}`). What the monkey and
  /// the studio write for the actions no other step covers (scrolling, paging).
  package static func sendObject(_ event: Event, to target: Int32) -> JSONValue {
    var bytes: [UInt8] = []
    var encoder = TraceEncoder(format: .jsonLines)
    guard (try? encoder.encode(TraceRecord(time: 0, .event(target: target, event)), into: &bytes)) != nil,
      case .object(var members)? = try? JSONValue.parse(bytes)
    else { return .null }
    members["t"] = nil
    return .object(members)
  }
}
