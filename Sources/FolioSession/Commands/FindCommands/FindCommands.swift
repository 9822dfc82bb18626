import FolioCore

/// The commands that look for text in a document: `find`.
enum FindCommands {
  /// Every find command, in the order help lists them.
  static var declarations: [any DeclaredCommand<CommandContext>.Type] {
    [Find.self]
  }

  /// `find PATTERN [--regex] [--case] [--whole] [--column C,…] [--select]`.
  enum Find: DocumentAction {
    static let pattern = ParameterKey.argument(
      "pattern", summary: "the text to find (a regular expression with --regex)")
    static let regex = ParameterKey.flag(
      "regex", summary: "read PATTERN as a POSIX extended regular expression")
    static let matchCase = ParameterKey.flag("case", summary: "letters match only their own case")
    static let whole = ParameterKey.flag("whole", summary: "match whole words only")
    static let column = ParameterKey.option(
      "column", summary: "search only these columns of a table, by name or number", valueName: "C,…")
    static let select = ParameterKey.flag("select", summary: "select the rows of a table that hold a match")

    static let configuration = CommandConfiguration(
      id: "edit.find", verb: "find", title: "Find", icon: "magnifyingglass", category: "Editing",
      summary:
        "list the matches of PATTERN in the lines of a text document or the cells of a table, numbered",
      details: """
        Plain text by default, letters of either case, as an editor's Find; --case matches \
        case exactly, --whole only whole words, --regex reads PATTERN as a POSIX extended \
        regular expression (which compares bytes: '.' is one byte). In a table --column \
        name,2 searches only those columns and --select selects the rows that hold a match. \
        The first \(FindReport.listLimit) matches are listed and every one is counted.
        """,
      parameters: [pattern, regex, matchCase, whole, column, select])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      let pattern = try TextPattern(
        arguments[Self.pattern], kind: arguments[Self.regex] ? .regex : .plain,
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
  }
}
