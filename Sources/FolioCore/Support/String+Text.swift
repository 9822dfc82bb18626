import CFolioSystem

/// Searching text for text by its UTF-8 bytes.
///
/// The standard library's `contains(_:)`, `firstRange(of:)`, `replacing(_:with:)` and
/// `split(separator:)` for a string pattern live in `_StringProcessing`, whose regex engine
/// and tables (and, through them, the concurrency runtime and libdispatch) a static binary
/// then carries and relocates at every start (docs/performance.md, "Start-up: static
/// libraries, commands made on first use"). These compare bytes rather than characters: a pattern matches wherever its
/// bytes occur, also before a combining mark, which is what escaping and quoting need (a
/// quote followed by U+0301 is still a quote to a shell).
extension StringProtocol {
  /// The range of the first occurrence of `pattern` at or after `start`; nil when there is
  /// none or the pattern is empty.
  public func range(ofText pattern: some StringProtocol, from start: Index? = nil) -> Range<Index>? {
    // A start before the text's own (a substring's) searches from its start.
    let from = Swift.max(0, start.map { utf8.distance(from: utf8.startIndex, to: $0) } ?? 0)
    let offset = withUTF8Bytes { text in
      pattern.withUTF8Bytes { Self.offset(of: $0, in: text, from: from) }
    }
    guard let offset else { return nil }
    let lower = utf8.index(utf8.startIndex, offsetBy: offset)
    return lower..<utf8.index(lower, offsetBy: pattern.utf8.count)
  }

  /// Whether `pattern` occurs in the text; an empty pattern does not.
  public func containsText(_ pattern: some StringProtocol) -> Bool {
    range(ofText: pattern) != nil
  }

  /// The text with every occurrence of `pattern` replaced by `replacement`, left to right
  /// and without overlaps.
  public func replacingText(_ pattern: some StringProtocol, with replacement: some StringProtocol) -> String {
    guard var found = range(ofText: pattern) else { return String(self) }
    var result = ""
    var rest = startIndex
    while true {
      result += self[rest..<found.lowerBound]
      result += replacement
      rest = found.upperBound
      guard let next = range(ofText: pattern, from: rest) else { break }
      found = next
    }
    result += self[rest...]
    return result
  }

  /// The pieces of the text between occurrences of `separator`, empty ones included.
  public func pieces(separatedBy separator: some StringProtocol) -> [SubSequence] {
    var pieces: [SubSequence] = []
    var rest = startIndex
    while let found = range(ofText: separator, from: rest) {
      pieces.append(self[rest..<found.lowerBound])
      rest = found.upperBound
    }
    pieces.append(self[rest...])
    return pieces
  }

  /// Calls `body` with the text's UTF-8 bytes, in place when they are contiguous (a native
  /// string's are), else from a native copy.
  private func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = String(self)
    return copy.withUTF8(body)
  }

  /// The offset of `needle`'s first occurrence in `text` at or after `from`.
  private static func offset(
    of needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from: Int
  ) -> Int? {
    guard !needle.isEmpty, from <= text.count, let base = text.baseAddress else { return nil }
    let found = folio_find_bytes(base + from, text.count - from, needle.baseAddress, needle.count)
    return found < 0 ? nil : from + found
  }
}
