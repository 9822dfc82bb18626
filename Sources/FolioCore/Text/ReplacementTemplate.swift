/// What `substitute` writes in place of each match: text, and with a regular expression the
/// text of its groups, `$1` to `$9` (`$0` the whole match), `$$` a dollar sign.
public struct ReplacementTemplate: Sendable, Equatable {
  /// One piece of the replacement.
  enum Piece: Sendable, Equatable {
    case text([UInt8])
    /// Group N of the match; 0 the whole match.
    case group(Int)
  }

  let pieces: [Piece]

  /// Reads a replacement; for a plain pattern (`groupCount` nil) it is the text as it is.
  ///
  /// - Parameters:
  ///   - text: the replacement as given.
  ///   - groupCount: the regular expression's number of groups; nil for plain text.
  /// - Throws: `FolioError` `invalidArgument` with the value `replacement` for a `$` that
  ///   is followed by neither a digit nor `$`, or a group the expression does not have
  ///   (value `group`).
  public init(_ text: String, groupCount: Int?) throws(FolioError) {
    guard let groupCount else {
      pieces = [.text(Array(text.utf8))]
      return
    }
    var pieces: [Piece] = []
    var literal: [UInt8] = []
    var bytes = text.utf8.makeIterator()
    while let byte = bytes.next() {
      guard byte == UInt8(ascii: "$") else {
        literal.append(byte)
        continue
      }
      let next = bytes.next()
      if next == UInt8(ascii: "$") {
        literal.append(byte)
      } else if let next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
        let group = Int(next - UInt8(ascii: "0"))
        guard group <= groupCount else {
          throw FolioError(
            .invalidArgument, "the replacement names group \(group); the expression has \(groupCount)",
            values: ["replacement": text, "group": String(group)])
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        literal = []
        pieces.append(.group(group))
      } else {
        throw FolioError(
          .invalidArgument, "a '$' in the replacement is followed by a group number 0–9 or another '$'",
          values: ["replacement": text])
      }
    }
    if !literal.isEmpty { pieces.append(.text(literal)) }
    self.pieces = pieces
  }

  /// The replacement for `match` in `bytes`.
  func bytes(for match: TextPattern.Match, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    for piece in pieces {
      switch piece {
      case .text(let text): result += text
      case .group(0): result += bytes[match.range]
      case .group(let group):
        if match.groups.indices.contains(group - 1), let range = match.groups[group - 1] {
          result += bytes[range]
        }
      }
    }
    return result
  }

  /// `text` with every match of `pattern` replaced, and how many were; nil when none was.
  /// An empty match just where the previous match ended is not one (`x*` over `xa` gives
  /// `-a-`, as sed does).
  ///
  /// - Throws: `FolioError` `invalidArgument` (value `pattern`) when the result would not be
  ///   UTF-8: a regular expression, which reads bytes, matched part of a character.
  public func replacing(_ pattern: TextPattern, in text: String) throws(FolioError) -> (
    text: String, count: Int
  )? {
    var text = text
    let result = text.withUTF8 { bytes -> (bytes: [UInt8], count: Int)? in
      var output: [UInt8] = []
      var copied = 0
      var start = 0
      var count = 0
      var lastEnd = -1
      while start <= bytes.count, let match = pattern.firstMatch(in: bytes, from: start) {
        start =
          match.range.isEmpty
          ? TextPattern.nextScalar(after: match.range.upperBound, in: bytes) : match.range.upperBound
        if match.range.isEmpty, match.range.lowerBound == lastEnd { continue }
        count += 1
        output += bytes[copied..<match.range.lowerBound]
        output += self.bytes(for: match, in: bytes)
        copied = match.range.upperBound
        lastEnd = match.range.upperBound
      }
      guard count > 0 else { return nil }
      output += bytes[copied...]
      return (output, count)
    }
    guard let result else { return nil }
    guard let replaced = String(validating: result.bytes, as: UTF8.self) else {
      throw FolioError(
        .invalidArgument, "the replacement would split a character: the pattern matched part of one",
        values: ["pattern": pattern.text])
    }
    return (replaced, result.count)
  }
}
