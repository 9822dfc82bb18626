import FolioCore
import FolioPresentation
import FolioSession

/// Renders command results as text for people. A pure function of the result and the style.
struct TextRenderer {
  var style: TextStyle
  /// The window's width in columns (`env width`), which help wraps to; nil for no wrapping.
  var width: Int? = nil
  /// Whether a table's cells longer than their column are cut with `…`: on a terminal;
  /// a pipe or a file gets every cell whole (`TableLines.cutsCells`).
  var cutsCells = true

  /// The text for a result; nil when there is nothing to show (an empty `echo` shows an
  /// empty line).
  func render(_ output: CommandOutput) -> String? {
    switch output {
    case .none: nil
    // The console ends every output with a newline; text that brings its own keeps one.
    case .text(let text), .documentText(let text): text.hasSuffix("\n") ? String(text.dropLast()) : text
    case .message(let message): message
    case .value(let value, let notices): (notices + [structured(value)]).joined(separator: "\n")
    case .commandList(let commands): commandList(commands)
    case .helpIndex(let sections): helpIndex(sections)
    case .commandHelp(let command): commandHelp(command)
    case .stateChanged(let command): "\(command.title): \(command.state?.description ?? "")"
    case .settings(let settings): self.settings(settings)
    case .document(let report): ReportText.phrase(report)
    case .documentList(let documents): documentList(documents)
    case .documentInfo(let info): documentInfo(info)
    case .documentView(let view): documentView(view)
    case .dialog(let dialog): self.dialog(dialog)
    case .dialogDismissed(let dismissal): self.dismissal(dismissal)
    case .selection(let report): selection(report)
    case .sortOrder(let report): ReportText.phrase(report)
    case .found(let report): FindText.render(report, style: style)
    case .substituted(let report): FindText.phrase(report)
    case .rowCount(let report): FindText.phrase(report)
    case .summary(let summary): SummaryText.render(summary, style: style)
    case .menu(let node): MenuTextRenderer(style: style, width: width).render(node)
    case .openMenu(let menu): MenuTextRenderer(style: style, width: width).render(menu)
    case .menuChoice(let output, let menu):
      [output.flatMap(render), menu.map(MenuTextRenderer(style: style, width: width).render)].compactMap {
        $0
      }
      .joined(separator: "\n")
    case .menuList(let menus):
      TextTable(
        headers: ["menu", "title", "from"], rows: menus.map { [$0.id, $0.title, $0.owner] }
      ).render(style: style)
    case .environment(let environment):
      [
        "platform    \(environment.platform.rawValue)", "size class  \(environment.sizeClass.rawValue)",
        "width       \(environment.width)", "keyboard    \(environment.hasKeyboard ? "on" : "off")",
      ].joined(separator: "\n")
    case .explanation(let explanation): explanation.lines.joined(separator: "\n")
    case .toolbarExplanation(let explanation):
      explanation.lines.flatMap { ToolbarTextRenderer.wrapLine($0, width: width) }.joined(separator: "\n")
    case .toolbar(let layout): ToolbarTextRenderer(style: style).render(layout)
    case .toolbarPalette(let palette): ToolbarTextRenderer(style: style, width: width).render(palette)
    case .screen(let screen): ScreenTextRenderer(style: style).render(screen)
    case .splitView(let layout): ScreenTextRenderer(style: style).render(layout)
    case .tabView(let report): tabView(report)
    case .appSettings(let report): appSettings(report)
    case .sceneTree(let tree): sceneTree(tree)
    case .recoveryList(let listing): recoveryList(listing)
    case .recentDocumentsCleared, .journalDiscarded: ReportText.phrase(output)
    case .pluginList(let plugins):
      plugins.isEmpty
        ? "no plugins"
        : plugins.map { "\($0.name)\($0.version.map { " " + $0 } ?? "")  \($0.status)" }.joined(
          separator: "\n")
    case .pluginInfo(let plugin, let budgets): pluginInfo(plugin, budgets: budgets)
    case .pluginChanged(let name, let change): "\(change.rawValue) plugin \(name)"
    case .recentDocuments(let documents):
      documents.isEmpty
        ? "No recent documents."
        : documents.enumerated().map { "\($0.offset + 1)  \($0.element.path)" }.joined(separator: "\n")
    case .shareTargets(let document, let targets):
      targets.isEmpty
        ? "No share target accepts \(document)."
        : TextTable(
          headers: ["target", "title", "accepts", "sends"],
          rows: targets.map {
            [
              $0.id, $0.title, $0.accepts.map(\.rawValue).joined(separator: ", "),
              $0.representation?.rawValue ?? "",
            ]
          }
        ).render(style: style)
    }
  }

  /// A command's structured result: a list of maps as a table (a column per key, in the
  /// order keys first appear), a list of other values one a line, a map as `key  value`
  /// lines; nested lists and maps inside show as compact JSON.
  private func structured(_ value: JSONValue) -> String {
    switch value {
    case .array(let elements) where elements.isEmpty: return "(empty)"
    case .object(let pairs) where pairs.isEmpty: return "(empty)"
    case .array(let elements):
      let maps = elements.compactMap { element -> [(String, JSONValue)]? in
        if case .object(let pairs) = element { return pairs }
        return nil
      }
      guard maps.count == elements.count else {
        return elements.map { Self.cellText($0).displayedOnOneLine }.joined(separator: "\n")
      }
      var headers: [String] = []
      for pairs in maps {
        for (key, _) in pairs where !headers.contains(key) { headers.append(key) }
      }
      let rows = maps.map { pairs in
        headers.map { key in pairs.last(where: { $0.0 == key }).map { Self.cellText($0.1) } ?? "" }
      }
      return TextTable(headers: headers, rows: rows).render(style: style)
    case .object(let pairs):
      let width = pairs.map(\.0.displayedOnOneLine.displayWidth).max() ?? 0
      return pairs.map {
        "\($0.0.displayedOnOneLine.padded(to: width))  \(Self.cellText($0.1).displayedOnOneLine)"
          .trimmingTrailingSpaces
      }
      .joined(separator: "\n")
    default:
      return Self.cellText(value)
    }
  }

  /// A value inside a structured result: text as it is, other scalars as JSON writes them,
  /// lists and maps as compact JSON.
  private static func cellText(_ value: JSONValue) -> String {
    if case .string(let text) = value { return text }
    return value.serialized
  }

  /// " (changed on disk; locked by pid 12 on host since …)" for `docs`; empty normally.
  private static func fileNotice(_ onDisk: DocumentDiskState?, _ lockedBy: String?) -> String {
    var notices: [String] = []
    if let onDisk, onDisk != .unchanged { notices.append(diskDescription(onDisk)) }
    if let lockedBy { notices.append("locked by \(lockedBy)") }
    return notices.isEmpty ? "" : " (" + notices.joined(separator: "; ") + ")"
  }

  private static func diskDescription(_ state: DocumentDiskState) -> String {
    switch state {
    case .unchanged: "as read or saved"
    case .changed: "changed on disk since it was read"
    case .deleted: "deleted on disk since it was read"
    }
  }

  private func documentList(_ documents: [DocumentSummary]) -> String {
    guard !documents.isEmpty else { return "No documents are open." }
    let rows = documents.map { document in
      [
        (document.isActive ? "▸ " : "  ") + String(document.number),
        document.title + (document.isDirty ? "*" : ""),
        document.kind.rawValue, (document.path ?? "—") + Self.fileNotice(document.onDisk, document.lockedBy),
      ]
    }
    return TextTable(headers: ["  #", "title", "kind", "file"], rows: rows).render(style: style)
  }

  private func pluginInfo(_ plugin: PluginSummary, budgets: PluginBudgets) -> String {
    var lines = [
      "name: \(plugin.name)", "version: \(plugin.version ?? "-")", "description: \(plugin.summary ?? "-")",
      "folder: \(plugin.folder)", "state: \(plugin.status)",
    ]
    for (label, items, separator) in plugin.contributions.kinds {
      lines.append("\(label): \(items.isEmpty ? "-" : items.joined(separator: separator))")
    }
    lines.append(
      "budgets: \(budgets.instructions) instructions and \(budgets.milliseconds) ms per callback, "
        + "\(budgets.memoryBytes >> 20) MB of memory; folio.state: \(budgets.stateValueBytes >> 10) KB a value, "
        + "\(budgets.stateBytes >> 10) KB in all")
    if !plugin.log.isEmpty { lines += ["log:"] + plugin.log.map { "  " + $0 } }
    return lines.joined(separator: "\n")
  }

  private func recoveryList(_ listing: RecoveryListing) -> String {
    guard !listing.entries.isEmpty || !listing.backups.isEmpty else { return "Nothing to recover." }
    var lines = listing.entries.map { entry in
      "\(entry.number)  \(entry.path ?? entry.title + " (untitled)") — \(entry.size) bytes, from pid "
        + "\(entry.pid) on \(entry.host), \(entry.written)"
    }
    if !listing.entries.isEmpty {
      lines.append("'recover N' opens one with its unsaved changes; 'recover N --discard' drops them.")
    }
    for backup in listing.backups {
      lines.append("Safety copy of a file an unfinished save was writing in place: \(backup)")
    }
    return lines.joined(separator: "\n")
  }

  private func documentInfo(_ info: DocumentInfo) -> String {
    let document = info.document
    let amount =
      document.kind == .text
      ? "\(info.itemCount) line\(info.itemCount == 1 ? "" : "s")"
      : "\(info.itemCount) row\(info.itemCount == 1 ? "" : "s") × \(info.columns.count) columns (\(info.columns.joined(separator: ", ")))"
    var fields: [(String, String)] = [
      ("Title", document.title), ("URL", document.url ?? "not saved yet"),
      ("Kind", document.kind == .text ? "text" : "table (\(info.format.rawValue))"), ("Content", amount),
    ]
    if let size = info.size { fields.append(("Size", "\(size) byte\(size == 1 ? "" : "s")")) }
    if let modified = info.modified { fields.append(("Modified", modified)) }
    fields.append(("Unsaved changes", document.isDirty ? "yes" : "no"))
    if let onDisk = info.onDisk { fields.append(("On disk", Self.diskDescription(onDisk))) }
    if let holder = info.lockedBy { fields.append(("Locked by", "another Folio, \(holder)")) }
    let width = fields.map(\.0.displayWidth).max() ?? 0
    return fields.map { style.secondary(($0.0 + ":").padded(to: width + 1)) + " " + $0.1 }.joined(
      separator: "\n")
  }

  private func documentView(_ view: DocumentView) -> String {
    switch view {
    case .lines(_, let lines):
      guard !lines.isEmpty else { return "(no lines)" }
      let width = String(lines.last?.number ?? 0).count
      return lines.map { line in
        let number = String(line.number)
        // Tabs stay (a terminal lines them up); other control characters are escaped, so a
        // line can neither break the numbering nor send the terminal a command.
        let text = line.text.split(separator: "\t", omittingEmptySubsequences: false)
          .map(\.displayedOnOneLine).joined(separator: "\t")
        return style.secondary(String(repeating: " ", count: width - number.count) + number) + "  " + text
      }.joined(separator: "\n")
    case .table(let table): return tableView(table)
    }
  }

  /// Between two cells of a line: ` │ `; the rule under the header crosses it as `─┼─`.
  private static let cellSeparator = " │ "

  /// The widths of what `tableView` draws around a table's cells, which the core fits the
  /// columns around: the separator, the rule's ends one column outside the first and last
  /// cell, the gutter's two marks (▸ and ★), and the narrowest cut column (three characters
  /// and `…`).
  /// The widths the text renderers draw with, which the session fits layouts around: the
  /// window's frame is the `│` at either end of the toolbar's and the screen's lines.
  static let layoutMetrics = LayoutMetrics(
    table: tableMetrics, toolbar: ToolbarTextRenderer.metrics,
    paneSeparatorWidth: ScreenTextRenderer.paneSeparator.count, frameWidth: ToolbarTextRenderer.frameWidth)

  static let tableMetrics = TableMetrics(
    separatorWidth: cellSeparator.count, edgeWidth: 2, gutterWidth: 2, minimumColumnWidth: 4)

  /// A table laid out by its view, as one text: see `TableLines` (and `VerticalTableLines`
  /// for `show --vertical`).
  private func tableView(_ table: TableView) -> String {
    if table.isVertical {
      let layout = VerticalTableLines(table: table, style: style)
      guard !table.rows.isEmpty else { return TableLines.noRows }
      return table.rows.indices.map { layout.block(for: table.rows[$0], isFirst: $0 == 0) }
        .joined(separator: "\n")
    }
    let layout = TableLines(table: table, style: style, cutsCells: cutsCells)
    var text = layout.heading.joined(separator: "\n")
    if table.rows.isEmpty { text += "\n" + TableLines.noRows }
    var row = TableViewRowBytes()
    var line: [UInt8] = []
    for index in table.rows.indices {
      table.rows.read(index, into: &row)
      line.removeAll(keepingCapacity: true)
      line.append(UInt8(ascii: "\n"))
      layout.appendLine(for: row, to: &line)
      text += String(decoding: line, as: UTF8.self)
    }
    if let notice = Self.omittedColumnsNotice(table, style: style) { text += "\n" + notice }
    return text
  }

  /// The line after a table whose compact window left columns out: how many, which, and
  /// what shows them; nil when every column showed.
  static func omittedColumnsNotice(_ table: TableView, style: TextStyle) -> String? {
    let omitted = table.omittedColumns
    guard !omitted.isEmpty else { return nil }
    let count = omitted.count == 1 ? "1 more column" : "\(omitted.count) more columns"
    return style.secondary(
      "… \(count) left out at this width: "
        + omitted.map(\.displayedOnOneLine).joined(separator: ", ") + " (show --vertical shows them)")
  }

  /// The lines of a table laid out by its view, made one at a time so that `show` writes
  /// each row as it is read: the gutter (▸ selected, ★ favorite) once a row has a mark,
  /// right-aligned row numbers, each column at the width it got, numbers right-aligned and
  /// long cells cut with `…`.
  ///
  /// Rows are written as bytes (`appendLine(for:to:)`): a cell of printable ASCII is cut and
  /// padded by its byte count, any other goes through `TableColumn.format`, so the text is
  /// the same either way. The cells before the columns' — the gutter and the row number —
  /// come from `forEachLeadingCell`, the one place a new leading column is added (with its
  /// width in `TableView`'s overhead and the rule's widths in `heading`).
  ///
  /// Lines are made in time linear in the columns. With a `cancellation` token, a line is
  /// cut short once it is cancelled (checked every `TableView.columnsBetweenChecks`
  /// columns), for the caller to check the token and drop it.
  struct TableLines {
    /// What shows instead of rows when there are none.
    static let noRows = "(no rows)"
    /// How many lines `heading` has: the header and its rule.
    static let headingLineCount = 2

    let table: TableView
    let style: TextStyle
    /// Stops a line being made once cancelled; nil makes every line whole.
    var cancellation: CancellationToken? = nil

    /// Whether a line being made, at column `index`, is to stop: every
    /// `TableView.columnsBetweenChecks` columns, once `cancellation` is cancelled.
    private func stops(at index: Int) -> Bool {
      index % TableView.columnsBetweenChecks == TableView.columnsBetweenChecks - 1
        && cancellation?.isCancelled == true
    }

    /// Whether a cell longer than its fitted column is cut with `…` (for a terminal); when
    /// false (a pipe or a file) it is written whole, and the rest of its line moves right. A
    /// fixed width (`columns=name:12`) cuts either way: the reader asked for it.
    var cutsCells = true

    /// The header line and the rule under it.
    var heading: [String] {
      let widths =
        (table.isEditing ? [table.metrics.selectionMarkWidth] : [])
        + (table.hasGutter ? [table.metrics.gutterWidth] : []) + [table.positionWidth]
        + (table.decorationWidth > 0 ? [table.decorationWidth] : []) + table.columns.map(\.width)
      var bytes: [UInt8] = []
      var ends: [Int] = []
      ends.reserveCapacity(table.columns.count)
      for (index, column) in table.columns.enumerated() {
        if stops(at: index) { break }
        bytes.append(contentsOf: column.title.utf8)
        ends.append(bytes.count)
      }
      var line: [UInt8] = []
      bytes.withUnsafeBufferPointer { titles in
        appendLine(
          selection: " ", gutter: "  ", position: "#",
          decoration: String(repeating: " ", count: table.decorationWidth), cellCount: ends.count, to: &line
        ) { index in
          UnsafeBufferPointer(rebasing: titles[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
        }
      }
      var rule: [UInt8] = []
      for (index, width) in widths.enumerated() {
        if stops(at: index) { break }
        if index > 0 { rule.append(contentsOf: Self.ruleCross) }
        for _ in 0..<(width + 2) { rule.append(contentsOf: Self.ruleLine) }
      }
      return [style.heading(String(decoding: line, as: UTF8.self)), String(decoding: rule, as: UTF8.self)]
    }

    private static let ruleLine = Array("─".utf8)
    private static let ruleCross = Array("┼".utf8)

    /// Appends the line of one row, without its line feed, to `line`.
    func appendLine(for row: TableViewRowBytes, to line: inout [UInt8]) {
      let gutter =
        switch (row.isSelected && !table.isEditing, row.isFavorite) {
        case (true, true): "▸★"
        case (true, false): "▸ "
        case (false, true): " ★"
        case (false, false): "  "
        }
      let count = min(row.cellCount, table.columns.count)
      row.bytes.withUnsafeBufferPointer { bytes in
        appendLine(
          selection: Self.selectionMark(isSelected: row.isSelected), gutter: gutter,
          position: String(row.position),
          decoration: TableDecorationPlan.glyphs(of: table.decorations, met: row.decorations),
          cellCount: count, to: &line
        ) { index in
          UnsafeBufferPointer(rebasing: bytes[row.range(ofCell: index)])
        }
      }
    }

    /// A row's cell in the selection column of edit mode [EditButton]: ◯ unselected, ●
    /// selected.
    static func selectionMark(isSelected: Bool) -> String { isSelected ? "●" : "◯" }

    /// The cells before the columns', in order: the selection column in edit mode, the
    /// gutter (▸ selected outside edit mode, ★ favorite) when it shows, the row number,
    /// right-aligned, then the decoration column when the table has decorations (one place
    /// per decoration, its glyph when the row meets it).
    private func forEachLeadingCell(
      selection: String, gutter: String, position: String, decoration: String, _ body: (String) -> Void
    ) {
      if table.isEditing { body(selection) }
      if table.hasGutter { body(gutter) }
      body(String(repeating: " ", count: max(0, table.positionWidth - position.count)) + position)
      if !table.decorations.isEmpty { body(decoration) }
    }

    /// Appends a line — the leading cells, then the first `cellCount` columns' cells (each
    /// column's when nil), separated, spaces at its end trimmed — to `line`.
    private func appendLine(
      selection: String, gutter: String, position: String, decoration: String, cellCount: Int? = nil,
      to line: inout [UInt8],
      cell: (Int) -> UnsafeBufferPointer<UInt8>
    ) {
      let start = line.count
      line.append(Self.space)
      var isFirst = true
      forEachLeadingCell(selection: selection, gutter: gutter, position: position, decoration: decoration) {
        text in
        if !isFirst { line.append(contentsOf: Self.separator) }
        isFirst = false
        line.append(contentsOf: text.utf8)
      }
      var lastSeparator = line.count
      var isLastCellASCII = true
      for index in 0..<(cellCount ?? table.columns.count) {
        if stops(at: index) { break }
        lastSeparator = line.count
        line.append(contentsOf: Self.separator)
        let column = table.columns[index]
        isLastCellASCII = Self.append(
          cell(index), as: column, cutting: cutsCells || Self.isFixed(column),
          to: &line)
      }
      if isLastCellASCII {
        while line.count > start, line[line.count - 1] == Self.space { line.removeLast() }
      } else {
        // A space after some characters (a prepended mark) is part of them, not trimmed:
        // the last cell's text is trimmed as characters, from its separator on.
        let tail = String(decoding: line[lastSeparator...], as: UTF8.self).trimmingTrailingSpaces
        line.removeSubrange(lastSeparator...)
        line.append(contentsOf: tail.utf8)
      }
    }

    /// Appends a cell's text made exactly as wide as `column` (`TableColumn.format`): text
    /// of printable ASCII cut and padded by its byte count, other text through `format`;
    /// unless `cutting`, a text longer than the column is appended whole.
    ///
    /// - Returns: whether the text was printable ASCII.
    private static func append(
      _ text: UnsafeBufferPointer<UInt8>, as column: TableColumn, cutting: Bool, to line: inout [UInt8]
    ) -> Bool {
      guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
        let string = String(decoding: text, as: UTF8.self)
        if !cutting, case let shown = string.displayedOnOneLine, shown.cells > column.width {
          line.append(contentsOf: shown.utf8)
        } else {
          line.append(contentsOf: column.format(string).utf8)
        }
        return false
      }
      let width = column.width
      if !cutting, text.count > width {
        line.append(contentsOf: text)
        return true
      }
      if text.count > width {
        guard width > 0 else { return true }
        line.append(contentsOf: UnsafeBufferPointer(rebasing: text[0..<(width - 1)]))
        line.append(contentsOf: ellipsis)
        return true
      }
      let padding = width - text.count
      if column.alignment == .trailing {
        line.append(contentsOf: repeatElement(space, count: padding))
        line.append(contentsOf: text)
      } else {
        line.append(contentsOf: text)
        line.append(contentsOf: repeatElement(space, count: padding))
      }
      return true
    }

    /// Whether the column's width was fixed by the reader (`columns=name:12`).
    private static func isFixed(_ column: TableColumn) -> Bool {
      if case .fixed = column.widthRule { return true }
      return false
    }

    private static let space = UInt8(ascii: " ")
    private static let separator = Array(TextRenderer.cellSeparator.utf8)
    private static let ellipsis = Array("…".utf8)
  }

  private func selection(_ report: SelectionReport) -> String {
    let mode = report.isEditing ? " (edit mode)" : ""
    guard !report.rows.isEmpty else { return "Nothing is selected in \(report.document)\(mode)." }
    let count = report.rows.count
    let shown = report.rows.prefix(20).map { "\($0.position) (id:\($0.id))" }.joined(separator: ", ")
    let more = count > 20 ? ", … \(count - 20) more" : ""
    return "\(count) row\(count == 1 ? "" : "s") selected in \(report.document)\(mode): \(shown)\(more)"
  }

  private func dialog(_ dialog: Dialog) -> String {
    var lines = dialog.titleVisibility == .hidden ? [] : [style.heading(dialog.title)]
    if let message = dialog.message {
      lines.append(width.map { message.wrapped(toWidth: min(80, max(20, $0))) } ?? message)
    }
    if let field = dialog.textField {
      lines.append("  \(field.label): [\(field.text)]")
      lines.append(
        style.secondary(
          "Type the \(field.text.isEmpty ? "" : "new ")\(field.label.lowercased()) on the next line "
            + "('choose TEXT'), or 'cancel'."))
      return lines.joined(separator: "\n")
    }
    for (index, button) in dialog.buttons.enumerated() {
      let title =
        button.role == .destructive ? style.destructive(button.title) + " (destructive)" : button.title
      lines.append("  \(index + 1). \(title)")
    }
    lines.append(style.secondary("Answer with 'choose N' or 'choose TITLE', or 'cancel'."))
    return lines.joined(separator: "\n")
  }

  /// The note of a dialog the session dismissed on its own, then what its Cancel did.
  private func dismissal(_ dismissal: DialogDismissal) -> String {
    let gone =
      switch dismissal.reason {
      case .rowDeleted: "its row “\(dismissal.dialog.presenting?.title ?? "")” was deleted"
      case .windowClosed: "the window of its row “\(dismissal.dialog.presenting?.title ?? "")” was closed"
      case .unanswered: "it was dropped unanswered"
      }
    let note = style.secondary(
      "Dismissed “\(dismissal.dialog.title)” as \(dismissal.dialog.cancelButton.title): \(gone).")
    // A command's Cancel says it kept the document as it is, which the row's going belies:
    // the note says what happened.
    if case .document(let report) = dismissal.output, case .keptUnchanged = report.event { return note }
    return ([note] + [render(dismissal.output)].compactMap { $0 }).joined(separator: "\n")
  }

  private func commandList(_ commands: [CommandSummary]) -> String {
    guard !commands.isEmpty else { return "No commands match." }
    let rows = commands.map { command in
      [
        command.id, command.title, command.role?.rawValue ?? "",
        command.availability.isEnabled ? "✓" : command.availability.isVisible ? "—" : "hidden",
        command.state?.description ?? "",
        command.shortcut ?? "",
      ]
    }
    return TextTable(headers: ["id", "title", "role", "enabled", "state", "shortcut"], rows: rows)
      .render(style: style)
  }

  private func helpIndex(_ sections: [HelpSection]) -> String {
    let usages = sections.flatMap(\.commands).map(\.usage)
    let width = min(32, (usages.map(\.displayWidth).max() ?? 0) + 2)
    var lines: [String] = []
    // A window too narrow for a summary column of 20 beside the usages stacks them: each
    // usage wrapped to the window, its summary under it, indented.
    if let window = self.width, window - width - 2 < 20 {
      for section in sections {
        lines.append(style.heading(section.category))
        for command in section.commands {
          // Continuation lines of a usage are indented as its summary is, both within it.
          let usage = Self.breakingChoices(command.usage, toWidth: max(10, window - 4))
            .wrapped(toWidth: max(10, window - 4)).split(separator: "\n")
          lines += usage.enumerated().map { ($0.offset == 0 ? "  " : "    ") + $0.element }
          let summary = command.summary.wrapped(toWidth: max(10, window - 4)).split(separator: "\n")
          lines += summary.map { "    " + $0 }
        }
      }
      lines.append("")
      lines += "'help COMMAND' shows a command's usage; 'commands FILTER' searches every command."
        .wrapped(toWidth: window).split(separator: "\n").map(String.init)
      return lines.joined(separator: "\n")
    }
    for section in sections {
      lines.append(style.heading(section.category))
      for command in section.commands {
        let usage = "  " + command.usage
        // The summary wraps to the window, each line under the first, never narrower than 20.
        let summary =
          self.width.map { command.summary.wrapped(toWidth: max(20, $0 - width - 2)) } ?? command.summary
        let beside = usage.displayWidth <= width
        lines += Self.hanging(
          beside ? usage.padded(to: width + 2) : usage, summary, indent: width + 2, beside: beside)
      }
    }
    lines.append("")
    lines.append("'help COMMAND' shows a command's usage; 'commands FILTER' searches every command.")
    return lines.joined(separator: "\n")
  }

  private func commandHelp(_ command: CommandSummary) -> String {
    let summary = width.map { command.summary.wrapped(toWidth: min(80, max(20, $0))) } ?? command.summary
    var lines = ["usage: \(command.usage)", "", summary]
    if let details = command.details {
      lines += ["", details.wrapped(toWidth: min(80, max(20, width ?? 80)))]
    }
    let parameters = command.parameters.map { parameter in
      let name: String =
        switch parameter.style {
        case .option:
          parameter.kind == .bool ? "--\(parameter.name)" : "--\(parameter.name) \(parameter.placeholder)"
        case .rest: parameter.placeholder + "…"
        case .positional: parameter.placeholder
        }
      return (name, Self.parameterFacts(parameter), parameter.summary)
    }
    if !parameters.isEmpty {
      let width = parameters.map(\.0.displayWidth).max() ?? 0
      let factsWidth = parameters.map(\.1.displayWidth).max() ?? 0
      // In a window, a description goes on under itself past the two columns; when that
      // leaves it under 20 columns, it starts on the next line instead.
      let indent = 2 + width + 2 + factsWidth + 2
      let hanging = self.width.map { $0 - indent >= 20 } ?? true
      let summaryIndent = hanging ? indent : 6
      lines += ["", style.heading("Arguments")]
      for (name, facts, summary) in parameters {
        let summary = self.width.map { summary.wrapped(toWidth: max(20, $0 - summaryIndent)) } ?? summary
        let head = "  " + name.padded(to: width) + "  " + style.secondary(facts.padded(to: factsWidth))
        let described = Self.hanging(
          hanging ? head + "  " : head, summary, indent: summaryIndent, beside: hanging)
        lines.append(described[0].trimmingTrailingSpaces)
        lines += described.dropFirst()
      }
    }
    var facts = ["id: \(command.id)"]
    if let verb = command.verb, command.name != verb { facts.append("name: \(verb)") }
    if let shortcut = command.shortcut { facts.append("shortcut: \(shortcut)") }
    if let state = command.state { facts.append("state: \(state)") }
    if command.owner != "built-in" { facts.append("from: \(command.owner)") }
    switch command.availability {
    case .enabled: break
    case .disabled(let reason): facts.append("disabled: \(reason)")
    case .hidden(let reason): facts.append("hidden: \(reason)")
    }
    // On one line when it fits the window; otherwise a fact a line, each wrapped.
    lines.append("")
    if let window = width, facts.joined(separator: "   ").displayWidth > window {
      lines += facts.map { style.secondary($0.wrapped(toWidth: max(20, window))) }
    } else {
      lines.append(style.secondary(facts.joined(separator: "   ")))
    }
    return lines.joined(separator: "\n")
  }

  /// `head` with the first line of `text` after it and the other lines under that, led by
  /// `indent` blanks; when not `beside`, `head` alone and every line of `text` under it.
  /// A usage whose lists of choices wider than `width` (`info|load|…|check`) are broken
  /// after a `|`, so that wrapping can put the rest on the next line.
  private static func breakingChoices(_ usage: String, toWidth width: Int) -> String {
    usage.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
      guard String(word).displayWidth > width, word.contains("|") else { return String(word) }
      var pieces: [String] = []
      var piece = ""
      for choice in word.split(separator: "|", omittingEmptySubsequences: false) {
        let next = piece.isEmpty ? String(choice) : piece + "|" + choice
        if !piece.isEmpty, next.displayWidth + 1 > width {
          pieces.append(piece + "|")
          piece = String(choice)
        } else {
          piece = next
        }
      }
      pieces.append(piece)
      return pieces.joined(separator: " ")
    }.joined(separator: " ")
  }

  private static func hanging(_ head: String, _ text: String, indent: Int, beside: Bool) -> [String] {
    var rest = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    let margin = String(repeating: " ", count: indent)
    let first = beside ? head + (rest.popFirst() ?? "") : head
    return [first] + rest.map { margin + $0 }
  }

  /// A parameter's name (as `name=value` takes it), type and whether it may be left out:
  /// `who: text, optional`, `mode: one of fast|slow`.
  private static func parameterFacts(_ parameter: Parameter) -> String {
    let type: String =
      switch parameter.kind {
      case .string: parameter.style == .rest ? "words" : "text"
      case .int: "integer"
      case .number: "number"
      case .bool: parameter.style == .option ? "flag" : "yes/no"
      case .path: "path"
      case .choice(let choices): "one of " + choices.joined(separator: "|")
      }
    return "\(parameter.name): \(type)"
      + (parameter.isOptional && parameter.kind != .bool ? ", optional" : "")
  }

  private func settings(_ settings: [Setting]) -> String {
    let width = settings.map(\.name.displayWidth).max() ?? 0
    let valueWidth = settings.map(\.value.displayWidth).max() ?? 0
    return settings.map { setting in
      let allowed =
        setting.allowedValues.isEmpty ? "" : style.secondary(setting.allowedValues.joined(separator: "|"))
      return (setting.name.padded(to: width) + "  " + setting.value.padded(to: valueWidth) + "  " + allowed)
        .trimmingTrailingSpaces
    }.joined(separator: "\n")
  }

  /// The tab bar, the selected tab bracketed, then the tab's content when `tab` showed it.
  private func tabView(_ report: TabViewReport) -> String {
    var lines = [
      report.tabs.map { tab in
        let label = SymbolGlyphs.glyph(for: tab.icon) + " " + tab.name
        return tab.name == report.selected ? "[\(label)]" : " \(label) "
      }.joined(separator: " ").trimmingTrailingSpaces
    ]
    if !report.hasSettingsTab { lines.append(style.secondary("Settings is a scene of its own: 'settings'")) }
    if let content = report.content, let text = render(content) { lines.append(text) }
    if case .recentDocuments(let documents)? = report.content, !documents.isEmpty {
      lines.append(style.secondary("Open one with 'recent open N', or from File › Open Recent."))
    }
    return lines.joined(separator: "\n")
  }

  /// The scene tree, one node a line, indented under the node that holds it.
  private func sceneTree(_ tree: SceneTree) -> String {
    var lines = ["\(tree.app) on \(tree.platform.rawValue)"]
    func add(_ node: SceneTree.Node, depth: Int) {
      var text = String(repeating: "  ", count: depth + 1) + node.kind.rawValue
      if let icon = node.icon { text += " " + SymbolGlyphs.glyph(for: icon) }
      if let title = node.title {
        text += " “\(title)”"
      }
      if let id = node.id, id != node.title { text += " (\(id))" }
      if let detail = node.detail { text += ": " + detail }
      lines.append(text)
      for child in node.children { add(child, depth: depth + 1) }
    }
    for scene in tree.scenes { add(scene, depth: 0) }
    return lines.joined(separator: "\n")
  }

  /// The Settings scene: each setting's key, value, accepted values and where it is kept.
  private func appSettings(_ report: SettingsReport) -> String {
    var lines: [String] = []
    if let message = report.message { lines.append(message) }
    lines.append(report.isTab ? "Settings (the Settings tab)" : "Settings (a scene of its own)")
    let rows = report.settings.map { setting in
      [
        setting.key, setting.value, setting.allowedValues.joined(separator: "|"),
        setting.isPersisted ? "saved" : "session",
      ]
    }
    lines.append(TextTable(headers: ["key", "value", "values", "kept"], rows: rows).render(style: style))
    return lines.joined(separator: "\n")
  }
}
