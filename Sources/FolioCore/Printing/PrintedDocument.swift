/// A paginated document: the pages chosen for printing and what the printers need besides.
public struct PrintedDocument: Sendable, Equatable {
  /// The document's title in full, for the PDF's title metadata.
  public var title: String
  /// The grid the pages were laid out on.
  public var layout: PageLayout
  /// The pages to print, in order: all of them, or the job's page range.
  public var pages: [PrintedPage]
  /// A table's columns, left to right in the document's order, which every body line of
  /// every page follows (the heading's too); empty for a text document.
  public var columns: [PrintedColumn] = []
}
