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
      parameters: [rows, CommandContext.yes])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let target = try Target(arguments, of: context.document)
      guard context.asksFirst(arguments) else {
        return try answer("delete", arguments, in: context)
      }
      let noun = target.count == 1 ? target.unit : "\(target.count) \(target.unit)s"
      var replay = arguments.values
      replay["yes"] = .bool(true)
      return .dialog(
        Dialog(
          title:
            "Delete \(target.count == 1 ? "1 \(noun.lowercased())" : noun.lowercased()) of “\(context.document.title)”?",
          message: "Undo brings \(target.count == 1 ? "it" : "them") back.",
          buttons: [
            DialogButton(
              "Delete \(noun)", id: "delete", role: .destructive,
              replay: [CommandInvocation(configuration.id, replay)]),
            DialogButton("Cancel", role: .cancel),
          ], responder: responder(for: arguments)))
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
