extension Workspace {
  /// Takes back the last change of a document.
  ///
  /// The result is in the recovery journal when it returns: an undo the journal takes whole
  /// (of a column added, a revert) is taken back again by a Ctrl-C while that journal is
  /// written (`journalingHistoryMove`); the undo of a sort is appended as the rows' order.
  ///
  /// - Returns: the name of the step undone.
  /// - Throws: `FolioError.disabled` when there is nothing to undo, or the step's error (a
  ///   rename whose old name was taken since); the history is unchanged then.
  ///   `FolioError.interrupted` when a Ctrl-C stops its journal write, the step not undone.
  public func undo(_ document: Document) throws(FolioError) -> String {
    let name = try journalingHistoryMove(document, { try document.undoStack.undo() }) {
      _ = try document.undoStack.redo()
    }
    guard let name else { throw FolioError(.disabled, "nothing to undo in '\(document.title)'") }
    return name
  }

  /// Makes the last undone change of a document again, in the recovery journal when it
  /// returns, as `undo(_:)` is.
  ///
  /// - Throws: as `undo(_:)` does.
  public func redo(_ document: Document) throws(FolioError) -> String {
    let name = try journalingHistoryMove(document, { try document.undoStack.redo() }) {
      _ = try document.undoStack.undo()
    }
    guard let name else { throw FolioError(.disabled, "nothing to redo in '\(document.title)'") }
    return name
  }

  /// Appends a line to a text document.
  public func appendLine(_ text: String, to document: Document) throws {
    try checkLine(text)
    try document.perform(
      "Append", cost: text.utf8.count + 16,
      apply: { document in
        let count = try document.modifyText { content in
          content.lines.append(text)
          return content.lines.count
        }
        document.noteChange(start: count - 1, removed: 0, inserted: 1)
      },
      revert: { document in
        let count = try document.modifyText { content in
          content.lines.removeLast()
          return content.lines.count
        }
        document.noteChange(start: count, removed: 1, inserted: 0)
      })
  }

  /// Inserts a line before line `number` (1-based; one past the end appends).
  public func insertLine(_ text: String, at number: Int, in document: Document) throws {
    try checkLine(text)
    let count = try document.modifyText { $0.lines.count }
    _ = try Position.index(number, count: count + 1, kind: "line")
    try document.perform(
      "Insert", cost: text.utf8.count + 16,
      apply: { document in
        try document.modifyText { $0.lines.insert(text, at: number - 1) }
        document.noteChange(start: number - 1, removed: 0, inserted: 1)
      },
      revert: { document in
        try document.modifyText { _ = $0.lines.remove(at: number - 1) }
        document.noteChange(start: number - 1, removed: 1, inserted: 0)
      })
  }

  /// Replaces line `number` (1-based).
  public func replaceLine(_ number: Int, with text: String, in document: Document) throws {
    try checkLine(text)
    let lines = try document.modifyText { $0.lines }
    let old = lines[try Position.index(number, count: lines.count, kind: "line")]
    try document.perform(
      "Replace", cost: old.utf8.count + text.utf8.count + 16,
      apply: { document in
        try document.modifyText { $0.lines[number - 1] = text }
        document.noteChange(start: number - 1, removed: 1, inserted: 1)
      },
      revert: { document in
        try document.modifyText { $0.lines[number - 1] = old }
        document.noteChange(start: number - 1, removed: 1, inserted: 1)
      })
  }

  /// Adds a row to a table document, its cells given by column name.
  ///
  /// - Returns: the new row's id.
  /// - Throws: `FolioError.invalidArgument` for a name no column has.
  @discardableResult
  public func addRow(_ values: [(column: String, value: String)], to document: Document) throws -> Int {
    let columns = try document.modifyTable { $0.columns }
    var cells: [Int: String] = [:]
    for (column, value) in values {
      guard let index = ColumnKey.index(of: column, in: columns) else {
        throw FolioError.invalidArgument("no column '\(column)'; columns: \(columns.joined(separator: ", "))")
      }
      cells[index] = value
    }
    return try addRow(cells, to: document)
  }

  /// Adds a row to a table document, its cells given by column index (0-based); the other
  /// cells are empty.
  ///
  /// - Returns: the new row's id.
  /// - Throws: `FolioError.invalidArgument` for an index outside the columns.
  @discardableResult
  public func addRow(_ values: [Int: String], to document: Document) throws -> Int {
    try addRow(cells: values.mapValues(CellValue.text), to: document)
  }

  /// Adds a row to a table document, its cells given as typed values by column index
  /// (0-based); the other cells are empty. A yes/no or number value is written in its
  /// column's own spelling where it has one (`CellSpelling`), text as it is.
  ///
  /// - Returns: the new row's id.
  /// - Throws: `FolioError.invalidArgument` for an index outside the columns.
  @discardableResult
  public func addRow(cells values: [Int: CellValue], to document: Document) throws -> Int {
    let cells = try document.modifyTable { table throws in
      var cells = [TableCell](repeating: .string(""), count: table.columns.count)
      for (column, value) in values {
        guard cells.indices.contains(column) else {
          throw FolioError.invalidArgument(
            "no column \(Position.number(ofIndex: column)); the table has \(table.columns.count)")
        }
        let kind = CellSpelling.kind(reading: value, column: column, in: &table)
        cells[column] = CellSpelling.cell(
          for: value, replacing: .absent, column: column, kind: kind, in: table)
      }
      return cells
    }
    var id = 0
    try document.perform(
      "Add Row",
      apply: { document in
        let count = try document.modifyTable { table in
          id = table.appendRow(cells)
          return table.rowCount
        }
        document.noteChange(start: count - 1, removed: 0, inserted: 1)
      },
      revert: { document in
        let count = try document.modifyTable { table in
          _ = table.removeRow(at: table.rowCount - 1)
          return table.rowCount
        }
        document.noteChange(start: count, removed: 1, inserted: 0)
      })
    return id
  }

  /// Sets the cell of the row with id `rowID` in the column at index `column` (0-based) to
  /// text, as `setCell(rowID:column:to:in:)` with a `CellValue` does: a cell that holds the
  /// text already, to the byte, is left alone (no undo step, no unsaved change).
  ///
  /// - Returns: whether the cell changed.
  /// - Throws: when there is no such row or column.
  @discardableResult
  public func setCell(rowID: Int, column: Int, to value: String, in document: Document) throws -> Bool {
    try setCell(rowID: rowID, column: column, to: CellValue.text(value), in: document)
  }

  /// Sets the cell of the row with id `rowID` in the column at index `column` (0-based) to a
  /// typed value.
  ///
  /// A cell that reads as the value already (`TableCell.value(as:)` by the column's kind:
  /// `Yes` as true, `1.50` as 1.5, `1e3` as 1000) is left alone, its bytes as they are: no
  /// undo step, no unsaved change. Otherwise the value is written in the column's own
  /// spelling where it has one (`CellSpelling`).
  ///
  /// - Returns: whether the cell changed.
  /// - Throws: when there is no such row or column.
  @discardableResult
  public func setCell(rowID: Int, column: Int, to value: CellValue, in document: Document) throws -> Bool {
    let (old, new) = try document.modifyTable { table throws -> (TableCell, TableCell) in
      guard let index = table.locateRow(id: rowID) else {
        throw FolioError.invalidArgument("no row with id:\(rowID)")
      }
      guard table.columns.indices.contains(column) else {
        throw FolioError.invalidArgument(
          "no column \(Position.number(ofIndex: column)); the table has \(table.columns.count)")
      }
      let old = table.cell(row: index, column: column)
      let kind = CellSpelling.kind(reading: value, column: column, in: &table)
      // The value it reads as already: not an edit, whatever a fresh spelling would be.
      if old.value(as: kind) == value { return (old, old) }
      return (old, CellSpelling.cell(for: value, replacing: old, column: column, kind: kind, in: table))
    }
    // The value it has already: not an edit, so no undo step and no unsaved change.
    guard !new.isIdentical(to: old) else { return false }
    // Inside a group (a plugin callback), edits in a row are one compact step.
    if try document.setCellInGroup(rowID: rowID, column: column, to: new) { return true }
    try document.perform(
      "Edit Cell", keepingOrder: .changedColumn(column),
      apply: { document in
        try Self.setCell(id: rowID, column: column, to: new, in: document)
      },
      revert: { document in try Self.setCell(id: rowID, column: column, to: old, in: document) })
    return true
  }

  /// Sets the cell of the row with id `id`, if there is one, as an edit of `perform`.
  static func setCell(id: Int, column: Int, to value: TableCell, in document: Document) throws {
    let index = try document.modifyTable { table -> Int? in
      guard let index = table.locateRow(id: id) else { return nil }
      table.setCell(row: index, column: column, to: value)
      return index
    }
    if let index {
      document.noteChange(start: index, removed: 1, inserted: 1)
    } else {
      document.noteContentUnchanged()
    }
  }

  private func checkLine(_ text: String) throws(FolioError) {
    if text.contains("\n") || text.contains("\r") {
      throw .invalidArgument("a line cannot contain a line break; add lines one by one")
    }
  }
}

extension TableCell {
  /// A cell for typed text that keeps the type of the cell it replaces when the text fits
  /// it: a JSON number stays a number, a boolean a boolean; anything else is a string.
  init(typing text: String, like previous: TableCell) {
    switch previous {
    case .number where Self.isJSONNumber(text): self = .number(text)
    case .bool where text == "true" || text == "false": self = .bool(text == "true")
    default: self = .string(text)
    }
  }

  /// Whether text is a number as JSON writes it: `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`.
  static func isJSONNumber(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    /// Takes the digits at the front; how many.
    func digits() -> Int {
      let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    /// Takes `byte` when it is at the front.
    func take(_ byte: UInt8) -> Bool {
      guard bytes.first == byte else { return false }
      bytes = bytes.dropFirst()
      return true
    }
    _ = take(UInt8(ascii: "-"))
    let integer = bytes.first
    let integerDigits = digits()
    guard integerDigits == 1 || (integerDigits > 1 && integer != UInt8(ascii: "0")) else { return false }
    if take(UInt8(ascii: ".")), digits() == 0 { return false }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }
}
