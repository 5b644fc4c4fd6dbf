import NIOConcurrencyHelpers
import ReplayCore
import ReplayWireframe

/// The trace viewer's routes (`cmdtool view --serve`) over a ``TraceViewerSource``: a request's
/// path and query in, a status, a content type and a body out, with no network in sight (the
/// server's handler, ``TraceViewerRequestHandler``, carries them; tests call it directly).
///
/// - `GET /` the page;
/// - `GET /rows?from=N&count=K` records N to N+K-1 as the list shows them;
/// - `GET /frame?record=N` the state after record N (wireframe, tree, diff);
/// - `GET /locate?t=MS` the last record at or before a time;
/// - `GET /search?q=TEXT&from=N&dir=1|-1` the next (or previous) record whose text has TEXT.
///
/// The token is checked before any of them (``TraceViewerRequestHandler``).
public final class TraceViewerService: @unchecked Sendable {
  /// An answer: the HTTP status code, its content type and body.
  public struct Answer: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    static func text(_ status: Int, _ text: String) -> Answer {
      Answer(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    static func json(_ body: [UInt8]) -> Answer {
      Answer(status: 200, contentType: "application/json", body: body)
    }
  }

  // The source reads the trace file and is not thread-safe: one request at a time. (The
  // server runs on one event-loop thread anyway; the lock makes that a guarantee, hence the
  // unchecked Sendable.)
  private let lock = NIOLock()
  private let source: TraceViewerSource

  public init(source: TraceViewerSource) {
    self.source = source
  }

  /// The answer to `GET query`.
  public func answer(_ query: RequestQuery) -> Answer {
    lock.withLock {
      do {
        switch query.path {
        case "/":
          return Answer(status: 200, contentType: "text/html; charset=utf-8", body: Array(source.page().utf8))
        case "/rows":
          guard let from = query.int("from"), let count = query.int("count") else { return .text(400, "400 Bad Request: /rows?from=N&count=K\n") }
          return .json(try source.rowsJSON(from: from, count: count))
        case "/frame":
          guard let record = query.int("record"), record >= 0, record < source.count else {
            return .text(400, "400 Bad Request: /frame?record=N with N from 0 to \(source.count - 1)\n")
          }
          return .json(try source.frameJSON(at: record))
        case "/locate":
          guard let time = query.number("t") else { return .text(400, "400 Bad Request: /locate?t=MS\n") }
          return .json(try source.locateJSON(time: time))
        case "/search":
          guard let text = query["q"], let from = query.int("from") else { return .text(400, "400 Bad Request: /search?q=TEXT&from=N&dir=1\n") }
          return .json(try source.searchJSON(text, from: from, direction: query.int("dir") ?? 1))
        default:
          return .text(404, "404 Not Found\n")
        }
      } catch {
        return .text(500, "500 Internal Server Error: \(error)\n")
      }
    }
  }
}
