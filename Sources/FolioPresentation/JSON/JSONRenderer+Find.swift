import FolioCore

extension JSONRenderer {
  /// `find`'s result: the counts, then each listed match with where it is, its line or cell
  /// whole, the match and its UTF-8 byte offset in that text.
  public static func found(_ report: FindReport) -> JSONValue {
    let matches = report.matches.map { match -> JSONValue in
      let text = Array(match.text.utf8)
      let lower = min(match.range.lowerBound, text.count)
      let upper = min(max(match.range.upperBound, lower), text.count)
      var fields: [(String, JSONValue)] = [("number", .int(match.number))]
      if let column = match.column {
        fields += [
          ("row", .int(match.position)), ("id", .int(match.rowID ?? match.position)),
          ("column", .string(report.columns.indices.contains(column) ? report.columns[column] : nil)),
        ]
      } else {
        let column = String(decoding: text[..<lower], as: UTF8.self).count + 1
        fields += [("line", .int(match.position)), ("column", .int(column))]
      }
      fields += [
        ("text", .string(match.text)),
        ("match", .string(String(decoding: text[lower..<upper], as: UTF8.self))),
        ("offset", .int(lower)),
      ]
      return .object(fields)
    }
    return .object([
      (
        "find",
        .object([
          ("document", .string(report.document)), ("pattern", .string(report.pattern)),
          ("regex", .bool(report.kind == .regex)), ("count", .int(report.matchCount)),
          (report.isTable ? "rows" : "lines", .int(report.lineCount)), ("listed", .int(report.matches.count)),
          ("matches", .array(matches)),
          ("selected", report.selectedRows.map(JSONValue.int) ?? .null),
        ])
      )
    ])
  }

  /// `substitute`'s result: the matches replaced and the lines or cells changed.
  public static func substituted(_ report: SubstituteReport) -> JSONValue {
    .object([
      ("message", .string(FindText.phrase(report))),
      (
        "substitute",
        .object([
          ("document", .string(report.document)), ("pattern", .string(report.pattern)),
          ("replacements", .int(report.replacements)),
          (report.isTable ? "cells" : "lines", .int(report.changed)),
        ])
      ),
    ])
  }

  /// `count`'s result: the rows counted, the table's rows and the expression, if any.
  static func rowCount(_ report: RowCountReport) -> JSONValue {
    .object([
      (
        "count",
        .object([
          ("document", .string(report.document)), ("rows", .int(report.count)), ("of", .int(report.total)),
          ("where", report.expression.map(JSONValue.string) ?? .null),
        ])
      )
    ])
  }
}
