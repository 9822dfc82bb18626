import FolioCore

extension Session {
  /// Closes the open menu without choosing, as `menu close` does.
  ///
  /// - Throws: `FolioError.disabled` when no menu is open, or naming the dialog that waits.
  public func closeMenu() throws(FolioError) {
    try refuseWhileDialogWaits(.changes)
    guard menuSession != nil else { throw FolioError(.disabled, "no menu is open") }
    menuSession = nil
  }
}
