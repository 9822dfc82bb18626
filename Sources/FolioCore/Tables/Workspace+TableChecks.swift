extension Workspace {
  /// Checks that `document` is a table.
  ///
  /// - Throws: `FolioError.invalidArgument` when it is a text document.
  public func requireTable(_ document: Document) throws {
    _ = try document.modifyTable { $0.rowCount }
  }
}
