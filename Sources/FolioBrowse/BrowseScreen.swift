import FolioCore
import FolioSession

/// Lays out one frame of the browser from the session, for a screen of `width` × `height`:
/// the title bar, the toolbar, the table's header and rows (or a text's numbered lines), and
/// the status line. A pure function of the session and the cursor, but for the scroll
/// position, which it moves so the cursor shows.
///
/// The table is the one `show` lays out (`Workspace.tableView`): its column widths fitted to
/// a sample of the rows, each visible row read when it is drawn, so a frame of a million-row
/// table reads a screenful of rows. The first column stays put while the others scroll
/// sideways.
struct BrowseScreen {
  let session: Session
  let width: Int
  let height: Int

  /// Between two cells: ` │ `, as `show` draws it.
  static let separator = " │ "

  /// The frame, moving `controller`'s scroll position so its cursor shows.
  func frame(_ controller: BrowseController) -> BrowseFrame {
    guard width > 0, height > 0 else { return BrowseFrame(width: max(0, width), lines: []) }
    var lines: [[Span]] = [titleBar(controller)]
    if height > 2 { lines.append(toolbar()) }
    if height > 4, session.workspace.documents.count > 1 { lines.append(tabBar()) }
    let bodyHeight = max(0, height - lines.count - 1)
    lines += body(controller, height: bodyHeight)
    while lines.count < height - 1 { lines.append(LineBuilder.blank(width: width)) }
    lines.append(statusLine(controller))
    return BrowseFrame(width: width, lines: Array(lines.prefix(height)), popup: popup(controller))
  }

  /// The title, its dirty mark and the title menu's `▾`, centred; the cursor's place on the right.
  private func titleBar(_ controller: BrowseController) -> [Span] {
    var line = LineBuilder(width: width)
    guard let document = controller.document else {
      line.append(" folio", .titleBar)
      return line.finished(filling: .titleBar)
    }
    let title = document.title.displayedOnOneLine + (document.isDirty ? "*" : "") + " ▾"
    let (rows, _) = controller.extent
    let place = rows == 0 ? "" : "\(controller.cursor.row + 1)/\(rows) "
    let start = max(0, (width - title.cells) / 2)
    line.pad(to: start, .titleBar)
    line.append(title, .titleBar)
    if line.used + 1 + place.cells <= width {
      line.pad(to: width - place.cells, .titleBar)
      line.append(place, .titleBar)
    }
    return line.finished(filling: .titleBar)
  }

  /// The active toolbar laid out for the window's width.
  private func toolbar() -> [Span] {
    var line = LineBuilder(width: width)
    if let layout = try? session.layOutToolbar(width: width) {
      line.append(ToolbarLine.text(layout, metrics: session.metrics.toolbar), .toolbar)
    }
    return line.finished(filling: .toolbar)
  }

  /// The windows as tabs, the active one marked, when more than one is open: `[` and `]`
  /// move between them.
  private func tabBar() -> [Span] {
    var line = LineBuilder(width: width)
    let active = session.workspace.active
    for document in session.workspace.documents {
      let title = " " + document.title.displayedOnOneLine + (document.isDirty ? "*" : "") + " "
      line.append(title, document === active ? .cursor : .header)
      line.append("│", .header)
    }
    return line.finished(filling: .plain)
  }

  /// The document's lines: a table's header and rows, or nothing open.
  private func body(_ controller: BrowseController, height: Int) -> [[Span]] {
    guard height > 0 else { return [] }
    if controller.mode == .keys { return keys(height: height) }
    guard let document = controller.document else {
      var line = LineBuilder(width: width)
      line.append(" No document is open.", .plain)
      return [line.finished()]
    }
    switch document.content {
    case .table:
      do {
        return try table(document, controller, height: height)
      } catch {
        var line = LineBuilder(width: width)
        line.append(" " + controller.hooks.phraseError(FolioError.from(error)).displayedOnOneLine, .error)
        return [line.finished()]
      }
    case .text(let text):
      return lines(text, controller, height: height)
    }
  }

  /// A text document as numbered lines, the cursor's line marked.
  private func lines(_ text: TextContent, _ controller: BrowseController, height: Int) -> [[Span]] {
    let count = text.lines.count
    scroll(&controller.cursor, rows: count, height: height)
    controller.pageHeight = height
    let numberWidth = String(max(1, count)).count
    var result: [[Span]] = []
    for index in controller.cursor.topRow..<min(count, controller.cursor.topRow + height) {
      var line = LineBuilder(width: width)
      let number = String(index + 1)
      let isCursor = index == controller.cursor.row
      line.append(
        String(repeating: " ", count: numberWidth - number.count) + number + Self.separator, .header)
      line.append(text.lines[index].displayedOnOneLine, isCursor ? .cursorRow : .plain)
      result.append(line.finished(filling: isCursor ? .cursorRow : .plain))
    }
    return result
  }

  /// Moves `cursor.topRow` so the cursor's row is among the `height` rows shown.
  private func scroll(_ cursor: inout GridCursor, rows: Int, height: Int) {
    cursor.row = BrowseController.clamped(cursor.row, count: rows)
    if cursor.row < cursor.topRow { cursor.topRow = cursor.row }
    if cursor.row >= cursor.topRow + height { cursor.topRow = cursor.row - height + 1 }
    cursor.topRow = max(0, min(cursor.topRow, rows - height))
  }

  /// A table: the header with the sort order's ▲/▼, then a screenful of rows from the
  /// scroll position, the first column frozen and the others from the first scrolled one.
  private func table(_ document: Document, _ controller: BrowseController, height: Int) throws -> [[Span]] {
    let view = try session.workspace.tableView(
      of: document, positions: nil, columns: nil, compact: false, width: nil, metrics: session.metrics.table)
    let rowHeight = max(0, height - 1)
    scroll(&controller.cursor, rows: view.rows.count, height: rowHeight)
    controller.pageHeight = max(1, rowHeight)
    let order = document.sortOrder
    var columns = view.columns
    let leadWidth = leadingWidth(view)
    let room = max(1, width - leadWidth - Self.separator.count)
    for index in columns.indices {
      let indicator = order.contains { $0.column == columns[index].title } ? 2 : 0
      // The frozen column takes at most half the room when others follow it, so they show.
      let limit =
        index == 0 && columns.count > 1 ? max(session.metrics.table.minimumColumnWidth, room / 2) : room
      columns[index].width = min(limit, columns[index].width + indicator)
    }
    let shown = visibleColumns(columns, cursor: &controller.cursor, leadWidth: leadWidth)

    var result: [[Span]] = []
    var header = LineBuilder(width: width)
    header.append(leadingCells(view, selection: " ", gutter: "  ", position: "#", decoration: ""), .header)
    for index in shown {
      var column = columns[index]
      var title = column.title
      if let key = order.firstIndex(where: { $0.column == column.title }) {
        title += order[key].order == .ascending ? " ▲" : " ▼"
      }
      column.kind = .text
      header.append(Self.separator, .header)
      header.append(column.format(title), .header)
    }
    result.append(header.finished(filling: .header))

    let top = controller.cursor.topRow
    for index in top..<min(view.rows.count, top + rowHeight) {
      let row = view.rows[index]
      let isCursorRow = index == controller.cursor.row
      let base: SpanStyle = isCursorRow ? .cursorRow : row.isSelected ? .selected : .plain
      var line = LineBuilder(width: width)
      let gutter = (row.isSelected && !view.isEditing ? "▸" : " ") + (row.isFavorite ? "★" : " ")
      line.append(
        leadingCells(
          view, selection: row.isSelected ? "●" : "◯", gutter: gutter, position: String(row.position),
          decoration: view.decorationGlyphs(of: row)), base)
      let cells = row.displayedCells
      for column in shown {
        line.append(Self.separator, base)
        let text = cells.indices.contains(column) ? cells[column] : ""
        let isCursor = isCursorRow && column == controller.cursor.column
        if isCursor, case .editing(let field) = controller.mode {
          Self.appendField(field, width: columns[column].width, to: &line)
        } else {
          line.append(columns[column].format(text), isCursor ? .cursor : base)
        }
      }
      result.append(line.finished(filling: base))
    }
    return result
  }

  /// A field in `width` columns: its text scrolled so the caret shows, the caret drawn as
  /// the cursor.
  static func appendField(_ field: LineField, width: Int, to line: inout LineBuilder) {
    let (before, atCaret, after) = field.pieces
    let start = line.used
    var shown = before
    while shown.cells + atCaret.cells > max(1, width), !shown.isEmpty { shown.removeFirst() }
    line.append(shown, .field)
    line.append(atCaret, .cursor)
    let room = max(0, start + width - line.used)
    if room > 0 { line.append(after.truncated(toCells: room), .field) }
    line.pad(to: start + width, .field)
  }

  /// The list `?` shows.
  static let keyList: [(keys: String, does: String)] = [
    ("← ↓ ↑ →  h j k l", "move"), ("PgUp PgDn", "a screenful"), ("Home End  g G", "the first or last row"),
    ("Space", "select the row, or not"), ("s S", "sort by the column, ascending or descending"),
    ("u  Ctrl-R", "undo, redo"), ("Enter", "edit the cell (Enter keeps, Esc cancels)"),
    ("/  n N", "find; the next or previous match"), (":", "run a command, as at the REPL"),
    ("Ctrl-C", "cancel long work"), ("Ctrl-Z", "suspend"), ("?", "this list"), ("q", "quit"),
  ]

  /// The key list over the grid.
  private func keys(height: Int) -> [[Span]] {
    var result: [[Span]] = []
    var title = LineBuilder(width: width)
    title.append(" Keys", .header)
    result.append(title.finished(filling: .header))
    let keysWidth = Self.keyList.map(\.keys.cells).max() ?? 0
    for entry in Self.keyList.prefix(max(0, height - 1)) {
      var line = LineBuilder(width: width)
      line.append(" " + entry.keys, .plain)
      line.pad(to: keysWidth + 3, .plain)
      line.append(entry.does, .plain)
      result.append(line.finished())
    }
    return result
  }

  /// The columns before the cells': edit mode's ◯/●, the gutter (▸ selected, ★ favorite)
  /// when it shows, the row number right-aligned, the decorations' glyphs.
  private func leadingCells(
    _ view: TableView, selection: String, gutter: String, position: String, decoration: String
  ) -> String {
    var text = ""
    if view.isEditing { text += selection + " " }
    if view.hasGutter { text += gutter }
    text += String(repeating: " ", count: max(0, view.positionWidth - position.count)) + position
    if view.decorationWidth > 0 {
      text +=
        " " + decoration + String(repeating: " ", count: max(0, view.decorationWidth - decoration.cells))
    }
    return text
  }

  /// How wide `leadingCells` is.
  private func leadingWidth(_ view: TableView) -> Int {
    (view.isEditing ? 2 : 0) + (view.hasGutter ? 2 : 0) + view.positionWidth
      + (view.decorationWidth > 0 ? 1 + view.decorationWidth : 0)
  }

  /// The columns that show: the first, then from the first scrolled column as many as fit
  /// (the last one cut when only part of it fits), the scroll moved so the cursor's shows.
  private func visibleColumns(_ columns: [TableColumn], cursor: inout GridCursor, leadWidth: Int) -> [Int] {
    guard !columns.isEmpty else { return [] }
    cursor.column = BrowseController.clamped(cursor.column, count: columns.count)
    let firstEnd = leadWidth + Self.separator.count + columns[0].width
    func shown(from first: Int) -> (columns: [Int], wholeEnd: Int) {
      var result = [0]
      var end = firstEnd
      var wholeEnd = 0
      for index in max(1, first)..<max(max(1, first), columns.count) {
        guard end + Self.separator.count < width else { break }
        result.append(index)
        end += Self.separator.count + columns[index].width
        if end <= width { wholeEnd = index }
      }
      return (result, wholeEnd)
    }
    if cursor.column == 0 {
      cursor.firstScrolledColumn = 1
    } else {
      if cursor.column < cursor.firstScrolledColumn { cursor.firstScrolledColumn = cursor.column }
      while cursor.firstScrolledColumn < cursor.column,
        shown(from: cursor.firstScrolledColumn).wholeEnd < cursor.column
      {
        cursor.firstScrolledColumn += 1
      }
    }
    cursor.firstScrolledColumn = BrowseController.clamped(cursor.firstScrolledColumn, count: columns.count)
    cursor.firstScrolledColumn = max(1, cursor.firstScrolledColumn)
    return shown(from: cursor.firstScrolledColumn).columns
  }

  /// The last result or error on the left, the key hints on the right when they fit.
  private func statusLine(_ controller: BrowseController) -> [Span] {
    var line = LineBuilder(width: width)
    switch controller.mode {
    case .finding(let field), .commandLine(let field):
      line.append(controller.mode == .finding(field) ? "/" : ":", .field)
      Self.appendField(field, width: width - 1, to: &line)
      return line.finished(filling: .field)
    case .editing:
      line.append(
        " Editing \((controller.cursorColumnTitle ?? "").displayedOnOneLine) · Enter keeps · Esc cancels",
        .status)
      return line.finished(filling: .status)
    case .keys:
      line.append(" Any key returns to the grid", .status)
      return line.finished(filling: .status)
    case .grid:
      break
    }
    let hints =
      width >= 100
      ? "Space select  s/S sort  u undo  Enter edit  / find  : command  ? keys  q quit"
      : width >= 60 ? "? keys  q quit" : "? keys"
    switch controller.status {
    case .hints:
      line.append(" " + hints, .status)
    case .result(let text):
      line.append(" " + text.displayedOnOneLine, .status)
    case .error(let text):
      line.append(" " + text.displayedOnOneLine, .error)
    }
    if controller.status != .hints, line.used + 2 + hints.count <= width {
      line.pad(to: width - hints.count - 1, .status)
      line.append(hints + " ", .status)
    }
    return line.finished(filling: .status)
  }
}
