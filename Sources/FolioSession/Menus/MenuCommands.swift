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
      summary: "the menus that exist now: File, Edit, View, and title while a document is open")

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      .menuList(context.session.menus.map(MenuListing.init))
    }
  }

  /// `menu NAME`, `menu open NAME` and `menu close`.
  enum ShowMenu: AppAction {
    static let words = ParameterKey.rest("words", summary: "NAME, open NAME, or close", valueName: "NAME")

    static let configuration = CommandConfiguration(
      id: "menu.show", verb: "menu", title: "Menu", icon: "filemenu.and.selection", category: "Menus",
      summary: "render a menu, or open it: menu NAME, menu open NAME, menu close",
      details: "'menu NAME' shows the menu without opening it. 'menu open NAME' opens it with its "
        + "items numbered; 'choose N' runs one, and the menu closes after it unless the item keeps "
        + "it open (its dismiss behaviour is disabled, or it is a stepper). 'back' leaves a "
        + "submenu; 'menu close' closes the menu.",
      parameters: [words])

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      let words = arguments[Self.words].map(\.text)
      switch words.first?.lowercased() {
      case nil:
        throw FolioError.invalidArgument(
          "'menu' needs a menu name; menus: \(session.menus.map(\.id).joined(separator: ", "))")
      case "close":
        guard words.count == 1 else {
          throw FolioError.invalidArgument("'menu close' takes no arguments")
        }
        guard session.menuSession != nil else { throw FolioError(.disabled, "no menu is open") }
        session.menuSession = nil
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

  /// `back`: leaves the open submenu.
  enum Back: AppAction {
    static let configuration = CommandConfiguration(
      id: "menu.back", verb: "back", title: "Back", icon: "arrow.uturn.backward", category: "Menus",
      summary: "leave the open submenu")

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      guard var menu = session.menuSession else { throw FolioError(.disabled, "no menu is open") }
      try menu.back()
      session.menuSession = menu
      return .openMenu(OpenMenu(menu))
    }
  }

  /// `explain MENU ITEM`: why a menu item is where it is.
  enum Explain: AppAction {
    static let menu = ParameterKey.argument("menu", summary: "the menu")
    static let item = ParameterKey.restText(
      "item", isOptional: false, summary: "the item's title or command id", valueName: "ITEM")

    static let configuration = CommandConfiguration(
      id: "menu.explain", verb: "explain", title: "Explain", icon: "questionmark.circle", category: "Menus",
      summary: "why a menu item is where it is: shown or disabled and why, its section, position and order",
      parameters: [menu, item])

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      let item = arguments[Self.item]
      guard !item.isEmpty else { throw FolioError.invalidArgument("missing argument ITEM for 'explain'") }
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
  }
}
