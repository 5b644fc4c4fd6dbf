#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Named secrets, after VCR's `filter_sensitive_data`: values a script types (a password the app
/// checks) that no recording ever holds.
///
/// A script step `{"type":"textField \"Password\"","secret":"PASSWORD"}` types the value of
/// `PASSWORD`, read from the environment variable `CMDTOOL_SECRET_PASSWORD` or from a secrets
/// file (`--secrets FILE`, lines `PASSWORD=value`). The engine receives the real value; the
/// recording holds the placeholder `<secret:PASSWORD>` wherever the value appears (the typed
/// event, and any text the engine echoes it in). A replay reads the value again, so the app logs
/// in as it did, and its new run is scrubbed the same way, so the two runs line up.
public struct SecretStore: Sendable, Equatable {
  /// The prefix of the environment variables secrets are read from.
  public static let environmentPrefix = "CMDTOOL_SECRET_"

  /// Why secrets could not be loaded.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// Values by name.
  public private(set) var values: [String: String]
  /// The values with their placeholders, longest first (so one containing another goes whole).
  private var replacements: [(value: [UInt8], placeholder: [UInt8])] = []

  public init(values: [String: String] = [:]) {
    self.values = values
    replacements = values.sorted { $0.value.utf8.count > $1.value.utf8.count || ($0.value.utf8.count == $1.value.utf8.count && $0.key < $1.key) }
      .map { (Array($0.value.utf8), Array(Self.placeholder(for: $0.key).utf8)) }
  }

  public static func == (a: SecretStore, b: SecretStore) -> Bool { a.values == b.values }

  public var isEmpty: Bool { values.isEmpty }

  /// What a recording holds instead of the secret's value: `<secret:NAME>`.
  public static func placeholder(for name: String) -> String { "<secret:\(name)>" }

  /// The environment variable a secret is read from: `CMDTOOL_SECRET_PASSWORD`.
  public static func environmentVariable(for name: String) -> String { environmentPrefix + name.uppercased() }

  /// Whether `name` can name a secret: letters, digits and `_`, not starting with a digit.
  public static func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !(first >= "0" && first <= "9") else { return false }
    return name.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" }
  }

  /// The values of `names`, each from the environment or, failing that, from `fileText` (lines
  /// `NAME=value`; blank lines and `#` comments skipped).
  ///
  /// - Parameters:
  ///   - purpose: who needs them, for the message (`the script`, `the recording x.jsonl`).
  ///   - environment: looks a variable up (the process environment by default).
  ///   - optional: more names, loaded when they have a value and skipped when not.
  /// - Throws: ``Failure`` naming the first of `names` without a value, or a bad line of the file.
  public static func load(
    _ names: [String], purpose: String, fileText: String? = nil, filePath: String? = nil, environment: (String) -> String? = SecretStore.processEnvironment,
    optional: [String] = []
  ) throws(Failure) -> SecretStore {
    var fromFile: [String: String] = [:]
    if let fileText {
      // Split on the scalar "\n", as EventScript does: a CRLF ending is one Character in Swift,
      // which never equals "\n", so a file from Windows would be one line with the "\r\n" in it.
      for (offset, line) in fileText.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var text = Substring(String(line))
        if text.last == "\r" { text = text.dropLast() }
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) || text.drop(while: { $0 == " " }).hasPrefix("#") { continue }
        guard let equals = text.firstIndex(of: "="), isValidName(String(text[..<equals])) else {
          throw Failure(description: "\(filePath ?? "the secrets file"): line \(offset + 1): expected NAME=value")
        }
        fromFile[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
    }
    var values: [String: String] = [:]
    for name in names {
      let variable = environmentVariable(for: name)
      guard let value = environment(variable) ?? fromFile[name] else {
        let file = filePath.map { " and \($0) does not name it" } ?? " (or pass --secrets FILE with a line \(name)=…)"
        throw Failure(description: "\(purpose) types the secret \(name), but \(variable) is not set\(file)")
      }
      guard !value.isEmpty else { throw Failure(description: "the secret \(name) is empty (\(variable))") }
      values[name] = value
    }
    for name in optional where values[name] == nil {
      if let value = environment(environmentVariable(for: name)) ?? fromFile[name], !value.isEmpty { values[name] = value }
    }
    return SecretStore(values: values)
  }

  /// The names of every secret with a value: `CMDTOOL_SECRET_NAME` among `variables` (the
  /// environment's names) and the names of `fileText`'s lines, less those whose variable one of
  /// `known` already reads. A recording scrubs them all, typed or not: a value the engine is
  /// given another way (a command-line option, a file) is a secret all the same (issue #23).
  public static func otherNames(than known: [String], variables: some Sequence<String>, fileText: String? = nil, environment: (String) -> String? = SecretStore.processEnvironment) -> [String] {
    var seen = Set(known.map(environmentVariable(for:)))
    var names: [String] = []
    func note(_ name: String) {
      guard isValidName(name), seen.insert(environmentVariable(for: name)).inserted else { return }
      names.append(name)
    }
    for variable in variables.sorted() where variable.hasPrefix(environmentPrefix) && !(environment(variable) ?? "").isEmpty {
      note(String(variable.dropFirst(environmentPrefix.count)))
    }
    for line in (fileText ?? "").unicodeScalars.split(separator: "\n").map(String.init) {
      guard let equals = line.firstIndex(of: "="), !line[line.index(after: equals)...].allSatisfy({ $0 == "\r" }) else { continue }
      note(String(line[..<equals]))
    }
    return names
  }

  /// Looks a variable up in this process's environment.
  public static func processEnvironment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// `text` with every secret's value replaced by its placeholder, inside other text too: both a
  /// recording and its replay know the values, so both are scrubbed alike.
  /// - Complexity: O(n·s) for n bytes and s secrets, and no allocation when no value occurs.
  public func scrub(_ text: String) -> String {
    guard !replacements.isEmpty, contains(text) else { return text }
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    scanning: while index < bytes.count {
      for replacement in replacements where bytes[index] == replacement.value[0] && index + replacement.value.count <= bytes.count {
        if bytes[index..<(index + replacement.value.count)].elementsEqual(replacement.value) {
          result.append(contentsOf: replacement.placeholder)
          index += replacement.value.count
          continue scanning
        }
      }
      result.append(bytes[index])
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether any secret's value occurs in `text`.
  private func contains(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { haystack in
      replacements.contains { replacement in
        guard replacement.value.count <= haystack.count else { return false }
        var index = 0
        while index + replacement.value.count <= haystack.count {
          if haystack[index] == replacement.value[0] && haystack[index..<(index + replacement.value.count)].elementsEqual(replacement.value) { return true }
          index += 1
        }
        return false
      }
    }
  }
}
