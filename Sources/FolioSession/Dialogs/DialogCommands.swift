import FolioCore

/// `quit`, which asks about unsaved documents, and `choose` and `cancel`, which answer the
/// waiting dialog (or, `choose`, the open menu).
enum DialogCommands {
  /// Every dialog command, in the order help lists them.
  static var declarations: [any DeclaredCommand<AppContext>.Type] { [Quit.self, Choose.self, Cancel.self] }

  /// `quit [--force] [--save]`: asks about unsaved documents in the REPL and from a menu.
  enum Quit: AppAction, ConfirmingCommand {
    static let force = ParameterKey.flag("force", summary: "leave without asking about unsaved documents")
    static let save = ParameterKey.flag("save", summary: "save every unsaved document first, without asking")

    static let configuration = CommandConfiguration(
      id: SessionCommandID.quit, verb: "quit", aliases: ["exit"], title: "Quit", icon: "power",
      shortcut: "⌘Q",
      category: "Session", summary: "leave Folio; a script stops here", parameters: [force, save],
      confirmation: .asks)

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      let unsaved = session.workspace.documents.filter(\.isDirty)
      if arguments[Self.save] { return try session.quit(saving: unsaved) }
      // Like every command chosen from a menu, File › Quit asks in scripts too.
      let asks = session.isInteractive || arguments.origin == .menu
      guard asks, !unsaved.isEmpty, !arguments[Self.force] else { return try session.quit(saving: []) }
      let titles = unsaved.map { "“\($0.title)”" }.joined(separator: ", ")
      return .dialog(
        Dialog(
          title: "Quit with unsaved changes in \(titles)?",
          message: "Your changes will be lost if you don't save them.",
          buttons: [
            DialogButton("Save All", replay: [invocation(with: Self.save)]),
            DialogButton("Don't Save", role: .destructive, replay: [invocation(with: Self.force)]),
          ], responder: responder(for: arguments)))
    }

    static func answer(_ buttonID: String, _ arguments: Arguments, in context: AppContext) throws
      -> CommandOutput
    {
      let session = context.session
      switch buttonID {
      case "save-all": return try session.quit(saving: session.workspace.documents.filter(\.isDirty))
      case "dont-save": return try session.quit(saving: [])
      default: return .message("Still here.")
      }
    }
  }

  /// `choose N-OR-TITLE [ARGUMENTS…]`.
  enum Choose: AppAction {
    static let item = ParameterKey.argument("item", summary: "a number or a title", valueName: "N-OR-TITLE")
    static let extra = ParameterKey.rest("arguments", summary: "the command's arguments")

    static let configuration = CommandConfiguration(
      id: SessionCommandID.choose, verb: "choose", title: "Choose", icon: "hand.point.up",
      category: "Dialogs",
      summary: "answer the waiting dialog, or choose an item of the open menu",
      details: """
        A button or item by its number or title. A menu item's command takes the words \
        after it as its arguments ('choose Rename "New name"'); a stepper takes + or -. A \
        dialog with a text field takes the words as its text ('choose New name'); its cancel \
        button's title ('choose Cancel') cancels.
        """,
      parameters: [item, extra], access: .answers)

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      let words = [arguments[Self.item]] + arguments[Self.extra].map(\.text)
      if let dialog = session.pendingDialog, dialog.textField != nil, let accept = dialog.acceptButton {
        // A dialog with a text field takes every word as its text: `choose New Title`; the
        // cancel button's title cancels, as the prompt offers (`choose Cancel`).
        var text = words.joined(separator: " ")
        // A plugin's `ctx:prompt` also takes its button and the text, `choose OK "New tag"`,
        // or its button alone for the text it starts with, `choose OK`.
        if case .pluginConfirmation = dialog.responder, words.count <= 2,
          words[0].lowercased() == accept.title.lowercased(), let field = dialog.textField
        {
          text = words.count == 2 ? words[1] : field.text
        }
        let cancel = dialog.cancelButton
        if text.lowercased() == cancel.title.lowercased() { return try session.answerDialog(with: cancel) }
        return try session.answerDialog(with: accept, text: text)
      }
      if let dialog = session.pendingDialog {
        // Buttons take no arguments, so every word is the title: `choose Don't Save`.
        let answer = words.joined(separator: " ")
        guard let button = dialog.button(named: answer) else {
          // The answer is echoed cut, so the message stays short whatever was typed.
          let shown = answer.count > 80 ? answer.prefix(79) + "…" : answer[...]
          throw FolioError(
            .invalidArgument, "no button '\(shown)'", values: ["answer": answer],
            remedies: dialog.answerRemedies)
        }
        return try session.answerDialog(with: button)
      }
      // A title of several words takes as many as name an item: `choose Open Recent`.
      let length = session.menuSession?.answerLength(of: words) ?? 1
      return try session.chooseMenuItem(
        words[..<length].joined(separator: " "), arguments: Array(arguments[Self.extra].dropFirst(length - 1))
      )
    }
  }

  /// `cancel`.
  enum Cancel: AppAction {
    static let configuration = CommandConfiguration(
      id: SessionCommandID.cancel, verb: "cancel", title: "Cancel", icon: "xmark.circle", role: .cancel,
      category: "Dialogs", summary: "answer the waiting dialog with its cancel button", access: .answers)

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      guard let dialog = context.session.pendingDialog else {
        throw FolioError(.disabled, "nothing to cancel: no dialog is waiting")
      }
      return try context.session.answerDialog(with: dialog.cancelButton)
    }
  }
}
