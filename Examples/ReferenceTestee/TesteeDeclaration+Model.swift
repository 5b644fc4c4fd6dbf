import CommandCodec
import ConformanceTestee
import ReplayCore

extension TesteeDeclaration {
  /// The first kind it declares lacking (`--lacks`) that `commands` create: without --partial, a
  /// batch creating one is answered unsupported, as a platform without that widget would.
  func lackedKind(in commands: [Command]) -> ElementKind? {
    guard !lacks.isEmpty else { return nil }
    return commands.lazy.compactMap { ElementKind(creating: $0.type) }.first { self.lacks.contains($0.rawValue) }
  }

  /// Whether the testee sends `event`, which the platform sends on its own (an emission of the
  /// model): timer ticks, image requests and drawer visibility, each when its kind is declared.
  func sends(_ event: Event) -> Bool {
    switch event {
    case .timer: return events.contains("timer")
    case .imageRequest: return events.contains("image")
    case .visibility: return events.contains("visibility")
    // The model emits nothing else (PROTOCOL.md §5.5); a new kind of emission would need a
    // kind in §1.4 before a testee may send it.
    default: return false
    }
  }
}
