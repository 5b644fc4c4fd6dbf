import ReplayCore

/// A self-contained HTML page: the one place that writes the head every page of cmdtool's shares
/// — UTF-8, a title, inline CSS, and a Content-Security-Policy that lets nothing load: no
/// network, no frames, no other script than the page's own (allowed by its SHA-256, so a script
/// a trace smuggled in would not run even if escaping failed).
///
/// ```swift
/// let page = HTMLPage(title: "login.jsonl", css: "body{margin:0}", body: "<p>…</p>", script: nil)
/// try AtomicFile.write(Array(page.html.utf8), to: "login.html")
/// ```
public struct HTMLPage: Sendable {
  /// The title, as text (escaped here).
  public var title: String
  public var css: String
  /// The body's markup, escaped by whoever built it.
  public var body: String
  /// The page's one script, if any; placed last in the body.
  public var script: String?
  /// Whether the script may talk to the server that served the page (`connect-src 'self'`):
  /// the studio's live page; the pages written to files never do.
  public var connectsToOrigin: Bool

  public init(title: String, css: String, body: String, script: String? = nil, connectsToOrigin: Bool = false) {
    self.title = title
    self.css = css
    self.body = body
    self.script = script
    self.connectsToOrigin = connectsToOrigin
  }

  /// `default-src 'none'`, inline styles, `data:` images, and the script's hash.
  public var contentSecurityPolicy: String {
    var policy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
    if let script { policy += "; script-src 'sha256-\(SHA256.base64Digest(script))'" }
    if connectsToOrigin { policy += "; connect-src 'self'" }
    return policy
  }

  public var html: String {
    var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
    html += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">\n"
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    html += "<title>\(XMLText.escaped(title))</title>\n<style>\(css)</style></head><body>\n"
    html += body
    if let script { html += "\n<script>\(script)</script>" }
    html += "\n</body></html>\n"
    return html
  }

  /// `json` made safe inside `<script type="application/json">`: every `<` written `\u003c`, so
  /// no text in it can end the element (valid JSON: `<` only occurs inside strings).
  public static func embeddable(json: [UInt8]) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(json.count + 64)
    for byte in json {
      if byte == UInt8(ascii: "<") { bytes += Array("\\u003c".utf8) } else { bytes.append(byte) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
