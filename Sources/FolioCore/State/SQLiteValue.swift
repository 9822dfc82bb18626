/// A value bound to a statement parameter or read from a result column.
enum SQLiteValue: Equatable, Sendable {
  case null
  case int(Int)
  case double(Double)
  case text(String)
  case blob([UInt8])
}

extension SQLiteValue {
  /// Text, or `NULL` when there is none.
  static func text(_ text: String?) -> SQLiteValue {
    text.map { .text($0) } ?? .null
  }
}
