/// One cell of a table document.
///
/// CSV and TSV cells are always `.string`. JSON cells keep their JSON type, so that a file
/// is written back as it was read: numbers keep the literal as written and nested values
/// their JSON text.
public enum TableCell: Equatable, Sendable, CustomStringConvertible {
  /// Text.
  case string(String)
  /// A JSON number, as the literal written in the file (`"1.50"`, `"-2e3"`), so that no
  /// precision or spelling is lost. It must follow the JSON number grammar.
  case number(String)
  /// A JSON `true` or `false`.
  case bool(Bool)
  /// A JSON `null`.
  case null
  /// A nested JSON object or array, as its compact JSON text (`{"a":[1,2]}`).
  case json(String)
  /// No value: a JSON object without this column's key. Written by leaving the key out.
  case absent

  /// The text a person sees, and what CSV and TSV files store.
  ///
  /// Strings, number literals and JSON text as they are, `true` or `false`, and the empty
  /// string for `.null` and `.absent`, as spreadsheets show missing values.
  public var description: String {
    switch self {
    case .string(let text), .number(let text), .json(let text): text
    case .bool(let value): value ? "true" : "false"
    case .null, .absent: ""
    }
  }
}

extension TableCell {
  /// Whether two cells are the same to the byte: the same case and the same UTF-8 text.
  ///
  /// `==` compares text as Swift does, by canonical equivalence, so `é` precomposed equals
  /// `e` with a combining accent; a file holds bytes, and either one is a change to it.
  func isIdentical(to other: TableCell) -> Bool {
    switch (self, other) {
    case (.string(let left), .string(let right)), (.number(let left), .number(let right)),
      (.json(let left), .json(let right)):
      left.utf8.elementsEqual(right.utf8)
    default: self == other
    }
  }
}
