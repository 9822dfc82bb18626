import FolioCore

/// `menus`, `menu NAME`, `menu open NAME`, `menu close`, `back` and `explain`.
enum MenuCommands {
  /// Every menu command, in the order help lists them.
  static var declarations: [any DeclaredCommand<AppContext>.Type] {
    [ListMenus.self, ShowMenu.self, Back.self, Explain.self]
  }

  /// `menus`: the menus that exist now.
  enum ListMenus: AppAction {
    static let configuration = CommandConfiguration(
      id: "menu.list", verb: "menus", title: "Menus", icon: "filemenu.and.selection", category: "Menus",
      summary: "the menus that exist now: File, Edit, View, and title while a document is open",
      access: .reads)

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      .menuList(context.session.menus)
    }
  }

  /// `menu NAME`, `menu open NAME` and `menu close`.
  enum ShowMenu: AppAction {
    static let words = ParameterKey.rest("words", summary: "NAME, open NAME, or close", valueName: "NAME")

    static let configuration = CommandConfiguration(
      id: "menu.show", verb: "menu", title: "Menu", icon: "filemenu.and.selection", category: "Menus",
      summary: "render a menu, or open it: menu NAME, menu open NAME, menu close",
      details: """
        'menu NAME' shows the menu without opening it. 'menu open NAME' opens it with its \
        items numbered; 'choose N' runs one, and the menu closes after it unless the item keeps \
        it open (its dismiss behaviour is disabled, or it is a stepper). 'back' leaves a \
        submenu; 'menu close' closes the menu.
        """,
      parameters: [words], access: .reads)

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      let words = arguments[Self.words].map(\.text)
      // Rendering a menu only reads; opening or closing one changes the session.
      if ["open", "close"].contains(words.first?.lowercased()) {
        try session.refuseWhileDialogWaits(.changes)
      }
      switch words.first?.lowercased() {
      case nil:
        throw FolioError.invalidArgument(
          "'menu' needs a menu name; menus: \(session.menus.map(\.id).joined(separator: ", "))")
      case "close":
        guard words.count == 1 else {
          throw FolioError.invalidArgument("'menu close' takes no arguments")
        }
        try session.closeMenu()
        return .message("Closed the menu.")
      case "open":
        guard words.count == 2 else { throw FolioError.invalidArgument("usage: menu open NAME") }
        return .openMenu(try session.openMenu(words[1]))
      default:
        guard words.count == 1 else {
          throw FolioError.invalidArgument("usage: menu NAME or menu open NAME")
        }
        let menu = try session.menu(named: words[0])
        return .menu(
          try MenuResolver.resolve(
            menu, registry: session.registry, platform: session.platform, opensUpward: menu.opensUpward))
      }
    }
  }

  /// `back`: leaves the open submenu; without one, goes from the detail of a collapsed split
  /// view back to its sidebar.
  enum Back: AppAction {
    static let configuration = CommandConfiguration(
      id: "menu.back", verb: "back", title: "Back", icon: "arrow.uturn.backward", category: "Menus",
      summary: "leave the open submenu; with none, go from the detail back to the sidebar of a compact window"
    )

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      guard var menu = session.menuSession else { return .splitView(try session.goBackInSplitView()) }
      try menu.back()
      session.menuSession = menu
      return .openMenu(OpenMenu(menu))
    }
  }

  /// `explain MENU ITEM`: why a menu item is where it is; `explain context-menu ITEM` for the
  /// context menu of the active document's selection; `explain toolbar ID` for an item of the
  /// active window's toolbar.
  enum Explain: AppAction {
    static let menu = ParameterKey.argument(
      "menu",
      summary: "the menu, context-menu for the context menu of the selection now, or toolbar for the toolbar")
    static let item = ParameterKey.restText(
      "item", isOptional: false, summary: "the item's title or command id", valueName: "ITEM")

    static let configuration = CommandConfiguration(
      id: "menu.explain", verb: "explain", title: "Explain", icon: "questionmark.circle", category: "Menus",
      summary: "why a menu item is where it is: shown or disabled and why, its section, position and order",
      parameters: [menu, item], access: .reads)

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      let item = arguments[Self.item]
      guard !item.isEmpty else { throw FolioError.invalidArgument("missing argument ITEM for 'explain'") }
      if arguments[Self.menu].lowercased() == "context-menu" {
        return .explanation(try contextMenuItem(item, in: session))
      }
      if arguments[Self.menu].lowercased() == "toolbar" {
        return .toolbarExplanation(try session.explainToolbarItem(item))
      }
      let menu = try session.menu(named: arguments[Self.menu])
      var explanation = try MenuExplanation.explain(
        menu: menu, item: item, registry: session.registry, platform: session.platform)
      // A plugin's contribution: where `placing` put it and why.
      let name = menu.id.lowercased()
      if let base = session.menusBeforeContributions.first(where: { $0.id.lowercased() == name }) {
        explanation.contribution = ContributionPlacement.placement(
          of: explanation.node.command, titled: explanation.node.title,
          in: base.placing(session.addedMenuContributions).placements)
      }
      return .explanation(explanation)
    }

    /// An item of the context menu the active document's selection opens now: what
    /// `context-menu` would show, with the entries of plugins and built-ins that apply.
    private static func contextMenuItem(_ item: String, in session: Session) throws -> MenuExplanation {
      let document = try session.workspace.requireActive()
      guard let menu = session.workspace.contextMenu(for: document) else {
        let what =
          switch ContextMenuCase(selectionCount: document.selection.count) {
          case .empty: "nothing selected"
          case .single: "one row selected"
          case .multiple: "several rows selected"
          }
        throw FolioError.invalidArgument(
          "no context menu: no entry applies to \(document.title) with \(what), so it has no item '\(item)'")
      }
      do throws(FolioError) {
        return try MenuExplanation.explain(
          menu: menu, item: item, registry: session.registry, platform: session.platform)
      } catch {
        guard error.code == .invalidArgument, let other = otherCases(of: item, for: document, in: session)
        else {
          throw error
        }
        throw other
      }
    }

    /// The error for an item the context menu lacks now but an entry offers for another
    /// selection: `'Stamp' is in the context menu only with one row selected (from plugin
    /// authors); now several rows are selected`.
    private static func otherCases(of item: String, for document: Document, in session: Session)
      -> FolioError?
    {
      let wanted = item.lowercased()
      let now = ContextMenuCase(selectionCount: document.selection.count)
      func phrase(_ selectionCase: ContextMenuCase) -> String {
        switch selectionCase {
        case .empty: return "nothing selected"
        case .single: return "one row selected"
        case .multiple: return "several rows selected"
        }
      }
      for entry in session.workspace.contextMenus.entries where entry.documentKinds.contains(document.kind) {
        let cases = ContextMenuCase.allCases.filter { entry.cases.contains($0) && $0 != now }
        for selectionCase in cases {
          let count = selectionCase == .empty ? 0 : selectionCase == .single ? 1 : 2
          let elements = entry.makeElements(
            ContextMenuContext(selectionCount: count, documentKind: document.kind))
          var commands: [String] = []
          for element in elements { commands += Self.commands(in: element) }
          let titles = commands.map { id in (session.registry.command(id: id)?.title ?? id).lowercased() }
          guard commands.map({ $0.lowercased() }).contains(wanted) || titles.contains(wanted) else {
            continue
          }
          let offered = ContextMenuCase.allCases.filter(entry.cases.contains).map(phrase)
          return FolioError.invalidArgument(
            "'\(item)' is in the context menu only with \(offered.joined(separator: " or ")) (from \(entry.owner)); "
              + "now \(document.title) has \(phrase(now))")
        }
      }
      return nil
    }

    /// The command ids an element runs, its nested elements' included.
    private static func commands(in element: MenuElement) -> [String] {
      var nested: [MenuElement] = []
      switch element {
      case .item(let item): return [item.command]
      case .picker(let picker): return [picker.command]
      case .section(let section): nested = section.elements
      case .controlGroup(let group): nested = group.elements
      case .submenu(let menu): nested = menu.elements
      case .divider: return []
      }
      var found: [String] = []
      for inner in nested { found += commands(in: inner) }
      return found
    }
  }
}
