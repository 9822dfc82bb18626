import FolioCore

extension TableCommands {
  /// `delete [ROWS] [--yes]`: rows of a table (the selection when no ROWS) or lines of a text
  /// document; asks first, as `asksFirst` says.
  enum Delete: DocumentAction {
    static let rows = ParameterKey.optionalArgument(
      "rows", summary: "positions, ranges, id:N (lines for text)")
    static let yes = ParameterKey.flag("yes", summary: "do not ask")

    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "edit.delete", verb: "delete", title: "Delete", icon: "trash", role: .destructive,
        category: "Tables",
        summary: "delete rows of a table (the selection when no ROWS) or lines of a text document",
        details: "Asks first (Delete N Rows or Cancel) in the REPL, and everywhere when chosen from a "
          + "menu such as the context menu; typed in a script it deletes at once; --yes never asks. "
          + "One undoable step: undo puts the rows back where they were, with their ids.",
        parameters: [rows, yes])
    }

    static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
      let workspace = context.workspace
      let document = try workspace.requireActive()
      let selector = arguments[Self.rows]
      let deleteNow: () throws -> CommandOutput
      let count: Int
      let noun: String
      switch document.content {
      case .text(let text):
        guard let selector else {
          throw FolioError.invalidArgument("'delete' on a text document needs LINES, such as 3 or 2-5")
        }
        let lines = try Workspace.linePositions(selector, in: text)
        count = Set(lines).count
        noun = count == 1 ? "Line" : "\(count) Lines"
        deleteNow = {
          let deleted = try workspace.deleteLines(lines, from: document)
          return context.report(document, "Deleted \(deleted) line\(deleted == 1 ? "" : "s").")
        }
      case .table(let table):
        let ids = try selector.map { try Set(table.rowIDs($0)) } ?? document.selection
        guard !ids.isEmpty else {
          throw FolioError(
            .disabled, "nothing is selected",
            remedies: [
              .run("selection.select", effect: "selects the rows to delete"),
              .run("edit.delete", effect: "deletes the rows it names"),
            ])
        }
        count = ids.count
        noun = count == 1 ? "Row" : "\(count) Rows"
        deleteNow = {
          let deleted = try workspace.deleteRows(ids, from: document)
          return context.report(document, "Deleted \(deleted) row\(deleted == 1 ? "" : "s").")
        }
      }
      guard context.asksFirst(arguments), !arguments[Self.yes] else { return try deleteNow() }
      return .dialog(
        Dialog(
          title:
            "Delete \(count == 1 ? "1 \(noun.lowercased())" : noun.lowercased()) of “\(document.title)”?",
          message: "'undo' brings \(count == 1 ? "it" : "them") back.",
          buttons: [
            DialogButton(
              "Delete \(noun)", role: .destructive,
              replay: (["delete"] + (selector.map { [Word.quoted($0)] } ?? []) + ["--yes"]).joined(
                separator: " ")),
            DialogButton("Cancel", role: .cancel),
          ]
        ) { button in
          button.role == .cancel ? .message("Kept \(document.title) as it is.") : try deleteNow()
        })
    }
  }
}
