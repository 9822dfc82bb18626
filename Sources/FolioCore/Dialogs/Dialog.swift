/// The role of a dialog button [ButtonRole].
public enum DialogButtonRole: String, Sendable, Equatable {
  /// The ordinary choice.
  case `default`
  /// A choice that deletes or discards something; marked in output.
  case destructive
  /// The choice that changes nothing; every dialog has one.
  case cancel
}

/// A button of a dialog.
public struct DialogButton: Sendable, Equatable {
  /// What a program answers with: lowercase words joined by `-` (`dont-save`), unique in
  /// its dialog.
  public var id: String
  public var title: String
  public var role: DialogButtonRole
  /// The commands that have this button's effect without asking (`delete 3 --yes`), which
  /// a recording (`record FILE`) keeps instead of the line that asked and its answer; empty
  /// when the button changes nothing to replay.
  public var replay: [CommandInvocation]

  /// Creates a button; its id is made from the title unless given.
  public init(
    _ title: String, id: String? = nil, role: DialogButtonRole = .default, replay: [CommandInvocation] = []
  ) {
    self.id = id ?? Self.id(forTitle: title)
    self.title = title
    self.role = role
    self.replay = replay
  }
}

extension DialogButton {
  /// The id a title makes: its letters and digits, lowercased, in words joined by `-`
  /// ("Don't Save" → `dont-save`, "Delete 3 Rows" → `delete-3-rows`).
  static func id(forTitle title: String) -> String {
    title.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }
      .map { $0.filter { $0 != "'" && $0 != "’" } }.filter { !$0.isEmpty }.joined(separator: "-")
  }
}

/// Who acts on a dialog's answer.
public enum DialogResponder: Sendable, Equatable {
  /// The command that asked: it runs again with the same arguments and the chosen button's
  /// id, and acts on it (`Command.answer`).
  case command(CommandInvocation)
  /// A plugin command suspended in `ctx:confirm`: the plugin host resumes it with the
  /// chosen button; the number tells the waiting commands apart.
  case pluginConfirmation(Int)
  /// A menu item that asks for its command: whether to run it (`MenuItem.confirm`), or the
  /// argument it needs (a text field, or a list of buttons). A button with a `replay` runs
  /// that; another button but the cancel button runs the command as typed with these
  /// arguments (and a text field's text); the cancel button runs nothing.
  case runs(CommandInvocation)

  /// The invocation the responder runs or answers, with a text field's text filled in.
  public var invocation: CommandInvocation? {
    switch self {
    case .command(let invocation), .runs(let invocation): invocation
    case .pluginConfirmation: nil
    }
  }
}

/// A text field in a dialog [TextField in an alert; RenameButton's editable title]: what it
/// asks for, the text it starts with, and the parameter of the asking command the answer
/// fills.
public struct DialogTextField: Sendable, Equatable {
  /// What the field asks for, e.g. `Title`.
  public var label: String
  /// The text the field starts with (the current title), which an empty answer keeps.
  public var text: String
  /// The parameter of the command that asked which the answer's text fills.
  public var parameter: String

  /// Creates a text field.
  public init(label: String, text: String, parameter: String) {
    self.label = label
    self.text = text
    self.parameter = parameter
  }
}

/// Whether a dialog shows its title [Visibility, confirmationDialog's `titleVisibility`].
public enum DialogTitleVisibility: String, Sendable, Equatable, CaseIterable {
  /// The front end decides; text output shows it.
  case automatic
  /// Shown, as an action sheet's title always is.
  case visible
  /// Not shown: the message and the buttons speak for themselves.
  case hidden
}

/// The row a dialog is about [confirmationDialog's `presenting:` data]: its window, its id
/// and the title the dialog names it by. A dialog presenting a row is dismissed, answered
/// with its cancel button, when the row is deleted or its window closed before the answer.
public struct PresentedRow: Sendable, Equatable {
  /// The window of the row's document (`Document.windowID`).
  public var windowID: Int
  /// The row's id (`TableModel.id(ofRow:)`), which stays the row's through sorting.
  public var rowID: Int
  /// What the dialog calls the row: the first line of its first non-empty cell, cut to 60
  /// columns with `…`, or `Row N` (its position) when every cell is empty.
  public var title: String
}

/// What a dialog asks about, fixed when it is raised: the window of the document, that
/// document's title then, and the rows or lines it acts on. The answer acts on exactly this
/// target, in its window, whatever the front end did meanwhile (while the dialog waits, only
/// reads and the answer run: `CommandAccess`).
public struct DialogTarget: Sendable, Equatable {
  /// How many rows a target names by title; the rest are counted.
  public static let namedRowLimit = 3

  /// The window of the document (`Document.windowID`).
  public var windowID: Int
  /// The document's title when the dialog was raised.
  public var document: String
  /// The ids of the rows it acts on, in the table's order; empty when it acts on no rows.
  public var rowIDs: [Int]
  /// What the first rows (at most `namedRowLimit`) are called, as a dialog presenting one
  /// calls it (`PresentedRow.title`).
  public var rowTitles: [String]
  /// The lines of a text it acts on, 1-based and ascending; empty when it acts on no lines.
  public var lines: [Int]
  /// The columns of a table it acts on, by name; empty when it acts on no columns.
  public var columns: [String]

  /// Creates a target: a document, with the rows or lines of it the dialog acts on.
  public init(
    windowID: Int, document: String, rowIDs: [Int] = [], rowTitles: [String] = [], lines: [Int] = [],
    columns: [String] = []
  ) {
    self.windowID = windowID
    self.document = document
    self.rowIDs = rowIDs
    self.rowTitles = rowTitles
    self.lines = lines
    self.columns = columns
  }
}

/// A confirmation dialog waiting for an answer [confirmationDialog]: a title, an optional
/// message and buttons, one of them the cancel button, and who acts on the answer.
///
/// A dialog is a value: the session keeps the one waiting, and answering it is a call with
/// one of its buttons, which the session hands to the `responder`. The cancel button is
/// always the last, wherever it was given, as an action sheet shows it apart at the bottom.
public struct Dialog: Sendable, Equatable {
  public var title: String
  public var message: String?
  public var buttons: [DialogButton]
  /// Whether the title is shown.
  public var titleVisibility: DialogTitleVisibility
  /// The row the dialog is about, whose going away dismisses it; nil for most dialogs.
  public var presenting: PresentedRow?
  /// What the dialog asks about, as it was when the dialog was raised; nil for a dialog about
  /// the whole session (quit).
  public var target: DialogTarget?
  /// Whether a recording keeps the line that asked and the answer (`choose 'TITLE'`) as they
  /// were typed, rather than the buttons' `replay`: for dialogs that scripts show too, such
  /// as a plugin's `ctx:confirm`, whose answer only the plugin acts on.
  public var recordsAnswers: Bool
  /// Who acts on the answer.
  public var responder: DialogResponder
  /// A text to enter with the answer, if the dialog asks for one; its first button that is
  /// not the cancel button accepts the text.
  public var textField: DialogTextField?

  /// Creates a dialog; a Cancel button is added when none has the cancel role, and the
  /// cancel button goes last.
  public init(
    title: String, message: String? = nil, buttons: [DialogButton],
    titleVisibility: DialogTitleVisibility = .automatic,
    presenting: PresentedRow? = nil, target: DialogTarget? = nil, recordsAnswers: Bool = false,
    textField: DialogTextField? = nil, responder: DialogResponder
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons.filter { $0.role != .cancel } + buttons.filter { $0.role == .cancel }
    self.titleVisibility = titleVisibility
    self.presenting = presenting
    self.target = target
    self.recordsAnswers = recordsAnswers
    self.textField = textField
    if !buttons.contains(where: { $0.role == .cancel }) {
      self.buttons.append(DialogButton("Cancel", role: .cancel))
    }
    self.responder = responder
  }

  /// The button that accepts a text field's text: the first that is not the cancel button.
  public var acceptButton: DialogButton? {
    buttons.first { $0.role != .cancel }
  }

  /// The cancel button.
  public var cancelButton: DialogButton {
    buttons.first { $0.role == .cancel } ?? DialogButton("Cancel", role: .cancel)
  }
}

/// A dialog and the button it was answered with, for those that keep what happened
/// (a recording).
public struct DialogAnswer: Sendable, Equatable {
  /// The dialog that was answered.
  public var dialog: Dialog
  /// The button chosen.
  public var button: DialogButton

  /// Creates an answer.
  public init(_ dialog: Dialog, _ button: DialogButton) {
    self.dialog = dialog
    self.button = button
  }
}

/// Why a dialog went away without an answer.
public enum DialogDismissalReason: Sendable, Equatable {
  /// The row it presented was deleted: the session answered it with its cancel button.
  case rowDeleted
  /// The window of the row it presented was closed: the session answered it with its
  /// cancel button.
  case windowClosed
  /// It was dropped unanswered: the input ended, or the front end dismissed it.
  case unanswered
}

/// A dialog the session dismissed on its own because what it presented went away: answered
/// with its cancel button, and what that answer did.
public struct DialogDismissal {
  /// The dialog, as it was presented.
  public var dialog: Dialog
  /// Why it was dismissed.
  public var reason: DialogDismissalReason
  /// What answering it with the cancel button did (a plugin's command resumed with it).
  public var output: CommandOutput
  /// The error that answer raised (a plugin's command failed after it), if it did.
  public var error: FolioError?

  /// Creates a dismissal.
  public init(
    dialog: Dialog, reason: DialogDismissalReason, output: CommandOutput = .none, error: FolioError? = nil
  ) {
    self.dialog = dialog
    self.reason = reason
    self.output = output
    self.error = error
  }
}
