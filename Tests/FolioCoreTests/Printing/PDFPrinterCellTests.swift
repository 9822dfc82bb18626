import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// Table cells printed to PDF each as one Pango paragraph: in their columns whatever their
/// direction, shaped whole, and read back as the cell's text.
@Suite struct PDFPrinterCellTests {
  /// Prints a table and returns the paginated document with the path of its PDF.
  private static func printTable(
    _ columns: [String], _ rows: [[String]], in folder: TemporaryFolder, name: String
  ) throws -> (PrintedDocument, String) {
    let document = try Paginator.paginate(
      PrintJob(title: "Cells", body: .table(PrintTable(columns: columns, rows: rows))))
    let path = folder.path(name)
    let summary = try PDFPrinter.write(document, to: path)
    #expect(summary.charactersWithoutGlyphs.isEmpty, "\(summary.charactersWithoutGlyphs)")
    return (document, path)
  }

  /// The x range of a column on the page, in points.
  private static func span(of column: PrintedColumn, in layout: PageLayout) -> ClosedRange<Double> {
    layout.x(ofColumn: column.start)...layout.x(ofColumn: column.start + column.width)
  }

  @Test("right-to-left cells print under their own columns, in the document's column order")
  func rightToLeftCells() throws {
    let folder = try TemporaryFolder()
    let rows = [["واحد", "اثنان", "x"], ["אחד", "שניים", "y"], ["one", "two", "z"]]
    let (document, path) = try Self.printTable(
      ["first", "second", "third"], rows, in: folder, name: "rtl.pdf")
    let columns = document.columns
    #expect(columns.count == 3)
    let words = try Poppler.words(path)
    for row in rows {
      for (index, cell) in row.enumerated() {
        let word = try #require(words.first { $0.text == cell }, "\(cell) is not a word of the PDF")
        let span = Self.span(of: columns[index], in: document.layout)
        // pdftotext measures from the glyph box, a little inside the advance.
        #expect(
          word.x >= span.lowerBound - 0.5 && word.x < span.upperBound,
          "\(cell) at x \(word.x) is not under column \(index + 1), \(span)")
      }
    }
    // The heading prints left to right too.
    let first = try #require(words.first { $0.text == "first" })
    let second = try #require(words.first { $0.text == "second" })
    #expect(first.x < second.x)
  }

  @Test(
    "a cell's text comes out of the PDF as the cell's text: CJK without a space per cell, lam-alef in order")
  func textLayer() throws {
    let folder = try TemporaryFolder()
    let cells = ["Café 你好，世界 bar", "سلام عليكم", "漢字かな한글"]
    let (_, path) = try Self.printTable(
      ["text", "n"], cells.map { [$0, "1"] }, in: folder, name: "text.pdf")
    // The words as a reader searching the PDF finds them, in reading order.
    let text = try Poppler.words(path).map(\.text).joined(separator: " ")
    for cell in cells {
      #expect(text.contains(cell), "\(cell) is not in the PDF's text: \(text)")
    }
  }

  @Test("Devanagari and Thai print in Noto fonts, shaped whole, and read back as written")
  func complexScripts() throws {
    let folder = try TemporaryFolder()
    let cells = ["हिन्दी नमस्ते", "ภาษาไทย"]
    let (_, path) = try Self.printTable(["text"], cells.map { [$0] }, in: folder, name: "shaped.pdf")
    let text = try Poppler.words(path).map(\.text).joined(separator: " ")
    for cell in cells {
      #expect(text.contains(cell), "\(cell) is not in the PDF's text: \(text)")
    }
    let fonts = try Poppler.fonts(path)
    #expect(fonts.contains("NotoSansDevanagari"), "\(fonts)")
    #expect(fonts.contains("Thai"), "\(fonts)")
  }
}
