import CommandCodec

/// One side of a diff: a trace (replayed) or a state snapshot (read back).
public enum DiffInput {
  case trace(TraceFileReader)
  case snapshot(UIState)

  /// Why a side could not be opened.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Opens `path`: a snapshot when it is a JSON object starting with `"version"`, else a trace;
  /// either is read with `widgets`, the schema of its custom widgets, when given.
  public static func open(_ path: String, widgets: WidgetSchema? = nil) throws(Failure) -> DiffInput {
    if path == "-" {
      do {
        return .trace(try TraceFileReader(path: "-", widgets: widgets))
      } catch {
        throw Failure(description: error.description)
      }
    }
    let bytes: [UInt8]
    do {
      bytes = try readAll(path, limit: 64)
    } catch {
      throw Failure(description: error.description)
    }
    if StateSnapshotReader.looksLikeSnapshot(bytes) {
      let whole: [UInt8]
      do {
        whole = try readAll(path, limit: nil)
      } catch {
        throw Failure(description: error.description)
      }
      do {
        var state = try StateSnapshotReader.read(whole)
        // With the schema, the diff compares and prints the widgets' values by their types.
        if let widgets, state.widgets == nil { state.widgets = widgets }
        return .snapshot(state)
      } catch {
        throw Failure(description: "\(path): not a readable state snapshot: \(error)")
      }
    }
    do {
      return .trace(try TraceFileReader(path: path, widgets: widgets))
    } catch {
      throw Failure(description: error.description)
    }
  }

  /// The file's bytes (at most `limit` of them).
  static func readAll(_ path: String, limit: Int?) throws(IOError) -> [UInt8] {
    try FileDescriptor.readWholeFile(at: path, limit: limit)
  }
}
