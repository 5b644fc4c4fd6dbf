import Foundation

/// One measurement in a child process of its own (a fresh heap, its own peak RSS): the parent
/// starts this executable again with `--child …` arguments, the child prints one line
/// `RESULT key=value …`, the parent reads it back.
public enum ChildRun {
  /// The error of a child that failed or printed no result.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Runs this executable with `arguments` and returns its `RESULT` line (without the prefix).
  /// The child's standard error goes to the parent's.
  public static func resultLine(_ arguments: [String]) throws -> Substring {
    let process = Process()
    process.executableURL = executableURL()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.standardError
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw Failure(description: "the child run \(arguments.joined(separator: " ")) failed (exit status \(process.terminationStatus))\(text.isEmpty ? "" : ":\n" + text)")
    }
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") }) else {
      throw Failure(description: "the child run \(arguments.joined(separator: " ")) printed no result:\n\(text)")
    }
    return line.dropFirst("RESULT ".count)
  }

  /// Runs this executable with `arguments` and returns the numeric fields of its `RESULT` line.
  public static func run(_ arguments: [String]) throws -> [String: Double] {
    let line = try resultLine(arguments)
    var result: [String: Double] = [:]
    for pair in line.split(separator: " ") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, let value = Double(parts[1]) { result[String(parts[0])] = value }
    }
    return result
  }

  /// Prints the child's `RESULT` line (keys sorted).
  public static func report<Value: CustomStringConvertible>(_ fields: [String: Value]) {
    print("RESULT " + fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
  }
}
