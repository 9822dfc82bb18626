/// A row of a table with its stable id: the id survives sorting and edits, so selections
/// and plugins can refer to rows.
public struct TableRow: Equatable, Sendable {
  /// The row's id, `N` in `id:N`.
  public var id: Int
  /// The row's cells, one per column.
  public var cells: [TableCell]
}
