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
  /// - Parameters:
  ///   - button: one of the dialog's buttons.
  ///   - text: the text entered in the dialog's text field; its starting text when nil.
  ///     Ignored by the cancel button and by dialogs without a text field.
  /// - Throws: `FolioError.disabled` when no dialog waits, or what the answer's effect throws.
  public func answerDialog(with button: DialogButton, text: String? = nil) throws -> CommandOutput {
    guard var dialog = pendingDialog else {
      throw FolioError(.disabled, "no dialog is waiting")
    }
    // The entered text fills the asking command's parameter, which then acts on the button.
    if let field = dialog.textField, button.role != .cancel, case .command(var invocation) = dialog.responder
    {
      invocation.arguments[field.parameter] = .string(text ?? field.text)
      dialog.responder = .command(invocation)
    }
    pendingDialog = nil
    answeredDialog = DialogAnswer(dialog, button)
    events.publish(.dialogDismissed(title: dialog.title, button: button.title))
    return try presenting { () throws -> CommandOutput in
      answeredDialog = DialogAnswer(dialog, button)
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
  var dialogCommands: [Command] { makeCommands(DialogCommands.declarations) }
}
