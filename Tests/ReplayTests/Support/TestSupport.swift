import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

/// Decodes JSON Lines (a header line is optional, `"t"` may be left out) into a header and records;
/// a decoding error fails the calling test.
func decode(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> (header: TraceHeader, records: [TraceRecord]) {
  let text = lines.joined(separator: "\n") + "\n"
  let trace = DecodedTrace(decoding: Array(text.utf8), format: .jsonLines)
  #expect(trace.error == nil, "test input does not decode: \(String(describing: trace.error))", sourceLocation: sourceLocation)
  return (trace.header ?? TraceHeader(), trace.records)
}

/// A model that has applied `lines` (JSON Lines records, optionally after a header line).
func model(_ lines: String..., options: ReferenceModel.Options = .init(), sourceLocation: SourceLocation = #_sourceLocation) -> ReferenceModel {
  model(lines, options: options, sourceLocation: sourceLocation)
}

func model(_ lines: [String], options: ReferenceModel.Options = .init(), sourceLocation: SourceLocation = #_sourceLocation) -> ReferenceModel {
  let (header, records) = decode(lines, sourceLocation: sourceLocation)
  var model = ReferenceModel(header: header, options: options)
  for (index, record) in records.enumerated() { model.apply(record, index: index) }
  return model
}

/// Expects that the model found nothing to report.
func expectClean(_ model: ReferenceModel, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(model.diagnostics.isEmpty, "unexpected diagnostics: \(model.diagnostics.map(\.description))", sourceLocation: sourceLocation)
}

/// The rules the model reported, in order.
func rules(_ model: ReferenceModel) -> [DiagnosticRule] { model.diagnostics.map(\.rule) }

/// The events the platform sent on its own, with their targets (toast expiries left out).
func emittedEvents(_ model: ReferenceModel) -> [(target: Int32, event: Event)] {
  model.emissions.compactMap { emission in
    if case .event(let target, let event) = emission.kind { return (target, event) }
    return nil
  }
}

/// The image requests the model emitted, in order.
func imageRequests(_ model: ReferenceModel) -> [ImageRequestEvent] {
  emittedEvents(model).compactMap { if case .imageRequest(let request) = $0.event { return request } else { return nil } }
}

/// Lines most model tests start from: application 1 ("App"), then frame view 2 holding the
/// vertical linear layout 3, at time 0.
enum Prelude {
  static let app = #"{"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"App"}"#
  static let screen = #"{"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1}]}"#
  static let both = [app, screen]
}

/// A model of the prelude followed by `lines`.
func screenModel(_ lines: String..., options: ReferenceModel.Options = .init(), sourceLocation: SourceLocation = #_sourceLocation) -> ReferenceModel {
  model(Prelude.both + lines, options: options, sourceLocation: sourceLocation)
}

/// A model of the prelude (application 1, view 2, layout 3) followed by `lines`, custom widget
/// commands read and modelled with `schema`; a decoding error fails the calling test.
func widgetModel(_ schema: WidgetSchema, _ lines: [String], options: ReferenceModel.Options = .init(), sourceLocation: SourceLocation = #_sourceLocation) -> ReferenceModel {
  var decoder = TraceDecoder(format: .jsonLines, jsonOptions: JSONDecodingOptions(widgets: schema))
  decoder.feed(Array(((Prelude.both + lines).joined(separator: "\n") + "\n").utf8))
  decoder.finish()
  var model = ReferenceModel(options: options, widgets: schema)
  var index = 0
  do {
    while let record = try decoder.next() {
      model.apply(record, index: index)
      index += 1
    }
  } catch {
    Issue.record("test input does not decode: \(error)", sourceLocation: sourceLocation)
  }
  return model
}

/// The repository's files: bundled traces and golden snapshots.
enum Repository {
  /// The repository root, found from this file's path (Tests/ReplayTests/Support/TestSupport.swift).
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let traces = root.appendingPathComponent("traces")
  static let snapshots = root.appendingPathComponent("Tests/ReplayTests/Snapshots")

  static func trace(_ name: String) -> String { traces.appendingPathComponent(name).path }

  /// The bundled example traces: every `*.jsonl` directly under traces/ (not the codec vectors).
  static var bundledTraces: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? []
    return names.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".script.jsonl") }.sorted()
  }

  /// Whether golden snapshots are re-recorded (`RECORD_SNAPSHOTS=1`) instead of compared.
  static var isRecordingSnapshots: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }
}

/// Replays a trace file to `point`.
func replayFile(_ name: String, to point: ReplayPoint = .end, strict: Bool = false) throws -> Replayer.Result {
  let reader = try TraceFileReader(path: Repository.trace(name))
  defer { reader.close() }
  return try Replayer.replay(reader, to: point, strict: strict)
}

extension Array where Element == UInt8 {
  var text: String { String(decoding: self, as: UTF8.self) }
}
