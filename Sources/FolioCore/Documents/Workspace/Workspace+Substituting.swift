/// What `substitute` did to a document.
public struct SubstituteReport: Sendable, Equatable {
  /// The document's title.
  public var document: String
  /// Whether the document is a table (cells changed) or text (lines changed).
  public var isTable: Bool
  /// The pattern as given.
  public var pattern: String
  /// The matches replaced.
  public var replacements: Int
  /// The lines or cells that changed.
  public var changed: Int

  public init(document: String, isTable: Bool, pattern: String, replacements: Int, changed: Int) {
    self.document = document
    self.isTable = isTable
    self.pattern = pattern
    self.replacements = replacements
    self.changed = changed
  }
}

extension Workspace {
  /// The most changed lines or rows an edit describes one by one, to the recovery journal and
  /// front ends; past it the change is one the whole content describes.
  private static let describedChanges = 64

  /// Replaces every match of `pattern` in a text document's lines or a table's cells, as one
  /// undo step; a substitute that matches nothing makes no step and leaves the document
  /// clean. Cells and lines without a match are not touched, so they keep their bytes.
  ///
  /// - Parameters:
  ///   - pattern: what to replace.
  ///   - template: what each match becomes.
  ///   - document: the document changed.
  ///   - columns: a table's columns (0-based) to replace in; every column when nil.
  ///   - positions: the 1-based lines or rows to replace in, checked by the caller; all when
  ///     nil.
  /// - Throws: `FolioError.invalidArgument` for columns of a text document or a line the
  ///   replacement would break; `FolioError.interrupted` when the cancellation token stops
  ///   the search (every 4,096 lines or rows), before anything changed; what
  ///   `ReplacementTemplate.replacing` throws.
  public func substitute(
    _ pattern: TextPattern, with template: ReplacementTemplate, in document: Document, columns: [Int]? = nil,
    positions: [Int]? = nil
  ) throws(FolioError) -> SubstituteReport {
    var replacements = 0
    switch document.content {
    case .text(let content):
      guard columns == nil else {
        throw FolioError(
          .invalidArgument, "a text document has no columns", values: ["title": document.title])
      }
      var changes: [(index: Int, old: String, new: String)] = []
      for (step, index) in (positions.map { $0.map { $0 - 1 } } ?? Array(content.lines.indices)).enumerated()
      {
        if step & 4095 == 4095 { try cancellation.check() }
        let line = content.lines[index]
        guard let (new, count) = try template.replacing(pattern, in: line), !new.utf8.elementsEqual(line.utf8)
        else { continue }
        if new.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
          throw FolioError(
            .invalidArgument, "the replacement would break line \(index + 1) in two",
            values: ["line": String(index + 1)])
        }
        replacements += count
        changes.append((index, line, new))
      }
      if !changes.isEmpty {
        let cost = changes.reduce(16) { $0 + $1.old.utf8.count + $1.new.utf8.count + 16 }
        try FolioError.converting {
          try document.perform(
            "Substitute", cost: cost,
            apply: { document in try Self.setLines(changes.map { ($0.index, $0.new) }, in: document) },
            revert: { document in try Self.setLines(changes.map { ($0.index, $0.old) }, in: document) })
        }
      }
      return SubstituteReport(
        document: document.title, isTable: false, pattern: pattern.text, replacements: replacements,
        changed: changes.count)
    case .table(let table):
      let searched = columns ?? Array(table.columns.indices)
      var changes: [(id: Int, column: Int, old: TableCell, new: TableCell)] = []
      for (step, row) in (positions.map { $0.map { $0 - 1 } } ?? Array(0..<table.rowCount)).enumerated() {
        if step & 4095 == 4095 { try cancellation.check() }
        let cells = searched.count > 1 ? table.cells(ofRow: row) : nil
        for column in searched {
          let old =
            cells.map { $0.indices.contains(column) ? $0[column] : .absent }
            ?? table.cell(row: row, column: column)
          guard let (new, count) = try template.replacing(pattern, in: old.description) else { continue }
          let cell = TableCell(typing: new, like: old)
          guard !cell.isIdentical(to: old) else { continue }
          replacements += count
          changes.append((table.id(ofRow: row), column, old, cell))
        }
      }
      if !changes.isEmpty {
        try FolioError.converting {
          try document.perform(
            "Substitute", cost: changes.count * 64,
            apply: { document in try Self.setCells(changes.map { ($0.id, $0.column, $0.new) }, in: document)
            },
            revert: { document in try Self.setCells(changes.map { ($0.id, $0.column, $0.old) }, in: document)
            })
        }
      }
      return SubstituteReport(
        document: document.title, isTable: true, pattern: pattern.text, replacements: replacements,
        changed: changes.count)
    }
  }

  /// Sets lines by 0-based index, as an edit of `perform`.
  private static func setLines(_ lines: [(index: Int, text: String)], in document: Document) throws {
    try document.modifyText { content in
      for (index, text) in lines { content.lines[index] = text }
    }
    if lines.count > describedChanges {
      document.noteUnknownChange()
    } else {
      for (index, _) in lines { document.noteChange(start: index, removed: 1, inserted: 1) }
    }
  }

  /// Sets cells by row id and 0-based column, as an edit of `perform`.
  private static func setCells(_ cells: [(id: Int, column: Int, cell: TableCell)], in document: Document)
    throws
  {
    if cells.count <= describedChanges {
      for (id, column, cell) in cells { try setCell(id: id, column: column, to: cell, in: document) }
      return
    }
    try document.modifyTable { table in
      // One index of the ids, so a million cells cost one pass rather than a search each.
      var indexes: [Int: Int] = [:]
      for row in 0..<table.rowCount { indexes[table.id(ofRow: row)] = row }
      for (id, column, cell) in cells {
        if let row = indexes[id] { table.setCell(row: row, column: column, to: cell) }
      }
    }
    document.noteUnknownChange()
  }
}
