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
  func customizeToolbar(
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
  var toolbarCommands: [Command] { makeCommands(ToolbarCommands.declarations) }
}
