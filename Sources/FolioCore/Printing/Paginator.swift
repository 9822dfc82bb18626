/// Lays documents out in pages on the monospace grid of ``PageLayout``.
public enum Paginator {
  /// Lays out a print job in pages.
  ///
  /// The page size and orientation decide the grid (see ``PageLayout``): an A4 page holds
  /// 65 body lines of 92 cells, 42 of 137 turned. Text lines longer than that wrap, at a
  /// blank when there is one; tabs expand to stops every 8 cells. A table prints its column
  /// names and a rule at the top of every page; a cell too wide for its column wraps within
  /// it, and a row's lines stay on one page. With `auto`, a table whose columns need more
  /// cells than a portrait line holds prints landscape. An empty document still prints one
  /// page.
  ///
  /// - Parameters:
  ///   - job: What to print, on which paper, and which pages.
  ///   - cancellation: checked for each line or row laid out.
  /// - Returns: The pages in the job's range, each with its header and footer.
  /// - Throws: `FolioError` with code `.invalidArgument` when the page range reaches
  ///   outside the document's pages; `FolioError.interrupted` once `cancellation` is
  ///   cancelled.
  public static func paginate(
    _ job: PrintJob, cancellation: CancellationToken? = nil
  ) throws(FolioError) -> PrintedDocument {
    let portrait = PageLayout(job.pageSize)
    let layout: PageLayout
    let bodies: [[String]]
    switch job.body {
    case .lines(let lines):
      layout = job.orientation == .landscape ? PageLayout(job.pageSize, isLandscape: true) : portrait
      bodies = try lineBodies(lines, layout: layout, cancellation: cancellation)
    case .table(let columns, let rows):
      let table = try TableCells(columns: columns, rows: rows, cancellation: cancellation)
      let turns =
        job.orientation == .landscape || (job.orientation == .auto && table.naturalWidth > portrait.columns)
      layout = turns ? PageLayout(job.pageSize, isLandscape: true) : portrait
      bodies = try tableBodies(
        TableLines(table, width: layout.columns, cancellation: cancellation), layout: layout,
        cancellation: cancellation)
    }
    let count = bodies.count
    let range = job.pageRange ?? 1...count
    guard range.lowerBound >= 1, range.upperBound <= count else {
      throw outsideDocument(range, count: count)
    }
    let header = PrintText.cleanCell(job.title).truncated(toCells: layout.columns, trimmingBlanks: true)
    let pages = range.map { number in
      PrintedPage(
        number: number, count: count, header: header, lines: bodies[number - 1],
        footer: "page \(number) of \(count)")
    }
    return PrintedDocument(title: job.title, layout: layout, pages: pages)
  }

  /// The body lines of every page of text; at least one page, perhaps empty.
  private static func lineBodies(
    _ lines: [String], layout: PageLayout, cancellation: CancellationToken?
  ) throws(FolioError) -> [[String]] {
    var wrapped: [String] = []
    wrapped.reserveCapacity(lines.count)
    for line in lines {
      try cancellation?.check()
      for physical in PrintText.physicalLines(line) {
        wrapped += PrintText.wrap(physical, toCells: layout.columns)
      }
    }
    return chunks(of: wrapped, size: layout.bodyLines).map(Array.init)
  }

  /// The body lines of every page of a table: the heading, then as many whole rows as fit.
  /// A row taller than a page, which only a huge cell makes, continues on the next.
  private static func tableBodies(
    _ table: TableLines, layout: PageLayout, cancellation: CancellationToken?
  ) throws(FolioError) -> [[String]] {
    let capacity = max(1, layout.bodyLines - table.heading.count)
    var pages: [[String]] = []
    var current: [String] = []
    for row in table.rows {
      try cancellation?.check()
      if !current.isEmpty, current.count + row.count > capacity {
        pages.append(table.heading + current)
        current = []
      }
      var rest = row[...]
      while current.count + rest.count > capacity {
        let taken = capacity - current.count
        pages.append(table.heading + current + rest.prefix(taken))
        current = []
        rest = rest.dropFirst(taken)
      }
      current += rest
    }
    if !current.isEmpty || pages.isEmpty { pages.append(table.heading + current) }
    return pages
  }

  /// The lines cut into pages of `size` lines; one empty page when there are none.
  private static func chunks(of lines: [String], size: Int) -> [ArraySlice<String>] {
    guard !lines.isEmpty else { return [[]] }
    return stride(from: 0, to: lines.count, by: size).map {
      lines[$0..<min($0 + size, lines.count)]
    }
  }

  private static func outsideDocument(_ range: ClosedRange<Int>, count: Int) -> FolioError {
    let requested =
      range.count == 1 ? "page \(range.lowerBound) is" : "pages \(range.lowerBound)-\(range.upperBound) are"
    let available = count == 1 ? "only page, 1" : "1-\(count)"
    return .invalidArgument("\(requested) outside the document's \(available)")
  }
}
