import CCairo

/// Prints pages to PDF through cairo, which is opened on the first print (see `CCairo`).
public enum PDFPrinter {
  /// Writes pages to a PDF file, replacing it whole or leaving it as it was.
  ///
  /// Every page is drawn on the grid of the document's ``PageLayout`` in DejaVu Sans Mono:
  /// the header in bold on the first row, the body lines from the third, the footer on the
  /// last. Each character is placed at its grid cell, so columns stay aligned even around
  /// wide characters and combining marks. The fonts are embedded as subsets that map back
  /// to Unicode, so text copied or extracted from the PDF is the text printed. The PDF's
  /// title metadata is the document's full title.
  ///
  /// - Parameters:
  ///   - document: The paginated document.
  ///   - path: The file to write; an existing file there is replaced.
  /// - Returns: The number of pages written and the characters the font could not draw.
  /// - Throws: `FolioError` with code `.io` when libcairo cannot be loaded ("print: cannot
  ///   load libcairo.so.2: …") or cairo or the file system fails, in which case no
  ///   half-written file is left behind; `.invalidArgument` when there are no pages.
  @discardableResult
  public static func write(
    _ document: PrintedDocument, to path: String
  ) throws(FolioError) -> PDFPrintSummary {
    // cairo would still write a blank page, which no caller asked for.
    guard !document.pages.isEmpty else { throw .invalidArgument("there are no pages to print") }
    let cairo = try loadCairo()
    // A PDF is small next to its document (about 1 MB for 1,000 pages): render it in memory
    // and hand the bytes to the same atomic write that saves documents.
    let sink = ByteSink()
    let summary = try withExtendedLifetime(sink) { () throws(FolioError) in
      try render(document, into: sink, path: path, cairo: cairo)
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
    _ document: PrintedDocument, into sink: ByteSink, path: String, cairo: folio_cairo
  ) throws(FolioError) -> PDFPrintSummary {
    let layout = document.layout
    let closure = Unmanaged.passUnretained(sink).toOpaque()
    guard
      let surface = cairo.pdf_surface_create_for_stream(
        { closure, data, length in
          guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
          let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
          sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(length)))
          return CAIRO_STATUS_SUCCESS
        }, closure, layout.pageSize.width, layout.pageSize.height)
    else { throw FolioError.io(path, "cairo could not create a PDF surface") }
    defer { cairo.surface_destroy(surface) }
    try check(cairo.surface_status(surface), path: path, cairo: cairo)

    cairo.pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, document.title)
    cairo.pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Folio")

    guard let context = cairo.create(surface) else {
      throw FolioError.io(path, "cairo could not create a drawing context")
    }
    defer { cairo.destroy(context) }
    let regular = try PDFFont(weight: CAIRO_FONT_WEIGHT_NORMAL, path: path, cairo: cairo)
    let bold = try PDFFont(weight: CAIRO_FONT_WEIGHT_BOLD, path: path, cairo: cairo)
    var drawing = LineDrawing(context: context, layout: layout, path: path, cairo: cairo)

    for page in document.pages {
      try drawing.draw(page.header, row: 0, font: bold)
      for (index, line) in page.lines.enumerated() {
        try drawing.draw(line, row: 2 + index, font: regular)
      }
      try drawing.draw(page.footer, row: layout.footerRow, font: regular)
      cairo.show_page(context)
      try check(cairo.status(context), path: path, cairo: cairo)
    }
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
}

/// A scaled DejaVu Sans Mono at the grid's font size.
private final class PDFFont {
  let scaledFont: OpaquePointer
  private let cairo: folio_cairo

  init(weight: cairo_font_weight_t, path: String, cairo: folio_cairo) throws(FolioError) {
    self.cairo = cairo
    let face = cairo.toy_font_face_create(PageLayout.fontFamily, CAIRO_FONT_SLANT_NORMAL, weight)
    defer { cairo.font_face_destroy(face) }
    var matrix = cairo_matrix_t()
    cairo.matrix_init_scale(&matrix, PageLayout.fontSize, PageLayout.fontSize)
    var identity = cairo_matrix_t()
    cairo.matrix_init_identity(&identity)
    let options = cairo.font_options_create()
    defer { cairo.font_options_destroy(options) }
    // Unhinted metrics keep every advance at exactly the cell width.
    cairo.font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo.font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    guard let scaledFont = cairo.scaled_font_create(face, &matrix, &identity, options) else {
      throw FolioError.io(path, "cairo could not load the font \(PageLayout.fontFamily)")
    }
    self.scaledFont = scaledFont
    let status = cairo.scaled_font_status(scaledFont)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw FolioError.io(
        path,
        "cairo could not load the font \(PageLayout.fontFamily): "
          + cairo.describe(status))
    }
  }

  deinit { cairo.scaled_font_destroy(scaledFont) }
}

/// Draws lines of text on the grid, one glyph per cell, and notes the characters the font
/// has no glyph for.
private struct LineDrawing {
  let context: OpaquePointer
  let layout: PageLayout
  let path: String
  let cairo: folio_cairo
  private(set) var charactersWithoutGlyphs: Set<Unicode.Scalar> = []

  init(context: OpaquePointer, layout: PageLayout, path: String, cairo: folio_cairo) {
    self.context = context
    self.layout = layout
    self.path = path
    self.cairo = cairo
  }

  /// Draws a line with its first cell at column 0 of a row.
  mutating func draw(_ line: String, row: Int, font: PDFFont) throws(FolioError) {
    guard !line.isEmpty else { return }
    let scalars = line.unicodeScalars
    var line = line
    let error: FolioError? = line.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { text in
        draw(text, scalars: scalars, row: row, font: font)
      }
    }
    if let error { throw error }
  }

  private mutating func draw(
    _ text: UnsafeBufferPointer<CChar>, scalars: String.UnicodeScalarView, row: Int, font: PDFFont
  ) -> FolioError? {
    let left = layout.x(ofColumn: 0)
    let baseline = layout.baseline(ofRow: row)
    var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
    var glyphCount: Int32 = 0
    var clusters: UnsafeMutablePointer<cairo_text_cluster_t>?
    var clusterCount: Int32 = 0
    var flags = cairo_text_cluster_flags_t(0)
    let status = cairo.scaled_font_text_to_glyphs(
      font.scaledFont, left, baseline, text.baseAddress, Int32(text.count), &glyphs, &glyphCount,
      &clusters, &clusterCount, &flags)
    defer {
      cairo.glyph_free(glyphs)
      cairo.text_cluster_free(clusters)
    }
    guard status == CAIRO_STATUS_SUCCESS, let glyphs, let clusters else {
      return FolioError.io(path, "cairo: \(cairo.describe(status))")
    }
    // cairo places glyphs by the font's advances and makes a cluster of each character.
    // Each cluster moves to its cell instead, so wide characters take two cells, and a
    // combining mark joins the cluster of the character it combines with, which lets text
    // extraction read the pair as one character rather than two overlapping ones.
    let given = UnsafeBufferPointer(start: clusters, count: Int(clusterCount))
    var merged: [cairo_text_cluster_t] = []
    if flags.rawValue & CAIRO_TEXT_CLUSTER_FLAG_BACKWARD.rawValue == 0 {
      merged.reserveCapacity(given.count)
      var placement = CellPlacement(left: left, scalars: scalars.makeIterator())
      var first = 0
      for cluster in given {
        let end = first + Int(cluster.num_glyphs)
        guard end <= Int(glyphCount), let cell = placement.next(bytes: Int(cluster.num_bytes))
        else { return FolioError.io(path, "cairo returned glyphs that do not match the text") }
        let origin = first < end ? glyphs[first].x : 0
        for index in first..<end {
          glyphs[index].x = cell.x + (glyphs[index].x - origin)
          if glyphs[index].index == 0, cell.scalar.isVisible {
            charactersWithoutGlyphs.insert(cell.scalar)
          }
        }
        if cell.scalar.cells == 0, let last = merged.indices.last {
          merged[last].num_bytes += cluster.num_bytes
          merged[last].num_glyphs += cluster.num_glyphs
        } else {
          merged.append(cluster)
        }
        first = end
      }
    } else {
      merged = Array(given)
    }
    cairo.set_scaled_font(context, font.scaledFont)
    cairo.show_text_glyphs(
      context, text.baseAddress, Int32(text.count), glyphs, glyphCount, merged, Int32(merged.count),
      flags)
    let drawn = cairo.status(context)
    guard drawn == CAIRO_STATUS_SUCCESS else {
      return FolioError.io(path, "cairo: \(cairo.describe(drawn))")
    }
    return nil
  }
}

/// Walks a line's scalars and gives each text cluster the x coordinate of its cell.
private struct CellPlacement {
  private let left: Double
  private var scalars: String.UnicodeScalarView.Iterator
  private var column = 0
  private var lastBaseX: Double

  init(left: Double, scalars: String.UnicodeScalarView.Iterator) {
    self.left = left
    self.scalars = scalars
    // A combining mark at the very start of a line sits in the first cell.
    lastBaseX = left
  }

  /// The x coordinate and first scalar of the cluster made of the next `bytes` UTF-8 bytes.
  mutating func next(bytes: Int) -> (x: Double, scalar: Unicode.Scalar)? {
    var remaining = bytes
    var first: (x: Double, scalar: Unicode.Scalar)?
    while remaining > 0, let scalar = scalars.next() {
      remaining -= UTF8.width(scalar)
      let x: Double
      let cells = scalar.cells
      if cells == 0 {
        // DejaVu Sans Mono draws a combining mark inside a cell of its own, as terminals
        // do, so it goes on the cell of the character it combines with.
        x = lastBaseX
      } else {
        x = left + Double(column) * PageLayout.cellWidth
        lastBaseX = x
        column += cells
      }
      if first == nil { first = (x, scalar) }
    }
    return first
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
  fileprivate func describe(_ status: cairo_status_t) -> String {
    status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
  }
}
