import FolioCore
import FolioLua

/// The typed document calls of a session: what the commands do, for embedders and tests,
/// with documents, row ids, sort keys and widths as values rather than command words. Those
/// that change the session follow the one rule while a dialog waits, as commands do: they
/// throw `refuseWhileDialogWaits(_:)`'s error and change nothing.
extension Session {
  /// The document of the active window.
  ///
  /// - Throws: `FolioError.disabled` when no document is open.
  public func activeDocument() throws(FolioError) -> Document { try workspace.requireActive() }

  /// Opens a document in a new window, or focuses the window that has it open.
  ///
  /// - Parameter path: a path (relative to the session's folder) or a `file://` URL.
  /// - Throws: `FolioError.io` or `FolioError.format` when it cannot be read; nothing opens.
  @discardableResult
  public func open(_ path: String) throws(FolioError) -> Document {
    try refuseWhileDialogWaits(.changes)
    return try workspace.open(path).document
  }

  /// Opens a table with the sort order it starts with [`@State var sortOrder =
  /// [KeyPathComparator(\Place.name)]`], kept as it is edited
  /// (`Workspace.applyInitialSortOrder(_:to:isNewWindow:)`): the window's view order, so a
  /// file opened clean stays clean, with no undo step, until rows are edited.
  ///
  /// - Throws: what `open(_:)` throws; `FolioError.invalidArgument` for a key naming no
  ///   column or a text document, which is then closed again unless it was open before.
  @discardableResult
  public func open(_ path: String, sortOrder keys: [TableSortKey]) throws -> Document {
    try workspace.open(sortedBy: keys, opened: { $0 }) { () throws(FolioError) in try open(path) }
  }

  /// Makes the window with this id active.
  ///
  /// - Returns: its document.
  /// - Throws: `FolioError.invalidArgument` when no open window has the id.
  @discardableResult
  public func focus(windowID: Int) throws(FolioError) -> Document {
    try refuseWhileDialogWaits(.changes)
    return try workspace.focus(windowID: windowID)
  }

  /// Sorts the active table by the keys, first key first, and returns how many rows it
  /// sorted.
  ///
  /// - Throws: `FolioError.invalidArgument` for a key naming no column, or a column two keys
  ///   name (its name as `column` in the error's values), the table untouched.
  @discardableResult
  public func sort(by keys: [TableSortKey]) throws -> Int {
    try refuseWhileDialogWaits(.changes)
    return try workspace.sort(try activeDocument(), by: keys)
  }

  /// Forgets the active table's sort order: its rows stay where they are, and edits no
  /// longer move them.
  ///
  /// - Throws: `FolioError.disabled` when it has none.
  public func clearSortOrder() throws {
    try refuseWhileDialogWaits(.changes)
    try workspace.clearSortOrder(of: try activeDocument())
  }

  /// Changes the active table's selection to, into or against the rows with these ids.
  ///
  /// - Throws: `FolioError.disabled` when the environment refuses several rows outside edit
  ///   mode; `FolioError.invalidArgument` for an id no row has. The selection is unchanged then.
  @discardableResult
  public func select(rowIDs ids: [Int], mode: SelectionMode = .replace) throws -> SelectionReport {
    try refuseWhileDialogWaits(.changes)
    let document = try activeDocument()
    if case .table(let table) = document.content,
      let missing = ids.first(where: { table.rowIndex(id: $0) == nil })
    {
      throw FolioError.invalidArgument("no row has the id \(missing)")
    }
    try workspace.select(ids, mode: mode, in: document, environment: appEnvironment)
    return workspace.selectionReport(of: document)
  }

  /// Opens the context menu of the active window's selection; nil when no entry applies or
  /// all of its items are hidden now.
  @discardableResult
  public func openContextMenu() throws -> OpenMenu? {
    try refuseWhileDialogWaits(.changes)
    guard case .success(let session) = try contextMenuSession(for: try activeDocument()) else { return nil }
    menuSession = session
    return OpenMenu(session)
  }

  /// Why a selection has no context menu.
  enum ContextMenuAbsence: Error {
    /// No registered entry applies to the selection's case.
    case noEntry
    /// Entries apply, but every item they hold is hidden now.
    case everyItemHidden
  }

  /// The context menu of `document`'s selection, resolved for opening, or why there is none.
  func contextMenuSession(for document: Document) throws -> Result<MenuSession, ContextMenuAbsence> {
    guard let menu = workspace.contextMenu(for: document) else { return .failure(.noEntry) }
    let session = try resolving(menu)
    // Entries whose commands are all hidden now make no menu either.
    guard session.root.children.contains(where: { $0.kind != .divider }) else {
      return .failure(.everyItemHidden)
    }
    return .success(session)
  }

  /// `menu` resolved for opening. Resolving only reads, so the plugins' predicates share one
  /// check of what their `ctx` describes (`PluginHost.readingTogether`).
  private func resolving(_ menu: Menu) throws -> MenuSession {
    let resolve = { [registry, platform] in
      try MenuSession(menu, registry: registry, platform: platform, opensUpward: menu.opensUpward)
    }
    guard let pluginHost else { return try resolve() }
    return try pluginHost.readingTogether(resolve)
  }

  /// Opens a menu by id (`file`, `title`, a plugin's) for choosing.
  @discardableResult
  public func openMenu(_ id: String) throws -> OpenMenu {
    try refuseWhileDialogWaits(.changes)
    return try open(try menu(named: id))
  }

  /// Opens `menu` for choosing, as the open menu.
  func open(_ menu: Menu) throws -> OpenMenu {
    let session = try resolving(menu)
    menuSession = session
    return OpenMenu(session)
  }

  /// Chooses an item of the open menu by the titles from the level shown down to it: each
  /// title but the last opens a submenu. The item's command gets `arguments`.
  ///
  /// - Throws: `FolioError.disabled` when no menu is open, `FolioError.invalidArgument` for
  ///   a title the level has not, or the item's error.
  @discardableResult
  public func chooseMenuItem(path: [String], arguments: [Word] = []) throws -> CommandOutput {
    try refuseWhileDialogWaits(.changes)
    guard let last = path.last else { throw FolioError.invalidArgument("an empty menu path names no item") }
    for title in path.dropLast() { _ = try chooseMenuItem(title) }
    return try presenting { try chooseMenuItem(last, arguments: arguments) }
  }

  /// Answers the waiting dialog with the button that has this id, and `text` in its text
  /// field when it has one (its starting text when nil).
  ///
  /// - Throws: `FolioError.disabled` when no dialog waits, `FolioError.invalidArgument` for
  ///   an id none of its buttons has, or what the answer's effect throws.
  @discardableResult
  public func answerDialog(buttonID: String, text: String? = nil) throws -> CommandOutput {
    guard let dialog = pendingDialog else { throw FolioError(.disabled, "no dialog is waiting") }
    guard let button = dialog.buttons.first(where: { $0.id == buttonID }) else {
      throw FolioError.invalidArgument(
        "the dialog has no button '\(buttonID)'; buttons: \(dialog.buttons.map(\.id).joined(separator: ", "))"
      )
    }
    return try answerDialog(with: button, text: text)
  }

  /// Undoes the active document's last change and returns its name.
  @discardableResult
  public func undo() throws(FolioError) -> String {
    try refuseWhileDialogWaits(.changes)
    return try workspace.undo(try activeDocument())
  }

  /// Redoes the active document's last undone change and returns its name.
  @discardableResult
  public func redo() throws(FolioError) -> String {
    try refuseWhileDialogWaits(.changes)
    return try workspace.redo(try activeDocument())
  }

  /// The active window's toolbar laid out for the environment in a window `width` columns
  /// wide: the front end's frame (`ToolbarMetrics.frameWidth`) comes off it first. When
  /// `rememberingWidth`, the toolbar's overflow menu and `explain toolbar` follow that width
  /// from now on (`toolbarLaidOutWidth`), as they follow `toolbar --width N`.
  public func layOutToolbar(width: Int, rememberingWidth: Bool = false) throws(FolioError) -> ToolbarLayout {
    let layout = try toolbarLayout(width: width)
    if rememberingWidth { toolbarLaidOutWidth = width }
    return layout
  }

  /// Renames the active document: its file in its folder, keeping the extension.
  public func rename(to title: String) throws(FolioError) {
    try refuseWhileDialogWaits(.changes)
    try workspace.rename(try activeDocument(), to: title)
  }

  /// Prints the active document as a PDF (or text for a `.txt` destination) on the
  /// session's page size.
  ///
  /// - Parameter destination: a `.pdf` or `.txt` path; nil for a PDF beside the document.
  @discardableResult
  public func print(to destination: String?, force: Bool = false) throws(FolioError) -> Workspace.PrintResult
  {
    try refuseWhileDialogWaits(.changes)
    return try workspace.print(
      try activeDocument(), to: destination, pageSize: printPageSize, pages: nil, force: force)
  }

  /// Shares the active document with a target (`file`, `mail`, a plugin's).
  ///
  /// - Parameters:
  ///   - target: the target's id.
  ///   - destination: a folder, or nil for the target's own.
  @discardableResult
  public func share(with target: String, to destination: String?) throws(FolioError) -> ShareOutcome {
    try refuseWhileDialogWaits(.changes)
    return try workspace.share(try activeDocument(), with: target, as: nil, to: destination)
  }

  /// Adds a row to the active table, each cell given by the name of its column exactly as
  /// the table has it (any text, an `=` included); the other cells are empty.
  ///
  /// - Returns: the active document's report, with the new row's id.
  /// - Throws: `FolioError.disabled` when no document is open; `FolioError.invalidArgument`
  ///   for a name no column has, or a text document. Nothing is added then.
  @discardableResult
  public func addRow(cells: [(column: String, value: String)]) throws -> CommandOutput {
    let document = try activeDocument()
    let id = try workspace.addRow(cells, to: document)
    return workspace.report(document, .rowAdded(id: id))
  }

  /// The menu with this id (`file`, `title`, a plugin's; in any case) resolved, without
  /// opening it: the open menu, if any, stays open.
  ///
  /// - Throws: `FolioError.invalidArgument` for an id no menu has, `FolioError.disabled` for
  ///   `title` while no document is open, or what resolving the menu throws.
  public func resolveMenu(_ id: String) throws -> MenuNode {
    let menu = try menu(named: id)
    // Resolving only reads, so the plugins' predicates share one check, as for `openMenu`.
    let resolve = { [registry, platform] in
      try MenuResolver.resolve(menu, registry: registry, platform: platform, opensUpward: menu.opensUpward)
    }
    guard let pluginHost else { return try resolve() }
    return try pluginHost.readingTogether(resolve)
  }
}
