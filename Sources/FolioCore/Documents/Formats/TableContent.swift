/// A table document's content: rows of cells under named columns, and the file's dialect.
public struct TableContent: Equatable, Sendable {
  /// The column names, in order.
  public var columns: [String]
  /// The rows; each has one cell per column. Encoders write a missing cell as `.absent` and
  /// ignore extra ones.
  public var rows: [[TableCell]]
  /// How the file is written: CSV or TSV with its details, or JSON with its layout.
  public var dialect: TableDialect

  /// Creates a table.
  public init(columns: [String], rows: [[TableCell]], dialect: TableDialect) {
    self.columns = columns
    self.rows = rows
    self.dialect = dialect
  }
}
