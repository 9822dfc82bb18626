/// The bytes of the CSV or TSV file a table was read from, which its rows are read from
/// again whenever their cells are wanted.
///
/// Reading a file checks every record once; after that a row read from the file is just the
/// offset where its record starts, and its few fields are parsed anew when they are read.
/// A table then takes little more memory than its file, where a string per cell took five
/// times as much.
struct DelimitedRecords: Sendable {
  /// The whole file, byte order mark and header included; checked to be valid UTF-8 and a
  /// well-formed table.
  let bytes: [UInt8]
  /// The field separator.
  let delimiter: UInt8
  /// Where the header starts: past a byte order mark.
  let start: Int
  /// The terminator every record ends with (the last one may have none), when they all end
  /// with the same one and no field of the file is quoted; nil otherwise. A record then ends
  /// at the first CR or LF after its start: a save finds it without scanning for quotes.
  let plainEnding: LineEnding?

  /// The fields of the record that starts at `offset`, as `.string` cells.
  func cells(ofRecordAt offset: Int) -> [TableCell] {
    bytes.withUnsafeBufferPointer { buffer in
      var cells: [TableCell] = []
      var scratch: [UInt8] = []
      Self.forEachField(ofRecordAt: offset, in: buffer, delimiter: delimiter, start: start) { field in
        cells.append(.string(field.string(in: buffer, scratch: &scratch)))
        return true
      }
      return cells
    }
  }

  /// Field `column` (0-based) of the record that starts at `offset`, as a `.string` cell;
  /// nil when the record has fewer fields.
  func cell(ofRecordAt offset: Int, column: Int) -> TableCell? {
    bytes.withUnsafeBufferPointer { buffer in
      var cell: TableCell?
      var index = 0
      Self.forEachField(ofRecordAt: offset, in: buffer, delimiter: delimiter, start: start) { field in
        guard index == column else {
          index += 1
          return true
        }
        var scratch: [UInt8] = []
        cell = .string(field.string(in: buffer, scratch: &scratch))
        return false
      }
      return cell
    }
  }

  /// Calls `body` with each field of the record that starts at `offset`, in order, until it
  /// returns false or the record ends.
  ///
  /// The record was checked when the file was read, so the parser cannot fail here; were
  /// the bytes not what was checked, the record would end at the first problem.
  static func forEachField(
    ofRecordAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, start: Int,
    _ body: (DelimitedField) -> Bool
  ) {
    var parser = DelimitedParser(bytes: bytes, delimiter: delimiter, start: start, offset: offset)
    while let field = try? parser.readField() {
      guard body(field), case .delimiter = parser.finishField() else { return }
    }
  }
}
