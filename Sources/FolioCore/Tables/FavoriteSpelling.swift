/// How a table's `favorite` column spells yes and no, so that marking a row writes what the
/// column already holds, and marking it back gives back its bytes.
enum FavoriteSpelling {
  /// Words that mean yes, each with its no: a cell holding one is answered with the other.
  private static let pairs = [("yes", "no"), ("true", "false"), ("1", "0"), ("on", "off"), ("y", "n")]

  /// The cell that marks (`isFavorite`) or unmarks a row whose cell in `column` is `old`.
  ///
  /// A JSON boolean stays a boolean. Otherwise, in order: `remembered`, the cell the row held
  /// before it was first marked or unmarked, when it means the same (`.absent` too: a JSON
  /// row without the key loses it again); the first cell of the
  /// column that means the same (its spelling, its JSON type); the other word of `old`'s pair
  /// (`no` for `yes`, `False` for `True`, in `old`'s case); `yes`, or the empty string.
  static func cell(
    marking isFavorite: Bool, replacing old: TableCell, remembered: TableCell?, column: Int,
    in table: TableModel
  ) -> TableCell {
    if case .bool = old { return .bool(isFavorite) }
    if let remembered, Workspace.isFavoriteText(remembered.description) == isFavorite {
      return remembered
    }
    if column < table.columns.count {
      for row in 0..<table.rowCount {
        let cell = table.cell(row: row, column: column)
        if cell != .absent, Workspace.isFavoriteText(cell.description) == isFavorite { return cell }
      }
    }
    if let answer = word(meaning: isFavorite, pairedWith: old.description) {
      if case .number = old, TableCell.isJSONNumber(answer) { return .number(answer) }
      return .string(answer)
    }
    return .string(isFavorite ? "yes" : "")
  }

  /// The word of `text`'s yes/no pair that means `flag`, in `text`'s case (`No` for `Yes`
  /// and false); nil when `text` is no word of a pair.
  static func word(meaning flag: Bool, pairedWith text: String) -> String? {
    let word = text.lowercased()
    guard let pair = pairs.first(where: { $0.0 == word || $0.1 == word }) else { return nil }
    return matchingCase(flag ? pair.0 : pair.1, of: text)
  }

  /// `word` in the case of `model`: all capitals, a first capital, or as it is.
  private static func matchingCase(_ word: String, of model: String) -> String {
    if model == model.uppercased(), model != model.lowercased() { return word.uppercased() }
    guard let first = model.first, first.isUppercase else { return word }
    return word.prefix(1).uppercased() + word.dropFirst()
  }
}
