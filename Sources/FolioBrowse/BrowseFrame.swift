import FolioCore

/// How a run of text on the screen is drawn. The terminal maps each to attributes and, unless
/// `NO_COLOR` says not to, colours.
enum SpanStyle: Sendable, Equatable {
  case plain
  /// The title bar.
  case titleBar
  /// The toolbar's line.
  case toolbar
  /// The table's header.
  case header
  /// The cell under the cursor.
  case cursor
  /// The rest of the cursor's row.
  case cursorRow
  /// A selected row.
  case selected
  /// The status line saying a result or the key hints.
  case status
  /// The status line saying an error.
  case error
  /// A field being typed in: a cell edited in place, the `/` or `:` line.
  case field
  /// A popup's frame and text.
  case popup
  /// A destructive button or item (red, or bold and underlined without colour).
  case destructive
  /// An item that cannot be chosen now.
  case disabled
}

/// A box drawn over the frame: a menu, the context menu, a dialog.
struct Popup: Sendable, Equatable {
  /// Where its top left corner is, 0-based.
  var row: Int
  var column: Int
  /// Its lines, each a line of spans from column 0 of the box.
  var lines: [[Span]]
}

/// A run of text at a column of a screen line, every character already escaped for the
/// terminal and measured by Folio's width rule (`String.cells`).
struct Span: Sendable, Equatable {
  /// The first column, 0-based.
  var column: Int
  var text: String
  var style: SpanStyle
}

/// One frame of the browser: a line of spans per screen row, each line exactly the screen's
/// width, made by `BrowseScreen` from the session and drawn by the terminal.
struct BrowseFrame: Sendable, Equatable {
  var width: Int
  var lines: [[Span]]
  /// The popup over the lines, if one shows.
  var popup: Popup?

  /// The frame as plain text, a line per row with trailing blanks removed: what a terminal
  /// shows, for tests.
  var text: [String] {
    var texts = lines.map { $0.map(\.text).joined() }
    if let popup {
      for (offset, line) in popup.lines.enumerated() where texts.indices.contains(popup.row + offset) {
        texts[popup.row + offset] = Self.overlaying(
          line.map(\.text).joined(), on: texts[popup.row + offset], at: popup.column)
      }
    }
    return texts.map { text in
      var text = text
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// `line` with `text` written over it from cell `column`: a wide character that the text's
  /// edges cut is replaced by blanks, as a terminal does.
  static func overlaying(_ text: String, on line: String, at column: Int) -> String {
    var head = ""
    var used = 0
    var rest = Substring(line)
    while let character = rest.first, used + character.cells <= column {
      head.append(character)
      used += character.cells
      rest = rest.dropFirst()
    }
    head += String(repeating: " ", count: max(0, column - used))
    let end = column + text.cells
    var skipped = used
    while let character = rest.first, skipped < end {
      skipped += character.cells
      rest = rest.dropFirst()
    }
    return head + text + String(repeating: " ", count: max(0, skipped - end)) + rest
  }
}

/// Builds one screen line from left to right, cutting what would pass the right edge.
struct LineBuilder {
  let width: Int
  private(set) var spans: [Span] = []
  private(set) var used = 0

  init(width: Int) { self.width = max(0, width) }

  /// Appends `text` (already on one line and escaped) in `style`, cut at the right edge.
  mutating func append(_ text: String, _ style: SpanStyle) {
    guard used < width, !text.isEmpty else { return }
    let room = width - used
    let fitted = text.cells <= room ? text : text.truncated(toCells: room)
    let cells = fitted.cells
    guard cells > 0 else { return }
    spans.append(Span(column: used, text: fitted, style: style))
    used += cells
  }

  /// Appends blanks in `style` up to column `column`.
  mutating func pad(to column: Int, _ style: SpanStyle) {
    let target = min(width, column)
    guard target > used else { return }
    append(String(repeating: " ", count: target - used), style)
  }

  /// A line of blanks.
  static func blank(width: Int) -> [Span] {
    var line = LineBuilder(width: width)
    return line.finished()
  }

  /// The line, filled with blanks in `style` to the full width.
  mutating func finished(filling style: SpanStyle = .plain) -> [Span] {
    pad(to: width, style)
    return spans
  }
}
