/// What `summary` found in a table's columns: each distinct value (or tuple of values) with
/// how many rows hold it, or, for one number column, its count, empty cells, minimum,
/// maximum, mean and median.
///
/// It is a table value: `tableContent` is the frequencies (or the figures) as rows, which a
/// front end can list, write as JSON or open as a new document.
public struct TableSummary: Sendable, Equatable {
  /// How many values a text front end lists; the rest are counted (all are in
  /// `frequencies`, JSON and the opened table).
  public static let listLimit = 1_000

  /// One distinct value or tuple, with the rows that hold it.
  public struct Frequency: Sendable, Equatable {
    /// The cells, one per summarized column, as stored.
    public var values: [String]
    /// The rows holding them.
    public var count: Int

    public init(values: [String], count: Int) {
      self.values = values
      self.count = count
    }
  }

  /// The figures of a number column (`summary COLUMN --numbers`).
  public struct Numbers: Sendable, Equatable {
    /// The cells that read as numbers.
    public var count: Int
    /// The empty cells.
    public var empty: Int
    /// The cells that are neither empty nor numbers (`n/a`).
    public var other: Int
    /// Nil when no cell is a number.
    public var minimum: Double?
    public var maximum: Double?
    public var mean: Double?
    /// The middle number, or the mean of the two middle ones.
    public var median: Double?

    public init(
      count: Int, empty: Int, other: Int, minimum: Double?, maximum: Double?, mean: Double?, median: Double?
    ) {
      self.count = count
      self.empty = empty
      self.other = other
      self.minimum = minimum
      self.maximum = maximum
      self.mean = mean
      self.median = median
    }
  }

  /// The document's title.
  public var document: String
  /// The columns summarized, by name.
  public var columns: [String]
  /// The table's rows.
  public var total: Int
  /// Each distinct value or tuple, the largest count first, equal counts by their values'
  /// bytes; empty for `--numbers`.
  public var frequencies: [Frequency]
  /// The figures of a number column; nil for frequencies.
  public var numbers: Numbers?

  public init(document: String, columns: [String], total: Int, frequencies: [Frequency], numbers: Numbers?) {
    self.document = document
    self.columns = columns
    self.total = total
    self.frequencies = frequencies
    self.numbers = numbers
  }

  /// The share of the table's rows a count is, from 0 to 1.
  public func share(_ count: Int) -> Double { total == 0 ? 0 : Double(count) / Double(total) }

  /// The summary as a table: the columns' values, `count` and `share` (a fraction, four
  /// decimals) for frequencies; `figure` and `value` rows for numbers. A name the summarized
  /// columns already use gets a number after it (`count 2`).
  public var tableContent: TableContent {
    if let numbers {
      let figures: [(String, String)] = [
        ("count", String(numbers.count)), ("empty", String(numbers.empty)), ("other", String(numbers.other)),
        ("min", numbers.minimum.map(Self.format) ?? ""), ("max", numbers.maximum.map(Self.format) ?? ""),
        ("mean", numbers.mean.map(Self.format) ?? ""), ("median", numbers.median.map(Self.format) ?? ""),
      ]
      return TableContent(
        columns: ["figure", columns.first ?? "value"],
        rows: figures.map { [.string($0.0), .string($0.1)] }, dialect: .delimited(.csv))
    }
    var names = columns
    for extra in ["count", "share"] {
      var name = extra
      var number = 2
      while names.contains(name) {
        name = "\(extra) \(number)"
        number += 1
      }
      names.append(name)
    }
    let rows = frequencies.map { frequency in
      frequency.values.map(TableCell.string) + [
        .string(String(frequency.count)), .string(Self.fraction(share(frequency.count))),
      ]
    }
    return TableContent(columns: names, rows: rows, dialect: .delimited(.csv))
  }

  /// A number as the figures write it: a whole number without a fraction, else the shortest
  /// text that reads back as it.
  public static func format(_ number: Double) -> String {
    CellValue.number(number).description
  }

  /// A fraction from 0 to 1 with four decimals (`0.2500`).
  public static func fraction(_ share: Double) -> String {
    let scaled = Int((share * 10_000).rounded())
    let whole = scaled / 10_000
    let rest = String(scaled % 10_000)
    return "\(whole)." + String(repeating: "0", count: 4 - rest.count) + rest
  }
}

extension TableModel {
  /// Counts each distinct value (or tuple) of some columns (0-based) in one pass over the
  /// rows, holding one entry per distinct value, never the rows.
  ///
  /// - Throws: `FolioError.interrupted` when `cancellation` stops it (every 4,096 rows).
  func frequencies(ofColumns wanted: [Int], cancellation: CancellationToken?) throws(FolioError)
    -> [TableSummary.Frequency]
  {
    // One key per row: the value itself for one column; for several, each value's byte
    // count, a colon and the value, so that no two tuples share a key.
    var counts: [String: Int] = [:]
    var row = RowCells(table: self, readsWhole: wanted.count > 1)
    for index in 0..<rowCount {
      if index & 4095 == 4095 { try cancellation?.check() }
      row.move(to: index)
      let key: String
      if wanted.count == 1 {
        key = row.cell(wanted[0]).description
      } else {
        var joined = ""
        for column in wanted {
          let text = row.cell(column).description
          joined += String(text.utf8.count) + ":" + text
        }
        key = joined
      }
      counts[key, default: 0] += 1
    }
    try cancellation?.check()
    var result: [(key: String, values: [String], count: Int)] = counts.map { key, count in
      (key, wanted.count == 1 ? [key] : Self.splitKey(key, count: wanted.count), count)
    }
    result.sort { left, right in
      if left.count != right.count { return left.count > right.count }
      for (a, b) in zip(left.values, right.values) {
        let order = Self.byteOrder(a, b)
        if order != 0 { return order < 0 }
      }
      return false
    }
    return result.map { TableSummary.Frequency(values: $0.values, count: $0.count) }
  }

  /// The values of a tuple's key, as `frequencies` joined them.
  private static func splitKey(_ key: String, count: Int) -> [String] {
    var values: [String] = []
    var bytes = Array(key.utf8)[...]
    for _ in 0..<count {
      guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
        let length = Int(String(decoding: bytes[..<colon], as: UTF8.self))
      else { break }
      let start = colon + 1
      let end = min(start + length, bytes.endIndex)
      values.append(String(decoding: bytes[start..<end], as: UTF8.self))
      bytes = bytes[end...]
    }
    return values
  }

  /// The figures of one column read as numbers, in one pass; the numbers are kept (8 bytes
  /// a row) for the median.
  ///
  /// - Throws: `FolioError.interrupted` when `cancellation` stops it (every 4,096 rows).
  func numberFigures(ofColumn column: Int, cancellation: CancellationToken?) throws(FolioError)
    -> TableSummary.Numbers
  {
    var numbers: [Double] = []
    var empty = 0
    var other = 0
    var sum = 0.0
    for index in 0..<rowCount {
      if index & 4095 == 4095 { try cancellation?.check() }
      let text = cell(row: index, column: column).description
      if text.isEmpty {
        empty += 1
      } else if TableValueKind.isNumber(text), let number = Double(text), number.isFinite {
        numbers.append(number)
        sum += number
      } else {
        other += 1
      }
    }
    try cancellation?.check()
    guard !numbers.isEmpty else {
      return TableSummary.Numbers(
        count: 0, empty: empty, other: other, minimum: nil, maximum: nil, mean: nil, median: nil)
    }
    numbers.sort()
    let middle = numbers.count / 2
    let median = numbers.count % 2 == 1 ? numbers[middle] : (numbers[middle - 1] + numbers[middle]) / 2
    return TableSummary.Numbers(
      count: numbers.count, empty: empty, other: other, minimum: numbers.first, maximum: numbers.last,
      mean: sum / Double(numbers.count), median: median)
  }
}

extension Workspace {
  /// Summarizes columns of a table: each distinct value or tuple with its count, or with
  /// `numbers` the figures of one number column. Changes nothing.
  ///
  /// - Parameters:
  ///   - columns: the columns (0-based), in the order the summary lists them.
  ///   - numbers: whether to read the one column as numbers.
  /// - Throws: `FolioError.invalidArgument` for a text document or `numbers` with more than
  ///   one column; `FolioError.interrupted` when the cancellation token stops it.
  public func summarize(_ columns: [Int], numbers: Bool, in document: Document) throws -> TableSummary {
    try document.modifyTable { table throws(FolioError) in
      let names = columns.map { table.columns.indices.contains($0) ? table.columns[$0] : "" }
      if numbers {
        guard columns.count == 1 else {
          throw FolioError(
            .invalidArgument, "the figures of numbers are for one column at a time",
            values: ["columns": names.joined(separator: ",")])
        }
        let figures = try table.numberFigures(ofColumn: columns[0], cancellation: cancellation)
        return TableSummary(
          document: document.title, columns: names, total: table.rowCount, frequencies: [], numbers: figures)
      }
      let frequencies = try table.frequencies(ofColumns: columns, cancellation: cancellation)
      return TableSummary(
        document: document.title, columns: names, total: table.rowCount, frequencies: frequencies,
        numbers: nil)
    }
  }

  /// Opens a summary as a new untitled table document, which becomes the active window; it
  /// has no file until it is saved.
  @discardableResult
  public func openSummary(_ summary: TableSummary) throws -> Document {
    let content = summary.tableContent
    let document = try newDocument(kind: .table, columns: content.columns)
    try document.modifyTable { table in table = TableModel(content) }
    return document
  }
}
