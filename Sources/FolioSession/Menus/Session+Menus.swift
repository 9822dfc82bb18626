import FolioCore

extension Session {
  /// The menus that exist now: the app menus File, Edit and View, the active document's
  /// title menu [CommandMenu, navigationTitle(_:actions:)], and the toolbar's overflow menu
  /// (`toolbar.overflow`) while items overflow.
  public var menus: [Menu] {
    var menus = menusBeforeContributions
    if !addedMenuContributions.isEmpty { menus = menus.map { $0.adding(addedMenuContributions) } }
    // The overflow menu exists while something overflows at the width last laid out at.
    if let overflow = try? toolbarLayout(width: toolbarLaidOutWidth), !overflow.overflow.isEmpty {
      menus.append(overflow.overflowMenu)
    }
    return menus
  }

  /// The app menus, plugin menus and title menu before plugin contributions are placed in
  /// them.
  var menusBeforeContributions: [Menu] {
    var menus = (platform == .mac ? [appMenu] : []) + [fileMenu, editMenu, viewMenu] + addedMenus
    if let document = workspace.active { menus.append(titleMenu(for: document)) }
    return menus
  }

  /// Adds a menu [CommandMenu], shown by `menus` and opened by `menu open ID`.
  ///
  /// - Throws: `FolioError.duplicateCommand` when a menu has that id, naming both owners, or
  ///   when it is the id of a built-in menu (`title`, `file`, `edit`, `view`, `app`,
  ///   `toolbar.overflow`), which is reserved whether or not that menu exists now.
  public func addMenu(_ menu: Menu) throws(FolioError) {
    let id = menu.id.lowercased()
    if Self.appMenuIDs.contains(id) || [Self.appMenuID, "title", ToolbarLayout.overflowMenuID].contains(id) {
      throw FolioError(
        .duplicateCommand, "menu '\(menu.id)' is a built-in menu's id, reserved; refused from \(menu.owner)")
    }
    if let owner = ownerOfExistingMenu(id) {
      throw FolioError(
        .duplicateCommand, "menu '\(menu.id)' already exists, from \(owner); refused from \(menu.owner)")
    }
    addedMenus.append(menu)
  }

  /// The ids of the app menus (`fileMenu`, `editMenu`, `viewMenu`).
  private static let appMenuIDs: Set<String> = ["file", "edit", "view"]

  /// The owner of the menu with this lowercased id among those that exist now, or nil when
  /// there is none — what searching `menus` finds, without building every menu (plugins
  /// add menus one by one while they load).
  private func ownerOfExistingMenu(_ id: String) -> String? {
    if let added = addedMenus.first(where: { $0.id.lowercased() == id }) { return added.owner }
    let isBuiltIn =
      switch id {
      case "title": workspace.active != nil
      case ToolbarLayout.overflowMenuID:
        (try? toolbarLayout(width: toolbarLaidOutWidth)).map { !$0.overflow.isEmpty } ?? false
      case Self.appMenuID: platform == .mac
      default: Self.appMenuIDs.contains(id)
      }
    return isBuiltIn ? "built-in" : nil
  }

  /// Removes every menu `owner` added (an unloaded plugin).
  public func removeMenus(ownedBy owner: String) {
    addedMenus.removeAll { $0.owner == owner }
  }

  /// Adds items to an existing menu: `title` (the title menu, whether or not a document is
  /// open now) or a menu that exists.
  ///
  /// - Throws: `FolioError.invalidArgument` when there is no such menu.
  public func addMenuContribution(_ contribution: MenuContribution) throws(FolioError) {
    let name = contribution.menu.lowercased()
    guard name == "title" || ownerOfExistingMenu(name) != nil else {
      throw FolioError.invalidArgument(
        "no menu '\(contribution.menu)' to add to, from \(contribution.owner); menus: title, "
          + menus.map(\.id).filter { $0 != "title" }.joined(separator: ", "))
    }
    addedMenuContributions.append(contribution)
  }

  /// Removes every menu contribution `owner` made (an unloaded plugin).
  public func removeMenuContributions(ownedBy owner: String) {
    addedMenuContributions.removeAll { $0.owner == owner }
  }

  /// `run MENU`: the menu's primary action runs instead of opening it; a menu without one
  /// opens.
  public func runMenu(_ menu: Menu, words: [Word]) throws -> CommandOutput {
    if let primary = try menu.primaryCommand(in: registry) {
      return try registry.invoke(primary, words: words)
    }
    return .openMenu(try open(menu))
  }

  /// The menu with this id (any case).
  public func menu(named name: String) throws(FolioError) -> Menu {
    let all = menus
    guard let menu = all.first(where: { $0.id.lowercased() == name.lowercased() }) else {
      let names = all.map(\.id).joined(separator: ", ")
      if name.lowercased() == "title" {
        throw FolioError(.disabled, "no document is open, so there is no title menu; menus: \(names)")
      }
      throw FolioError.invalidArgument("no menu '\(name)'; menus: \(names)")
    }
    return menu
  }

  /// The id of the mac app menu.
  private static let appMenuID = "app"

  /// The mac app menu, named after the app: Settings… (⌘,) opens the Settings scene, as
  /// SwiftUI's `Settings { }` scene adds it on macOS; then Quit.
  private var appMenu: Menu {
    Menu(app.name, id: Self.appMenuID) {
      Button(command: "scene.settings")
      Divider()
      Button(command: SessionCommandID.quit)
    }
    .menuOrder(.fixed)
  }

  private var fileMenu: Menu {
    Menu("File") {
      Button(command: "document.new")
      Button(command: "document.open")
      openRecentMenu
      Divider()
      Button(command: "document.save")
      Button(command: "document.revert")
      Button(command: "document.close")
      Divider()
      Button(command: "document.print")
      Button(command: "document.share")
      Divider()
      Button(command: SessionCommandID.quit)
    }
    .menuOrder(.fixed)
  }

  /// File › Open Recent: the recent documents, newest first, each opening its file, then
  /// Clear Menu — as on macOS.
  private var openRecentMenu: Menu {
    let recent = (try? workspace.recentDocuments(limit: Workspace.recentDocumentsShown)) ?? []
    return Menu("Open Recent", systemImage: "clock") {
      for document in recent {
        Button(
          String(document.path.split(separator: "/").last ?? ""),
          subtitle: DocumentFile.directoryPath(of: document.path),
          systemImage: "doc", command: "document.recent.open", arguments: [document.path])
      }
      if !recent.isEmpty { Divider() }
      Button("Clear Menu", command: "document.recent.clear")
    }
    .menuOrder(.fixed)
  }

  private var editMenu: Menu {
    Menu("Edit") {
      ControlGroup {
        Button(command: "edit.undo")
        Button(command: "edit.redo")
      }
      Divider()
      Button(command: "edit.append")
      Button(command: "edit.add")
      Button(command: "view.show")
      Divider()
      Button(command: "edit.find")
      Button(command: "edit.substitute")
    }
    .menuOrder(.fixed)
  }

  private var viewMenu: Menu {
    Menu("View") {
      Section("Output") {
        Picker("Format", command: "option.output").pickerStyle(.inline)
        Picker("Color", command: "option.color").pickerStyle(.menu)
      }
      Section("Scripts") {
        Toggle(command: "option.echo")
        Toggle(command: "option.keep-going")
      }
    }
    .menuOrder(.fixed)
  }

  /// The title menu: a header with the document's file, kind, size and modified time
  /// [navigationDocument], then Print, Rename and Share bound to it.
  private func titleMenu(for document: Document) -> Menu {
    let info = DocumentInfo(document, in: workspace)
    var facts = [document.path.map { String($0.split(separator: "/").last ?? "") } ?? "not saved yet"]
    facts.append(document.kind.rawValue)
    if let size = info.size { facts.append("\(size) bytes") }
    if let modified = info.modified { facts.append("modified \(modified)") }
    return Menu(document.title + (document.isDirty ? "*" : ""), id: "title") {
      Section(facts.joined(separator: " · ")) {
        Button(command: "document.print")
        Button(command: "document.rename")
        Button(command: "document.share")
      }
    }
    .menuOrder(.fixed)
  }
}
