import FolioCore

/// The ids of the session's own commands that front ends and menus name.
public enum SessionCommandID {
  /// `quit`: ends the session, asking about unsaved documents.
  public static let quit = "shell.quit"
  /// `choose`: answers the waiting dialog, or chooses an item of the open menu.
  public static let choose = "shell.choose"
  /// `cancel`: answers the waiting dialog with its cancel button.
  public static let cancel = "shell.cancel"
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
    // A dialog whose row went away since it was presented answers nothing but Cancel.
    if let dismissal = dismissDialogIfItsRowIsGone() {
      _ = takeDialogDismissals()
      if let error = dismissal.error { throw error }
      return .dialogDismissed(dismissal)
    }
    // The entered text fills the asking command's parameter, which then acts on the button.
    if let field = dialog.textField, button.role != .cancel, var invocation = dialog.responder.invocation {
      invocation.arguments[field.parameter] = .string(text ?? field.text)
      if case .runs = dialog.responder {
        dialog.responder = .runs(invocation)
      } else {
        dialog.responder = .command(invocation)
      }
    }
    // A plugin's `ctx:prompt` gets the text; the answer keeps it for a recording.
    var entered: String?
    if let field = dialog.textField, button.role != .cancel, case .pluginConfirmation = dialog.responder {
      entered = text ?? field.text
      dialog.textField?.text = text ?? field.text
    }
    // A dialog belongs to its target's window, as a sheet does: the answer acts there. A
    // Cancel still answers when that window is gone.
    if let window = dialog.target?.windowID ?? dialog.presenting?.windowID,
      workspace.active?.windowID != window,
      button.role != .cancel || workspace.documents.contains(where: { $0.windowID == window })
    {
      try workspace.focus(windowID: window)
    }
    pendingDialog = nil
    answeredDialog = DialogAnswer(dialog, button)
    events.publish(.dialogDismissed(title: dialog.title, button: button.title))
    return try presenting { () throws -> CommandOutput in
      answeredDialog = DialogAnswer(dialog, button)
      return try respond(to: dialog, with: button, text: entered)
    }
  }

  /// Hands the answer to the dialog's responder and returns what it did.
  private func respond(
    to dialog: Dialog, with button: DialogButton, text: String? = nil, dismissal: DialogDismissalReason? = nil
  ) throws -> CommandOutput {
    switch dialog.responder {
    case .command(let invocation): return try registry.answer(button.id, to: invocation)
    case .pluginConfirmation(let number):
      guard let pluginHost else { throw FolioError(.disabled, "plugins are off") }
      return try pluginHost.answerConfirmation(number, with: button, text: text, dismissal: dismissal)
    case .runs(let invocation):
      // A menu item asked for its command: the answer runs it as typed, or runs nothing.
      guard button.role != .cancel else {
        return .message("Did not run \(dialog.acceptButton.map(\.title) ?? invocation.commandID).")
      }
      return try registry.invoke(button.replay.first ?? invocation)
    }
  }

  /// Dismisses the waiting dialog when the row it presents is gone — deleted, or its window
  /// closed — by answering it with its cancel button, as a SwiftUI dialog presenting an item
  /// goes away with the item. A command that asked is told "cancel"; a plugin's `ctx:confirm`
  /// returns its cancel button's title, and why, and the command goes on from there.
  ///
  /// The session calls it after each front-end command (`finishCommand()`) and before an
  /// answer, so whatever removed the row — a plugin's event handler, an embedder's call —
  /// needs no care of its own. Front ends show what it did: `takeDialogDismissals()`.
  ///
  /// - Returns: the dismissal, or nil when no dialog waits, it presents no row, or the row
  ///   is there.
  @discardableResult
  public func dismissDialogIfItsRowIsGone() -> DialogDismissal? {
    // The row is read first, through the optional: after every command there is most often no
    // dialog, and binding the whole `Dialog` first copied it (twice a command).
    guard let row = pendingDialog?.presenting, let reason = workspace.absence(of: row),
      let dialog = pendingDialog
    else {
      return nil
    }
    let button = dialog.cancelButton
    pendingDialog = nil
    events.publish(.dialogDismissed(title: dialog.title, button: button.title, reason: reason))
    var dismissal = DialogDismissal(dialog: dialog, reason: reason)
    do {
      dismissal.output = try presenting { try respond(to: dialog, with: button, dismissal: reason) }
    } catch {
      dismissal.error = FolioError.from(error)
    }
    dialogDismissals.append(dismissal)
    return dismissal
  }

  /// The dialogs the session dismissed on its own since the last call, oldest first, for the
  /// front end to show.
  public func takeDialogDismissals() -> [DialogDismissal] {
    defer { dialogDismissals = [] }
    return dialogDismissals
  }

  /// Drops the waiting dialog unanswered (a script ended while it waited) and returns it.
  @discardableResult
  public func dismissDialog() -> Dialog? {
    guard let dialog = pendingDialog else { return nil }
    pendingDialog = nil
    if case .pluginConfirmation(let number) = dialog.responder { pluginHost?.abandonConfirmation(number) }
    events.publish(
      .dialogDismissed(title: dialog.title, button: dialog.cancelButton.title, reason: .unanswered))
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
}
