import FolioCore
import FolioSession

/// The popups a frame draws over the grid: the open menu (from `m`, `c` or a plugin) and the
/// waiting dialog, modal, its destructive buttons marked and its cancel button last.
extension BrowseScreen {
  /// The popup the session has open now, if any: its dialog before its menu.
  func popup(_ controller: BrowseController) -> Popup? {
    if let dialog = session.pendingDialog { return dialogPopup(dialog, controller) }
    if let menu = session.menuSession { return menuPopup(OpenMenu(menu), controller) }
    return nil
  }

  /// A box of `inner` columns around lines of spans.
  private func box(title: String, inner: Int, lines: [[Span]]) -> [[Span]] {
    var top = LineBuilder(width: inner + 2)
    let heading = title.isEmpty ? "" : " " + title.displayedOnOneLine + " "
    top.append("┌─" + heading.truncated(toCells: max(0, inner - 1)), .popup)
    top.pad(to: inner + 1, .popup)
    var result = [Self.fill(top.finished(filling: .popup), width: inner + 2, edge: "┐", rule: "─")]
    for line in lines {
      var builder = LineBuilder(width: inner + 2)
      builder.append("│", .popup)
      for span in line { builder.append(span.text, span.style) }
      builder.pad(to: inner + 1, .popup)
      builder.append("│", .popup)
      result.append(builder.finished(filling: .popup))
    }
    var bottom = LineBuilder(width: inner + 2)
    bottom.append("└" + String(repeating: "─", count: inner) + "┘", .popup)
    result.append(bottom.finished(filling: .popup))
    return result
  }

  /// The top line with its rule run to the corner.
  private static func fill(_ line: [Span], width: Int, edge: String, rule: String) -> [Span] {
    let text = line.map(\.text).joined()
    var trimmed = text
    while trimmed.last == " " { trimmed.removeLast() }
    let body = trimmed + String(repeating: rule, count: max(0, width - 1 - trimmed.cells)) + edge
    return [Span(column: 0, text: body, style: .popup)]
  }

  private func menuPopup(_ menu: OpenMenu, _ controller: BrowseController) -> Popup {
    let items = menu.items
    let titles = items.map { item -> String in
      let state = item.node.state == .toggle(true) ? "✓ " : "  "
      let submenu = item.node.kind == .submenu || item.node.kind == .menu ? " ▸" : ""
      return state + (item.node.title ?? "").displayedOnOneLine + submenu
    }
    var heading = menu.path.last ?? ""
    if controller.menuBarIndex != nil { heading = "◂ " + heading + " ▸" }
    let inner = min(max(8, width - 4), max(heading.cells + 4, (titles.map(\.cells).max() ?? 0) + 2))
    var lines: [[Span]] = []
    for (index, item) in items.enumerated() {
      let style: SpanStyle =
        index == controller.highlight
        ? .cursor : !item.node.isEnabled ? .disabled : item.node.role == .destructive ? .destructive : .popup
      var line = LineBuilder(width: inner)
      line.append(" " + titles[index], style)
      line.pad(to: inner, style)
      lines.append(line.finished(filling: style))
    }
    if items.isEmpty {
      var line = LineBuilder(width: inner)
      line.append(" (nothing to choose)", .disabled)
      lines.append(line.finished(filling: .popup))
    }
    let boxed = box(title: heading, inner: inner, lines: lines)
    // The context menu opens below the cursor's row, a menu of the bar below the toolbar.
    var row = 2
    var column = 1
    if controller.menuBarIndex == nil {
      let tabBar = height > 4 && session.workspace.documents.count > 1 ? 1 : 0
      row = 3 + tabBar + (controller.cursor.row - controller.cursor.topRow) + 1
      column = min(8, max(0, width - boxed.count))
    }
    row = max(1, min(row, height - 1 - boxed.count))
    column = max(0, min(column, width - inner - 2))
    return Popup(row: row, column: column, lines: boxed)
  }

  private func dialogPopup(_ dialog: Dialog, _ controller: BrowseController) -> Popup {
    let inner = max(10, min(width - 4, 64))
    var lines: [[Span]] = []
    func text(_ string: String, _ style: SpanStyle) {
      for piece in Self.wrap(string.displayedOnOneLine, width: inner - 2) {
        var line = LineBuilder(width: inner)
        line.append(" " + piece, style)
        lines.append(line.finished(filling: .popup))
      }
    }
    if let message = dialog.message {
      for paragraph in message.split(separator: "\n", omittingEmptySubsequences: false) {
        text(String(paragraph), .popup)
      }
    }
    if let field = dialog.textField {
      text(field.label, .popup)
      var line = LineBuilder(width: inner)
      line.append(" ", .popup)
      Self.appendField(controller.dialogField ?? LineField(field.text), width: inner - 2, to: &line)
      lines.append(line.finished(filling: .popup))
    }
    lines.append(
      LineBuilder.blank(width: inner).map { Span(column: $0.column, text: $0.text, style: .popup) })
    var buttons = LineBuilder(width: inner)
    buttons.append(" ", .popup)
    let highlighted =
      controller.dialogHighlight ?? controller.dialogButtons.firstIndex { $0.role == .default } ?? 0
    for (index, button) in controller.dialogButtons.enumerated() {
      let style: SpanStyle =
        index == highlighted ? .cursor : button.role == .destructive ? .destructive : .popup
      buttons.append("[ " + button.title.displayedOnOneLine + " ]", style)
      buttons.append("  ", .popup)
    }
    lines.append(buttons.finished(filling: .popup))
    let boxed = box(title: dialog.title, inner: inner, lines: lines)
    let row = max(1, (height - boxed.count) / 2)
    let column = max(0, (width - inner - 2) / 2)
    return Popup(row: row, column: column, lines: boxed)
  }

  /// `text` in lines of at most `width` cells, broken at blanks where it can.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0, text.cells > width else { return [text] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let joined = line.isEmpty ? String(word) : line + " " + word
      if joined.cells <= width || line.isEmpty {
        line = joined.cells <= width ? joined : joined.truncated(toCells: width)
      } else {
        lines.append(line)
        line = String(word).truncated(toCells: width)
      }
    }
    lines.append(line)
    return lines
  }
}
