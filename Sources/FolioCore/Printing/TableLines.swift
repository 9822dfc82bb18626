/// A table's cells made printable (line breaks and control characters gone), with the
/// width each column would take unnarrowed.
struct TableCells {
  /// The column names.
  var names: [String]
  /// The rows, each with exactly one cell per column.
  var rows: [[String]]
  /// Each column's widest cell or name, in cells.
  var natural: [Int]

  /// - Throws: `FolioError.interrupted` once `cancellation` is cancelled (checked each row).
  init(columns: [String], rows: [[String]], cancellation: CancellationToken? = nil) throws(FolioError) {
    names = columns.map(PrintText.cleanCell)
    let count = names.count
    natural = names.map(\.cells)
    var cleaned: [[String]] = []
    cleaned.reserveCapacity(rows.count)
    for row in rows {
      try cancellation?.check()
      let cells = (0..<count).map { index in index < row.count ? PrintText.cleanCell(row[index]) : "" }
      for (index, cell) in cells.enumerated() { natural[index] = max(natural[index], cell.cells) }
      cleaned.append(cells)
    }
    self.rows = cleaned
  }

  /// The cells a line takes with every column at its natural width.
  var naturalWidth: Int {
    names.isEmpty ? 0 : natural.reduce(0, +) + TableLines.gap.count * (names.count - 1)
  }
}

/// A table laid out as lines of aligned columns: a heading (the column names and a rule
/// under them) and the lines of each row.
struct TableLines: Equatable {
  /// Blanks between two columns.
  static let gap = "  "

  /// The column names and the rule under them, printed at the top of every page.
  var heading: [String]
  /// The lines of each row: one, or more when a cell wraps within its column. A row's
  /// lines are kept on one page.
  var rows: [[String]]

  /// Lays out a table's cells in lines of at most `width` cells.
  ///
  /// A column is as wide as its widest cell or name. When the columns together are too
  /// wide, the widest are narrowed to a common cap, the largest that lets a row fit, and
  /// cells wider than their column wrap onto more lines of the row, at a blank when there is
  /// one: nothing is cut. Only a table with more columns than fit one cell each is cut,
  /// each line ending in "…". Columns whose cells are all numbers are aligned right, others
  /// left.
  ///
  /// - Throws: `FolioError.interrupted` once `cancellation` is cancelled (checked each row).
  init(_ table: TableCells, width: Int, cancellation: CancellationToken? = nil) throws(FolioError) {
    guard !table.names.isEmpty else {
      heading = []
      rows = table.rows.map { _ in [""] }
      return
    }
    let names = table.names
    let available = width - Self.gap.count * (names.count - 1)
    let widths = Self.fitted(table.natural, into: available)
    // Wrapping needs at least one cell a column; with fewer, lines are cut.
    let wraps = widths.reduce(0, +) <= available
    let isNumeric = try names.indices.map { (index) throws(FolioError) in
      try Self.isNumeric(table.rows.lazy.map { $0[index] }, cancellation: cancellation)
    }

    func line(_ texts: [String]) -> String {
      let padded = texts.indices.map { index in
        PrintText.padded(
          texts[index].truncated(toCells: widths[index], trimmingBlanks: true), toCells: widths[index],
          alignedRight: isNumeric[index])
      }
      let joined = PrintText.trimmingTrailingBlanks(padded.joined(separator: Self.gap))
      // Only a table with more columns than fit one cell each gets here too wide.
      return joined.truncated(toCells: width, trimmingBlanks: true)
    }

    func lines(_ cells: [String]) -> [String] {
      guard wraps, cells.indices.contains(where: { cells[$0].cells > widths[$0] }) else {
        return [line(cells)]
      }
      let pieces = cells.indices.map { index in
        cells[index].cells > widths[index]
          ? PrintText.wrap(cells[index], toCells: widths[index]) : [cells[index]]
      }
      let height = pieces.map(\.count).max() ?? 1
      return (0..<height).map { row in line(pieces.map { row < $0.count ? $0[row] : "" }) }
    }

    let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: Self.gap).truncated(
      toCells: width, trimmingBlanks: true)
    heading = [line(names), PrintText.trimmingTrailingBlanks(rule)]
    rows = try table.rows.map { (cells) throws(FolioError) in
      try cancellation?.check()
      return lines(cells)
    }
  }

  /// Column widths that fit `available` cells: the natural widths when they fit, else the
  /// natural widths capped at the largest common cap that fits, with the cells the cap
  /// leaves over given to the leftmost capped columns.
  static func fitted(_ natural: [Int], into available: Int) -> [Int] {
    func total(cappedAt cap: Int) -> Int { natural.reduce(0) { $0 + min($1, cap) } }
    guard let widest = natural.max(), natural.reduce(0, +) > available else { return natural }
    guard total(cappedAt: 1) <= available else { return natural.map { min($0, 1) } }
    var low = 1  // fits
    var high = widest  // does not fit
    while high - low > 1 {
      let middle = (low + high) / 2
      if total(cappedAt: middle) <= available { low = middle } else { high = middle }
    }
    var spare = available - total(cappedAt: low)
    return natural.map { width in
      guard width > low, spare > 0 else { return min(width, low) }
      spare -= 1
      return low + 1
    }
  }

  /// Whether a column holds numbers: at least one cell, and every cell that is not empty
  /// reads as a number.
  ///
  /// - Throws: `FolioError.interrupted` once `cancellation` is cancelled (checked each cell).
  static func isNumeric<Cells: Sequence<String>>(
    _ cells: Cells, cancellation: CancellationToken? = nil
  ) throws(FolioError) -> Bool {
    var sawNumber = false
    for cell in cells where !cell.isEmpty {
      try cancellation?.check()
      let hasDigit = cell.utf8.contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      guard hasDigit, Double(cell) != nil else { return false }
      sawNumber = true
    }
    return sawNumber
  }
}
