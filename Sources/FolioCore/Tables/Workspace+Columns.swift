extension Workspace {
  /// Adds an empty column at the end of a table document, as one undoable step ("Add
  /// Column").
  ///
  /// The column is in the recovery journal when it returns: the journal holds the table
  /// whole, and a Ctrl-C while it is written takes the column back (`journaling`). Inside a
  /// group (a plugin's command) it joins the group and is journaled when the command ends.
  ///
  /// - Throws: `FolioError.invalidArgument` when the name is empty, holds a line break or
  ///   another control character, or is a column already; `FolioError` when the document is
  ///   not a table; `FolioError.interrupted` when a Ctrl-C stops its journal write, the
  ///   column not added.
  public func addColumn(_ name: String, to document: Document) throws {
    if name.isEmpty { throw FolioError.invalidArgument("a column name cannot be empty") }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw FolioError.invalidArgument(
        "a column name cannot hold line breaks, tabs or other control characters")
    }
    let columns = try document.modifyTable { $0.columns }
    if ColumnKey.index(of: name, in: columns) != nil {
      throw FolioError.invalidArgument("there is a column '\(name)' already")
    }
    // An empty column is no key of the order yet: no row moves.
    try journaling(document, stepName: "Add Column") {
      try document.perform(
        "Add Column", keepingOrder: .none,
        apply: { document in try document.modifyTable { $0.appendColumn(name) } },
        revert: { document in try document.modifyTable { $0.removeLastColumn() } })
    }
  }
}

/// Where `Workspace.addColumn(_:at:filledWith:to:)` and `moveColumn(_:to:in:)` put a column.
public enum ColumnPlacement: Sendable, Equatable {
  /// Before every other column.
  case first
  /// Right after the named column.
  case after(String)
  /// After every other column.
  case last
}

/// What a column command changed in a table, for its report.
public enum ColumnChange: Sendable, Equatable {
  /// The column `name` was added at `position` (1-based).
  case added(name: String, position: Int)
  /// The column `from` is called `to` now.
  case renamed(from: String, to: String)
  /// The column `name` was removed.
  case deleted(name: String)
  /// The column `name` is at `position` (1-based) now.
  case moved(name: String, position: Int)
  /// The column `name` reads as `kind` now, whatever its cells look like; nil when its cells
  /// decide again.
  case typed(name: String, kind: TableValueKind?)
}

extension Workspace {
  /// Adds a column to a table document where `placement` says, every row holding `value`,
  /// as one undoable step ("Add Column").
  ///
  /// Rows read from a CSV or TSV file are still written from its bytes, each record with the
  /// new field (`TableModel.rearrangeColumns(_:from:)`); in JSON the value is a string.
  ///
  /// - Returns: the column's position, 1-based.
  /// - Throws: `FolioError.invalidArgument` when the name is empty, holds a control
  ///   character or is a column already, or `placement` names no column (the message lists
  ///   the columns); `FolioError` when the document is not a table; `FolioError.interrupted`
  ///   when a Ctrl-C stops its journal write, the column not added.
  @discardableResult
  public func addColumn(
    _ name: String, at placement: ColumnPlacement, filledWith value: String = "", to document: Document
  ) throws -> Int {
    try Self.checkColumnName(name)
    let columns = try document.readTable { $0.columns }
    if ColumnKey.index(of: name, in: columns) != nil {
      throw FolioError.invalidArgument("there is a column '\(name)' already")
    }
    let index = try Self.insertionIndex(placement, in: columns)
    var names = columns
    names.insert(name, at: index)
    var sources = columns.indices.map(ColumnSource.column)
    sources.insert(.filled(value), at: index)
    let back = (0..<names.count).filter { $0 != index }.map(ColumnSource.column)
    try rearrange(document, "Add Column", to: names, from: sources, back: columns, from: back)
    return index + 1
  }

  /// Renames a column of a table document, as one undoable step ("Rename Column"). No cell
  /// changes: a save rewrites only the header line. A sort key on the column follows it.
  ///
  /// - Throws: `FolioError.invalidArgument` when `old` names no column (the message lists
  ///   them), or `new` is empty, holds a control character or is another column's name.
  public func renameColumn(_ old: String, to new: String, in document: Document) throws {
    let columns = try document.readTable { $0.columns }
    let index = try Self.columnIndex(old, in: columns)
    try Self.checkColumnName(new)
    if let other = ColumnKey.index(of: new, in: columns), other != index {
      throw FolioError.invalidArgument("there is a column '\(new)' already")
    }
    let oldName = columns[index]
    try journaling(document, stepName: "Rename Column") {
      try document.perform(
        "Rename Column", keepingOrder: .none,
        apply: { [weak self] document in
          try document.modifyTable { $0.renameColumn(at: index, to: new) }
          document.renameSortKeys(from: oldName, to: new)
          self?.moveStoredColumnKind(of: document, at: index, from: oldName, to: new)
        },
        revert: { [weak self] document in
          try document.modifyTable { $0.renameColumn(at: index, to: oldName) }
          self?.moveStoredColumnKind(of: document, at: index, from: new, to: oldName)
        })
    }
  }

  /// Removes a column of a table document, its cells with it, as one undoable step ("Delete
  /// Column"): undo puts it back where it was, with its cells. A sort order that has the
  /// column as a key is forgotten (undo gives it back).
  ///
  /// - Throws: `FolioError.invalidArgument` when `name` names no column (the message lists
  ///   them) or is the table's only column.
  public func deleteColumn(_ name: String, from document: Document) throws {
    let columns = try document.readTable { $0.columns }
    let index = try Self.columnIndex(name, in: columns)
    guard columns.count > 1 else {
      throw FolioError.invalidArgument("'\(columns[index])' is the table's only column")
    }
    var names = columns
    names.remove(at: index)
    let sources = columns.indices.filter { $0 != index }.map(ColumnSource.column)
    // The cells come back from the table as it was: the undo step keeps it.
    try rearrange(document, "Delete Column", to: names, from: sources, back: columns, from: nil)
  }

  /// Moves a column of a table document where `placement` says, as one undoable step ("Move
  /// Column").
  ///
  /// - Returns: the column's new position, 1-based.
  /// - Throws: `FolioError.invalidArgument` when `name` or the column of `.after` names no
  ///   column (the message lists them), or `.after` names the column itself.
  @discardableResult
  public func moveColumn(_ name: String, to placement: ColumnPlacement, in document: Document) throws -> Int {
    let columns = try document.readTable { $0.columns }
    let index = try Self.columnIndex(name, in: columns)
    if case .after(let other) = placement, try Self.columnIndex(other, in: columns) == index {
      throw FolioError.invalidArgument("a column cannot move after itself")
    }
    var order = Array(columns.indices)
    order.remove(at: index)
    var rest = columns
    rest.remove(at: index)
    let target = try Self.insertionIndex(placement, in: rest)
    order.insert(index, at: target)
    guard order != Array(columns.indices) else { return target + 1 }
    let names = order.map { columns[$0] }
    let back = columns.indices.map { column in ColumnSource.column(order.firstIndex(of: column) ?? column) }
    try rearrange(
      document, "Move Column", to: names, from: order.map(ColumnSource.column), back: columns, from: back)
    return target + 1
  }

  /// Rearranges a table's columns as one undoable step: to `names` from `sources`, and back
  /// to `oldNames` from `backSources`, or, when that is nil, by putting back the table as it
  /// was (its cells are gone from the new one).
  private func rearrange(
    _ document: Document, _ step: String, to names: [String], from sources: [ColumnSource],
    back oldNames: [String], from backSources: [ColumnSource]?
  ) throws {
    let before = try document.readTable { $0 }
    let removed = oldNames.filter { ColumnKey.index(of: $0, in: names) == nil }
    try journaling(document, stepName: step) {
      try document.perform(
        step, cost: backSources == nil ? before.estimatedSize : 64, keepingOrder: .none,
        apply: { document in
          try document.modifyTable { $0.rearrangeColumns(names, from: sources) }
          if document.sortOrder.contains(where: { removed.contains($0.column) }) { document.ordering = nil }
        },
        revert: { document in
          if let backSources {
            try document.modifyTable { $0.rearrangeColumns(oldNames, from: backSources) }
          } else {
            try document.modifyTable { $0 = before }
          }
        })
    }
  }

  /// The position of a column, or an error that lists the table's columns.
  static func columnIndex(_ name: String, in columns: [String]) throws -> Int {
    guard let index = ColumnKey.index(of: name, in: columns) else {
      throw FolioError(
        .invalidArgument, "no column '\(name)'; columns: \(columns.joined(separator: ", "))",
        values: ["column": name, "columns": columns.joined(separator: ",")])
    }
    return index
  }

  /// Where a column placed as `placement` goes among `columns` (0-based).
  private static func insertionIndex(_ placement: ColumnPlacement, in columns: [String]) throws -> Int {
    switch placement {
    case .first: 0
    case .last: columns.count
    case .after(let other): try columnIndex(other, in: columns) + 1
    }
  }

  /// Checks a new column name: not empty, no control characters.
  static func checkColumnName(_ name: String) throws {
    if name.isEmpty { throw FolioError.invalidArgument("a column name cannot be empty") }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw FolioError.invalidArgument(
        "a column name cannot hold line breaks, tabs or other control characters")
    }
  }
}

extension Document {
  /// Renames the column of the sort keys on `old`, so that the order stays the table's.
  func renameSortKeys(from old: String, to new: String) {
    guard var kept = ordering else { return }
    for index in kept.keys.indices where ColumnKey(kept.keys[index].column) == ColumnKey(old) {
      kept.keys[index].column = new
    }
    ordering = kept
  }
}

extension Workspace {
  /// Declares what a column's cells are — numbers, text or yes/no values — whatever they look
  /// like, or with nil lets them decide again, as one undoable step ("Set Column Type") that
  /// leaves the document clean or dirty as it was: no byte of the file changes.
  ///
  /// The kind is what sorting compares the column as (in a number column, cells that are not
  /// numbers go with the empty ones, last), what `show` aligns it by and what cells read as
  /// (`TableModel.readingKinds(ofColumns:)`: plugins' `d:get`, JSON tables too). For a file it
  /// is kept in the state store by the file's path and the column's name, and given back when
  /// the file is opened again (`applyStoredColumnKinds(to:)`); a rename takes it along. A sort
  /// order already made stays until the next sort or the next edit that moves rows.
  ///
  /// - Throws: `FolioError.invalidArgument` when `name` names no column (the message lists
  ///   them); `FolioError.io` when the state store cannot keep it, nothing changed.
  public func setColumnKind(_ kind: TableValueKind?, ofColumn name: String, in document: Document) throws {
    let columns = try document.readTable { $0.columns }
    let index = try Self.columnIndex(name, in: columns)
    let column = columns[index]
    let before = try document.readTable { $0.declaredKind(ofColumn: index) }
    guard before != kind else { return }
    let path = document.path
    if let path { try store?.setColumnKind(kind, column: column, path: path) }
    try document.perform(
      "Set Column Type", changesContent: false, keepingOrder: .none,
      apply: { [weak self] document in
        try document.modifyTable { $0.declareKind(kind, ofColumn: index) }
        document.noteContentUnchanged()
        if let path { try? self?.store?.setColumnKind(kind, column: column, path: path) }
      },
      revert: { [weak self] document in
        try document.modifyTable { $0.declareKind(before, ofColumn: index) }
        document.noteContentUnchanged()
        if let path { try? self?.store?.setColumnKind(before, column: column, path: path) }
      })
  }

  /// Gives a table opened from a file the column kinds the state store keeps for it, by
  /// column name; a name the table has no column for is left alone.
  func applyStoredColumnKinds(to document: Document) {
    guard let path = document.path, case .table = document.content, let store else { return }
    let kinds = store.columnKinds(path: path)
    guard !kinds.isEmpty else { return }
    try? document.modifyTable { table in
      for (column, kind) in kinds {
        if let index = table.columnIndex(column) { table.declareKind(kind, ofColumn: index) }
      }
    }
  }

  /// Moves the kind the state store keeps for a renamed column to its new name.
  fileprivate func moveStoredColumnKind(
    of document: Document, at index: Int, from old: String, to new: String
  ) {
    guard let path = document.path, let store,
      let kind = try? document.readTable({ $0.declaredKind(ofColumn: index) })
    else { return }
    try? store.setColumnKind(nil, column: old, path: path)
    try? store.setColumnKind(kind, column: new, path: path)
  }
}
