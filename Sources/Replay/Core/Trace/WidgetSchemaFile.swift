import CommandCodec

/// Loads widget schemas from files: the one given with `--widgets`, or the one a trace header
/// names, found beside the trace (docs/WIDGETS.md §6.1).
///
/// A header names its schema, never a path (traces move between machines), so a reader looks for
/// `NAME.widgets.json` in the trace's folder and in its `widgets/` subfolder, in that order.
///
/// ```swift
/// let schema = try WidgetSchemaFile.load("traces/widgets/chart.widgets.json")
/// WidgetSchemaFile.candidates(for: "chart", besideTrace: "traces/widgets/chart.jsonl")
/// // ["traces/widgets/chart.widgets.json", "traces/widgets/widgets/chart.widgets.json"]
/// ```
public enum WidgetSchemaFile {
  /// Parses the schema in `path`.
  ///
  /// - Throws: ``TraceFileError/io(_:)`` when the file cannot be read,
  ///   ``TraceFileError/invalidSchema(path:_:)`` with the problem's place when it is not a valid schema.
  public static func load(_ path: String) throws(TraceFileError) -> WidgetSchema {
    let bytes: [UInt8]
    do {
      bytes = try FileDescriptor.readWholeFile(at: path)
    } catch {
      throw .io(error)
    }
    return try parse(bytes, path: path)
  }

  private static func parse(_ bytes: [UInt8], path: String) throws(TraceFileError) -> WidgetSchema {
    do {
      return try WidgetSchema(parsing: bytes)
    } catch {
      throw .invalidSchema(path: path, error)
    }
  }

  /// Where the schema called `name` is looked for, for a trace at `tracePath`, in order.
  public static func candidates(for name: String, besideTrace tracePath: String) -> [String] {
    guard !name.isEmpty, tracePath != "-", isPlainFileName(name) else { return [] }
    let folder = tracePath.lastIndex(of: "/").map { String(tracePath[...$0]) } ?? ""
    return [folder + name + ".widgets.json", folder + "widgets/" + name + ".widgets.json"]
  }

  /// The schema `named` names, found beside the trace, and its file; nil when no candidate exists.
  ///
  /// - Throws: when a candidate exists but is not a valid schema, or is another schema (a
  ///   different fingerprint): the trace must not be read with it.
  static func discover(_ named: WidgetSchemaReference, besideTrace tracePath: String) throws(TraceFileError) -> (path: String, schema: WidgetSchema)? {
    for path in candidates(for: named.name, besideTrace: tracePath) {
      let bytes: [UInt8]
      do {
        bytes = try FileDescriptor.readWholeFile(at: path)
      } catch {
        continue  // not there: try the next place
      }
      return (path, try parse(bytes, path: path))
    }
    return nil
  }

  /// A schema name used as a file name must not climb out of the trace's folder.
  private static func isPlainFileName(_ name: String) -> Bool {
    !name.contains("/") && !name.contains("\\") && name != "." && name != ".." && !name.hasPrefix(".")
  }
}
