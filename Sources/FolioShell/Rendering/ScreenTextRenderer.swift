import FolioCore
import FolioSession

/// Draws the whole active window as text: a frame as wide as the environment, the toolbar's
/// bar, the tab bar, the split view's panes side by side, and the overflow under the frame.
/// The frame's edges are the frame the session laid out for (`LayoutMetrics.frameWidth`):
/// what is inside is the bars' width (`ToolbarLayout.barWidth`), and the lines above and
/// below the frame wrap to the window's width.
struct ScreenTextRenderer {
  var style: TextStyle

  /// Between two panes of a split view; its width is what the core's split view layout
  /// leaves between panes.
  static let paneSeparator = "│"

  func render(_ screen: WindowScreen) -> String {
    let width = screen.toolbar.barWidth
    var lines = header(screen)
    let toolbarRenderer = ToolbarTextRenderer(style: style)
    lines.append("┌" + String(repeating: "─", count: width) + "┐")
    lines.append("│" + toolbarRenderer.bar(screen.toolbar) + "│")
    if !screen.toolbar.bottom.isEmpty {
      lines.append("│" + toolbarRenderer.bottomBar(screen.toolbar) + "│")
    }
    if let tabBar = screen.tabBar, !tabBar.isAtBottom {
      lines.append("├" + String(repeating: "─", count: width) + "┤")
      lines.append("│" + cell(tabs(tabBar), width) + "│")
    }
    let widths: [Int]
    let columns: [[String]]
    switch screen.body {
    case .split(let layout, let sidebar, let content, let detail):
      widths = layout.panes.map(\.width)
      columns = layout.panes.map { pane in
        switch pane.column {
        case .sidebar:
          list(content == nil ? "Documents" : "Library", sidebar, empty: "No documents")
        case .content: list("Documents", content ?? [], empty: "No documents")
        case .detail:
          (layout.isCollapsed ? [" ‹ Documents"] : []) + detailLines(detail, width: pane.width)
        }
      }
    case .tab(let tab, let tabLines):
      widths = [width]
      columns = [[" " + tab.name] + tabLines.map { "   " + $0 }]
    }
    lines.append("├" + widths.map { String(repeating: "─", count: $0) }.joined(separator: "┬") + "┤")
    let height = max(3, columns.map(\.count).max() ?? 0)
    for row in 0..<height {
      let cells = zip(columns, widths).map { column, width in
        cell(column.indices.contains(row) ? column[row] : "", width)
      }
      lines.append("│" + cells.joined(separator: Self.paneSeparator) + "│")
    }
    let closing = widths.map { String(repeating: "─", count: $0) }.joined(separator: "┴")
    if let tabBar = screen.tabBar, tabBar.isAtBottom {
      lines.append("├" + closing + "┤")
      lines.append("│" + cell(tabs(tabBar), width) + "│")
      lines.append("└" + String(repeating: "─", count: width) + "┘")
    } else {
      lines.append("└" + closing + "┘")
    }
    if !screen.toolbar.overflow.isEmpty {
      let titles = screen.toolbar.overflow.map(overflowTitle)
      let pieces = titles.indices.map { titles[$0] + ($0 < titles.count - 1 ? "," : "") }
      lines += ToolbarTextRenderer.wrap(
        ["» " + pieces[0]] + pieces.dropFirst(), width: screen.toolbar.width)
    }
    return lines.joined(separator: "\n")
  }

  /// The lines above the frame: what the window is drawn for.
  private func header(_ screen: WindowScreen) -> [String] {
    let environment = screen.environment
    var facts = [
      "window \(screen.title)" + (screen.hasTitleMenu ? " ▾" : ""),
      "\(environment.platform.rawValue) \(environment.sizeClass.rawValue)", "\(screen.toolbar.width) columns",
    ]
    switch screen.body {
    case .split(let layout, _, _, _):
      let shown = layout.panes.map(\.column.rawValue).joined(separator: "+")
      let visibility = layout.visibility == .all ? "" : ", " + Self.phrase(layout.visibility)
      facts.append(
        "split \(layout.style.rawValue), \(layout.columnCount.rawValue) columns"
          + (layout.isCollapsed ? ", collapsed to \(shown)" : visibility))
    case .tab(let tab, _):
      facts.append("tab \(tab.name)")
    }
    let pieces = facts.indices.map { facts[$0] + ($0 < facts.count - 1 ? " ·" : "") }
    return ToolbarTextRenderer.wrap(pieces, width: screen.toolbar.width)
  }

  /// The split view after `sidebar` or `back`: the columns asked for, and what shows.
  func render(_ layout: SplitViewLayout) -> String {
    let visibility = "Columns: \(Self.phrase(layout.visibility))"
    guard !layout.isCollapsed else {
      let column = layout.panes.first?.column.rawValue ?? SplitViewLayout.Column.detail.rawValue
      return visibility + "; collapsed into a stack, the split view shows the \(column)."
    }
    return visibility + " ("
      + layout.panes.map { "\($0.column.rawValue) \($0.width)" }.joined(separator: ", ")
      + ")."
  }

  /// A column visibility in words: `all`, `double column`, `detail only`.
  static func phrase(_ visibility: NavigationSplitView.ColumnVisibility) -> String {
    switch visibility {
    case .all: "all"
    case .doubleColumn: "double column"
    case .detailOnly: "detail only"
    }
  }

  private func tabs(_ bar: WindowScreen.TabBar) -> String {
    " " + bar.tabs.map { $0.name == bar.selected ? "[\($0.name)]" : " \($0.name) " }.joined(separator: " ")
  }

  /// A pane's rows: a header, then one row per entry, the chosen one marked ▸.
  private func list(_ title: String, _ entries: [WindowScreen.ListEntry], empty: String) -> [String] {
    [" " + title]
      + (entries.isEmpty
        ? ["   " + empty]
        : entries.map { (($0.isSelected ? " ▸ " : "   ") + $0.title + ($0.isDirty ? "*" : "")) })
  }

  private func detailLines(_ detail: WindowScreen.Detail, width: Int) -> [String] {
    switch detail {
    case .placeholder(let text):
      let indent = max(1, (width - text.displayWidth) / 2)
      return ["", String(repeating: " ", count: indent) + text]
    case .document(let view, let remaining):
      var lines: [String]
      switch view {
      case .lines(let title, let numbered):
        let digits = String(numbered.last?.number ?? 0).count
        lines =
          [" " + title]
          + numbered.map {
            " " + String($0.number).leftPadded(to: digits) + "  " + $0.text.displayedOnOneLine
          }
        if numbered.isEmpty { lines.append("   (empty)") }
      case .table(let table):
        // Cells show on one line, control characters made visible, so none breaks the frame.
        let (title, columns) = (table.title, table.columns.map(\.title.displayedOnOneLine))
        let rows = table.rows.map { row in
          (row: row, position: row.position, cells: row.displayedCells.map(\.displayedOnOneLine))
        }
        let marks = decorationMarks(table)
        let digits = String(rows.last?.position ?? 0).count
        let cellWidths = columns.indices.map { index in
          min(24, ([columns[index]] + rows.map { $0.cells[index] }).map(\.displayWidth).max() ?? 0)
        }
        func line(_ mark: String, _ cells: [String]) -> String {
          " " + mark + "  "
            + zip(cells, cellWidths).map { $0.truncated(toCells: $1).padded(to: $1) }.joined(separator: "  ")
        }
        // In edit mode each row leads with its selection mark, as `show` draws it.
        func selection(_ row: DocumentViewRow?) -> String {
          guard table.isEditing else { return "" }
          return (row.map { TextRenderer.TableLines.selectionMark(isSelected: $0.isSelected) } ?? " ") + " "
        }
        lines = [
          " " + title,
          line(selection(nil) + String(repeating: " ", count: digits) + (marks.first ?? ""), columns),
        ]
        lines += rows.indices.map { index in
          line(
            selection(rows[index].row) + String(rows[index].position).leftPadded(to: digits)
              + marks[index + 1],
            rows[index].cells)
        }
        if rows.isEmpty { lines.append("   (no rows)") }
      }
      if remaining > 0 { lines.append("   … \(remaining) more") }
      return lines
    }
  }

  /// The decoration column of a table in the detail, after the row numbers: a blank for
  /// the header line, then each row's decoration glyphs (`TableView.decorationGlyphs(of:)`),
  /// each led by a space; all empty when no decoration applies.
  private func decorationMarks(_ table: TableView) -> [String] {
    guard !table.decorations.isEmpty else { return Array(repeating: "", count: table.rows.count + 1) }
    return [" " + String(repeating: " ", count: table.decorationWidth)]
      + table.rows.map { " " + table.decorationGlyphs(of: $0) }
  }

  private func overflowTitle(_ item: ToolbarLayoutItem) -> String {
    (item.title ?? item.id) + (item.kind == .menu ? " ▾" : "")
  }

  /// Text cut or padded to exactly `width` columns.
  private func cell(_ text: String, _ width: Int) -> String {
    var text = text
    while text.last == " " { text.removeLast() }
    return text.displayedOnOneLine.truncated(toCells: width).padded(to: width)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - displayWidth)) + self
  }
}
