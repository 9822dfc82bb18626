/// A column as `show` lays it out [TableColumn]: its title, where it is in the table, its
/// value kind, its width rule and the width it got.
public struct TableColumn: Sendable, Equatable {
  /// The column's name, shown as its header.
  public var title: String
  /// Where the column is in the table (0-based).
  public var index: Int
  /// What its values are.
  public var kind: TableValueKind
  /// How its width is decided.
  public var widthRule: TableColumnWidth
  /// The width it got, in terminal columns.
  public var width: Int

  /// Creates a column; its width is the fixed width, or 0 until the table is fitted.
  public init(
    title: String, index: Int, kind: TableValueKind = .text, widthRule: TableColumnWidth = .standard
  ) {
    self.title = title
    self.index = index
    self.kind = kind
    self.widthRule = widthRule
    if case .fixed(let width) = widthRule { self.width = max(1, width) } else { self.width = 0 }
  }

  /// How cells line up in a column.
  public enum Alignment: String, Sendable, Equatable {
    /// Against the left edge: text and yes/no values.
    case leading
    /// Against the right edge: numbers, so that their digits line up.
    case trailing
  }

  /// Numbers line up on the right, everything else on the left.
  public var alignment: Alignment { kind == .number ? .trailing : .leading }

  /// A cell's text (or the title) made exactly `width` columns wide: shown on one line
  /// (`displayedOnOneLine`: line breaks as `⏎`, tabs as `→`, other control characters
  /// escaped), cut with `…` when longer, padded on the side its alignment leaves free.
  public func format(_ text: String) -> String {
    let fitted = text.displayedOnOneLine.truncated(toCells: width)
    let padding = String(repeating: " ", count: max(0, width - fitted.cells))
    return alignment == .trailing ? padding + fitted : fitted + padding
  }
}
