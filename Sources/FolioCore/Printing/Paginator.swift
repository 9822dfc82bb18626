/// Lays documents out in pages on the monospace grid of ``PageLayout``.
public enum Paginator {
  /// Lays out a print job in pages.
  ///
  /// The page size decides the grid (see ``PageLayout``): an A4 page holds 65 body lines of
  /// 92 cells, a Letter page 60 lines of 95 cells. Text lines longer than that wrap, at a
  /// blank when there is one; tabs expand to stops every 8 cells. A table prints its column
  /// names and a rule at the top of every page and one line per row, so a row never splits
  /// across pages. An empty document still prints one page.
  ///
  /// - Parameter job: What to print, on which paper, and which pages.
  /// - Returns: The pages in the job's range, each with its header and footer.
  /// - Throws: `FolioError` with code `.invalidArgument` when the page range reaches
  ///   outside the document's pages.
  public static func paginate(_ job: PrintJob) throws(FolioError) -> PrintedDocument {
    let layout = PageLayout(job.pageSize)
    let bodies = pageBodies(job.body, layout: layout)
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

  /// The body lines of every page; at least one page, perhaps empty.
  private static func pageBodies(_ body: PrintBody, layout: PageLayout) -> [[String]] {
    switch body {
    case .lines(let lines):
      var wrapped: [String] = []
      wrapped.reserveCapacity(lines.count)
      for line in lines {
        for physical in PrintText.physicalLines(line) {
          wrapped += PrintText.wrap(physical, toCells: layout.columns)
        }
      }
      return chunks(of: wrapped, size: layout.bodyLines).map(Array.init)
    case .table(let columns, let rows):
      let table = TableLines(columns: columns, rows: rows, width: layout.columns)
      return chunks(of: table.rows, size: layout.bodyLines - table.heading.count).map {
        table.heading + $0
      }
    }
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
