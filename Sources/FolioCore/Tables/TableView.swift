/// Rows of a table as `show` lays them out [Table]: the columns shown with their kinds and
/// widths, and the rows with their positions, ids and marks.
///
/// A line is the cells — in edit mode the selection column, the gutter (when a row has a
/// mark), the row number, the columns —
/// with separators between and the front end's edges around (`TableMetrics`). Widths are
/// fitted to the rows shown only, so showing ten rows of a million reads ten rows; past
/// `sampleLimit` rows they are fitted to a sample of them, so that the rows can be made and
/// written one at a time (`TableViewRows`) and a cell wider than the sample's is cut.
public struct TableView: Sendable, Equatable {
  /// The document's title.
  public var title: String
  /// The columns shown, in order, with the widths they got.
  public var columns: [TableColumn]
  /// The rows shown, in order, each made when it is read.
  public var rows: TableViewRows
  /// Whether the window is in edit mode [EditButton]: every row then has a selection cell,
  /// selected or not, in a column of its own before the gutter, which no longer marks
  /// selected rows.
  public var isEditing: Bool
  /// Whether the gutter shows: once a row is selected (outside edit mode) or a favorite
  /// (past `sampleLimit` rows, once a row shown is selected or the table has a favorite
  /// column).
  public var hasGutter: Bool
  /// The width of the row-number column: its header `#` and the largest position shown.
  public var positionWidth: Int
  /// The row decorations that apply to the table (their column is in it), in order: the
  /// decoration column after the row numbers gives each one cell, its glyph on the rows that
  /// meet it and a blank on the others; empty when none applies and the column does not show.
  public var decorations: [RowDecoration]
  /// The width of the decoration column: one cell for each decoration; 0 when it does not
  /// show.
  public var decorationWidth: Int { decorations.count }
  /// The widths of the frame the front end draws, which the columns were fitted around.
  public var metrics: TableMetrics
  /// Whether the reader asked for every row at once (`show --all`): a front end that fits
  /// long tables to its screen shows this one whole.
  public var isWhole = false
  /// Whether the reader asked for one block per row, a `column │ value` line per column
  /// (`show --vertical`, psql's `\x`), so a wide table reads at any width.
  public var isVertical = false
  /// The titles of the columns left out because the window is compact (only the first shows),
  /// in order; empty when every column asked for shows. The front end says they are there.
  public var omittedColumns: [String] = []

  /// The most rows widths are fitted to: the first half of them and the other half spread
  /// over the rest.
  public static let sampleLimit = 2_000

  /// Lays out rows: each fitted column as wide as its title and widest cell shown (at most
  /// its maximum; past `sampleLimit` rows, the widest of a sample), then narrowed, widest
  /// first, until the table fits `width` columns.
  ///
  /// - Parameters:
  ///   - columns: the columns to show, their kinds known; a fixed column keeps its width.
  ///   - rows: the rows, with one cell per column in `columns`.
  ///   - width: the window's width in columns; nil leaves every column at its natural width.
  ///   - metrics: the widths of what the front end draws around the cells.
  ///   - isEditing: whether the window is in edit mode, which adds the selection column.
  public init(
    title: String, columns: [TableColumn], rows: [DocumentViewRow], width: Int?, metrics: TableMetrics,
    isEditing: Bool = false
  ) {
    self.init(
      title: title, columns: columns, rows: TableViewRows(rows), width: width, metrics: metrics,
      isEditing: isEditing)
  }

  /// Lays out rows made as they are read; see
  /// `init(title:columns:rows:width:metrics:isEditing:)`.
  public init(
    title: String, columns: [TableColumn], rows: TableViewRows, width: Int?, metrics: TableMetrics,
    isEditing: Bool = false
  ) {
    self.init(
      title: title, columns: columns, rows: rows, width: width, metrics: metrics, isEditing: isEditing,
      checking: { () throws(Never) in })
  }

  /// How many columns are laid out between two calls of a layout's check: about a
  /// millisecond's work, so that a row of 400,000 columns stops within that of a Ctrl-C.
  public static let columnsBetweenChecks = 4096

  /// Lays out rows made as they are read, as `init(title:columns:rows:width:metrics:isEditing:)`
  /// does, checking `cancellation` before the rows are read and every `columnsBetweenChecks`
  /// columns as they are fitted.
  ///
  /// - Throws: `FolioError.interrupted` once `cancellation` is cancelled.
  public init(
    title: String, columns: [TableColumn], rows: TableViewRows, width: Int?, metrics: TableMetrics,
    isEditing: Bool = false, cancellation: CancellationToken
  ) throws(FolioError) {
    try self.init(
      title: title, columns: columns, rows: rows, width: width, metrics: metrics, isEditing: isEditing,
      checking: { () throws(FolioError) in try cancellation.check() })
  }

  /// The layout, calling `check` before the rows are read and every `columnsBetweenChecks`
  /// columns; what `check` throws stops it. Linear in the columns and in the rows sampled.
  init<Failure: Error>(
    title: String, columns: [TableColumn], rows: TableViewRows, width: Int?, metrics: TableMetrics,
    isEditing: Bool, checking check: () throws(Failure) -> Void
  ) throws(Failure) {
    try check()
    self.title = title
    self.rows = rows
    self.metrics = metrics
    self.isEditing = isEditing
    let sample = try rows.sample(limit: Self.sampleLimit, checking: check)
    hasGutter =
      rows.count > Self.sampleLimit
      ? rows.mayHaveMarks : sample.contains { ($0.isSelected && !isEditing) || $0.isFavorite }
    positionWidth = max(1, String(rows.largestPosition).count)
    decorations = rows.applicableDecorations
    // Each row's displayed cells once, not once a column.
    let sampleCells = sample.map(\.displayedCells)
    try check()
    var columns = columns
    let natural = try Self.naturalWidths(
      of: columns, sampleCells: sampleCells, isCapped: true, checking: check)
    for index in columns.indices { columns[index].width = natural[index] }
    self.columns = columns
    if let width { fit(toWidth: width, natural: natural) }
  }

  /// Each column's width before the window narrows it: a fixed column's own; a fitted
  /// column's the widest of its title and its cells in `sampleCells` (each sampled row's
  /// displayed cells), at most its maximum when `isCapped`. Calls `check` every
  /// `columnsBetweenChecks` columns.
  private static func naturalWidths<Failure: Error>(
    of columns: [TableColumn], sampleCells: [[String]], isCapped: Bool,
    checking check: () throws(Failure) -> Void
  ) throws(Failure) -> [Int] {
    var natural: [Int] = []
    natural.reserveCapacity(columns.count)
    for (position, column) in columns.enumerated() {
      if position % columnsBetweenChecks == columnsBetweenChecks - 1 { try check() }
      guard case .fitted(let maximum) = column.widthRule else {
        natural.append(column.width)
        continue
      }
      var widest = column.title.displayedOnOneLine.cells
      for cells in sampleCells where cells.indices.contains(position) {
        widest = max(widest, cells[position].displayedOnOneLine.cells)
      }
      natural.append(max(1, isCapped ? min(maximum, widest) : widest))
    }
    return natural
  }

  /// The same rows laid out for an output with no window to fit (a pipe or a file): each
  /// fitted column as wide as its title and widest cell in the sample, with no maximum and
  /// not narrowed to the window; fixed columns keep their widths. Reads the sample's rows
  /// again (at most `sampleLimit`).
  public func laidOutWithoutWindow() -> TableView {
    var view = self
    let sampleCells = rows.sample(limit: Self.sampleLimit, checking: {}).map(\.displayedCells)
    let natural = Self.naturalWidths(of: columns, sampleCells: sampleCells, isCapped: false, checking: {})
    for index in view.columns.indices { view.columns[index].width = natural[index] }
    return view
  }

  /// A row's cell of the decoration column: for each of `decorations`, its glyph when the
  /// row meets it, else a blank, so each decoration keeps its place from row to row.
  public func decorationGlyphs(of row: DocumentViewRow) -> String {
    TableDecorationPlan.glyphs(of: decorations, met: row.decorations)
  }

  /// The columns the widest line of the layout takes.
  public var lineWidth: Int { columns.reduce(0) { $0 + $1.width } + overhead }

  /// Columns taken by everything but the columns' cells.
  private var overhead: Int {
    let cells =
      (isEditing ? [metrics.selectionMarkWidth] : []) + (hasGutter ? [metrics.gutterWidth] : [])
      + [positionWidth] + (decorationWidth > 0 ? [decorationWidth] : [])
    let count = cells.count + columns.count
    return cells.reduce(0, +) + metrics.separatorWidth * (count - 1) + metrics.edgeWidth
  }

  /// Narrows fitted columns until the layout fits `width`: every fitted column is capped at
  /// the largest width that fits (never below the metrics' minimum), and the columns left
  /// are shared out from the left.
  ///
  /// Linear in the columns (a binary search over the cap, each step one pass), so that a
  /// row of 400,000 columns is laid out as fast as it is read.
  private mutating func fit(toWidth width: Int, natural: [Int]) {
    var fitted: [Int] = []
    var fixed = 0
    for index in columns.indices {
      if case .fitted = columns[index].widthRule {
        fitted.append(index)
      } else {
        fixed += columns[index].width
      }
    }
    let available = width - overhead - fixed
    func total(cappedAt cap: Int) -> Int { fitted.reduce(0) { $0 + min(natural[$1], cap) } }
    guard total(cappedAt: Int.max) > available else { return }
    var low = metrics.minimumColumnWidth
    var high = fitted.map { natural[$0] }.max() ?? low
    guard total(cappedAt: low) <= available else {
      for index in fitted { columns[index].width = min(natural[index], low) }
      return
    }
    // The largest cap that fits: total(low) fits, total(high) does not.
    while high - low > 1 {
      let middle = (low + high) / 2
      if total(cappedAt: middle) <= available { low = middle } else { high = middle }
    }
    var spare = available - total(cappedAt: low)
    for index in fitted {
      var width = min(natural[index], low)
      if natural[index] > low, spare > 0 {
        width += 1
        spare -= 1
      }
      columns[index].width = width
    }
  }
}
