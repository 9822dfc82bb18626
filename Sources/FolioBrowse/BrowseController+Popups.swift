import FolioCore
import FolioSession

/// Menus, the context menu and dialogs as popups. What shows is the session's — its open
/// menu (`Session.menuSession`) and its waiting dialog (`Session.pendingDialog`) — and each key
/// that chooses is a typed call: `chooseMenuItem(path:)`, `closeMenu()`, `answerDialog(buttonID:text:)`.
/// The browser keeps only which item or button is highlighted.
extension BrowseController {
  /// The open menu's choosable items, in order.
  var menuItems: [MenuChoice] {
    session.menuSession.map { OpenMenu($0).items } ?? []
  }

  /// The waiting dialog's buttons in the order they show: the cancel button last.
  var dialogButtons: [DialogButton] {
    guard let dialog = session.pendingDialog else { return [] }
    return dialog.buttons.filter { $0.role != .cancel } + dialog.buttons.filter { $0.role == .cancel }
  }

  /// Handles a key while a popup shows; false when none shows.
  func handlePopup(_ key: BrowseKey) -> Bool {
    if let dialog = session.pendingDialog {
      handleDialog(key, dialog)
      return true
    }
    if session.menuSession != nil {
      handleMenu(key)
      return true
    }
    return false
  }

  /// `m` / F10: the menu bar's first menu (File), or the one `index` names.
  func openMenuBar(at index: Int = 0) {
    let menus = session.menus
    guard !menus.isEmpty else { return }
    let index = (index % menus.count + menus.count) % menus.count
    perform(moving: false, recording: (nil, "menu open " + Word.quoted(menus[index].id))) {
      .openMenu(try self.session.openMenu(menus[index].id))
    }
    if session.menuSession != nil {
      menuBarIndex = index
      highlight = 0
    }
  }

  /// `t`: the title menu (the `▾` beside the title): Rename…, Duplicate, Move To…, ….
  func openTitleMenu() {
    perform(moving: false, recording: (nil, "menu open title")) {
      .openMenu(try self.session.openMenu("title"))
    }
    menuBarIndex = nil
    highlight = 0
  }

  /// `c`: the context menu of the selection at the cursor; the cursor's row becomes the
  /// selection first when it is not in it.
  func openContextMenu() {
    guard let id = cursorRowID, let document else { return }
    if !document.selection.contains(id) {
      let invocation = CommandInvocation("selection.select", ["rows": .string("id:\(id)")])
      perform(moving: false, recording: (invocation, nil)) {
        .selection(try self.session.select(rowIDs: [id]))
      }
    }
    perform(moving: false, recording: (nil, "context-menu")) {
      guard let menu = try self.session.openContextMenu() else {
        throw FolioError(.disabled, "the selection has no context menu")
      }
      return .openMenu(menu)
    }
    menuBarIndex = nil
    highlight = 0
  }

  private func handleMenu(_ key: BrowseKey) {
    let items = menuItems
    switch key {
    case .up, .character("k"): highlight = max(0, highlight - 1)
    case .down, .character("j"): highlight = min(max(0, items.count - 1), highlight + 1)
    case .left, .character("h"):
      if let menuBarIndex { reopen(menuBarIndex - 1) }
    case .right, .character("l"):
      if let menuBarIndex { reopen(menuBarIndex + 1) }
    case .escape, .character("q"), .character("m"), .function(10):
      perform(moving: false, recording: (nil, "menu close")) {
        try self.session.closeMenu()
        return .none
      }
      menuBarIndex = nil
    case .enter, .character(" "):
      guard items.indices.contains(highlight), let title = items[highlight].node.title else { return }
      perform(moving: true, recording: (nil, "choose " + Word.quoted(title))) {
        try self.session.chooseMenuItem(path: [title])
      }
      highlight = 0
      if session.menuSession == nil { menuBarIndex = nil }
    default: break
    }
  }

  private func reopen(_ index: Int) {
    perform(moving: false, recording: (nil, "menu close")) {
      try self.session.closeMenu()
      return .none
    }
    openMenuBar(at: index)
  }

  private func handleDialog(_ key: BrowseKey, _ dialog: Dialog) {
    let buttons = dialogButtons
    if dialog.textField != nil, dialogField == nil {
      dialogField = LineField(dialog.textField?.text ?? "")
    }
    if dialogHighlight == nil {
      dialogHighlight = buttons.firstIndex { $0.role == .default } ?? 0
    }
    var index = dialogHighlight ?? 0
    switch key {
    case .tab,
      .right where dialog.textField == nil, .character("l") where dialog.textField == nil:
      index = (index + 1) % max(1, buttons.count)
    case .left where dialog.textField == nil, .character("h") where dialog.textField == nil:
      index = (index - 1 + buttons.count) % max(1, buttons.count)
    case .escape:
      answer(buttons.first { $0.role == .cancel }, dialog)
      return
    case .enter:
      answer(buttons.indices.contains(index) ? buttons[index] : nil, dialog)
      return
    default:
      if var field = dialogField {
        _ = field.handle(key)
        dialogField = field
      }
    }
    dialogHighlight = index
  }

  /// Answers the dialog with `button`, its text field's text with it; without a button (no
  /// cancel button for Esc), the dialog is dismissed unanswered.
  private func answer(_ button: DialogButton?, _ dialog: Dialog) {
    let text = dialog.textField != nil ? dialogField?.text : nil
    dialogField = nil
    dialogHighlight = nil
    let line = button.map { "choose " + Word.quoted($0.title) } ?? "cancel"
    perform(moving: true, recording: (nil, line), answers: true) {
      guard let button else {
        _ = self.session.dismissDialog()
        return .none
      }
      return try self.session.answerDialog(buttonID: button.id, text: text)
    }
  }
}
