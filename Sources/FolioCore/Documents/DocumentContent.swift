/// What a document holds.
public enum DocumentContent: Equatable, Sendable {
  case text(TextContent)
  case table(TableModel)

  /// The kind of document.
  public var kind: DocumentKind {
    switch self {
    case .text: .text
    case .table: .table
    }
  }

  /// A rough size in bytes, for undo budgets.
  var estimatedSize: Int {
    switch self {
    case .text(let text): text.lines.reduce(0) { $0 + $1.utf8.count + 16 }
    case .table(let table): table.estimatedSize
    }
  }
}
