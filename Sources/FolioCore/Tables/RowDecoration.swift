/// A symbol shown beside the rows whose cell in a column meets a condition [the seed's
/// `checkmark.seal.fill` on a visited place]: plugins declare them (`folio.row_decoration`),
/// and `show`, `screen`, print and JSON carry them.
///
/// The condition is data, not code: deciding a row reads one cell it already read and
/// compares it, with no plugin call, so `show` of a million rows streams as fast with
/// decorations as without.
public struct RowDecoration: Sendable, Equatable {
  /// The id, unique among decorations (`checkin.visited`).
  public var id: String
  /// The SF Symbols name (`checkmark.seal.fill`); text shows its glyph (`SymbolGlyphs`).
  public let symbol: String
  /// The one-column glyph text shows for the symbol, or `SymbolGlyphs.fallback`: looked up
  /// once, not for every row.
  public let glyph: String
  /// Words for the symbol, for those who do not see it (JSON's `text`); nil for none.
  public var text: String?
  /// The colour the symbol is drawn in, for front ends that draw colour; nil for the default.
  public var tint: SymbolTint?
  /// The name of the column whose cell decides; a table without it shows no decoration.
  public var column: String
  /// What the cell must be for the row to show the symbol.
  public var condition: RowCondition
  /// Who declared it: `plugin NAME`, or `built-in`.
  public var owner: String

  /// Creates a decoration.
  public init(
    id: String, symbol: String, text: String? = nil, tint: SymbolTint? = nil, column: String,
    condition: RowCondition, owner: String
  ) {
    self.id = id
    self.symbol = symbol
    glyph = SymbolGlyphs.glyph(for: symbol)
    self.text = text
    self.tint = tint
    self.column = column
    self.condition = condition
    self.owner = owner
  }
}

/// What a cell must be for a row decoration to show.
public enum RowCondition: Sendable, Equatable {
  /// The cell reads as yes, as the `favorite` column's cells do: `yes`, `true`, `1`, `on`,
  /// `y`, `x` or `★`, in any case.
  case yes
  /// The cell is not empty.
  case filled
  /// The cell is exactly this text.
  case equals(String)
  /// The cell reads as a number within the bounds (each inclusive; nil for none).
  case range(atLeast: Double?, atMost: Double?)

  /// Whether a cell, as text, meets the condition.
  public func isMet(by cell: String) -> Bool {
    switch self {
    case .yes: return Workspace.isFavoriteText(cell)
    case .filled: return !cell.isEmpty
    case .equals(let text): return cell == text
    case .range(let low, let high):
      guard let value = Double(cell), value.isFinite else { return false }
      return value >= (low ?? -.infinity) && value <= (high ?? .infinity)
    }
  }
}

/// The colours a decoration's symbol may be tinted, named as SwiftUI's standard colours.
public enum SymbolTint: String, Sendable, Equatable, CaseIterable {
  case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray
}
