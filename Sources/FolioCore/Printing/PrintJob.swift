/// A request to print a document: what to print, on which paper, and which pages.
public struct PrintJob: Sendable, Equatable {
  /// The document's title, printed in every page's header.
  public var title: String
  /// The content to print.
  public var body: PrintBody
  /// The paper size, which decides how many columns and lines a page holds.
  public var pageSize: PageSize
  /// Portrait, landscape, or landscape only for a table too wide for portrait.
  public var orientation: PageOrientation
  /// The 1-based pages to print, or `nil` for all of them. Footers still count every page
  /// of the document ("page 2 of 9").
  public var pageRange: ClosedRange<Int>?

  /// Creates a print job.
  ///
  /// - Parameters:
  ///   - title: The document's title, printed in every page's header.
  ///   - body: The content to print.
  ///   - pageSize: The paper size; A4 unless given.
  ///   - orientation: Which way up; `auto` unless given.
  ///   - pageRange: The 1-based pages to print; all pages when `nil`.
  public init(
    title: String, body: PrintBody, pageSize: PageSize = .a4, orientation: PageOrientation = .auto,
    pageRange: ClosedRange<Int>? = nil
  ) {
    self.title = title
    self.body = body
    self.pageSize = pageSize
    self.orientation = orientation
    self.pageRange = pageRange
  }
}
