import FolioCore

extension TableCommands {
  /// `summary COLUMN [COLUMN…] [--numbers] [--open]`: each distinct value or tuple with its
  /// count and share, or a number column's figures; `--open` opens the result as a table.
  enum Summary: DocumentAction {
    static let columns = ParameterKey.rest(
      "columns", isOptional: false, summary: "the columns, by name or number", valueName: "COLUMN")
    static let numbers = ParameterKey.flag(
      "numbers", summary: "count, empty, min, max, mean and median of one number column")
    static let open = ParameterKey.flag(
      "open", summary: "open the summary as a new untitled table, which can be saved")

    static let configuration = CommandConfiguration(
      id: "view.summary", verb: "summary", title: "Summary", icon: "chart.bar", category: "Tables",
      summary: "each distinct value of the columns with its count and share, largest first",
      details: """
        With several columns each distinct tuple of their values is counted. Equal counts are \
        listed by their values' bytes. --numbers gives one column's figures instead: the \
        cells that are numbers, the empty ones, the others, min, max, mean and median. The \
        first \(TableSummary.listLimit) values are listed; --json gives them all, and --open \
        opens them all as a new untitled table. Reads every row once; the table does not \
        change.
        """,
      parameters: [columns, numbers, open], access: .reads)

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      let split = try WhereExpression.splitOptions(
        arguments[Self.columns], names: ["numbers", "open"], configuration: configuration)
      guard !split.words.isEmpty else {
        throw FolioError.invalidArgument("missing argument COLUMN for 'summary'")
      }
      let indices = try document.readTable { table throws(FolioError) -> [Int] in
        var indices: [Int] = []
        for word in split.words {
          let index: Int
          if let named = table.columnIndex(word.text) {
            index = named
          } else if let number = Parameter.integer(word.text) {
            index = try Position.index(number, count: table.columns.count, kind: "column")
          } else {
            throw FolioError(
              .invalidArgument, "no column '\(word.text)'; columns: \(table.columns.joined(separator: ", "))",
              values: ["column": word.text])
          }
          guard !indices.contains(index) else {
            throw FolioError(
              .invalidArgument, "the column '\(table.columns[index])' is named twice",
              values: ["column": table.columns[index]])
          }
          indices.append(index)
        }
        return indices
      }
      let summary = try context.workspace.summarize(
        indices, numbers: arguments[Self.numbers] || split.options.contains("numbers"), in: document)
      guard arguments[Self.open] || split.options.contains("open") else { return .summary(summary) }
      let opened = try context.workspace.openSummary(summary)
      return context.workspace.report(opened, .made)
    }
  }
}
