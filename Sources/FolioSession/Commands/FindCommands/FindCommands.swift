import FolioCore

/// The commands that look for text in a document and replace it: `find`, `substitute`.
enum FindCommands {
  /// Every find command, in the order help lists them.
  static var declarations: [any DeclaredCommand<CommandContext>.Type] {
    [Find.self, Substitute.self]
  }

  /// `find PATTERN [--regex] [--case] [--whole] [--column C,…] [--select]`; without PATTERN
  /// (Edit › Find…) a dialog with a text field asks for it.
  enum Find: DocumentConfirming {
    static let pattern = ParameterKey.optionalArgument(
      "pattern", summary: "the text to find (a regular expression with --regex); without it a dialog asks",
      valueName: "PATTERN")
    static let regex = ParameterKey.flag(
      "regex", summary: "read PATTERN as a POSIX extended regular expression")
    static let matchCase = ParameterKey.flag("case", summary: "letters match only their own case")
    static let whole = ParameterKey.flag("whole", summary: "match whole words only")
    static let column = ParameterKey.option(
      "column", summary: "search only these columns of a table, by name or number", valueName: "C,…")
    static let select = ParameterKey.flag("select", summary: "select the rows of a table that hold a match")

    static let configuration = CommandConfiguration(
      id: "edit.find", verb: "find", title: "Find…", icon: "magnifyingglass", shortcut: "⌘F",
      category: "Editing",
      summary:
        "list the matches of PATTERN in the lines of a text document or the cells of a table, numbered",
      details: """
        Plain text by default, letters of either case, as an editor's Find; --case matches \
        case exactly, --whole only whole words, --regex reads PATTERN as a POSIX extended \
        regular expression (which compares bytes: '.' is one byte). In a table --column \
        name,2 searches only those columns and --select selects the rows that hold a match. \
        The first \(FindReport.listLimit) matches are listed and every one is counted. \
        Without PATTERN (Edit › Find…) a dialog asks for it in a text field; the next line \
        answers, 'cancel' finds nothing.
        """,
      parameters: [pattern, regex, matchCase, whole, column, select])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      guard let text = arguments[Self.pattern] else {
        return .dialog(
          Dialog(
            title: "Find in “\(document.title)”", buttons: [DialogButton("Find")],
            target: context.workspace.dialogTarget(of: document), recordsAnswers: true,
            textField: DialogTextField(label: "Pattern", text: "", parameter: Self.pattern.parameter.name),
            responder: responder(for: arguments)))
      }
      let pattern = try TextPattern(
        text, kind: arguments[Self.regex] ? .regex : .plain,
        isCaseSensitive: arguments[Self.matchCase], matchesWholeWords: arguments[Self.whole])
      let isTable = if case .table = document.content { true } else { false }
      if !isTable, arguments[Self.select] {
        throw FolioError(
          .invalidArgument, "'\(document.title)' is a text document: --select is for tables",
          values: ["title": document.title])
      }
      let columns = try arguments[Self.column].map { text throws in
        guard isTable else {
          throw FolioError(
            .invalidArgument, "'\(document.title)' is a text document: --column is for tables",
            values: ["title": document.title])
        }
        return try document.readTable { table throws(FolioError) in try SearchColumns.columns(text, in: table)
        }
      }
      var (report, rowIDs) = try context.workspace.find(pattern, in: document, columns: columns)
      if arguments[Self.select] {
        try context.workspace.select(rowIDs, mode: .replace, in: document, environment: context.environment())
        report.selectedRows = document.selection.count
      }
      return .found(report)
    }

    static func answer(_ buttonID: String, _ arguments: Arguments, in context: DocumentContext) throws
      -> CommandOutput
    {
      guard buttonID == "find", arguments[Self.pattern] != nil else { return context.report(.keptUnchanged) }
      return try run(arguments, in: context)
    }
  }

  /// `substitute PATTERN REPLACEMENT [--regex] [--case] [--whole] [--column C,…] [ROWS]`;
  /// without them (Edit › Replace…) two dialogs with a text field ask for each.
  enum Substitute: DocumentConfirming {
    static let pattern = ParameterKey.optionalArgument(
      "pattern", summary: "the text to replace (a regular expression with --regex); without it a dialog asks",
      valueName: "PATTERN")
    static let replacement = ParameterKey.optionalArgument(
      "replacement", summary: "what each match becomes; with --regex $1…$9 are its groups, $$ a dollar sign",
      valueName: "REPLACEMENT")
    static let rows = ParameterKey.optionalArgument(
      "rows", summary: "the lines or rows to replace in: 3, 2-5, 11-, 1,4-6, id:7; all when not given")
    static let regex = ParameterKey.flag(
      "regex", summary: "read PATTERN as a POSIX extended regular expression")
    static let matchCase = ParameterKey.flag("case", summary: "letters match only their own case")
    static let whole = ParameterKey.flag("whole", summary: "replace whole words only")
    static let column = ParameterKey.option(
      "column", summary: "replace only in these columns of a table, by name or number", valueName: "C,…")

    static let configuration = CommandConfiguration(
      id: "edit.substitute", verb: "substitute", title: "Replace…", icon: "arrow.left.arrow.right",
      category: "Editing",
      summary: "replace every match of PATTERN in lines or cells with REPLACEMENT, as one undoable step",
      details: """
        Matches as 'find' does: plain text of either case by default, --case, --whole, \
        --regex (POSIX extended; the replacement's $1…$9 are its groups, $0 the match, $$ a \
        dollar sign). ROWS and --column narrow it. Lines and cells without a match keep their \
        bytes; a substitute that matches nothing changes nothing and is no undo step. Without \
        PATTERN and REPLACEMENT (Edit › Replace…) a dialog asks for each in a text field.
        """,
      parameters: [pattern, replacement, rows, regex, matchCase, whole, column])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      guard let text = arguments[Self.pattern] else {
        return .dialog(
          Dialog(
            title: "Replace in “\(document.title)”", buttons: [DialogButton("Next", id: "next")],
            target: context.workspace.dialogTarget(of: document), recordsAnswers: true,
            textField: DialogTextField(label: "Pattern", text: "", parameter: Self.pattern.parameter.name),
            responder: responder(for: arguments)))
      }
      let pattern = try TextPattern(
        text, kind: arguments[Self.regex] ? .regex : .plain,
        isCaseSensitive: arguments[Self.matchCase], matchesWholeWords: arguments[Self.whole])
      guard let replacement = arguments[Self.replacement] else {
        return .dialog(
          Dialog(
            title: "Replace “\(text)” in “\(document.title)” with",
            buttons: [DialogButton("Replace All", id: "replace")],
            target: context.workspace.dialogTarget(of: document), recordsAnswers: true,
            textField: DialogTextField(
              label: "Replacement", text: "", parameter: Self.replacement.parameter.name),
            responder: responder(for: arguments)))
      }
      let template = try ReplacementTemplate(replacement, groupCount: pattern.groupCount)
      var columns: [Int]?
      var positions: [Int]?
      switch document.content {
      case .text(let text):
        if arguments[Self.column] != nil {
          throw FolioError(
            .invalidArgument, "'\(document.title)' is a text document: --column is for tables",
            values: ["title": document.title])
        }
        positions = try arguments[Self.rows].map { selector throws(FolioError) in
          try RowSelector.positions(selector, count: text.lines.count, kind: "line")
        }
      case .table(let table):
        columns = try arguments[Self.column].map { text throws(FolioError) in
          try SearchColumns.columns(text, in: table)
        }
        positions = try arguments[Self.rows].map(table.rowPositions)
      }
      let report = try context.workspace.substitute(
        pattern, with: template, in: document, columns: columns, positions: positions)
      return .substituted(report)
    }

    static func answer(_ buttonID: String, _ arguments: Arguments, in context: DocumentContext) throws
      -> CommandOutput
    {
      guard buttonID == "next" || buttonID == "replace", arguments[Self.pattern] != nil else {
        return context.report(.keptUnchanged)
      }
      return try run(arguments, in: context)
    }
  }
}
