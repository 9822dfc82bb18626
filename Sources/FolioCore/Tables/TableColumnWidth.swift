/// How wide a shown column is [TableColumn.width], in terminal columns.
public enum TableColumnWidth: Sendable, Equatable {
  /// As wide as its title and the widest cell shown, at most `maximum`; narrower when the
  /// table does not fit the window.
  case fitted(maximum: Int)
  /// Exactly this wide, whatever the cells and the window.
  case fixed(Int)

  /// The width of a column nobody sized: fitted, at most 40 columns.
  public static let standard = TableColumnWidth.fitted(maximum: 40)
}
