import FolioCore

extension TableCommands {
  /// `delete [ROWS] [--yes]`: rows of a table (the selection when no ROWS) or lines of a text
  /// document; asks first, as `asksFirst` says.
  enum Delete: DocumentConfirming {
    static let rows = ParameterKey.optionalArgument(
      "rows", summary: "positions, ranges, id:N (lines for text)")

    static let configuration = CommandConfiguration(
      id: "edit.delete", verb: "delete", title: "Delete", icon: "trash", role: .destructive,
      category: "Tables",
      summary: "delete rows of a table (the selection when no ROWS) or lines of a text document",
      details: """
        Asks first (Delete N Rows or Cancel) in the REPL, and everywhere when chosen from a \
        menu such as the context menu; typed in a script it deletes at once; --yes never asks. \
        One undoable step: undo puts the rows back where they were, with their ids.
        """,
      parameters: [rows, CommandContext.yes], confirmation: .asks)

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let target = try Target(arguments, of: context.document)
      guard context.asksFirst(arguments) else {
        return try answer("delete", arguments, in: context)
      }
      let noun = target.count == 1 ? target.unit : "\(target.count) \(target.unit)s"
      var replay = arguments.values
      replay["yes"] = .bool(true)
      // The dialog is about these rows or lines, as they are now: the answer deletes them by id
      // (or line number), whatever is selected by then.
      let workspace = context.workspace
      let document = context.document
      let asked: DialogTarget
      var answering = arguments.values
      switch target.positions {
      case .lines(let lines):
        asked = workspace.dialogTarget(lines: lines, of: document)
        answering[rows.parameter.name] = .string(asked.lines.map(String.init).joined(separator: ","))
      case .rows(let ids):
        asked = try workspace.dialogTarget(rows: ids, of: document)
        answering[rows.parameter.name] = .string(asked.rowIDs.map { "id:\($0)" }.joined(separator: ","))
      }
      return .dialog(
        Dialog(
          title: title(of: asked, count: target.count, unit: target.unit),
          message: "From “\(document.title)”. Undo brings \(target.count == 1 ? "it" : "them") back.",
          buttons: [
            DialogButton(
              "Delete \(noun)", id: "delete", role: .destructive,
              replay: [CommandInvocation(configuration.id, replay)]),
            DialogButton("Cancel", role: .cancel),
          ], target: asked, responder: .command(CommandInvocation(configuration.id, answering))))
    }

    /// The dialog's question, naming what it deletes: "Delete 1 row: Café Central?", "Delete 5
    /// rows: A, B, C and 2 more?", "Delete line 3?", "Delete 2 lines: 3, 5?".
    private static func title(of target: DialogTarget, count: Int, unit: String) -> String {
      let named =
        target.rowIDs.isEmpty
        ? target.lines.prefix(DialogTarget.namedRowLimit).map(String.init) : target.rowTitles
      let more = count > named.count ? " and \(count - named.count) more" : ""
      let list = named.joined(separator: ", ")
      if target.rowIDs.isEmpty, count == 1 { return "Delete line \(list)?" }
      return "Delete \(count) \(unit.lowercased())\(count == 1 ? "" : "s"): \(list)\(more)?"
    }

    static func answer(_ buttonID: String, _ arguments: Arguments, in context: DocumentContext) throws
      -> CommandOutput
    {
      let document = context.document
      let target = try Target(arguments, of: document)
      guard buttonID == "delete" else { return context.report(.keptUnchanged) }
      let workspace = context.workspace
      switch target.positions {
      case .lines(let lines):
        return context.report(.linesDeleted(count: try workspace.deleteLines(lines, from: document)))
      case .rows(let ids):
        return context.report(.rowsDeleted(count: try workspace.deleteRows(ids, from: document)))
      }
    }

    /// What a delete with these arguments deletes: lines of a text, rows of a table.
    private struct Target {
      enum Positions {
        case lines([Int])
        case rows(Set<Int>)
      }

      var positions: Positions
      var count: Int
      /// What is counted: Line or Row.
      var unit: String

      init(_ arguments: Arguments, of document: Document) throws {
        let selector = arguments[Delete.rows]
        switch document.content {
        case .text(let text):
          guard let selector else {
            throw FolioError(
              .invalidArgument, "a text document needs the lines to delete, such as 3 or 2-5",
              remedies: [.run(Delete.configuration.id, blanks: ["rows"], effect: "names them")])
          }
          let lines = try RowSelector.positions(selector, count: text.lines.count, kind: "line")
          positions = .lines(lines)
          count = Set(lines).count
          unit = "Line"
        case .table(let table):
          let ids = try selector.map { try Set(table.rowIDs($0)) } ?? document.selection
          guard !ids.isEmpty else {
            throw FolioError(
              .disabled, "nothing is selected",
              remedies: [
                .run("selection.select", blanks: ["rows"], effect: "first"),
                .run(Delete.configuration.id, blanks: ["rows"], effect: "names them"),
              ])
          }
          positions = .rows(ids)
          count = ids.count
          unit = "Row"
        }
      }
    }
  }
}
