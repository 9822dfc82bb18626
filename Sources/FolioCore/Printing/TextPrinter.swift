/// Prints pages as plain text, for `print --to FILE.txt` and `print --to -`.
public enum TextPrinter {
  /// Renders pages as text.
  ///
  /// Each page is its header, a blank line, its body lines, a blank line and its footer.
  /// A line holding only a form feed (U+000C) separates pages, so `lpr` and `pr` start a new
  /// sheet there. Every line, the last included, ends in a newline; lines carry no trailing
  /// blanks.
  ///
  /// ```
  /// Notes
  ///
  /// first line
  ///
  /// page 1 of 2
  /// ␌
  /// Notes
  /// …
  /// ```
  ///
  /// - Parameter document: The paginated document.
  /// - Returns: The text, or an empty string when there are no pages.
  public static func render(_ document: PrintedDocument) -> String {
    var text = ""
    for (index, page) in document.pages.enumerated() {
      if index > 0 { text += "\u{0C}\n" }
      text += page.header + "\n\n"
      for line in page.lines { text += line + "\n" }
      text += "\n" + page.footer + "\n"
    }
    return text
  }

  /// Writes pages as text to a file, replacing it whole or leaving it as it was.
  ///
  /// - Parameters:
  ///   - document: The paginated document.
  ///   - path: The file to write; an existing file there is replaced.
  /// - Throws: `FolioError` with code `.io` when the file cannot be written; no
  ///   half-written file is left behind.
  public static func write(_ document: PrintedDocument, to path: String) throws(FolioError) {
    try DocumentFile.writeAtomically(Array(render(document).utf8), to: path)
  }
}
