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
  ///   - progress: told how many of a table's rows are laid out, every 4,096 rows and at the
  ///     end.
  /// - Returns: The pages in the job's range, each with its header and footer.
  /// - Throws: `FolioError` with code `.invalidArgument` when the page range reaches
  ///   outside the document's pages; `FolioError.interrupted` once `cancellation` is
  ///   cancelled.
  public static func paginate(
    _ job: PrintJob, cancellation: CancellationToken? = nil,
    progress: ((_ rows: Int, _ total: Int) -> Void)? = nil
  ) throws(FolioError) -> PrintedDocument {
    let portrait = PageLayout(job.pageSize)
    let layout: PageLayout
    let heading: [String]
    let text: PackedStrings
    let pages: [Range<Int>]
    var columns: [PrintedColumn] = []
    switch job.body {
    case .lines(let lines):
      layout = job.orientation == .landscape ? PageLayout(job.pageSize, isLandscape: true) : portrait
      heading = []
      text = try wrappedLines(lines, layout: layout, cancellation: cancellation)
      pages = chunks(of: text.count, size: layout.bodyLines)
    case .table(let table):
      let cells = try TableCells(table, cancellation: cancellation)
      let turns =
        job.orientation == .landscape || (job.orientation == .auto && cells.naturalWidth > portrait.columns)
      layout = turns ? PageLayout(job.pageSize, isLandscape: true) : portrait
      let lines = try TableLines(cells, width: layout.columns, cancellation: cancellation, progress: progress)
      heading = lines.heading
      text = lines.lines
      columns = lines.columns
      pages = try tablePages(lines, layout: layout, cancellation: cancellation)
    }
    let count = pages.count
    let range = job.pageRange ?? 1...count
    guard range.lowerBound >= 1, range.upperBound <= count else {
      throw outsideDocument(range, count: count)
    }
    let header = PrintText.cleanCell(job.title).truncated(toCells: layout.columns, trimmingBlanks: true)
    let printed = range.map { number in
      PrintedPage(
        number: number, count: count, header: header,
        lines: PrintedLines(heading: heading, text: text, range: pages[number - 1]),
        footer: "page \(number) of \(count)")
    }
    return PrintedDocument(title: job.title, layout: layout, pages: printed, columns: columns)
  }

  /// Every line of a text, wrapped to the page's width.
  private static func wrappedLines(
    _ lines: [String], layout: PageLayout, cancellation: CancellationToken?
  ) throws(FolioError) -> PackedStrings {
    var wrapped = PackedStrings()
    wrapped.reserve(strings: lines.count, bytes: 0)
    for line in lines {
      try cancellation?.check()
      for physical in PrintText.physicalLines(line) {
        for piece in PrintText.wrap(physical, toCells: layout.columns) { wrapped.append(piece) }
      }
    }
    return wrapped
  }

  /// The lines of every page of a table, as indices into its lines; each page prints the
  /// heading above them. A page takes as many whole rows as fit; a row taller than a page,
  /// which only a huge cell makes, continues on the next.
  private static func tablePages(
    _ table: TableLines, layout: PageLayout, cancellation: CancellationToken?
  ) throws(FolioError) -> [Range<Int>] {
    let capacity = max(1, layout.bodyLines - table.heading.count)
    var pages: [Range<Int>] = []
    // The current page's lines: from `start`, `current` of them.
    var start = 0
    var current = 0
    for row in 0..<table.rowCount {
      try cancellation?.check()
      var rest = table.lineRange(ofRow: row).count
      if current > 0, current + rest > capacity {
        pages.append(start..<start + current)
        start += current
        current = 0
      }
      while current + rest > capacity {
        let taken = capacity - current
        pages.append(start..<start + current + taken)
        start += current + taken
        current = 0
        rest -= taken
      }
      current += rest
    }
    if current > 0 || pages.isEmpty { pages.append(start..<start + current) }
    return pages
  }

  /// `count` lines cut into pages of `size` lines; one empty page when there are none.
  private static func chunks(of count: Int, size: Int) -> [Range<Int>] {
    guard count > 0 else { return [0..<0] }
    return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
  }

  private static func outsideDocument(_ range: ClosedRange<Int>, count: Int) -> FolioError {
    let requested =
      range.count == 1 ? "page \(range.lowerBound) is" : "pages \(range.lowerBound)-\(range.upperBound) are"
    let available = count == 1 ? "only page, 1" : "1-\(count)"
    return .invalidArgument("\(requested) outside the document's \(available)")
  }
}
