/// How a column's cells are shown [the seed's `NoiseLevelView`, a custom cell of a
/// `TableColumn`]: plugins declare them (`folio.cell_format`); `show`, `screen` and print
/// show the displayed form, JSON the stored value and the displayed form beside it.
///
/// A format is data, not code: formatting a cell is arithmetic on the cell already read, with
/// no plugin call, so `show` of a million rows streams as fast with formats as without. A
/// format only shows; the stored value never changes, and sorting, editing and saving use it.
public struct CellFormat: Sendable, Equatable {
  /// The id, unique among formats (`noise.bar`).
  public var id: String
  /// The name of the column it formats; a table without it is shown as it is.
  public var column: String
  /// What the cells become.
  public var style: Style
  /// Who declared it: `plugin NAME`, or `built-in`.
  public var owner: String

  /// What a formatted cell shows.
  public enum Style: Sendable, Equatable {
    /// A bar of `width` glyphs: as many `filled` as the value's share of `minimum`…`maximum`
    /// (rounded, clamped to the bounds), the rest `empty`.
    case bar(minimum: Double, maximum: Double, width: Int, filled: String, empty: String)

    /// The style's name in JSON and `plugin info`: `bar`.
    public var kind: String {
      switch self {
      case .bar: "bar"
      }
    }
  }

  /// The most glyphs a bar may have.
  public static let maximumBarWidth = 20

  /// A bar's every form, made once: the bar with 0, 1, … `width` glyphs filled, so that
  /// formatting a cell makes no string.
  private let bars: [String]

  /// Creates a format.
  public init(id: String, column: String, style: Style, owner: String) {
    self.id = id
    self.column = column
    self.style = style
    self.owner = owner
    switch style {
    case .bar(_, _, let width, let filled, let empty):
      let width = max(0, width)
      bars = (0...width).map {
        String(repeating: filled, count: $0) + String(repeating: empty, count: width - $0)
      }
    }
  }

  /// The displayed form of a cell, as text; nil when the format does not apply (a bar's cell
  /// that is empty or not a number shows as it is).
  public func display(_ cell: String) -> String? {
    switch style {
    case .bar(let minimum, let maximum, let width, _, _):
      guard !cell.isEmpty, let value = Double(cell), value.isFinite else { return nil }
      let share = maximum > minimum ? (min(max(value, minimum), maximum) - minimum) / (maximum - minimum) : 1
      let count = Int((share * Double(max(0, width))).rounded(.toNearestOrAwayFromZero))
      return bars[min(max(count, 0), bars.count - 1)]
    }
  }
}
