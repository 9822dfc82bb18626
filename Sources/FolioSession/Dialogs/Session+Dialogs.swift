import FolioCore

/// The ids of the session's own commands that front ends and menus name.
public enum SessionCommandID {
  /// `quit`: ends the session, asking about unsaved documents.
  public static let quit = "shell.quit"
  /// `choose`: answers the waiting dialog, or chooses an item of the open menu.
  public static let choose = "shell.choose"
  /// `cancel`: answers the waiting dialog with its cancel button.
  public static let cancel = "shell.cancel"
  /// The commands that run while a dialog waits.
  static let answersDialogs: Set<String> = [choose, cancel]
}

extension Session {
  /// Answers the waiting dialog with one of its buttons and returns what the answer did.
  ///
  /// - Throws: `FolioError.disabled` when no dialog waits, or what the answer's effect throws.
  public func answerDialog(with button: DialogButton) throws -> CommandOutput {
    guard let dialog = pendingDialog else {
      throw FolioError(.disabled, "no dialog is waiting")
    }
    pendingDialog = nil
    answeredDialog = (dialog, button)
    events.publish(.dialogDismissed(title: dialog.title, button: button.title))
    return try presenting { () throws -> CommandOutput in
      answeredDialog = (dialog, button)
      switch dialog.responder {
      case .command(let invocation): return try registry.answer(button.id, to: invocation)
      case .pluginConfirmation(let number):
        guard let pluginHost else { throw FolioError(.disabled, "plugins are off") }
        return try pluginHost.answerConfirmation(number, with: button)
      }
    }
  }

  /// Drops the waiting dialog unanswered (a script ended while it waited) and returns it.
  @discardableResult
  public func dismissDialog() -> Dialog? {
    guard let dialog = pendingDialog else { return nil }
    pendingDialog = nil
    if case .pluginConfirmation(let number) = dialog.responder { pluginHost?.abandonConfirmation(number) }
    events.publish(.dialogDismissed(title: dialog.title, button: dialog.cancelButton.title))
    return dialog
  }

  /// Chooses an item of the open menu by its number or title, with arguments for its
  /// command, and returns what it did; the menu stays open when the item keeps it open.
  ///
  /// - Throws: `FolioError.disabled` when no menu is open, or the item's error.
  public func chooseMenuItem(_ item: String, arguments: [Word] = []) throws -> CommandOutput {
    guard var menu = menuSession else {
      throw FolioError(.disabled, "nothing to choose from: no dialog or menu is open")
    }
    let result = try menu.choose(item, arguments: arguments)
    menuSession = result.isOpen ? menu : nil
    return .menuChoice(output: result.output, menu: result.isOpen ? OpenMenu(menu) : nil)
  }

  /// Saves `documents`, then ends the session; a failed save ends nothing.
  public func quit(saving documents: [Document]) throws -> CommandOutput {
    for document in documents { try workspace.save(document) }
    stopReason = .quit
    return .none
  }

  /// `quit`, `choose` and `cancel`.
  var dialogCommands: [Command] {
    [
      Command(
        id: SessionCommandID.quit, verb: "quit", aliases: ["exit"], title: "Quit", icon: "power",
        shortcut: "⌘Q", category: "Session",
        summary: "leave Folio; a script stops here",
        parameters: [
          Parameter("force", .bool, style: .option, summary: "leave without asking about unsaved documents"),
          Parameter(
            "save", .bool, style: .option, summary: "save every unsaved document first, without asking"),
        ],
        behavior: .action { [unowned self] arguments in
          let unsaved = workspace.documents.filter(\.isDirty)
          if arguments.flag("save") { return try quit(saving: unsaved) }
          // Like every command chosen from a menu, File › Quit asks in scripts too.
          let asks = isInteractive || arguments.origin == .menu
          guard asks, !unsaved.isEmpty, !arguments.flag("force") else { return try quit(saving: []) }
          let titles = unsaved.map { "“\($0.title)”" }.joined(separator: ", ")
          return .dialog(
            Dialog(
              title: "Quit with unsaved changes in \(titles)?",
              message: "Your changes will be lost if you don't save them.",
              buttons: [
                DialogButton(
                  "Save All", replay: [CommandInvocation(SessionCommandID.quit, ["save": .bool(true)])]),
                DialogButton(
                  "Don't Save", role: .destructive,
                  replay: [CommandInvocation(SessionCommandID.quit, ["force": .bool(true)])]),
              ], responder: .command(CommandInvocation(SessionCommandID.quit, arguments.values))))
        },
        answer: { [unowned self] buttonID, _ in
          switch buttonID {
          case "save-all": return try quit(saving: workspace.documents.filter(\.isDirty))
          case "dont-save": return try quit(saving: [])
          default: return .message("Still here.")
          }
        }),
      Command(
        id: SessionCommandID.choose, verb: "choose", title: "Choose", icon: "hand.point.up",
        category: "Dialogs",
        summary: "answer the waiting dialog, or choose an item of the open menu",
        details: "A button or item by its number or title. A menu item's command takes the words "
          + "after it as its arguments ('choose Rename \"New name\"'); a stepper takes + or -.",
        parameters: [
          Parameter("item", summary: "a number or a title", valueName: "N-OR-TITLE"),
          Parameter("arguments", style: .rest, isOptional: true, summary: "the command's arguments"),
        ],
        behavior: .action { [unowned self] arguments in
          let answer = arguments.string("item") ?? ""
          let extra = arguments.words("arguments")
          if let dialog = pendingDialog {
            // Buttons take no arguments, so every word is the title: `choose Don't Save`.
            let answer = ([answer] + extra.map(\.text)).joined(separator: " ")
            guard let button = dialog.button(named: answer) else {
              throw FolioError.invalidArgument("no button '\(answer)'; choose \(dialog.choicesDescription)")
            }
            return try answerDialog(with: button)
          }
          // A title of several words takes as many as name an item: `choose Open Recent`.
          let words = [answer] + extra.map(\.text)
          let length = menuSession?.answerLength(of: words) ?? 1
          return try chooseMenuItem(
            words[..<length].joined(separator: " "), arguments: Array(extra.dropFirst(length - 1)))
        }),
      Command(
        id: SessionCommandID.cancel, verb: "cancel", title: "Cancel", icon: "xmark.circle", role: .cancel,
        category: "Dialogs", summary: "answer the waiting dialog with its cancel button",
        behavior: .action { [unowned self] _ in
          guard let dialog = pendingDialog else {
            throw FolioError(.disabled, "nothing to cancel: no dialog is waiting")
          }
          return try answerDialog(with: dialog.cancelButton)
        }),
    ]
  }
}
