import FolioCore

extension DelimitedDialect.Delimiter {
  /// Reads `open --delimiter`: `,` `;` `|`, or a tab as `tab`, `\t` or the character itself.
  ///
  /// - Throws: `FolioError.invalidArgument` naming the delimiters for anything else.
  init(parsing text: String) throws(FolioError) {
    switch text {
    case ",": self = .comma
    case ";": self = .semicolon
    case "|": self = .pipe
    case "tab", "\\t", "\t": self = .tab
    default:
      throw FolioError(
        .invalidArgument, "'delimiter' expects , ; | or tab, got '\(text)'", values: ["delimiter": text])
    }
  }
}
