import FolioCore

/// `column` and its subcommands, each the command `column.WORD`: add, rename, delete and
/// move a table's columns.
enum ColumnCommands {
  /// The subcommands, in the order help lists them.
  static var declarations: [any DeclaredCommand<CommandContext>.Type] {
    [Add.self, Rename.self, Delete.self, Move.self, SetType.self]
  }

  /// The subcommands `column WORD` runs.
  static let subcommands = ["add", "rename", "delete", "move", "type"]

  /// The column a subcommand acts on.
  static let name = ParameterKey.argument("name", summary: "the column's name", valueName: "NAME")
  /// `--after C`: the column it goes after.
  static let after = ParameterKey.option(
    "after", summary: "put it right after column C", valueName: "C")
  /// `--first`: before every other column.
  static let first = ParameterKey.flag("first", summary: "put it before every other column")

  /// Where `--after C` or `--first` put a column; `fallback` when neither is given.
  static func placement(_ arguments: Arguments, fallback: ColumnPlacement?) throws -> ColumnPlacement {
    switch (arguments[after], arguments[first]) {
    case (let column?, false): return .after(column)
    case (nil, true): return .first
    case (nil, false):
      if let fallback { return fallback }
      throw FolioError(
        .invalidArgument, "say where the column goes: --after C or --first",
        remedies: [.run(Move.configuration.id, blanks: ["name", "after"], effect: "puts it after C")])
    case (_?, true): throw FolioError.invalidArgument("give --after C or --first, not both")
    }
  }

  /// `column SUBCOMMAND …`: runs `column.SUBCOMMAND` with the rest of the words.
  enum Column: AppAction {
    static let words = ParameterKey.rest(
      "words", isOptional: false, summary: "a subcommand (add, rename, delete, move, type) and its arguments",
      valueName: "SUBCOMMAND")

    static let configuration = CommandConfiguration(
      id: "column.run", verb: "column", title: "Column", icon: "tablecells", category: "Tables",
      summary: "change a table's columns: add, rename, delete, move; type sets what they hold",
      details: """
        'column add NAME [--after C | --first] [VALUE]' adds a column (at the end unless \
        placed), every row holding VALUE (empty when none). 'column rename OLD NEW' renames \
        one. 'column delete NAME' removes one with its cells, asking first as delete does. \
        'column move NAME --after C | --first' moves one. 'column type NAME \
        number|text|yes-no|auto' says what a column holds, for sorting, show and plugins, kept \
        for the file in the state store; auto lets its cells decide. Each is one undoable step. A \
        save rewrites only the header for a rename; for the others each row of the file is \
        written with its fields in the new order, every kept field's bytes as they were.
        """,
      parameters: [words])

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      let words = arguments[Self.words]
      guard let first = words.first, subcommands.contains(first.text.lowercased()) else {
        let given = words.first.map { "no subcommand '\($0.text)'" } ?? "a subcommand is needed"
        throw FolioError.invalidArgument(
          "'column' has \(given); subcommands: \(subcommands.joined(separator: ", "))")
      }
      let id = "column.\(first.text.lowercased())"
      guard let command = session.registry.command(id: id) else {
        throw FolioError(.unknownCommand, "no command '\(id)'")
      }
      return try session.registry.invoke(command, words: Array(words.dropFirst()), origin: arguments.origin)
    }
  }

  /// `column add NAME [--after C | --first] [VALUE]`.
  enum Add: DocumentAction {
    static let value = ParameterKey.optionalArgument(
      "value", summary: "what every row holds in it (empty when not given)", valueName: "VALUE")

    static let configuration = CommandConfiguration(
      id: "column.add", title: "Add Column", icon: "plus", category: "Tables",
      summary: "add a column at the end, after column C or first, every row holding VALUE",
      parameters: [name, after, first, value])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let placement = try placement(arguments, fallback: .last)
      let position = try context.workspace.addColumn(
        arguments[name], at: placement, filledWith: arguments[value] ?? "", to: context.document)
      return context.report(.columnChanged(.added(name: arguments[name], position: position)))
    }
  }

  /// `column rename OLD NEW`.
  enum Rename: DocumentAction {
    static let new = ParameterKey.argument("new", summary: "the column's new name", valueName: "NEW")

    static let configuration = CommandConfiguration(
      id: "column.rename", title: "Rename Column", icon: "pencil", category: "Tables",
      summary: "rename a column; only the header line of the file changes", parameters: [name, new])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      try context.workspace.renameColumn(arguments[name], to: arguments[new], in: context.document)
      return context.report(.columnChanged(.renamed(from: arguments[name], to: arguments[new])))
    }
  }

  /// `column delete NAME [--yes]`: asks first, as `delete` does.
  enum Delete: DocumentConfirming {
    static let configuration = CommandConfiguration(
      id: "column.delete", title: "Delete Column", icon: "trash", role: .destructive, category: "Tables",
      summary: "delete a column and its cells; asks first as delete does, --yes never asks",
      parameters: [name, CommandContext.yes], confirmation: .asks)

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      let columns = try document.readTable { $0.columns }
      guard let index = columns.firstIndex(where: { $0.utf8.elementsEqual(arguments[name].utf8) }) else {
        // The workspace's error, which lists the columns.
        try context.workspace.deleteColumn(arguments[name], from: document)
        return context.report(.keptUnchanged)
      }
      guard context.asksFirst(arguments) else { return try answer("delete", arguments, in: context) }
      let column = columns[index]
      var replay = arguments.values
      replay[CommandContext.yes.parameter.name] = .bool(true)
      return .dialog(
        Dialog(
          title: "Delete column “\(column)”?",
          message: "From “\(document.title)”, with its cells. Undo brings it back.",
          buttons: [
            DialogButton(
              "Delete Column", id: "delete", role: .destructive,
              replay: [CommandInvocation(configuration.id, replay)]),
            DialogButton("Cancel", role: .cancel),
          ],
          target: DialogTarget(windowID: document.windowID, document: document.title, columns: [column]),
          responder: .command(CommandInvocation(configuration.id, arguments.values))))
    }

    static func answer(_ buttonID: String, _ arguments: Arguments, in context: DocumentContext) throws
      -> CommandOutput
    {
      guard buttonID == "delete" else { return context.report(.keptUnchanged) }
      try context.workspace.deleteColumn(arguments[name], from: context.document)
      return context.report(.columnChanged(.deleted(name: arguments[name])))
    }
  }

  /// `column move NAME --after C | --first`.
  enum Move: DocumentAction {
    static let configuration = CommandConfiguration(
      id: "column.move", title: "Move Column", icon: "arrow.left.arrow.right", category: "Tables",
      summary: "move a column right after column C, or first", parameters: [name, after, first])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let placement = try placement(arguments, fallback: nil)
      let position = try context.workspace.moveColumn(arguments[name], to: placement, in: context.document)
      return context.report(.columnChanged(.moved(name: arguments[name], position: position)))
    }
  }

  /// `column type NAME number|text|yes-no|auto`.
  enum SetType: DocumentAction {
    /// What `column type` takes, as words.
    enum Choice: String, CaseIterable, Sendable {
      case number, text
      case yesNo = "yes-no"
      case auto

      /// The kind it declares; nil for `auto`.
      var kind: TableValueKind? {
        switch self {
        case .number: .number
        case .text: .text
        case .yesNo: .bool
        case .auto: nil
        }
      }
    }

    static let type = ParameterKey.argument(
      "type", .choice(Choice.allCases.map(\.rawValue)),
      summary: "number, text, yes-no, or auto: what its cells look like",
      valueName: "number|text|yes-no|auto")

    static let configuration = CommandConfiguration(
      id: "column.type", title: "Set Column Type", icon: "number", category: "Tables",
      summary: "say what a column holds, for sorting, show and plugins; auto lets its cells decide",
      details: """
        An explicit type overrides what the cells suggest: a number column sorts as numbers \
        with cells that are not numbers last, beside the empty ones; cells read as numbers, \
        text or yes/no values. Kept for the file in the state store, by column name, so it \
        holds next session. One undoable step; the file does not change.
        """,
      parameters: [name, type])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let kind = Choice(rawValue: arguments[type])?.kind
      try context.workspace.setColumnKind(kind, ofColumn: arguments[name], in: context.document)
      return context.report(.columnChanged(.typed(name: arguments[name], kind: kind)))
    }
  }
}
