import FolioCore

extension Session {
  /// `context-menu [ROWS]`: opens the context menu for the selection, selecting ROWS first
  /// [contextMenu(forSelectionType:)].
  var contextMenuCommand: Command {
    Command(
      id: "selection.context-menu", verb: "context-menu", title: "Context Menu",
      icon: "contextualmenu.and.cursorarrow",
      category: "Tables",
      summary: "open the context menu for the selection, or select ROWS first and open theirs",
      details: "The menu is built for one of three cases — nothing selected, one row, several rows — "
        + "from the entries registered for it: New Row; Favorite and Delete; Delete N Rows. When no "
        + "entry applies there is no menu. The menu opens like 'menu open': 'choose N' runs an item "
        + "and the menu closes after it.",
      parameters: [Parameter("rows", isOptional: true, summary: "positions, ranges, id:N, all or none")],
      availability: { [unowned self] in
        workspace.active == nil
          ? .disabled(reason: "no document is open; 'open PATH' or 'new' makes one") : .enabled
      },
      behavior: .action { [unowned self] arguments in
        let document = try workspace.requireActive()
        if let rows = arguments.string("rows") {
          _ = try registry.invoke(
            try registry.command(id: "selection.select").unwrapped("selection.select"), words: [Word(rows)])
        }
        let what =
          switch ContextMenuCase(selectionCount: document.selection.count) {
          case .empty: "nothing selected"
          case .single: "one row selected"
          case .multiple: "several rows selected"
          }
        guard let menu = workspace.contextMenu(for: document) else {
          return .message("No context menu: no entry applies to \(document.title) with \(what).")
        }
        let session = try MenuSession(menu, registry: registry, platform: platform)
        // Entries whose commands are all hidden now make no menu either.
        guard session.root.children.contains(where: { $0.kind != .divider }) else {
          return .message(
            "No context menu: every item for \(document.title) with \(what) is hidden now.")
        }
        menuSession = session
        return .openMenu(OpenMenu(session))
      })
  }
}

extension Optional where Wrapped == Command {
  /// The command, or an error naming the id no command has.
  fileprivate func unwrapped(_ id: String) throws(FolioError) -> Command {
    guard let self else { throw FolioError(.unknownCommand, "no command '\(id)' is registered") }
    return self
  }
}
