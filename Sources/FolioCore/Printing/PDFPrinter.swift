import CCairo

/// Prints pages to PDF through cairo, which is opened on the first print (see `CCairo`).
public enum PDFPrinter {
  /// Writes pages to a PDF file, replacing it whole or leaving it as it was.
  ///
  /// Every page is drawn on the grid of the document's ``PageLayout``, laid out with Pango:
  /// the header in bold on the first row, the body lines from the third, the footer on the
  /// last. Text is set in DejaVu Sans Mono, and characters it lacks in the font fontconfig
  /// finds for them (Noto CJK for Chinese, Japanese and Hangul, Noto Color Emoji, DejaVu Sans
  /// for Arabic), shaped by HarfBuzz so combining marks sit on their letters and Arabic
  /// joins. Each character is placed at its grid cells, so columns stay aligned by display
  /// width. The fonts are embedded as subsets that map back to Unicode, so text copied or
  /// extracted from the PDF is the text printed. The PDF's title metadata is the document's
  /// full title.
  ///
  /// - Parameters:
  ///   - document: The paginated document.
  ///   - path: The file to write; an existing file there is replaced.
  ///   - cancellation: checked before each page is drawn; once cancelled, nothing is written.
  ///   - progress: told the pages drawn and the pages in all, every 16 pages and at the end.
  /// - Returns: The number of pages written and the characters the font could not draw.
  /// - Throws: `FolioError` with code `.io` when libcairo cannot be loaded ("print: cannot
  ///   load libcairo.so.2: …", or libpangocairo-1.0.so.0) or cairo or the file system fails, in which case no
  ///   half-written file is left behind; `.invalidArgument` when there are no pages;
  ///   `FolioError.interrupted` once `cancellation` is cancelled.
  @discardableResult
  public static func write(
    _ document: PrintedDocument, to path: String, cancellation: CancellationToken? = nil,
    progress: ((_ pages: Int, _ total: Int) -> Void)? = nil
  ) throws(FolioError) -> PDFPrintSummary {
    // cairo would still write a blank page, which no caller asked for.
    guard !document.pages.isEmpty else { throw .invalidArgument("there are no pages to print") }
    let cairo = try loadCairo()
    // A PDF is small next to its document (about 1 MB for 1,000 pages): render it in memory
    // and hand the bytes to the same atomic write that saves documents.
    let sink = ByteSink()
    let summary = try withExtendedLifetime(sink) { () throws(FolioError) in
      try render(
        document, into: sink, path: path, cairo: cairo, cancellation: cancellation, progress: progress)
    }
    try DocumentFile.writeAtomically(sink.bytes, to: path)
    return summary
  }

  /// cairo's functions, from libcairo.so.2 opened the first time.
  private static func loadCairo() throws(FolioError) -> folio_cairo {
    var error: UnsafePointer<CChar>?
    guard let functions = folio_cairo_load(&error) else {
      throw FolioError(.io, "print: " + (error.map { String(cString: $0) } ?? "cannot load libcairo.so.2"))
    }
    return functions.pointee
  }

  private static func render(
    _ document: PrintedDocument, into sink: ByteSink, path: String, cairo: folio_cairo,
    cancellation: CancellationToken?, progress: ((Int, Int) -> Void)?
  ) throws(FolioError) -> PDFPrintSummary {
    let layout = document.layout
    let closure = Unmanaged.passUnretained(sink).toOpaque()
    guard
      let surface = cairo.pdf_surface_create_for_stream(
        { closure, data, length in
          guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
          let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
          guard !sink.isAbandoned else { return CAIRO_STATUS_WRITE_ERROR }
          sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(length)))
          return CAIRO_STATUS_SUCCESS
        }, closure, layout.width, layout.height)
    else { throw FolioError.io(path, "cairo could not create a PDF surface") }
    defer { cairo.surface_destroy(surface) }
    try check(cairo.surface_status(surface), path: path, cairo: cairo)

    cairo.pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, document.title)
    cairo.pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Folio")

    guard let context = cairo.create(surface) else {
      throw FolioError.io(path, "cairo could not create a drawing context")
    }
    defer { cairo.destroy(context) }
    let regular = try GridFont(PageLayout.fontFamily + " " + String(PageLayout.fontSize), path: path)
    let bold = try GridFont(PageLayout.fontFamily + " Bold " + String(PageLayout.fontSize), path: path)
    var drawing = LineDrawing(context: context, layout: layout, path: path)

    for (number, page) in document.pages.enumerated() {
      if number % 16 == 0, number > 0 { progress?(number, document.pages.count) }
      // A page takes about a millisecond: Ctrl-C stops a long print between two of them.
      // Destroying the surface unfinished would finish it, writing out every page drawn and
      // the fonts' subsets; an abandoned sink makes that stop at its first write.
      if cancellation?.isCancelled == true {
        sink.isAbandoned = true
        throw FolioError.interrupted
      }
      try drawing.draw(page.header, row: 0, font: bold)
      for (index, line) in page.lines.enumerated() {
        if document.columns.isEmpty || line.isPrintableASCII {
          try drawing.draw(line, row: 2 + index, font: regular)
        } else {
          try drawing.drawCells(line, in: document.columns, row: 2 + index, font: regular)
        }
      }
      try drawing.draw(page.footer, row: layout.footerRow, font: regular)
      cairo.show_page(context)
      try check(cairo.status(context), path: path, cairo: cairo)
    }
    progress?(document.pages.count, document.pages.count)
    cairo.surface_finish(surface)
    try check(cairo.surface_status(surface), path: path, cairo: cairo)

    let missing = drawing.charactersWithoutGlyphs.sorted { $0.value < $1.value }
    return PDFPrintSummary(pageCount: document.pages.count, charactersWithoutGlyphs: missing)
  }

  /// Turns a cairo failure into an error.
  private static func check(_ status: cairo_status_t, path: String, cairo: folio_cairo) throws(FolioError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw FolioError.io(path, "cairo: \(cairo.describe(status))")
  }
}

/// The bytes cairo streams out while it draws.
private final class ByteSink {
  var bytes: [UInt8] = []
  /// Set when the print is given up: cairo's writes fail from then on.
  var isAbandoned = false
}

/// A Pango font for the grid: DejaVu Sans Mono at the grid's size, with fontconfig's
/// fallbacks for the characters it lacks (see `folio_grid_font_draw`).
private final class GridFont {
  let font: OpaquePointer

  init(_ description: String, path: String) throws(FolioError) {
    var error: UnsafePointer<CChar>?
    guard let font = folio_grid_font_create(description, &error) else {
      throw FolioError(.io, "print: " + (error.map { String(cString: $0) } ?? "cannot load Pango"))
    }
    self.font = font
  }

  deinit { folio_grid_font_destroy(font) }
}

/// Draws lines of text on the grid and notes the characters no font could draw.
private struct LineDrawing {
  let context: OpaquePointer
  let layout: PageLayout
  let path: String
  private(set) var charactersWithoutGlyphs: Set<Unicode.Scalar> = []
  /// Per UTF-8 byte of the line being drawn: the first cell and the cells of its character.
  private var columns: [Int32] = []
  private var cells: [Int32] = []
  /// The byte offsets of the clusters no font could draw; room for one a byte, so every one
  /// of a line is reported.
  private var missing: [Int32] = []

  init(context: OpaquePointer, layout: PageLayout, path: String) {
    self.context = context
    self.layout = layout
    self.path = path
  }

  /// Draws a line with its first cell at column 0 of a row.
  mutating func draw(_ line: String, row: Int, font: GridFont) throws(FolioError) {
    guard !line.isEmpty else { return }
    columns.removeAll(keepingCapacity: true)
    cells.removeAll(keepingCapacity: true)
    var column: Int32 = 0
    var baseColumn: Int32 = 0
    for scalar in line.unicodeScalars {
      let width = Int32(scalar.cells)
      // A combining mark belongs to the cell of the character it combines with.
      let start = width == 0 ? baseColumn : column
      if width > 0 {
        baseColumn = column
        column += width
      }
      for _ in 0..<UTF8.width(scalar) {
        columns.append(start)
        cells.append(width)
      }
    }
    if missing.count < columns.count { missing = [Int32](repeating: 0, count: columns.count) }
    var line = line
    let count: Int32 = line.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { text in
        guard let start = text.baseAddress else { return 0 }
        return folio_grid_font_draw(
          font.font, context, start, Int32(text.count), columns, cells, layout.x(ofColumn: 0),
          layout.baseline(ofRow: row), PageLayout.cellWidth, &missing, Int32(missing.count))
      }
    }
    guard count >= 0 else { throw FolioError.io(path, "Pango could not lay out the line") }
    if count > 0 { noteMissing(Int(count), in: line) }
  }

  /// Draws a table's line cell by cell: each column's text is one Pango paragraph in the
  /// column's cells, with its own direction, so a right-to-left cell stays in its column,
  /// the columns stay in the document's order, and the text a reader copies is the cell's.
  mutating func drawCells(_ line: String, in columns: [PrintedColumn], row: Int, font: GridFont)
    throws(FolioError)
  {
    // The line is the cells padded to their columns: what starts in a column is its text,
    // and what starts in the gap after it (only the "…" of a line cut short) goes with it.
    var texts = [String](repeating: "", count: columns.count)
    var ends = columns.map { $0.start + $0.width }
    var index = 0
    var cell = 0
    for character in line {
      while index + 1 < columns.count, cell >= columns[index + 1].start { index += 1 }
      if character != " " || !texts[index].isEmpty { texts[index].append(character) }
      cell += character.cells
      if character != " " { ends[index] = max(ends[index], cell) }
    }
    let baseline = layout.baseline(ofRow: row)
    for (index, column) in columns.enumerated() where !texts[index].isEmpty {
      var text = PrintText.trimmingTrailingBlanks(texts[index])
      let width = Double(ends[index] - column.start) * PageLayout.cellWidth
      if missing.count < text.utf8.count { missing = [Int32](repeating: 0, count: text.utf8.count) }
      let count: Int32 = text.withUTF8 { utf8 in
        utf8.withMemoryRebound(to: CChar.self) { bytes in
          guard let start = bytes.baseAddress else { return 0 }
          return folio_grid_font_draw_text(
            font.font, context, start, Int32(bytes.count), layout.x(ofColumn: column.start), baseline, width,
            PageLayout.cellWidth, column.isAlignedRight ? 1 : 0, &missing, Int32(missing.count))
        }
      }
      guard count >= 0 else { throw FolioError.io(path, "Pango could not lay out the line") }
      if count > 0 { noteMissing(Int(count), in: text) }
    }
  }

  /// Adds the characters that begin the clusters at the byte offsets Pango reported.
  private mutating func noteMissing(_ count: Int, in line: String) {
    let offsets = Set(missing.prefix(count).map(Int.init))
    var offset = 0
    for scalar in line.unicodeScalars {
      if offsets.contains(offset), scalar.isVisible { charactersWithoutGlyphs.insert(scalar) }
      offset += UTF8.width(scalar)
    }
  }
}

extension Unicode.Scalar {
  /// Whether a missing glyph for the scalar would show: format characters (joiners,
  /// direction marks) and variation selectors draw nothing even in fonts that have them.
  fileprivate var isVisible: Bool {
    properties.generalCategory != .format && !(0xFE00...0xFE0F).contains(value)
      && !(0xE0100...0xE01EF).contains(value)
  }
}

extension folio_cairo {
  /// cairo's description of a status.
  func describe(_ status: cairo_status_t) -> String {
    status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
  }
}
