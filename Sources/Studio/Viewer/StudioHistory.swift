import CommandCodec
import NIOConcurrencyHelpers
import ReplayCore
import ReplayWireframe

/// Time travel over the live session: the recording as far as it is written, served to the page
/// by the trace viewer's own routes (``TraceViewerService`` over a ``TraceViewerSource``), so a
/// point of the session is loaded exactly as `cmdtool view --serve` loads a point of a trace:
/// `GET /rows?from=N&count=K`, `GET /frame?record=N` (wireframe, tree, diff), `GET /locate?t=MS`,
/// `GET /search?q=TEXT&from=N&dir=1`.
///
/// The session's thread says how far the recording is flushed (``note(path:records:)``); the
/// server's thread reads that many records and no more (the file is being written after them),
/// opening the source at the first request and reading on from where it stopped at the next.
public final class StudioHistory: @unchecked Sendable {
  private struct Shared {
    var path: String?
    var records = 0
    var source: TraceViewerSource?
    var service: TraceViewerService?
  }

  // The source is not thread-safe: every use under the lock, one request at a time, as the
  // viewer's (hence the unchecked Sendable).
  private let lock = NIOLock()
  private var shared = Shared()
  private let title: String
  private let widgets: WidgetSchema?

  public init(title: String, widgets: WidgetSchema? = nil) {
    self.title = title
    self.widgets = widgets
  }

  /// The recording is at `path` and holds `records` whole records on disk.
  public func note(path: String, records: Int) {
    lock.withLock {
      if shared.path != path { shared = Shared(path: path) }
      shared.records = max(shared.records, records)
    }
  }

  /// The records the page can travel over.
  public var count: Int { lock.withLock { shared.records } }

  /// The answer to `GET query` for the viewer's routes; 404 before the recording has begun.
  public func answer(_ query: RequestQuery) -> TraceViewerService.Answer {
    lock.withLock {
      guard let path = shared.path, shared.records > 0 else { return .text(404, "404 Not Found: the session has no record yet\n") }
      do {
        if let source = shared.source {
          try source.extend(to: shared.records)
        } else {
          let source = try TraceViewerSource(path: path, title: title, widgets: widgets, recordLimit: shared.records)
          shared.source = source
          shared.service = TraceViewerService(source: source)
        }
      } catch {
        return .text(500, "500 Internal Server Error: the session's recording cannot be read: \(error)\n")
      }
      return shared.service!.answer(query)
    }
  }
}
