import FolioCore

extension Session {
  /// The active window's toolbar: the one `toolbar use` chose, else the built-in document
  /// toolbar with the items added to it.
  var toolbar: Toolbar {
    toolbars.first { $0.id == activeToolbarID } ?? toolbars[0]
  }

  /// Every toolbar the window can show: the document toolbar with the items added to it, the
  /// seed's place toolbar, then the toolbars embedders and plugins added.
  public var toolbars: [Toolbar] {
    [addedToolbarItems.reduce(documentToolbar) { $0.adding($1) }, placeToolbar] + addedToolbars
  }

  /// The seed's first toolbar: one `ToolbarItemGroup` of primary actions, each member its own
  /// item on the bar, overflowing one by one and not customisable one by one.
  private var placeToolbar: Toolbar {
    Toolbar(id: "place") {
      ToolbarItemGroup(placement: .primaryAction) {
        Toggle(command: "document.favorite")
        Button(command: "image.adjust")
        Button(command: "map.adjust")
      }
    }
  }

  /// Makes `id` the toolbar the window shows.
  ///
  /// - Throws: `FolioError.invalidArgument` naming the toolbars when none has that id.
  public func useToolbar(_ id: String) throws(FolioError) {
    guard toolbars.contains(where: { $0.id == id }) else {
      throw FolioError(
        .invalidArgument,
        "no toolbar '\(id)'; toolbars: \(toolbars.map(\.id).joined(separator: ", "))", values: ["id": id])
    }
    activeToolbarID = id
  }

  /// Adds a toolbar of its own (an embedder's or a plugin's), which `toolbar use` shows.
  ///
  /// - Throws: `FolioError.duplicateCommand` when a toolbar has that id.
  public func addToolbar(_ toolbar: Toolbar) throws(FolioError) {
    if let existing = toolbars.first(where: { $0.id == toolbar.id }) {
      throw Self.taken("toolbar", toolbar.id, by: existing.owner, refusing: toolbar.owner)
    }
    addedToolbars.append(toolbar)
  }

  /// Removes every toolbar `owner` added; a window showing one shows the document toolbar.
  public func removeToolbars(ownedBy owner: String) {
    addedToolbars.removeAll { $0.owner == owner }
  }

  /// The built-in document toolbar, as the seed declares it [toolbar(id:), toolbarRole].
  private var documentToolbar: Toolbar {
    let platform = platform
    return Toolbar(id: "document") {
      // The split view's sidebar toggle, as SwiftUI puts it on an iPad's leading edge; gone
      // where the split view collapses into a stack.
      if platform == .ipad {
        ToolbarItemGroup(placement: .navigation) {
          Button(command: "scene.sidebar")
        }
        .shown(when: .regularWidth)
      }
      // The seed's `ToolbarItemGroup(placement: .navigationBarLeading) { EditButton() }`:
      // EditButton is an iOS control, so mac has none.
      if platform != .mac {
        ToolbarItemGroup(placement: .navigation) {
          EditButton()
        }
        .shown(when: .tableOpen)
      }
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
      throw Self.taken("toolbar item", item.id, by: existing.owner, refusing: item.owner)
    }
    addedToolbarItems.append(item)
  }

  /// The error for an id another owner has already taken.
  private static func taken(_ kind: String, _ id: String, by owner: String, refusing newcomer: String)
    -> FolioError
  {
    FolioError(.duplicateCommand, "\(kind) '\(id)' already exists, from \(owner); refused from \(newcomer)")
  }

  /// Removes every toolbar item `owner` added (an unloaded plugin); a stored layout keeps
  /// their ids, so they come back in place when the owner adds them again.
  public func removeToolbarItems(ownedBy owner: String) {
    addedToolbarItems.removeAll { $0.owner == owner }
  }

  /// The stored customisation, from the state store when there is one.
  private func storedToolbarCustomization() throws(FolioError) -> ToolbarCustomization? {
    guard let store = workspace.stateStore else { return unsavedToolbarCustomizations[toolbar.id] }
    return try store.toolbarCustomization(for: toolbar.id)
  }

  /// The toolbar's items arranged by the stored customisation, for the platform.
  func toolbarArrangement() throws(FolioError) -> ToolbarArrangement {
    ToolbarArrangement(toolbar: toolbar, customization: try storedToolbarCustomization(), platform: platform)
  }

  /// The toolbar laid out for the environment, at `width` columns or the environment's.
  ///
  /// - Parameters:
  ///   - title: the title to lay out; the active document's (or "Folio") when nil.
  ///   - titleMark: what follows the title and is kept whole when the title is cut (` ▾`).
  func toolbarLayout(width: Int?, title: String? = nil, titleMark: String = "") throws(FolioError)
    -> ToolbarLayout
  {
    let document = workspace.active
    return try ToolbarLayout.make(
      toolbar, arrangement: try toolbarArrangement(), registry: registry, environment: appEnvironment,
      width: width, title: title ?? document.map { $0.title + ($0.isDirty ? "*" : "") } ?? "Folio",
      titleMark: titleMark, context: workspace.toolbarContext,
      metrics: metrics.toolbar)
  }

  /// The ids `explain toolbar` takes: the active toolbar's items, then its item groups' members.
  public var toolbarItemIDs: [String] {
    let arrangement = ToolbarArrangement(toolbar: toolbar, customization: nil, platform: platform)
    return toolbar.items.map(\.id)
      + arrangement.notCustomizable.filter { !arrangement.fixedItems.contains($0) }
  }

  /// Why the active toolbar's item `id` is where it is at the width it was last laid out at
  /// (`toolbarLaidOutWidth`, else the environment's) and platform [`explain toolbar ID`].
  ///
  /// - Throws: `FolioError.invalidArgument` listing the toolbar's ids when none is `id`.
  public func explainToolbarItem(_ id: String) throws(FolioError) -> ToolbarExplanation {
    let document = workspace.active
    return try ToolbarExplanation.explain(
      id, in: toolbar, arrangement: try toolbarArrangement(), registry: registry, environment: appEnvironment,
      width: toolbarLaidOutWidth, title: document.map { $0.title + ($0.isDirty ? "*" : "") } ?? "Folio",
      context: workspace.toolbarContext,
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
          toolbar: toolbar, customization: try store.toolbarCustomization(for: toolbar.id), platform: platform
        )
        try store.setToolbarCustomization(try change(arrangement), for: toolbar.id)
      }
      events.publish(.toolbarChanged)
    } else {
      // Setting it publishes `toolbarChanged`.
      unsavedToolbarCustomizations[toolbar.id] = try change(
        ToolbarArrangement(
          toolbar: toolbar, customization: unsavedToolbarCustomizations[toolbar.id], platform: platform))
    }
    return .toolbarPalette(
      ToolbarPalette(
        toolbar: toolbar, arrangement: try toolbarArrangement(), registry: registry, message: message))
  }
}
