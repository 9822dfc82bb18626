import FolioCore

/// How the text front end phrases `summary`'s result: a table of the values with their
/// counts and shares, or a number column's figures.
enum SummaryText {
  static func render(_ summary: TableSummary, style: TextStyle) -> String {
    let names = summary.columns.joined(separator: ", ")
    if let numbers = summary.numbers {
      let figures: [(String, String)] = [
        ("count", String(numbers.count)), ("empty", String(numbers.empty)), ("other", String(numbers.other)),
        ("min", numbers.minimum.map(TableSummary.format) ?? "–"),
        ("max", numbers.maximum.map(TableSummary.format) ?? "–"),
        ("mean", numbers.mean.map(TableSummary.format) ?? "–"),
        ("median", numbers.median.map(TableSummary.format) ?? "–"),
      ]
      let heading = "Numbers in \(names) of \(summary.document) (\(rows(summary.total))):"
      return heading + "\n"
        + TextTable(headers: ["figure", "value"], rows: figures.map { [$0.0, $0.1] })
        .render(style: style)
    }
    let distinct = summary.frequencies.count
    let heading =
      "\(distinct) distinct value\(distinct == 1 ? "" : "s") of \(names) in \(summary.document) "
      + "(\(rows(summary.total))):"
    guard distinct > 0 else { return heading }
    let listed = summary.frequencies.prefix(TableSummary.listLimit)
    // Counts right-aligned under their heading, as numbers are in `show`.
    let countWidth = max("count".count, listed.map { String($0.count).count }.max() ?? 1)
    let tableRows = listed.map { frequency in
      let count = String(frequency.count)
      return frequency.values + [
        String(repeating: " ", count: countWidth - count.count) + count,
        percent(summary.share(frequency.count)),
      ]
    }
    var text =
      heading + "\n"
      + TextTable(headers: summary.columns + ["count", "share"], rows: tableRows).render(style: style)
    if distinct > listed.count {
      text +=
        "\n" + style.secondary("… \(distinct - listed.count) more values (--json or --open has them all)")
    }
    return text
  }

  private static func rows(_ count: Int) -> String { "\(count) row\(count == 1 ? "" : "s")" }

  /// A share as a percentage with one decimal, right-aligned to `100.0%`.
  private static func percent(_ share: Double) -> String {
    let tenths = Int((share * 1_000).rounded())
    let text = "\(tenths / 10).\(tenths % 10)%"
    return String(repeating: " ", count: max(0, 6 - text.count)) + text
  }
}
