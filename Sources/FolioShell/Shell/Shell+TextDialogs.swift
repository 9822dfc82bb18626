import FolioCore
import FolioSession

extension Shell {
  /// The command a line typed or read while a dialog with a text field waits stands for:
  /// the whole line, as written, is the text (`choose TEXT`); nil for `cancel`, a `choose`
  /// command, a comment or a blank line, and when no such dialog waits, which run as usual.
  func textFieldAnswer(_ line: String) -> ParsedCommand? {
    guard session.pendingDialog?.textField != nil else { return nil }
    let text = line.trimmingBlanks
    let verb = text.prefix { !$0.isWhitespace }.lowercased()
    guard !text.isEmpty, !text.hasPrefix("#"), verb != "cancel", verb != "choose" else { return nil }
    return ParsedCommand(words: [Word("choose"), Word(text)], text: "choose " + Word.quoted(text))
  }
}
