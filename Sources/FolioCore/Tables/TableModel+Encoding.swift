extension TableModel {
  /// A cell as the encoders read it.
  enum EncodedCell {
    /// A `.string` cell read from the file, as its UTF-8 text: no string is made for it.
    case text(UnsafeBufferPointer<UInt8>)
    /// A cell kept as a value.
    case value(TableCell)
  }

  /// Reads a table's rows for the encoders, cell by cell, without making strings or arrays
  /// for the rows that are read from the file.
  struct RowReader {
    private let table: TableModel
    /// The bytes of the file the table's rows were read from; empty when there is none.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The unescaped text of a quoted field with doubled quotes; reused.
    private var scratch: [UInt8] = []

    fileprivate init(table: TableModel, bytes: UnsafeBufferPointer<UInt8>) {
      self.table = table
      self.bytes = bytes
    }

    /// Calls `body` with each cell of the row at `index` (0-based), in column order.
    ///
    /// A row has one cell per column, except rows of `TableContent` that was wrapped as it
    /// was, which may have fewer or more.
    mutating func forEachCell(inRow index: Int, _ body: (EncodedCell) -> Void) {
      let location = table.locations[index]
      if location < 0 {
        for cell in table.storedRows[~location] { body(.value(cell)) }
        return
      }
      guard let records = table.records else { return }
      let bytes = bytes
      DelimitedRecords.forEachField(
        ofRecordAt: location, in: bytes, delimiter: records.delimiter, start: records.start
      ) { field in
        field.withText(in: bytes, scratch: &scratch) { body(.text($0)) }
        return true
      }
    }
  }

  /// Calls `body` with a reader of this table's rows.
  func withRowReader<Result, Failure: Error>(
    _ body: (inout RowReader) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try (records?.bytes ?? []).withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
      var reader = RowReader(table: self, bytes: buffer)
      return try body(&reader)
    }
  }

  /// About how many bytes the text of all cells takes: the whole file for rows read from
  /// it, delimiters and all, and the text of the cells kept as values. Encoders reserve
  /// their output from it, so that a large table is not copied as its output grows.
  var estimatedTextSize: Int {
    storedRows.reduce(records?.bytes.count ?? 0) { total, row in
      row.reduce(total) { total, cell in
        switch cell {
        case .string(let text), .number(let text), .json(let text): total + text.utf8.count
        case .bool, .null: total + 5
        case .absent: total
        }
      }
    }
  }
}
