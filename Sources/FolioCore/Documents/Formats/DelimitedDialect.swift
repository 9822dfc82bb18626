/// The shape of a CSV or TSV file, recorded when it is read and used when it is written.
public struct DelimitedDialect: Equatable, Sendable {
  /// The byte that separates fields.
  public enum Delimiter: UInt8, Sendable, CaseIterable {
    /// `,` for CSV.
    case comma = 0x2C
    /// A tab for TSV.
    case tab = 0x09
    /// `;`, as spreadsheets in locales with a decimal comma write CSV.
    case semicolon = 0x3B
  }

  /// The field separator.
  public var delimiter: Delimiter
  /// The terminator of the first record, `.lf` for a file of one unterminated record; every
  /// record is written with it.
  public var lineEnding: LineEnding
  /// Whether the file starts with a UTF-8 byte order mark.
  public var hasByteOrderMark: Bool
  /// Whether the last record is terminated.
  public var endsWithNewline: Bool

  /// Creates a dialect.
  public init(
    delimiter: Delimiter,
    lineEnding: LineEnding = .lf,
    hasByteOrderMark: Bool = false,
    endsWithNewline: Bool = true
  ) {
    self.delimiter = delimiter
    self.lineEnding = lineEnding
    self.hasByteOrderMark = hasByteOrderMark
    self.endsWithNewline = endsWithNewline
  }

  /// Comma-separated, LF-terminated, no byte order mark: what new CSV files get.
  public static let csv = DelimitedDialect(delimiter: .comma)
  /// Tab-separated, LF-terminated, no byte order mark: what new TSV files get.
  public static let tsv = DelimitedDialect(delimiter: .tab)
}
