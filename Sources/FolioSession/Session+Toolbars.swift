import FolioCore

extension Session {
  /// The active window's toolbar: the built-in document toolbar and the items added to it.
  var toolbar: Toolbar {
    addedToolbarItems.reduce(documentToolbar) { $0.adding($1) }
  }

  /// The built-in document toolbar, as the seed declares it [toolbar(id:), toolbarRole].
  private var documentToolbar: Toolbar {
    Toolbar(id: "document") {
      ToolbarItem(id: "new", placement: .primaryAction) {
        Button("New", command: "document.new")
      }
      ToolbarItem(id: "favorite", placement: .secondaryAction) {
        Toggle(command: "document.favorite")
      }
      ToolbarItem(id: "image", placement: .secondaryAction) {
        ControlGroup("Edits", systemImage: "wand.and.stars") {
          Button(command: "image.adjust")
          Button(command: "map.adjust")
        }
      }
      ToolbarItem(id: "share", placement: .secondaryAction, showsByDefault: false) {
        Button("Share", command: "document.share")
      }
    }
    .toolbarRole(.editor)
  }

  /// Adds an item to the toolbar (an embedder's or a plugin's).
  ///
  /// - Throws: `FolioError.duplicateCommand` when the toolbar has an item with that id.
  public func addToolbarItem(_ item: ToolbarItem) throws(FolioError) {
    // The added items and the built-in ones, without rebuilding the whole toolbar on each add.
    if let existing = addedToolbarItems.first(where: { $0.id == item.id })
      ?? documentToolbar.items.first(where: { $0.id == item.id })
    {
      throw FolioError(
        .duplicateCommand,
        "toolbar item '\(item.id)' already exists, from \(existing.owner); refused from \(item.owner)")
    }
    addedToolbarItems.append(item)
  }

  /// Removes every toolbar item `owner` added (an unloaded plugin); a stored layout keeps
  /// their ids, so they come back in place when the owner adds them again.
  public func removeToolbarItems(ownedBy owner: String) {
    addedToolbarItems.removeAll { $0.owner == owner }
  }

  /// The stored customisation, from the state store when there is one.
  private func storedToolbarCustomization() throws(FolioError) -> ToolbarCustomization? {
    guard let store = workspace.stateStore else { return unsavedToolbarCustomization }
    return try store.toolbarCustomization(for: toolbar.id)
  }

  /// The toolbar's items arranged by the stored customisation.
  func toolbarArrangement() throws(FolioError) -> ToolbarArrangement {
    ToolbarArrangement(toolbar: toolbar, customization: try storedToolbarCustomization())
  }

  /// The toolbar laid out for the environment, at `width` columns or the environment's.
  ///
  /// - Parameter title: the title to lay out; the active document's (or "Folio") when nil.
  func toolbarLayout(width: Int?, title: String? = nil) throws(FolioError) -> ToolbarLayout {
    let document = workspace.active
    return try ToolbarLayout.make(
      toolbar, arrangement: try toolbarArrangement(), registry: registry, environment: appEnvironment,
      width: width, title: title ?? document.map { $0.title + ($0.isDirty ? "*" : "") } ?? "Folio",
      context: ToolbarContext(hasDocument: document != nil, selectionCount: document?.selection.count ?? 0),
      metrics: metrics.toolbar)
  }

  /// Reads the stored customisation, changes it and stores the result as one transaction, so
  /// two Folio processes customising at once never lose each other's change.
  private func customizeToolbar(
    message: String, _ change: (ToolbarArrangement) throws(FolioError) -> ToolbarCustomization?
  ) throws(FolioError) -> CommandOutput {
    let toolbar = toolbar
    if let store = workspace.stateStore {
      try store.transaction { () throws(FolioError) in
        let arrangement = ToolbarArrangement(
          toolbar: toolbar, customization: try store.toolbarCustomization(for: toolbar.id))
        try store.setToolbarCustomization(try change(arrangement), for: toolbar.id)
      }
      events.publish(.toolbarChanged)
    } else {
      // Setting it publishes `toolbarChanged`.
      unsavedToolbarCustomization = try change(
        ToolbarArrangement(toolbar: toolbar, customization: unsavedToolbarCustomization))
    }
    return .toolbarPalette(
      ToolbarPalette(
        toolbar: toolbar, arrangement: try toolbarArrangement(), registry: registry, message: message))
  }

  /// `toolbar` and its subcommands, and the small commands the document toolbar shows.
  var toolbarCommands: [Command] {
    let subcommands = ["customize", "add", "remove", "move", "reset"]
    return [
      Command(
        id: "toolbar.show", verb: "toolbar", title: "Toolbar", icon: "macwindow", category: "Toolbars",
        summary: "lay out the toolbar, or customise it: customize, add, remove, move, reset",
        details: "'toolbar [--width N]' lays out the active window's toolbar: leading, center, trailing "
          + "and the overflow menu (»), which 'menu open toolbar.overflow' opens. 'toolbar customize' "
          + "shows the palette; 'toolbar add ID [--at N]', 'toolbar remove ID', 'toolbar move ID N' and "
          + "'toolbar reset' change the bar, saved in the state store.",
        parameters: [
          Parameter(
            "words", style: .rest, isOptional: true,
            summary: "[--width N], or a subcommand and its arguments",
            valueName: "SUBCOMMAND")
        ],
        behavior: .action { [unowned self] arguments in
          let words = arguments.words("words")
          guard let first = words.first, !first.text.hasPrefix("--") else {
            return try registry.invoke(try toolbarSubcommand("layout"), words: words)
          }
          guard subcommands.contains(first.text.lowercased()) else {
            throw FolioError.invalidArgument(
              "'toolbar' has no subcommand '\(first.text)'; subcommands: \(subcommands.joined(separator: ", "))"
            )
          }
          return try registry.invoke(
            try toolbarSubcommand(first.text.lowercased()), words: Array(words.dropFirst()))
        }),
      Command(
        id: "toolbar.layout", title: "Lay Out Toolbar", icon: "macwindow", category: "Toolbars",
        summary: "lay out the toolbar at the environment's width or at N columns",
        parameters: [
          Parameter(
            "width", .int, style: .option, summary: "the columns available", valueName: "N",
            range: AppEnvironment.widths)
        ],
        behavior: .action { [unowned self] arguments in
          .toolbar(try toolbarLayout(width: arguments.int("width")))
        }),
      Command(
        id: "toolbar.customize", title: "Customize Toolbar…", icon: "macwindow", category: "Toolbars",
        summary: "the palette: items on the bar, available, not customisable; kept and new ids",
        behavior: .action { [unowned self] _ in
          .toolbarPalette(
            ToolbarPalette(toolbar: toolbar, arrangement: try toolbarArrangement(), registry: registry))
        }),
      Command(
        id: "toolbar.add", title: "Add to Toolbar", icon: "plus", category: "Toolbars",
        summary: "put an item on the bar, at its default place or at position N",
        parameters: [
          Parameter("id", summary: "the item's id", valueName: "ID"),
          Parameter("at", .int, style: .option, summary: "its position on the bar, from 1", valueName: "N"),
        ],
        behavior: .action { [unowned self] arguments in
          let id = arguments.string("id") ?? ""
          let position = arguments.int("at")
          let place = position.map { " at \($0)" } ?? ""
          return try customizeToolbar(message: "Added '\(id)' to the toolbar\(place).") {
            arrangement throws(FolioError) in
            try arrangement.adding(id, at: position)
          }
        }),
      Command(
        id: "toolbar.remove", title: "Remove from Toolbar", icon: "minus", category: "Toolbars",
        summary: "take an item off the bar; it stays in the palette",
        parameters: [Parameter("id", summary: "the item's id", valueName: "ID")],
        behavior: .action { [unowned self] arguments in
          let id = arguments.string("id") ?? ""
          return try customizeToolbar(message: "Removed '\(id)' from the toolbar.") {
            arrangement throws(FolioError) in
            try arrangement.removing(id)
          }
        }),
      Command(
        id: "toolbar.move", title: "Move in Toolbar", icon: "macwindow", category: "Toolbars",
        summary: "move an item on the bar to position N",
        parameters: [
          Parameter("id", summary: "the item's id", valueName: "ID"),
          Parameter("position", .int, summary: "its new position on the bar, from 1", valueName: "N"),
        ],
        behavior: .action { [unowned self] arguments in
          let id = arguments.string("id") ?? ""
          let position = arguments.int("position") ?? 0
          return try customizeToolbar(message: "Moved '\(id)' to \(position).") {
            arrangement throws(FolioError) in
            try arrangement.moving(id, to: position)
          }
        }),
      Command(
        id: "toolbar.reset", title: "Reset Toolbar", icon: "arrow.uturn.backward", category: "Toolbars",
        summary: "forget the customisation: every item back to its default",
        behavior: .action { [unowned self] _ in
          try customizeToolbar(message: "Reset the toolbar to its defaults.") { _ throws(FolioError) in nil }
        }),
      Command(
        id: "document.favorite", title: "Favorite", icon: "star", category: "Toolbars",
        summary: "mark the session's document as a favourite (a toolbar toggle)",
        behavior: .state(
          .toggle(get: { [unowned self] in isFavorite }, set: { [unowned self] in isFavorite = $0 }))),
      Command(
        id: "image.adjust", title: "Adjust Image", icon: "wand.and.stars", category: "Toolbars",
        summary: "the toolbar's Edits group: adjust the image (a placeholder; Folio has no images yet)",
        behavior: .action { _ in
          .message("Adjust Image: nothing to adjust; Folio documents have no images yet.")
        }),
      Command(
        id: "map.adjust", title: "Adjust Map", icon: "map", category: "Toolbars",
        summary: "the toolbar's Edits group: adjust the map (a placeholder; Folio has no maps yet)",
        behavior: .action { _ in .message("Adjust Map: nothing to adjust; Folio documents have no maps yet.")
        }),
    ]
  }

  private func toolbarSubcommand(_ name: String) throws(FolioError) -> Command {
    guard let command = registry.command(id: "toolbar.\(name)") else {
      throw FolioError(.unknownCommand, "no command 'toolbar.\(name)'")
    }
    return command
  }
}
