import FolioCore

extension JournalReference {
  /// Reads a journal as `recover` names it: digits are its number in the listing, anything
  /// else its document's path.
  ///
  /// - Parameter journalCount: how many journals there are, for the error about a number
  ///   with more digits than an integer holds.
  /// - Throws: `FolioError.invalidArgument` for such a number.
  init(parsing text: String, journalCount: @autoclosure () -> Int) throws(FolioError) {
    if let number = Parameter.integer(text) {
      self = .number(number)
    } else if Parameter.isTooLargeInteger(text) {
      throw Workspace.missingJournal(text, count: journalCount())
    } else {
      self = .path(text)
    }
  }
}
