import FolioCore

/// `context-menu [ROWS]`: opens the context menu for the selection, selecting ROWS first
/// [contextMenu(forSelectionType:)].
enum ContextMenuCommand: AppAction {
  static let rows = ParameterKey.optionalArgument("rows", summary: "positions, ranges, id:N, all or none")

  static let configuration = CommandConfiguration(
    id: "selection.context-menu", verb: "context-menu", title: "Context Menu",
    icon: "contextualmenu.and.cursorarrow",
    category: "Tables",
    summary: "open the context menu for the selection, or select ROWS first and open theirs",
    details: """
      The menu is built for one of three cases — nothing selected, one row, several rows — \
      from the entries registered for it: New Row; Favorite, Delete and Actions… (the row's \
      action sheet); Delete N Rows. When no \
      entry applies there is no menu. The menu opens like 'menu open': 'choose N' runs an item \
      and the menu closes after it.
      """,
    parameters: [rows])

  static func availability(in context: AppContext) -> Availability {
    context.session.workspace.documentAvailability
  }

  static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
    let session = context.session
    let registry = session.registry
    let workspace = session.workspace
    let document = try workspace.requireActive()
    if let rows = arguments[Self.rows] {
      _ = try registry.invoke(
        try registry.command(id: "selection.select").unwrapped("selection.select"), words: [Word(rows)])
    }
    let what =
      switch ContextMenuCase(selectionCount: document.selection.count) {
      case .empty: "nothing selected"
      case .single: "one row selected"
      case .multiple: "several rows selected"
      }
    switch try session.contextMenuSession(for: document) {
    case .success(let menuSession):
      session.menuSession = menuSession
      return .openMenu(OpenMenu(menuSession))
    case .failure(.noEntry):
      return .message("No context menu: no entry applies to \(document.title) with \(what).")
    case .failure(.everyItemHidden):
      return .message("No context menu: every item for \(document.title) with \(what) is hidden now.")
    }
  }
}

extension Optional where Wrapped == Command {
  /// The command, or an error naming the id no command has.
  fileprivate func unwrapped(_ id: String) throws(FolioError) -> Command {
    guard let self else { throw FolioError(.unknownCommand, "no command '\(id)' is registered") }
    return self
  }
}
