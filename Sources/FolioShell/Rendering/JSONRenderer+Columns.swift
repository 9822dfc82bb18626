import FolioCore

extension JSONRenderer {
  /// What a `column` command changed: `{"event": "columnAdded", "column", "position"}`,
  /// `columnRenamed` with `from` and `to`, `columnDeleted` with `column`, `columnMoved` with
  /// `column` and `position` (1-based).
  static func columnChange(_ change: ColumnChange) -> [(String, JSONValue)] {
    switch change {
    case .added(let name, let position):
      [("event", .string("columnAdded")), ("column", .string(name)), ("position", .int(position))]
    case .renamed(let from, let to):
      [("event", .string("columnRenamed")), ("from", .string(from)), ("to", .string(to))]
    case .deleted(let name): [("event", .string("columnDeleted")), ("column", .string(name))]
    case .moved(let name, let position):
      [("event", .string("columnMoved")), ("column", .string(name)), ("position", .int(position))]
    }
  }
}
