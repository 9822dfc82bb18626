/// A column name as its UTF-8 bytes, for comparing and hashing names.
///
/// Swift compares strings by canonical equivalence, so `é` precomposed (NFC) equals `e`
/// followed by a combining accent (NFD). A file's column names are bytes: two spellings of
/// `é` are two columns, each written back as it was read.
struct ColumnKey: Hashable, Sendable {
  /// The name's UTF-8 bytes.
  let bytes: [UInt8]

  /// The key of a column name.
  init(_ name: String) { bytes = Array(name.utf8) }

  /// The position of the column named `name` in `columns`, bytes compared; nil when none
  /// is.
  static func index(of name: String, in columns: [String]) -> Int? {
    columns.firstIndex { $0.utf8.elementsEqual(name.utf8) }
  }
}
