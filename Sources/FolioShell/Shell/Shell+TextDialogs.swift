import FolioCore
import FolioPresentation
import FolioSession

extension Shell {
  /// The answer a line typed or read while a dialog waits stands for, read without the
  /// lexer: a line for a dialog with a text field (`textFieldAnswer`), or `choose TITLE` whose
  /// words after `choose` are a button's title as it reads (`choose Don't Save`, whose
  /// apostrophe would open a quote); nil otherwise, and the line runs as usual.
  func dialogAnswer(_ line: String) -> ParsedCommand? {
    textFieldAnswer(line) ?? buttonAnswer(line)
  }

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

  /// `choose TITLE` with the title of one of the waiting dialog's buttons written as it
  /// reads, quotes and all: the answer with that button — at a text field, `choose TEXT`
  /// whose words do not lex, the text as written; nil for any other line.
  private func buttonAnswer(_ line: String) -> ParsedCommand? {
    guard let dialog = session.pendingDialog else { return nil }
    let text = line.trimmingBlanks
    let verb = text.prefix { $0 != " " && $0 != "\t" }
    guard verb.lowercased() == "choose" else { return nil }
    let title = String(text.dropFirst(verb.count)).trimmingBlanks
    if dialog.textField != nil {
      // `choose Don't Stop` at a text field: the words as written are the text when they do
      // not lex (a quote left open); a line that lexes runs as usual.
      guard !title.isEmpty, (try? Lexer.lex(text)) == nil else { return nil }
      return ParsedCommand(words: [Word("choose"), Word(title)], text: "choose " + Word.quoted(title))
    }
    let lowered = title.lowercased()
    guard !title.isEmpty, let button = dialog.buttons.first(where: { $0.title.lowercased() == lowered })
    else { return nil }
    return ParsedCommand(words: [Word("choose"), Word(button.title)], text: text)
  }
}
