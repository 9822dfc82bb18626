/// Where a column of a table whose columns are rearranged takes its cells from.
enum ColumnSource: Equatable, Sendable {
  /// The cells of the column now at this position (0-based).
  case column(Int)
  /// This text, in every row: a column added.
  case filled(String)
}

extension TableModel {
  /// Renames the column at `index` (0-based); no cell changes, and rows read from the file
  /// are still written from its bytes.
  mutating func renameColumn(at index: Int, to name: String) {
    guard columns.indices.contains(index) else { return }
    columns[index] = name
  }

  /// Gives the table the columns `names`, the cells of each taken as `sources` says (one
  /// source per name): columns are added, removed and reordered this way.
  ///
  /// Rows read from a CSV or TSV file stay rows read from the file: its bytes are written
  /// again with each record's fields in the new order, every field kept as written (its
  /// quotes too) and each record's terminator as it was, so that a save still copies them.
  /// Only the header and the fields of an added column are new text, quoted where they must
  /// be. Kept rows have their cells rearranged the same way; value kinds go with their
  /// columns.
  mutating func rearrangeColumns(_ names: [String], from sources: [ColumnSource]) {
    if let records { rewriteRecords(records, names: names, sources: sources) }
    for slot in storedRows.indices where !storedRows[slot].isEmpty {
      let cells = storedRows[slot]
      storedRows[slot] = sources.map { source in
        switch source {
        case .column(let index): cells.indices.contains(index) ? cells[index] : .absent
        case .filled(let text): .string(text)
        }
      }
    }
    if !valueKindCache.isEmpty {
      let known = valueKindCache
      valueKindCache = sources.map { source in
        guard case .column(let index) = source, known.indices.contains(index) else { return nil }
        return known[index]
      }
    }
    if !declaredKinds.isEmpty {
      let declared = declaredKinds
      declaredKinds = sources.map { source in
        guard case .column(let index) = source, declared.indices.contains(index) else { return nil }
        return declared[index]
      }
    }
    columns = names
  }

  /// Writes the file's records again for `rearrangeColumns(_:from:)` and moves every offset
  /// into them (row locations, the records of edited and removed rows) to the same record's
  /// new start.
  private mutating func rewriteRecords(
    _ old: DelimitedRecords, names: [String], sources: [ColumnSource]
  ) {
    let delimiter = old.delimiter
    var isQuoted = false
    let lone = sources.count == 1
    let filled: [[UInt8]] = sources.map { source in
      guard case .filled(let text) = source else { return [] }
      let (field, quoted) = Self.encodeField(text, delimiter: delimiter, mustQuote: lone && text.isEmpty)
      isQuoted = isQuoted || quoted
      return field
    }
    var output: [UInt8] = []
    output.reserveCapacity(old.bytes.count + old.bytes.count / 8 + 64)
    output.append(contentsOf: old.bytes[0..<old.start])
    for (index, name) in names.enumerated() {
      if index > 0 { output.append(delimiter) }
      let startsWithMark = index == 0 && old.start > 0 && name.utf8.starts(with: ASCII.byteOrderMark)
      let (field, quoted) = Self.encodeField(
        name, delimiter: delimiter, mustQuote: (lone && name.isEmpty) || startsWithMark)
      isQuoted = isQuoted || quoted
      output.append(contentsOf: field)
    }
    var oldStarts: [Int] = []
    var newStarts: [Int] = []
    oldStarts.reserveCapacity(locations.count + removedOrigins.count)
    newStarts.reserveCapacity(locations.count + removedOrigins.count)
    old.bytes.withUnsafeBufferPointer { buffer in
      var parser = DelimitedParser(bytes: buffer, delimiter: delimiter, start: old.start)
      var fields: [Range<Int>] = []
      var isHeader = true
      while !parser.isAtEnd {
        let recordStart = parser.offset
        fields.removeAll(keepingCapacity: true)
        var terminator = parser.offset..<parser.offset
        while true {
          let fieldStart = parser.offset
          // The bytes were checked when the file was read; were they not, the record ends.
          guard (try? parser.readField()) != nil else {
            terminator = parser.offset..<buffer.count
            break
          }
          fields.append(fieldStart..<parser.offset)
          let fieldEnd = parser.offset
          if case .delimiter = parser.finishField() { continue }
          terminator = fieldEnd..<parser.offset
          break
        }
        if !isHeader {
          oldStarts.append(recordStart)
          newStarts.append(output.count)
          let recordOutputStart = output.count
          for (index, source) in sources.enumerated() {
            if index > 0 { output.append(delimiter) }
            switch source {
            case .column(let column):
              if fields.indices.contains(column) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[fields[column]]))
              }
            case .filled: output.append(contentsOf: filled[index])
            }
          }
          // A lone empty field must be quoted: an empty line would read as nothing.
          if lone, output.count == recordOutputStart {
            output.append(contentsOf: [ASCII.quote, ASCII.quote])
            isQuoted = true
          }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[terminator]))
        isHeader = false
      }
    }
    func moved(_ offset: Int) -> Int {
      var low = 0
      var high = oldStarts.count
      while low < high {
        let middle = (low + high) / 2
        if oldStarts[middle] < offset { low = middle + 1 } else { high = middle }
      }
      return low < oldStarts.count && oldStarts[low] == offset ? newStarts[low] : offset
    }
    for index in locations.indices where locations[index] >= 0 { locations[index] = moved(locations[index]) }
    storedOrigins = storedOrigins.mapValues(moved)
    removedOrigins = removedOrigins.mapValues(moved)
    records = DelimitedRecords(
      bytes: output, delimiter: delimiter, start: old.start, plainEnding: isQuoted ? nil : old.plainEnding)
  }

  /// A field's bytes as CSV and TSV write it: quoted when it holds the delimiter, a quote, a
  /// CR or an LF, or when `mustQuote`; and whether it was quoted.
  static func encodeField(_ text: String, delimiter: UInt8, mustQuote: Bool) -> ([UInt8], Bool) {
    let needsQuotes =
      mustQuote
      || text.utf8.contains { byte in
        byte == delimiter || byte == ASCII.quote || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
      }
    guard needsQuotes else { return (Array(text.utf8), false) }
    var field: [UInt8] = [ASCII.quote]
    for byte in text.utf8 {
      field.append(byte)
      if byte == ASCII.quote { field.append(ASCII.quote) }
    }
    field.append(ASCII.quote)
    return (field, true)
  }
}
