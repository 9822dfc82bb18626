import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive loop: read a line with editing and history, run its commands, show the
/// results, until `quit` or Ctrl-D.
struct REPL {
  let shell: Shell
  let history: History

  /// Runs until the person leaves.
  func run() {
    let editor = LineEditor(
      completer: Completer(registry: shell.registry, home: shell.environment["HOME"]),
      history: history.load(), historyLimit: history.limit)
    var pending = ""
    var historyFailure: FolioError?
    while shell.stopReason == nil {
      shell.console.flush()
      let prompt =
        pending.isEmpty
        ? shell.prompt : String(repeating: " ", count: max(0, shell.prompt.displayWidth - 2)) + "> "
      switch editor.readLine(prompt: prompt) {
      case .interrupted:
        pending = ""
      case .end:
        shell.console.print("")
        return
      case .line(let line):
        let text = pending.isEmpty ? line : pending + "\n" + line
        let result: LexResult
        do {
          result = try Lexer.lex(text)
        } catch {
          pending = ""
          remember(text, editor: editor, failure: &historyFailure)
          shell.report(error, commandText: text, at: nil)
          continue
        }
        guard case .complete(let commands) = result else {
          pending = text
          continue
        }
        pending = ""
        remember(text, editor: editor, failure: &historyFailure)
        for command in commands {
          shell.execute(command)
          if shell.stopReason == .interrupted || Interrupt.isRequested {
            shell.stopReason = nil
            Interrupt.clear()
            shell.console.printError("interrupted")
            break
          }
          if shell.stopReason != nil { break }
        }
      }
    }
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
      shell.console.printError("folio: history is not saved: \(error.message)")
    }
  }
}
