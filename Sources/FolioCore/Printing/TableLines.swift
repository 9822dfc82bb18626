/// A table's cells made printable (line breaks and control characters gone), with the
/// width each column would take unnarrowed.
struct TableCells {
  /// The column names.
  var names: [String]
  /// The number of rows.
  var rowCount: Int
  /// Every row's cells, row after row, exactly one per column.
  var cells: PackedStrings
  /// Each column's widest cell or name, in cells.
  var natural: [Int]

  /// - Throws: `FolioError.interrupted` once `cancellation` is cancelled (checked each row).
  init(_ table: PrintTable, cancellation: CancellationToken? = nil) throws(FolioError) {
    let names = table.columns.map(PrintText.cleanCell)
    let count = names.count
    var natural = names.map(\.cells)
    var cleaned = PackedStrings()
    cleaned.reserve(strings: table.cells.count, bytes: table.cells.bytes.count)
    try table.cells.bytes.withUnsafeBufferPointer { (bytes) throws(FolioError) in
      for row in 0..<table.rowCount {
        try cancellation?.check()
        for column in 0..<count {
          let text = UnsafeBufferPointer(rebasing: bytes[table.cells.range(of: row * count + column)])
          if text.isPrintableASCII {
            // Printable ASCII needs no cleaning and takes a cell a byte.
            cleaned.append(utf8: text)
            natural[column] = max(natural[column], text.count)
          } else {
            let cell = PrintText.cleanCell(String(decoding: text, as: UTF8.self))
            cleaned.append(cell)
            natural[column] = max(natural[column], cell.cells)
          }
        }
      }
    }
    self.names = names
    self.rowCount = table.rowCount
    self.natural = natural
    self.cells = cleaned
  }

  /// The cell at a 0-based row and column.
  subscript(row: Int, column: Int) -> String {
    cells[row * names.count + column]
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
  /// The lines of every row, row after row.
  var lines: PackedStrings
  /// Where each row's lines end in `lines`: a row has one line, or more when a cell wraps
  /// within its column. A row's lines are kept on one page.
  var rowEnds: [Int]
  /// Where each column sits on the line.
  var columns: [PrintedColumn] = []

  /// Lays out a table's cells in lines of at most `width` cells.
  ///
  /// A column is as wide as its widest cell or name. When the columns together are too
  /// wide, the widest are narrowed to a common cap, the largest that lets a row fit, and
  /// cells wider than their column wrap onto more lines of the row, at a blank when there is
  /// one: nothing is cut. Only a table with more columns than fit one cell each is cut,
  /// each line ending in "…". Columns whose cells are all numbers are aligned right, others
  /// left.
  ///
  /// - Parameter progress: told the rows laid out and the row count, every 4,096 rows and at
  ///   the end.
  /// - Throws: `FolioError.interrupted` once `cancellation` is cancelled (checked each row).
  init(
    _ table: TableCells, width: Int, cancellation: CancellationToken? = nil,
    progress: ((_ rows: Int, _ total: Int) -> Void)? = nil
  ) throws(FolioError) {
    lines = PackedStrings()
    rowEnds = []
    rowEnds.reserveCapacity(table.rowCount)
    guard !table.names.isEmpty else {
      heading = []
      for _ in 0..<table.rowCount {
        lines.append("")
        rowEnds.append(lines.count)
      }
      return
    }
    let names = table.names
    let available = width - Self.gap.count * (names.count - 1)
    let widths = Self.fitted(table.natural, into: available)
    // Wrapping needs at least one cell a column; with fewer, lines are cut.
    let wraps = widths.reduce(0, +) <= available
    let isNumeric = try names.indices.map { (index) throws(FolioError) in
      try Self.isNumeric((0..<table.rowCount).lazy.map { table[$0, index] }, cancellation: cancellation)
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

    func rowLines(_ cells: [String]) -> [String] {
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

    var start = 0
    columns = names.indices.map { index in
      defer { start += widths[index] + Self.gap.count }
      return PrintedColumn(start: start, width: widths[index], isAlignedRight: isNumeric[index])
    }
    let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: Self.gap).truncated(
      toCells: width, trimmingBlanks: true)
    heading = [line(names), PrintText.trimmingTrailingBlanks(rule)]
    let count = names.count
    lines.reserve(strings: table.rowCount, bytes: table.cells.bytes.count)
    try table.cells.bytes.withUnsafeBufferPointer { (bytes) throws(FolioError) in
      for row in 0..<table.rowCount {
        try cancellation?.check()
        if row % 4096 == 0, row > 0 { progress?(row, table.rowCount) }
        let cells = (0..<count).lazy.map {
          UnsafeBufferPointer(rebasing: bytes[table.cells.range(of: row * count + $0)])
        }
        // A row of printable ASCII that fits its columns, the common case, is padded byte by
        // byte into the buffer; any other row is laid out as text.
        if wraps, cells.indices.allSatisfy({ cells[$0].count <= widths[$0] && cells[$0].isPrintableASCII }) {
          lines.append { line in
            Self.append(cells, widths: widths, alignedRight: isNumeric, to: &line)
          }
        } else {
          for text in rowLines((0..<count).map { table[row, $0] }) { lines.append(text) }
        }
        rowEnds.append(lines.count)
      }
    }
    progress?(table.rowCount, table.rowCount)
  }

  /// Appends the line of a row of printable ASCII cells, each at most its column's width:
  /// each cell padded with blanks to its width (on the left when aligned right), two blanks
  /// between columns, and the blanks at the line's end dropped.
  private static func append(
    _ cells: LazyMapCollection<Range<Int>, UnsafeBufferPointer<UInt8>>, widths: [Int], alignedRight: [Bool],
    to line: inout [UInt8]
  ) {
    let start = line.count
    for (index, cell) in zip(cells.indices, cells) {
      if index > 0 { line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: gap.utf8.count)) }
      let padding = repeatElement(UInt8(ascii: " "), count: widths[index] - cell.count)
      if alignedRight[index] {
        line.append(contentsOf: padding)
        line.append(contentsOf: cell)
      } else {
        line.append(contentsOf: cell)
        line.append(contentsOf: padding)
      }
    }
    while line.count > start, line[line.count - 1] == UInt8(ascii: " ") { line.removeLast() }
  }

  /// The number of rows.
  var rowCount: Int { rowEnds.count }

  /// The lines of row `index`, as indices into `lines`.
  func lineRange(ofRow index: Int) -> Range<Int> {
    (index == 0 ? 0 : rowEnds[index - 1])..<rowEnds[index]
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

extension UnsafeBufferPointer<UInt8> {
  /// Whether every byte is a printable ASCII character, one cell each.
  fileprivate var isPrintableASCII: Bool {
    allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }
}
