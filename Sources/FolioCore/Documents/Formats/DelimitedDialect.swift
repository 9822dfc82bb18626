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
    /// `|`, as database exports often write.
    case pipe = 0x7C
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

  /// The delimiter of a CSV file, told from its first records (at most 20): of `,` `;` tab
  /// and `|`, the one that splits the header into two or more fields and the most of the
  /// records after it into as many; on a tie, the earlier of that order. A file none of them
  /// splits is a table of one column, `,` its delimiter.
  ///
  /// - Parameter start: where the header starts (past a byte order mark).
  static func sniff(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Delimiter {
    let sampleRecords = 20
    var best: (delimiter: Delimiter, agreeing: Int)?
    for candidate in [Delimiter.comma, .semicolon, .tab, .pipe] {
      var parser = DelimitedParser(bytes: bytes, delimiter: candidate.rawValue, start: start)
      guard let header = try? parser.skipRecord(), header.fieldCount > 1 else { continue }
      var agreeing = 0
      var read = 1
      while !parser.isAtEnd, read < sampleRecords, let record = try? parser.skipRecord() {
        if record.fieldCount == header.fieldCount { agreeing += 1 }
        read += 1
      }
      if best.map({ agreeing > $0.agreeing }) ?? true { best = (candidate, agreeing) }
    }
    return best?.delimiter ?? .comma
  }
}
