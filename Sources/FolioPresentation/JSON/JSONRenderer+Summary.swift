import FolioCore

extension JSONRenderer {
  /// `summary`'s result: one object per value (its columns, `count`, `share`), or the
  /// figures of a number column.
  static func summary(_ summary: TableSummary) -> JSONValue {
    func number(_ value: Double?) -> JSONValue {
      guard let value else { return .null }
      if let whole = Int(exactly: value) { return .int(whole) }
      return .number(value)
    }
    var fields: [(String, JSONValue)] = [
      ("document", .string(summary.document)), ("columns", .array(summary.columns.map(JSONValue.string))),
      ("rows", .int(summary.total)),
    ]
    if let numbers = summary.numbers {
      fields.append(
        (
          "numbers",
          .object([
            ("count", .int(numbers.count)), ("empty", .int(numbers.empty)), ("other", .int(numbers.other)),
            ("min", number(numbers.minimum)), ("max", number(numbers.maximum)),
            ("mean", number(numbers.mean)),
            ("median", number(numbers.median)),
          ])
        ))
    } else {
      let names = summary.tableContent.columns
      fields.append(("distinct", .int(summary.frequencies.count)))
      fields.append(
        (
          "values",
          .array(
            summary.frequencies.map { frequency in
              .object(
                zip(names, frequency.values).map { ($0, JSONValue.string($1)) } + [
                  (names[names.count - 2], .int(frequency.count)),
                  (names[names.count - 1], .number(summary.share(frequency.count))),
                ])
            })
        ))
    }
    return .object([("summary", .object(fields))])
  }
}
