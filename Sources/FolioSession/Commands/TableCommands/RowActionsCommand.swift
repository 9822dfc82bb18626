import FolioCore

extension TableCommands {
  /// `actions [ROW]`: the seed's action sheet for one row [actionSheet(item:),
  /// confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)] — what to
  /// do with it: mark it as a favorite (or no longer), delete it, or cancel.
  ///
  /// The dialog is made from the row it presents, when it is presented: its title names the
  /// row, its default button says whether the row is a favorite now. The answer acts on that
  /// row by id, wherever sorting moved it; the session dismisses the dialog, as a Cancel,
  /// when the row is deleted or its window closed first.
  enum RowActions: SessionAction, ConfirmingCommand {
    static let row = ParameterKey.optionalArgument(
      "row", summary: "one row, selected first: a position or id:N (the selected row when absent)",
      valueName: "ROW")

    static let configuration = CommandConfiguration(
      id: "row.actions", verb: "actions", title: "Actions…", icon: "ellipsis.circle", category: "Tables",
      summary: "ask what to do with one row: Mark as Favorite, Delete or Cancel [action sheet]",
      details: """
        The seed's action sheet, presenting the row (ROW is selected first, as with \
        'context-menu ROW'): its title names the row, Mark as \
        Favorite (Remove from Favorites on a favorite) is the default action, Delete the \
        destructive one, Cancel last. It asks in scripts too: the next line answers \
        ('choose Delete', 'cancel'). Each action is one undoable step on that row, whatever \
        is selected or however the rows are sorted meanwhile. When the row is deleted or \
        its window closed before the answer, the sheet is dismissed as if cancelled.
        """,
      parameters: [row])

    /// The ids of the sheet's buttons, which `answer` acts on.
    static let favoriteID = "favorite"
    static let unfavoriteID = "unfavorite"
    static let deleteID = "delete"

    static func availability(in context: CommandContext) -> Availability {
      guard let active = context.workspace.active else { return context.workspace.documentAvailability }
      return active.kind == .table ? .enabled : .disabled(reason: "'\(active.title)' is not a table")
    }

    static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
      let workspace = context.workspace
      let document = try workspace.requireActive()
      let id = try rowID(arguments[Self.row], of: document)
      // As 'context-menu ROW' does, a row named is selected first: the sheet is about it.
      if arguments[Self.row] != nil {
        try workspace.select([id], mode: .replace, in: document, environment: context.environment())
      }
      let row = try workspace.presentedRow(id: id, in: document)
      let position = try document.readTable { table in (table.rowIndex(id: id) ?? 0) + 1 }
      let isFavorite = workspace.isFavorite(rowID: id, in: document)
      // The answer acts on the row by id, so a sort meanwhile changes nothing.
      var asked = arguments.values
      asked[Self.row.parameter.name] = .string("id:\(id)")
      return .dialog(
        Dialog(
          title: "What do you want to do with “\(row.title)”?",
          message:
            "Row \(position) of “\(document.title)”\(isFavorite ? ", a favorite" : ""). Undo takes back either action.",
          buttons: [
            isFavorite
              ? DialogButton("Remove from Favorites", id: unfavoriteID)
              : DialogButton("Mark as Favorite", id: favoriteID),
            DialogButton("Delete", id: deleteID, role: .destructive),
            DialogButton("Cancel", role: .cancel),
          ], titleVisibility: .visible, presenting: row,
          target: DialogTarget(
            windowID: document.windowID, document: document.title, rowIDs: [id], rowTitles: [row.title]),
          recordsAnswers: true,
          responder: .command(CommandInvocation(configuration.id, asked))))
    }

    /// Acts on the row the sheet presented, in its window (the session makes that window
    /// active before it answers); Cancel changes nothing, also when the row or its window
    /// is gone.
    static func answer(_ buttonID: String, _ arguments: Arguments, in context: CommandContext) throws
      -> CommandOutput
    {
      let workspace = context.workspace
      guard [favoriteID, unfavoriteID, deleteID].contains(buttonID) else {
        return workspace.active.map { context.report($0, .keptUnchanged) } ?? .none
      }
      let document = try workspace.requireActive()
      let id = try rowID(arguments[Self.row], of: document)
      if buttonID == deleteID {
        return context.report(document, .rowsDeleted(count: try workspace.deleteRows([id], from: document)))
      }
      let title = try workspace.presentedRow(id: id, in: document).title
      try workspace.setFavorite(buttonID == favoriteID, rowID: id, in: document)
      return context.report(document, .favoriteMarked(row: title, isFavorite: buttonID == favoriteID))
    }

    /// The one row `selector` names, or the one selected row when it is nil.
    private static func rowID(_ selector: String?, of document: Document) throws -> Int {
      guard let selector else {
        guard document.selection.count == 1, let id = document.selection.first else {
          throw FolioError(
            .disabled, document.selection.isEmpty ? "nothing is selected" : "several rows are selected",
            remedies: [
              .run("selection.select", blanks: ["rows"], effect: "one first"),
              .run(configuration.id, blanks: ["row"], effect: "names it"),
            ])
        }
        return id
      }
      let ids = try document.readTable { table in try table.rowIDs(selector) }
      guard ids.count == 1, let id = ids.first else {
        throw FolioError.invalidArgument("'\(selector)' names \(ids.count) rows; the sheet is for one row")
      }
      return id
    }
  }
}
