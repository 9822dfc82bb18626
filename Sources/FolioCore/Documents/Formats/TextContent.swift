/// A text document's content and the exact shape of its file.
///
/// Besides the lines it keeps everything needed to write the file back byte for byte: the
/// line terminators, a byte order mark and whether the last line was terminated. Lines must
/// not contain CR or LF themselves; the encoder would write them and the file would read
/// back as more lines.
public struct TextContent: Equatable, Sendable {
  /// The lines, without their terminators.
  public var lines: [String]
  /// The terminator of the first line that has one, `.lf` for a file without any; new lines
  /// get this one.
  public var lineEnding: LineEnding
  /// Whether the file starts with a UTF-8 byte order mark.
  public var hasByteOrderMark: Bool
  /// Whether the last line is terminated.
  ///
  /// An empty file decodes as `true`, so that a line added to it gets a terminator.
  public var endsWithNewline: Bool
  /// The terminator after each line, only for a file that mixes terminators; otherwise nil
  /// and every line ends with `lineEnding`.
  ///
  /// When present it is index-aligned with `lines`: entry `i` ends line `i`. A missing entry
  /// means `lineEnding`, and the last entry is not written when `endsWithNewline` is false.
  /// The editing methods in `TextContent+Editing.swift` keep the two aligned.
  public var lineEndings: [LineEnding]?

  /// Creates text content from lines.
  ///
  /// - Parameters:
  ///   - lines: The lines, without terminators.
  ///   - lineEnding: The terminator written after each line.
  ///   - hasByteOrderMark: Whether to write a UTF-8 byte order mark first.
  ///   - endsWithNewline: Whether the last line gets a terminator.
  ///   - lineEndings: Per-line terminators for a file that mixes them; nil when all lines end
  ///     with `lineEnding`.
  public init(
    lines: [String],
    lineEnding: LineEnding = .lf,
    hasByteOrderMark: Bool = false,
    endsWithNewline: Bool = true,
    lineEndings: [LineEnding]? = nil
  ) {
    self.lines = lines
    self.lineEnding = lineEnding
    self.hasByteOrderMark = hasByteOrderMark
    self.endsWithNewline = endsWithNewline
    self.lineEndings = lineEndings
  }

  /// The terminator written after line `index`, or nil for a last line without one.
  public func terminator(ofLine index: Int) -> LineEnding? {
    if index == lines.count - 1, !endsWithNewline { return nil }
    if let lineEndings, lineEndings.indices.contains(index) { return lineEndings[index] }
    return lineEnding
  }
}
