import FolioCore

extension ReportText {
  /// What a `column` command changed, as a sentence.
  public static func phrase(_ change: ColumnChange) -> String {
    switch change {
    case .added(let name, let position): "Added column \(name) at position \(position)."
    case .renamed(let from, let to): "Renamed column \(from) to \(to)."
    case .deleted(let name): "Deleted column \(name)."
    case .moved(let name, let position): "Moved column \(name) to position \(position)."
    case .typed(let name, .number?): "Column \(name) reads as numbers."
    case .typed(let name, .text?): "Column \(name) reads as text."
    case .typed(let name, .bool?): "Column \(name) reads as yes/no values."
    case .typed(let name, nil): "Column \(name) reads as its cells say."
    }
  }
}
