@testable import ReplayLive
import Testing

// SecretStore.load: where the values of named secrets come from (CMDTOOL_SECRET_NAME, then a
// --secrets file of NAME=value lines), and the messages when they cannot be had.

@Suite struct SecretStoreTests {
  /// Loads `names` from `environment` (variables by name) and `file`.
  private func load(_ names: [String], environment: [String: String] = [:], file: String? = nil, path: String? = "test.secrets") throws(SecretStore.Failure) -> SecretStore {
    try SecretStore.load(names, purpose: "the script", fileText: file, filePath: file == nil ? nil : path, environment: { environment[$0] })
  }

  /// The message `load` fails with.
  private func failure(_ names: [String], environment: [String: String] = [:], file: String? = nil, path: String? = "test.secrets") -> String? {
    do {
      _ = try load(names, environment: environment, file: file, path: path)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func theEnvironmentBeatsTheFile() throws {
    let store = try load(["PASSWORD"], environment: ["CMDTOOL_SECRET_PASSWORD": "from-env"], file: "PASSWORD=from-file\n")
    #expect(store.values == ["PASSWORD": "from-env"])
  }

  @Test func theFileServesWhatTheEnvironmentLacks() throws {
    let file = """
      # secrets for the login tests

      PASSWORD=from-file
        # an indented comment
      TOKEN=a=b=c
      UNUSED=never asked for
      """
    let store = try load(["PASSWORD", "TOKEN"], environment: ["CMDTOOL_SECRET_TOKEN": "tok"], file: file)
    // The value is everything after the first "=", and only the names asked for are loaded.
    #expect(store.values == ["PASSWORD": "from-file", "TOKEN": "tok"])
    #expect(try load(["TOKEN"], file: file).values == ["TOKEN": "a=b=c"])
  }

  @Test func windowsLineEndingsAreLineEndings() throws {
    // A CRLF is one Character in Swift: splitting on "\n" would leave one line with the "\r\n"
    // inside, and a value that ends in it (a password the engine then refuses).
    let store = try load(["PASSWORD", "TOKEN"], file: "# comment\r\nPASSWORD=pw\r\n\r\nTOKEN=tok\r\n")
    #expect(store.values == ["PASSWORD": "pw", "TOKEN": "tok"])
  }

  @Test func aNameIsLookedUpInUpperCaseInTheEnvironmentAndAsWrittenInTheFile() throws {
    #expect(SecretStore.environmentVariable(for: "api_token") == "CMDTOOL_SECRET_API_TOKEN")
    #expect(try load(["api_token"], environment: ["CMDTOOL_SECRET_API_TOKEN": "t1"]).values == ["api_token": "t1"])
    #expect(try load(["api_token"], file: "api_token=t2\n").values == ["api_token": "t2"])
    #expect(failure(["api_token"], file: "API_TOKEN=t3\n")?.contains("the secret api_token, but CMDTOOL_SECRET_API_TOKEN is not set") == true)
  }

  @Test func noNamesNeedNoValues() throws {
    #expect(try load([]).isEmpty)
  }

  // MARK: - Failures

  @Test func aMissingSecretNamesItsVariableAndTheFile() {
    #expect(failure(["PASSWORD"]) == "the script types the secret PASSWORD, but CMDTOOL_SECRET_PASSWORD is not set (or pass --secrets FILE with a line PASSWORD=…)")
    #expect(failure(["PASSWORD"], file: "OTHER=x\n") == "the script types the secret PASSWORD, but CMDTOOL_SECRET_PASSWORD is not set and test.secrets does not name it")
    // The first one missing, in the order the script types them.
    #expect(failure(["PASSWORD", "TOKEN"], environment: ["CMDTOOL_SECRET_PASSWORD": "pw"])?.contains("the secret TOKEN,") == true)
    // The purpose says who needs it: a replay names the recording.
    do {
      _ = try SecretStore.load(["PIN"], purpose: "the recording a.jsonl", environment: { _ in nil })
      Issue.record("a secret without a value was loaded")
    } catch {
      #expect(error.description.hasPrefix("the recording a.jsonl types the secret PIN, but CMDTOOL_SECRET_PIN is not set"))
    }
  }

  @Test func anEmptyValueIsAnError() {
    #expect(failure(["PASSWORD"], file: "PASSWORD=\n") == "the secret PASSWORD is empty (CMDTOOL_SECRET_PASSWORD)")
    // An empty variable is empty, not unset: it does not fall back on the file (a CI system
    // that passes an unavailable secret as "" gets told, not a stale value from a file).
    #expect(failure(["PASSWORD"], environment: ["CMDTOOL_SECRET_PASSWORD": ""], file: "PASSWORD=pw\n") == "the secret PASSWORD is empty (CMDTOOL_SECRET_PASSWORD)")
  }

  @Test(arguments: [
    ("PASSWORD=ok\nno equals sign\n", 2),
    ("# fine\n\n=value\n", 3),
    ("2FA=123\n", 1),
    ("PASS WORD=x\n", 1),
    ("PASSWORD=ok\r\nbad line\r\n", 2),
  ])
  func aBadLineOfTheFileIsNamedByItsNumber(file: String, line: Int) {
    #expect(failure(["PASSWORD"], file: file) == "test.secrets: line \(line): expected NAME=value")
    #expect(failure(["PASSWORD"], file: file, path: nil) == "the secrets file: line \(line): expected NAME=value")
  }

  @Test func aBadLineIsAnErrorEvenWhenTheEnvironmentHasTheValue() {
    // A broken file is found out now, not on the day the variable is gone.
    #expect(failure(["PASSWORD"], environment: ["CMDTOOL_SECRET_PASSWORD": "pw"], file: "oops\n") == "test.secrets: line 1: expected NAME=value")
  }

  @Test func everyOtherSecretWithAValueIsKnownToo() {
    // What `record` scrubs besides the secrets the script types (issue #23: a value passed to the
    // engine as an option was recorded in clear).
    let environment = ["CMDTOOL_SECRET_PASSWORD": "a", "CMDTOOL_SECRET_TOKEN": "b", "CMDTOOL_SECRET_EMPTY": "", "CMDTOOL_SECRET_1X": "c", "OTHER": "d"]
    let file = "# comment\nAPI_KEY=e\r\npassword=f\nBLANK=\n"
    let names = SecretStore.otherNames(than: ["password"], variables: environment.keys, fileText: file, environment: { environment[$0] })
    // "password" reads CMDTOOL_SECRET_PASSWORD: neither that variable nor the file's line adds one.
    #expect(names == ["TOKEN", "API_KEY"])
    #expect(SecretStore.otherNames(than: [], variables: [String](), fileText: nil).isEmpty)
  }
}
