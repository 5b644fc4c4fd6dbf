/// Words for a command line a person copies into a shell: bare when plain, else in single quotes
/// (a quote inside written `'\''`), so that the shell reads each back as it was.
///
/// ```swift
/// ShellText.quoted("traces/login.jsonl")  // traces/login.jsonl
/// ShellText.quoted("two words")           // 'two words'
/// ShellText.quoted("it's")                // 'it'\''s'
/// ```
public enum ShellText {
  /// `word` as a shell reads it back.
  public static func quoted(_ word: String) -> String {
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./=:,+@%".unicodeScalars.contains($0) }
    guard !plain else { return word }
    var quoted = "'"
    for character in word {
      if character == "'" { quoted += #"'\''"# } else { quoted.append(character) }
    }
    return quoted + "'"
  }

  /// The words joined by spaces, each quoted.
  public static func command(_ words: [String]) -> String {
    words.map(quoted).joined(separator: " ")
  }
}
