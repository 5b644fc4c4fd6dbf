import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What a JUnit XML report holds, read with XMLParser (so the report must be well-formed).
final class JUnitSummary: NSObject, XMLParserDelegate {
  struct Counts: Equatable {
    var tests: Int
    var failures: Int
    var errors: Int
  }

  private(set) var suites: [Counts] = []
  private(set) var testcases: [String] = []
  private(set) var failures: [(testcase: String, message: String, text: String)] = []
  private var inFailure = false
  private var failureText = ""
  private var failureMessage = ""

  init(contentsOf path: String) throws {
    super.init()
    let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
    parser.delegate = self
    guard parser.parse() else {
      throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
    }
  }

  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
    switch name {
    case "testsuite":
      suites.append(Counts(tests: Int(attributes["tests"] ?? "") ?? -1, failures: Int(attributes["failures"] ?? "") ?? -1, errors: Int(attributes["errors"] ?? "") ?? -1))
    case "testcase":
      testcases.append(attributes["name"] ?? "")
    case "failure":
      inFailure = true
      failureText = ""
      failureMessage = attributes["message"] ?? ""
    default:
      break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inFailure { failureText += string }
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    if name == "failure" {
      inFailure = false
      failures.append((testcases.last ?? "", failureMessage, failureText))
    }
  }
}
