/// What `find` and `substitute` look for in a line or a cell: plain text or a regular
/// expression, with or without regard to case, anywhere or as whole words.
///
/// Made once per command from the words given (the regular expression compiled then), and
/// then asked for the matches in each line or cell, as byte ranges of its UTF-8.
public struct TextPattern: Sendable {
  /// How the pattern's text is read.
  public enum Kind: Sendable, Equatable {
    /// The text itself.
    case plain
    /// A POSIX extended regular expression.
    case regex
  }

  /// One match: where it is in the text's UTF-8 bytes, and the byte ranges of a regular
  /// expression's groups (element N for group N; nil where a group took no part).
  public struct Match: Sendable, Equatable {
    public var range: Range<Int>
    public var groups: [Range<Int>?]
  }

  /// The pattern as given.
  public let text: String
  public let kind: Kind
  /// Whether letters match only their own case; by default they match either, as an
  /// editor's Find does.
  public let isCaseSensitive: Bool
  /// Whether a match must be a whole word: no letter, digit or `_` just before or after it.
  public let matchesWholeWords: Bool

  private let expression: RegularExpression?

  /// The regular expression's number of groups; nil for plain text.
  public var groupCount: Int? { expression?.groupCount }
  /// The plain pattern's bytes, lowercased where the match ignores case.
  private let needle: [UInt8]
  /// Whether the plain pattern holds any byte outside ASCII.
  private let needleIsASCII: Bool
  /// The plain pattern's scalars, lowercased, for a case-insensitive match of non-ASCII
  /// text.
  private let foldedScalars: [Unicode.Scalar]

  /// Makes a pattern.
  ///
  /// - Throws: `FolioError` `invalidArgument` for an empty pattern (value `pattern`), or as
  ///   `RegularExpression.init` does for a regular expression that does not compile.
  public init(
    _ text: String, kind: Kind = .plain, isCaseSensitive: Bool = false, matchesWholeWords: Bool = false
  )
    throws(FolioError)
  {
    guard !text.isEmpty else {
      throw FolioError(.invalidArgument, "the pattern is empty", values: ["pattern": ""])
    }
    self.text = text
    self.kind = kind
    self.isCaseSensitive = isCaseSensitive
    self.matchesWholeWords = matchesWholeWords
    expression = kind == .regex ? try RegularExpression(text, isCaseSensitive: isCaseSensitive) : nil
    needleIsASCII = text.utf8.allSatisfy { $0 < 0x80 }
    needle = isCaseSensitive ? Array(text.utf8) : text.utf8.map(Self.lowercasedASCII)
    foldedScalars = text.unicodeScalars.map(Self.folded)
  }

  /// Whether the text holds a match.
  public func matches(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { firstMatch(in: $0, from: 0) != nil }
  }

  /// Every match in `text`, in order, none overlapping.
  public func allMatches(in text: String) -> [Match] {
    var text = text
    return text.withUTF8 { bytes in
      var result: [Match] = []
      var start = 0
      while let match = firstMatch(in: bytes, from: start) {
        result.append(match)
        // An empty match (`x*`) moves on by one scalar, so the loop ends.
        start =
          match.range.isEmpty
          ? Self.nextScalar(after: match.range.upperBound, in: bytes) : match.range.upperBound
        if start > bytes.count { break }
      }
      return result
    }
  }

  /// The first match starting at or after byte `start`.
  public func firstMatch(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Match? {
    var from = start
    while from <= bytes.count {
      guard let match = candidate(in: bytes, from: from) else { return nil }
      if !matchesWholeWords || isWholeWord(match.range, in: bytes) { return match }
      from = Self.nextScalar(after: match.range.lowerBound, in: bytes)
    }
    return nil
  }

  /// The next match at or after `start`, whole word or not.
  private func candidate(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Match? {
    if let expression {
      guard let groups = expression.firstMatch(in: bytes, from: start), let range = groups[0] else {
        return nil
      }
      return Match(range: range, groups: Array(groups.dropFirst()))
    }
    if isCaseSensitive || needleIsASCII {
      return plainMatch(in: bytes, from: start).map { Match(range: $0, groups: []) }
    }
    return foldedMatch(in: bytes, from: start).map { Match(range: $0, groups: []) }
  }

  /// The plain pattern's bytes found at or after `start`, ASCII letters of either case when
  /// the match ignores case.
  private func plainMatch(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int>? {
    let count = needle.count
    guard count <= bytes.count else { return nil }
    let first = needle[0]
    var index = start
    let last = bytes.count - count
    while index <= last {
      let byte = isCaseSensitive ? bytes[index] : Self.lowercasedASCII(bytes[index])
      if byte == first {
        var offset = 1
        while offset < count {
          let other = isCaseSensitive ? bytes[index + offset] : Self.lowercasedASCII(bytes[index + offset])
          if other != needle[offset] { break }
          offset += 1
        }
        if offset == count { return index..<(index + count) }
      }
      index += 1
    }
    return nil
  }

  /// The plain pattern found at or after `start`, each scalar compared lowercased: how a
  /// pattern outside ASCII (`é`) matches either case (`É`).
  private func foldedMatch(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int>? {
    var scalars: [(scalar: Unicode.Scalar, offset: Int)] = []
    var offset = start
    var iterator = UTF8.ForwardParser()
    var input = bytes[start...].makeIterator()
    while case .valid(let encoded) = iterator.parseScalar(from: &input) {
      scalars.append((Self.folded(UTF8.decode(encoded)), offset))
      offset += encoded.count
    }
    let count = foldedScalars.count
    guard count <= scalars.count else { return nil }
    for index in 0...(scalars.count - count) {
      var matched = true
      for step in 0..<count where scalars[index + step].scalar != foldedScalars[step] {
        matched = false
        break
      }
      if matched {
        let end = index + count < scalars.count ? scalars[index + count].offset : offset
        return scalars[index].offset..<end
      }
    }
    return nil
  }

  /// Whether no word character touches the range on either side.
  private func isWholeWord(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    if range.lowerBound > 0, Self.isWordByte(bytes[range.lowerBound - 1]) { return false }
    if range.upperBound < bytes.count, Self.isWordByte(bytes[range.upperBound]) { return false }
    return true
  }

  /// A letter, digit or `_`; any byte of a scalar outside ASCII counts as a letter, so `é`
  /// belongs to its word.
  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
      true
    default: false
    }
  }

  static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  /// A scalar's lowercase form when it is one scalar, else the scalar itself.
  static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII { return Unicode.Scalar(lowercasedASCII(UInt8(scalar.value))) }
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    return lower.count == 1 ? lower[lower.startIndex] : scalar
  }

  /// The offset of the scalar after the one starting at `offset` (one past the end at the
  /// end).
  static func nextScalar(after offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var next = offset + 1
    while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
    return next
  }
}
