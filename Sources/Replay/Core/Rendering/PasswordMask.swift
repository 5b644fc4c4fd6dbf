/// How a password field's text is shown anywhere cmdtool draws or prints a state (the
/// wireframe, the element tree): a fixed run of dots, whatever the text, so that nothing drawn
/// tells a secret's length (docs/WIREFRAME.md); an empty field shows nothing.
public enum PasswordMask {
  /// The dots drawn for any non-empty password: always 8.
  public static let dots = String(repeating: "•", count: 8)

  /// The mask of `text`: ``dots``, or nothing for an empty text.
  public static func masked(_ text: String) -> String { text.isEmpty ? "" : dots }
}
