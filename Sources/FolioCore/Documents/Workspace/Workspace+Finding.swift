/// One match `find` lists: where it is and the line or cell it is in.
public struct FindMatch: Sendable, Equatable {
  /// Its number in the list, from 1.
  public var number: Int
  /// The line (text document) or row (table) it is in, by 1-based position.
  public var position: Int
  /// The row's id; nil in a text document.
  public var rowID: Int?
  /// The table column it is in, 0-based; nil in a text document.
  public var column: Int?
  /// The line or cell, whole.
  public var text: String
  /// Where the match is in `text`'s UTF-8 bytes.
  public var range: Range<Int>

  public init(number: Int, position: Int, rowID: Int?, column: Int?, text: String, range: Range<Int>) {
    self.number = number
    self.position = position
    self.rowID = rowID
    self.column = column
    self.text = text
    self.range = range
  }
}

/// What `find` found in a document: how many matches and in how many lines or rows, the
/// first `FindReport.listLimit` of them, and the rows it selected when asked to.
public struct FindReport: Sendable, Equatable {
  /// How many matches are listed at most; the rest are counted.
  public static let listLimit = 1_000

  /// The document's title.
  public var document: String
  /// Whether the document is a table (its matches are in rows and columns).
  public var isTable: Bool
  /// The pattern as given, and how it was read.
  public var pattern: String
  public var kind: TextPattern.Kind
  /// The table's column names, for naming a match's column.
  public var columns: [String]
  /// Every match, counted.
  public var matchCount: Int
  /// The lines or rows holding at least one match.
  public var lineCount: Int
  /// The first matches, at most `listLimit`, in document order.
  public var matches: [FindMatch]
  /// The rows now selected, when `find --select` selected the matching rows; else nil.
  public var selectedRows: Int?

  public init(
    document: String, isTable: Bool, pattern: String, kind: TextPattern.Kind, columns: [String],
    matchCount: Int, lineCount: Int, matches: [FindMatch], selectedRows: Int? = nil
  ) {
    self.document = document
    self.isTable = isTable
    self.pattern = pattern
    self.kind = kind
    self.columns = columns
    self.matchCount = matchCount
    self.lineCount = lineCount
    self.matches = matches
    self.selectedRows = selectedRows
  }

  /// Whether matches were counted beyond the ones listed.
  public var isCut: Bool { matchCount > matches.count }
}

extension Workspace {
  /// Finds `pattern` in a text document's lines or a table's cells, counting every match and
  /// listing the first `FindReport.listLimit`; changes nothing.
  ///
  /// - Parameters:
  ///   - pattern: what to look for.
  ///   - document: the document searched.
  ///   - columns: a table's columns to search (0-based), in table order; every column when
  ///     nil.
  /// - Returns: the report and the ids of the rows with a match (empty for a text document).
  /// - Throws: `FolioError.invalidArgument` for columns of a text document;
  ///   `FolioError.interrupted` when the cancellation token stops it (every 4,096 lines or
  ///   rows).
  public func find(_ pattern: TextPattern, in document: Document, columns: [Int]? = nil) throws(FolioError)
    -> (report: FindReport, rowIDs: [Int])
  {
    var matches: [FindMatch] = []
    var matchCount = 0
    var lineCount = 0
    var rowIDs: [Int] = []
    /// Counts and lists the matches of one line or cell.
    func search(_ text: String, position: Int, rowID: Int?, column: Int?) -> Bool {
      var text = text
      return text.withUTF8 { bytes in
        var start = 0
        var found = false
        while start <= bytes.count, let match = pattern.firstMatch(in: bytes, from: start) {
          found = true
          matchCount += 1
          if matches.count < FindReport.listLimit {
            matches.append(
              FindMatch(
                number: matchCount, position: position, rowID: rowID, column: column,
                text: String(decoding: bytes, as: UTF8.self), range: match.range))
          }
          start =
            match.range.isEmpty
            ? TextPattern.nextScalar(after: match.range.upperBound, in: bytes) : match.range.upperBound
        }
        return found
      }
    }
    switch document.content {
    case .text(let content):
      guard columns == nil else {
        throw FolioError(
          .invalidArgument, "a text document has no columns", values: ["title": document.title])
      }
      for (index, line) in content.lines.enumerated() {
        if index & 4095 == 4095 { try cancellation.check() }
        if search(line, position: index + 1, rowID: nil, column: nil) { lineCount += 1 }
      }
      return (
        FindReport(
          document: document.title, isTable: false, pattern: pattern.text, kind: pattern.kind, columns: [],
          matchCount: matchCount, lineCount: lineCount, matches: matches), []
      )
    case .table(let table):
      let searched = columns ?? Array(table.columns.indices)
      for row in 0..<table.rowCount {
        if row & 4095 == 4095 { try cancellation.check() }
        let id = table.id(ofRow: row)
        var found = false
        // Several columns: the row's record is read once rather than once a column.
        let cells = searched.count > 1 ? table.cells(ofRow: row) : nil
        for column in searched {
          let cell =
            cells.map { $0.indices.contains(column) ? $0[column] : .absent }
            ?? table.cell(row: row, column: column)
          if search(cell.description, position: row + 1, rowID: id, column: column) { found = true }
        }
        if found {
          lineCount += 1
          rowIDs.append(id)
        }
      }
      return (
        FindReport(
          document: document.title, isTable: true, pattern: pattern.text, kind: pattern.kind,
          columns: table.columns, matchCount: matchCount, lineCount: lineCount, matches: matches), rowIDs
      )
    }
  }
}
