extension Workspace {
  /// The detail column for the active document: its first `rows` lines or rows (only the
  /// first column of a table when `compact`, drawn with `metrics`), or the placeholder when
  /// none is open.
  public func screenDetail(rows: Int, compact: Bool, metrics: TableMetrics) -> WindowScreen.Detail {
    guard let document = active else { return .placeholder(WindowScreen.placeholder) }
    let count: Int
    switch document.content {
    case .text(let text): count = text.lines.count
    case .table(let table): count = table.rowCount
    }
    let shown = min(max(rows, 0), count)
    let positions = shown == 0 ? nil : Array(1...shown)
    let view =
      (try? view(of: document, positions: positions, compact: compact, metrics: metrics))
      ?? .lines(title: document.title, lines: [])
    return .document(view, remaining: count - shown)
  }

  /// The sidebar's rows: the open documents in `docs` order, the active one selected.
  public var screenDocumentEntries: [WindowScreen.ListEntry] {
    documents.enumerated().map { index, document in
      WindowScreen.ListEntry(
        title: document.title, window: index + 1, isSelected: document.windowID == activeWindowID,
        isDirty: document.isDirty)
    }
  }
}
