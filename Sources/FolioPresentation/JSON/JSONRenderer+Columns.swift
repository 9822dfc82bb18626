import FolioCore

extension JSONRenderer {
  /// What a `column` command changed: `{"event": "columnAdded", "column", "position"}`,
  /// `columnRenamed` with `from` and `to`, `columnDeleted` with `column`, `columnMoved` with
  /// `column` and `position` (1-based), `columnTyped` with `column` and `type` (`number`,
  /// `text`, `yes-no` or `auto`).
  public static func columnChange(_ change: ColumnChange) -> [(String, JSONValue)] {
    switch change {
    case .added(let name, let position):
      [("event", .string("columnAdded")), ("column", .string(name)), ("position", .int(position))]
    case .renamed(let from, let to):
      [("event", .string("columnRenamed")), ("from", .string(from)), ("to", .string(to))]
    case .deleted(let name): [("event", .string("columnDeleted")), ("column", .string(name))]
    case .moved(let name, let position):
      [("event", .string("columnMoved")), ("column", .string(name)), ("position", .int(position))]
    case .typed(let name, let kind):
      [("event", .string("columnTyped")), ("column", .string(name)), ("type", .string(typeName(kind)))]
    }
  }

  /// A column's declared type as `column type` takes it: `number`, `text`, `yes-no`, or
  /// `auto` when its cells decide.
  public static func typeName(_ kind: TableValueKind?) -> String {
    switch kind {
    case .number: "number"
    case .text: "text"
    case .bool: "yes-no"
    case nil: "auto"
    }
  }
}
