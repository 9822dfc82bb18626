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

extension Shell {
  /// The REPL's prompt while something waits for an answer: a text field's label and text,
  /// `choose 1–N> ` for a dialog's buttons or the open menu's items (the level shown now);
  /// nil when nothing waits, for the usual prompt.
  var answerPrompt: String? {
    if let dialog = session.pendingDialog {
      if let field = dialog.textField {
        // libedit cannot start a line with text in it (its reset clears what a start-up hook
        // inserts), so the prompt shows the field's text and an empty line keeps it.
        return "\(field.label.lowercased()) [\(field.text.escapedForTerminal)]> "
      }
      return "choose 1–\(dialog.buttons.count)> "
    }
    guard let menu = session.menuSession, menu.isOpen else { return nil }
    let count = menu.items.count
    return count == 0 ? nil : "choose 1–\(count)> "
  }

  /// A bare number typed at the open menu's numbered prompt stands for `choose N`, as at a
  /// dialog's; nil for any other line, or when no menu is open or a dialog waits.
  func menuAnswer(_ line: String) -> String? {
    guard session.pendingDialog == nil, session.menuSession?.isOpen == true else { return nil }
    let text = line.trimmingBlanks
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      return nil
    }
    return "choose " + text
  }
}
