import CSQLite

extension SQLiteConnection {
  /// Runs `body` as one atomic write and returns its result.
  ///
  /// The outermost transaction starts with `BEGIN IMMEDIATE`, taking the write lock at once
  /// so that two processes never both read and then both write (which would lose one's
  /// update or fail without waiting). A transaction inside another becomes a savepoint, so
  /// helpers that write atomically compose.
  ///
  /// - Parameters:
  ///   - body: The work; when it throws, everything it wrote is rolled back.
  ///   - wrap: Turns SQLite's own failures (beginning or committing) into `body`'s error type.
  /// - Throws: Whatever `body` throws, or the wrapped failure to begin or commit.
  func transaction<T, Failure: Error>(
    _ body: () throws(Failure) -> T, wrappingErrors wrap: (SQLiteError) -> Failure
  ) throws(Failure) -> T {
    do throws(SQLiteError) {
      try begin()
    } catch {
      throw wrap(error)
    }
    let result: T
    do throws(Failure) {
      result = try body()
    } catch {
      rollback()
      throw error
    }
    do throws(SQLiteError) {
      try commit()
    } catch {
      rollback()
      throw wrap(error)
    }
    return result
  }

  /// Runs `body` as one atomic write whose failures are SQLite's own.
  func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    try transaction(body, wrappingErrors: { $0 })
  }

  private func begin() throws(SQLiteError) {
    if transactionDepth == 0 {
      try execute("BEGIN IMMEDIATE")
    } else {
      try execute("SAVEPOINT \(savepointName(transactionDepth))")
    }
    transactionDepth += 1
  }

  private func commit() throws(SQLiteError) {
    if transactionDepth == 1 {
      // A failed COMMIT leaves the transaction open; the caller rolls it back.
      try execute("COMMIT")
    } else {
      try execute("RELEASE \(savepointName(transactionDepth - 1))")
    }
    transactionDepth -= 1
  }

  /// Undoes the innermost transaction; failures are ignored because SQLite may already have
  /// rolled back on its own (after a full disk, for instance) and the caller reports the
  /// original error.
  private func rollback() {
    guard transactionDepth > 0 else { return }
    transactionDepth -= 1
    if transactionDepth == 0 {
      if isOpen, isInsideTransaction { try? execute("ROLLBACK") }
    } else {
      let name = savepointName(transactionDepth)
      try? execute("ROLLBACK TO \(name)")
      try? execute("RELEASE \(name)")
    }
  }

  private func savepointName(_ depth: Int) -> String { "folio_savepoint_\(depth)" }
}
