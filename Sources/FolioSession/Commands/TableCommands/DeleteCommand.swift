import FolioCore

extension TableCommands {
  /// `delete [ROWS] [--yes]`, `delete where EXPR [--yes]`: rows of a table (the selection
  /// when no ROWS) or lines of a text document; asks first, as `asksFirst` says.
  enum Delete: DocumentConfirming {
    static let rows = ParameterKey.optionalArgument(
      "rows", summary: "positions, ranges, id:N (lines for text); or where and an expression")
    static let expression = ParameterKey.rest(
      "expression", summary: "after where: the test, as for 'select where'", valueName: "where EXPR")
    static let whereText = ParameterKey.option(
      "where", summary: "delete the rows this expression holds for (one string)", valueName: "EXPR")

    static let configuration = CommandConfiguration(
      id: "edit.delete", verb: "delete", title: "Delete", icon: "trash", role: .destructive,
      category: "Tables",
      summary: "delete rows of a table (the selection when no ROWS) or lines of a text document",
      details: """
        Asks first (Delete N Rows or Cancel) in the REPL, and everywhere when chosen from a \
        menu such as the context menu; typed in a script it deletes at once; --yes never asks. \
        One undoable step: undo puts the rows back where they were, with their ids. \
        'delete where EXPR' deletes the rows EXPR holds for (as 'select where' reads it); its \
        dialog names them.
        """,
      parameters: [rows, expression, CommandContext.yes, whereText], confirmation: .asks)

    static func run(_ given: Arguments, in context: DocumentContext) throws -> CommandOutput {
      // `delete where a = 1 --yes`: the expression's words took the `--yes`.
      let split = try WhereExpression.splitOptions(
        given[Self.expression], names: ["yes"], configuration: configuration)
      var values = given.values
      if !split.words.isEmpty || values[expression.parameter.name] != nil {
        values[expression.parameter.name] = split.words.isEmpty ? nil : .words(split.words)
      }
      if split.options.contains("yes") { values[CommandContext.yes.parameter.name] = .bool(true) }
      let arguments = Arguments(values, origin: given.origin)
      let target = try Target(arguments, of: context.document, in: context.workspace)
      guard context.asksFirst(arguments) else {
        return try answer("delete", arguments, in: context)
      }
      let noun = target.count == 1 ? target.unit : "\(target.count) \(target.unit)s"
      var replay = arguments.values
      replay["yes"] = .bool(true)
      // An expression is replayed in its typed form, one string, so a recording reads it
      // back as the same test (words would come back quoted, as literals).
      if let text = target.expression {
        replay[rows.parameter.name] = nil
        replay[expression.parameter.name] = nil
        replay[whereText.parameter.name] = .string(text)
      }
      // The dialog is about these rows or lines, as they are now: the answer deletes them by id
      // (or line number), whatever is selected by then.
      let workspace = context.workspace
      let document = context.document
      let asked: DialogTarget
      var answering = arguments.values
      answering[expression.parameter.name] = nil
      answering[whereText.parameter.name] = nil
      answering[CommandContext.yes.parameter.name] = nil
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
      let target = try Target(arguments, of: document, in: context.workspace)
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
      /// The where expression it was found by, in its typed form; nil for rows named.
      var expression: String?

      init(_ arguments: Arguments, of document: Document, in workspace: Workspace) throws {
        let words = arguments[Delete.expression]
        let selector = arguments[Delete.rows]
        let isWhere = selector?.lowercased() == "where" || arguments[Delete.whereText] != nil
        if isWhere || !words.isEmpty {
          let found = try document.readTable { table throws(FolioError) in
            try WhereExpression.given(
              rowsWord: selector, words: words, typed: arguments[Delete.whereText], command: "delete",
              in: table)
          }
          guard let found else { throw FolioError.invalidArgument("'delete' needs where and an expression") }
          let ids = Set(try workspace.rowIDs(matching: found.predicate, in: document))
          guard !ids.isEmpty else {
            throw FolioError(
              .invalidArgument, "no row of '\(document.title)' matches \(found.text)",
              values: ["title": document.title, "expression": found.text])
          }
          positions = .rows(ids)
          count = ids.count
          unit = "Row"
          expression = found.text
          return
        }
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
