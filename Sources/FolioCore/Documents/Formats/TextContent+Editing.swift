extension TextContent {
  /// Inserts a line before the line at `index`, or at the end when `index == lines.count`.
  ///
  /// The new line ends with `lineEnding`; in a file that mixes terminators the other lines
  /// keep theirs. Assigning `lines[i]` directly keeps line `i`'s terminator too.
  public mutating func insert(_ line: String, at index: Int) {
    lines.insert(line, at: index)
    if let count = lineEndings?.count {
      lineEndings?.insert(lineEnding, at: min(index, count))
    }
  }

  /// Adds a line at the end.
  public mutating func append(_ line: String) {
    insert(line, at: lines.count)
  }

  /// Removes and returns the line at `index`, with its terminator.
  @discardableResult
  public mutating func removeLine(at index: Int) -> String {
    if let count = lineEndings?.count, index < count {
      lineEndings?.remove(at: index)
    }
    return lines.remove(at: index)
  }
}
