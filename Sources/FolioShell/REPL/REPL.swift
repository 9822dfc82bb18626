import FolioCore
import FolioPresentation
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

  /// How other programs are left, which Folio answers with how to leave it.
  static let otherLeavingSpellings: Set<String> = [
    "exit()", "quit()", ":q", ":q!", ":wq", "\\q", ".quit", ".exit",
  ]

  /// Prints the line that greets the person, before the documents named on the command line
  /// open and the REPL starts.
  static func greet(_ shell: Shell) {
    guard !shell.options.isQuiet else { return }
    shell.console.print(
      shell.style.secondary("Folio \(Folio.version) — 'help' for help, Ctrl-D or 'quit' to leave."))
  }

  /// Runs until the person leaves.
  func run() {
    Self.useUTF8Locale()
    let editor = LineEditor(
      completer: Completer(
        registry: shell.registry, home: shell.environment["HOME"], names: Self.names(of: shell)),
      history: history.load(), historyLimit: history.limit)
    // The logical line being continued (its last line ended with a backslash), if any.
    var pending: LogicalLine?
    // The text so far of a command whose quote is still open: it continues on the next line,
    // the line break inside the quotes, as in Python and psql.
    var openQuote: String?
    var historyFailure: FolioError?
    while shell.session.stopReason == nil {
      shell.prepareToWaitForInput()
      let prompt: String
      let field = shell.session.pendingDialog?.textField
      if field != nil || shell.session.pendingDialog != nil || (pending == nil && openQuote == nil),
        let answering = shell.answerPrompt
      {
        prompt = answering
      } else {
        prompt =
          pending == nil && openQuote == nil ? shell.prompt : Self.continuationPrompt(after: shell.prompt)
      }
      switch editor.readLine(prompt: prompt) {
      case .interrupted:
        // The cancelled line stays on screen, as in a shell; the new prompt starts below it.
        shell.console.print("")
        pending = nil
        openQuote = nil
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
        if let field, line.trimmingBlanks.isEmpty { line = field.text }
        if pending == nil, openQuote == nil, let answer = shell.dialogAnswer(line) {
          remember(answer.text, editor: editor, failure: &historyFailure)
          shell.execute(answer)
          continue
        }
        if pending == nil, openQuote == nil, Self.otherLeavingSpellings.contains(line.trimmingBlanks) {
          remember(line, editor: editor, failure: &historyFailure)
          shell.console.printError("To leave Folio, type 'quit' or press Ctrl-D.")
          continue
        }
        // At a dialog's numbered prompt a bare number or button title answers it.
        if let dialog = shell.session.pendingDialog, pending == nil, openQuote == nil,
          dialog.button(named: line.trimmingBlanks) != nil
        {
          line = "choose " + Word.quoted(line.trimmingBlanks)
        } else if pending == nil, openQuote == nil, let answer = shell.menuAnswer(line) {
          // At an open menu's numbered prompt a bare number chooses the item.
          line = answer
        }
        var logical = pending ?? LogicalLine()
        pending = nil
        if let text = openQuote {
          logical = LogicalLine()
          line = text + "\n" + line
          openQuote = nil
        }
        let result: LexResult
        do {
          result = try logical.append(line)
        } catch  where error.message.hasPrefix("unterminated ") {
          openQuote = logical.text
          continue
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
          // A command Ctrl-C stopped said "interrupted"; one that had finished keeps its
          // report. Either way the rest of the line is dropped.
          if shell.session.stopReason == .interrupted || shell.isInterrupted {
            shell.session.stopReason = nil
            shell.clearInterrupt()
            break
          }
          if shell.session.stopReason != nil { break }
        }
      }
    }
  }

  /// The session's names that completion offers, read at each Tab.
  private static func names(of shell: Shell) -> Completer.SessionNames {
    let session = shell.session
    return Completer.SessionNames(
      columns: { (try? session.workspace.active?.readTable(\.columns)) ?? [] },
      menus: { session.menus.map(\.id) },
      choices: {
        if let dialog = session.pendingDialog { return dialog.buttons.map(\.title) }
        return session.menuSession.map { OpenMenu($0).items.compactMap(\.node.title) } ?? []
      },
      windows: { session.workspace.documents.map(\.title) },
      toolbarItems: { session.toolbarItemIDs })
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
    let entry = text.replacingText("\\\n", with: "")
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
