import FolioCore
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive loop: read a line with editing and history, run its commands, show the
/// results, until `quit` or Ctrl-D.
struct REPL {
  let shell: Shell
  let history: History

  /// The prompt for a continued line: `...> `, right-aligned under the main prompt.
  static func continuationPrompt(after prompt: String) -> String {
    String(repeating: " ", count: max(0, prompt.displayWidth - 5)) + "...> "
  }

  /// Runs until the person leaves.
  func run() {
    Self.useUTF8Locale()
    let editor = LineEditor(
      completer: Completer(registry: shell.registry, home: shell.environment["HOME"]),
      history: history.load(), historyLimit: history.limit)
    // The logical line being continued (its last line ended with a backslash), if any.
    var pending: LogicalLine?
    var historyFailure: FolioError?
    while shell.session.stopReason == nil {
      shell.prepareToWaitForInput()
      let prompt: String
      var initialText = ""
      if let dialog = shell.session.pendingDialog, let field = dialog.textField {
        // The field's text is on the line to edit; Enter accepts it, `cancel` keeps the old one.
        prompt = "\(field.label.lowercased())> "
        initialText = field.text
      } else if let dialog = shell.session.pendingDialog {
        prompt = "choose 1–\(dialog.buttons.count)> "
      } else {
        prompt = pending == nil ? shell.prompt : Self.continuationPrompt(after: shell.prompt)
      }
      switch editor.readLine(prompt: prompt, initialText: initialText) {
      case .interrupted:
        // The cancelled line stays on screen, as in a shell; the new prompt starts below it.
        shell.console.print("")
        pending = nil
      case .end:
        shell.console.print("")
        // Ctrl-D leaves like `quit`: with unsaved documents it asks first, and at a dialog it
        // answers Cancel.
        if shell.session.pendingDialog != nil {
          shell.execute(ParsedCommand(words: [Word("cancel")], text: "cancel"))
          continue
        }
        guard shell.workspace.documents.contains(where: \.isDirty) else { return }
        shell.execute(ParsedCommand(words: [Word("quit")], text: "quit"))
      case .line(var line):
        if pending == nil, let answer = shell.textFieldAnswer(line) {
          remember(answer.text, editor: editor, failure: &historyFailure)
          shell.execute(answer)
          continue
        }
        // At a dialog's numbered prompt a bare number or button title answers it.
        if let dialog = shell.session.pendingDialog, pending == nil,
          dialog.button(named: line.trimmingBlanks) != nil
        {
          line = "choose " + Word.quoted(line.trimmingBlanks)
        }
        var logical = pending ?? LogicalLine()
        pending = nil
        let result: LexResult
        do {
          result = try logical.append(line)
        } catch {
          remember(logical.text, editor: editor, failure: &historyFailure)
          shell.report(error, commandText: logical.text, at: nil)
          continue
        }
        guard case .complete(let commands) = result else {
          pending = logical
          continue
        }
        remember(logical.text, editor: editor, failure: &historyFailure)
        for command in commands {
          shell.execute(command)
          if shell.session.stopReason == .interrupted || Interrupt.isRequested {
            shell.session.stopReason = nil
            Interrupt.clear()
            shell.console.printError("interrupted")
            break
          }
          if shell.session.stopReason != nil { break }
        }
      }
    }
  }

  /// Makes libedit read and write UTF-8: without a UTF-8 locale it silently drops every
  /// multibyte character, so fall back to `C.UTF-8` when the environment's locale is not one.
  private static func useUTF8Locale() {
    setlocale(LC_ALL, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET))).uppercased()
    if codeset != "UTF-8", codeset != "UTF8" { setlocale(LC_CTYPE, "C.UTF-8") }
  }

  /// Adds a line to the editor's and the file's history; a failing history file is reported
  /// once, then the session goes on without it.
  private func remember(_ text: String, editor: LineEditor, failure: inout FolioError?) {
    let entry = text.replacing("\\\n", with: "")
    guard !entry.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
    editor.remember(entry)
    guard failure == nil else { return }
    do {
      try history.append(entry)
    } catch {
      failure = error
      shell.console.printError("folio: history is not saved: \(error)")
    }
  }
}
