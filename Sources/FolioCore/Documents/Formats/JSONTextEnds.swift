/// What a JSON table file has around and between its tokens besides its layout
/// (`JSONStyle`): the line breaks it uses, a byte order mark, and whether it ends with a
/// line break. Recorded when the file is read and used when it is written, as a CSV file's
/// `DelimitedDialect` keeps the same three, so an edited file keeps them.
public struct JSONTextEnds: Equatable, Sendable {
  /// The line break between lines of a pretty file and at its end: the file's first.
  public var lineEnding: LineEnding
  /// Whether the file starts with a UTF-8 byte order mark.
  public var hasByteOrderMark: Bool
  /// Whether a line break follows the closing bracket.
  public var endsWithNewline: Bool

  /// Creates the ends of a file.
  public init(lineEnding: LineEnding = .lf, hasByteOrderMark: Bool = false, endsWithNewline: Bool = true) {
    self.lineEnding = lineEnding
    self.hasByteOrderMark = hasByteOrderMark
    self.endsWithNewline = endsWithNewline
  }

  /// LF line breaks, no byte order mark, a final line break: what new JSON files get, and
  /// what `JSON.stringify` with a newline appended writes.
  public static let standard = JSONTextEnds()

  /// The ends of a JSON text of `style` read from `bytes`: the byte order mark, whether a
  /// line break comes after `end` (the offset just past the closing bracket), and the kind
  /// of the line breaks written: for a pretty file its first line break (JSON holds none but
  /// between tokens), for a compact one, which has no other, the final one; LF when there
  /// is none. So a file written with these ends reads back with them.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, style: JSONStyle) -> JSONTextEnds {
    func isBreak(_ byte: UInt8) -> Bool { byte == ASCII.lineFeed || byte == ASCII.carriageReturn }
    var ends = JSONTextEnds(hasByteOrderMark: ASCII.hasByteOrderMark(bytes), endsWithNewline: false)
    let final = bytes[end...].firstIndex(where: isBreak)
    ends.endsWithNewline = final != nil
    if let first = style == .compact ? final : bytes.firstIndex(where: isBreak) {
      ends.lineEnding = LineEnding.read(at: first, in: bytes)
    }
    return ends
  }

  /// Writes `bytes`, written with LF line breaks, with this file's line breaks instead into
  /// `output`; LF is what JSON text holds only between tokens, so nothing else changes.
  func appendConverting(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    guard lineEnding != .lf else {
      output.append(contentsOf: bytes)
      return
    }
    var start = 0
    while let next = bytes[start...].firstIndex(of: ASCII.lineFeed) {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<next]))
      lineEnding.write(to: &output)
      start = next + 1
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
  }
}
