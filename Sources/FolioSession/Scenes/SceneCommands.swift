import FolioCore

/// `screen`, `tabs`, `tab NAME` and `settings`.
enum SceneCommands {
  /// Every scene command but `env`, in the order help lists them.
  static var declarations: [any DeclaredCommand<AppContext>.Type] {
    [Screen.self, Sidebar.self, Tabs.self, SelectTab.self, Settings.self, Scenes.self]
  }

  /// `scenes`: the app's scene tree on the platform.
  enum Scenes: AppAction {
    static let configuration = CommandConfiguration(
      id: "scene.list", verb: "scenes", title: "Scenes", icon: "macwindow.on.rectangle", category: "Scenes",
      summary: "the app's scene tree for the platform: window group, tabs, settings, custom scenes")

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      return .sceneTree(SceneTree(session.app, platform: session.platform))
    }
  }

  /// `screen`: the whole active window.
  enum Screen: AppAction {
    static let configuration = CommandConfiguration(
      id: "scene.screen", verb: "screen", title: "Screen", icon: "macwindow", category: "Scenes",
      summary: "draw the whole active window: title ▾, toolbar, tabs, split view, overflow",
      details: """
        The window is drawn for 'env': the toolbar laid out at its width, the tab bar (top on \
        mac and ipad, bottom on iphone), and under the Documents tab the split view — the sidebar of \
        open documents with the active one marked ▸, the detail with its first lines or rows, or \
        '\(WindowScreen.placeholder)'. The compact size class collapses the split view into a stack \
        showing one column. 'settings set split.style|split.columns|screen.rows' change it.
        """)

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      .screen(try context.session.makeScreen())
    }
  }

  /// `sidebar [all|double-column|detail-only]`: the sidebar toggle, or the split view's
  /// column visibility [NavigationSplitViewVisibility].
  enum Sidebar: AppAction {
    /// The words `sidebar` takes, and the visibility each names.
    static let visibilities: [(word: String, value: NavigationSplitView.ColumnVisibility)] = [
      ("all", .all), ("double-column", .doubleColumn), ("detail-only", .detailOnly),
    ]

    static let visibility = ParameterKey.optionalArgument(
      "visibility", .choice(visibilities.map(\.word)),
      summary: "the columns shown: all, double-column (the two nearest the detail) or detail-only")

    static let configuration = CommandConfiguration(
      id: "scene.sidebar", verb: "sidebar", title: "Toggle Sidebar", icon: "sidebar.left", category: "Scenes",
      summary: "show or hide the split view's sidebar; or set its columns: all, double-column, detail-only",
      details: """
        Bare, it is the sidebar toggle: it hides the sidebar when it shows (detail-only of two \
        columns, double-column of three) and shows every column when it does not. The columns \
        apply in the regular size class; a compact window shows one column of a stack, and \
        'back' goes from the detail to the sidebar. 'screen' draws the result.
        """,
      parameters: [visibility])

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let word = arguments[Self.visibility]?.lowercased()
      let visibility = word.flatMap { word in Self.visibilities.first { $0.word == word }?.value }
      return .splitView(context.session.setColumnVisibility(visibility))
    }
  }

  /// `tabs`: the app's tab view.
  enum Tabs: AppAction {
    static let configuration = CommandConfiguration(
      id: "scene.tabs", verb: "tabs", title: "Tabs", icon: "square.grid.2x2", category: "Scenes",
      summary: "the app's tab view: Documents, Recent, and Settings on ipad and iphone")

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      .tabView(try context.session.tabViewReport(content: nil))
    }
  }

  /// `tab NAME`: selects a tab and shows it.
  enum SelectTab: AppAction {
    static let name = ParameterKey.argument("name", summary: "the tab's name", valueName: "NAME")

    static let configuration = CommandConfiguration(
      id: "scene.tab", verb: "tab", title: "Select Tab", icon: "square.grid.2x2", category: "Scenes",
      summary: "select a tab of the app's tab view and show it", parameters: [name])

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      let name = arguments[Self.name]
      let platform = session.platform
      guard let tabView = session.tabView else {
        throw FolioError(.disabled, "the app has no tab view on \(platform.rawValue)")
      }
      guard let tab = tabView.tab(named: name) else {
        if name.lowercased() == "settings" {
          throw FolioError(
            .invalidArgument,
            "on \(platform.rawValue) Settings is a scene of its own, not a tab; 'settings' shows it")
        }
        let names = tabView.tabs.map(\.name).joined(separator: ", ")
        throw FolioError.invalidArgument("no tab '\(name)'; tabs: \(names)")
      }
      let content = try session.tabContent(tab)
      session.selectedTabName = tab.name
      return .tabView(try session.tabViewReport(content: content))
    }
  }

  /// `settings [set KEY VALUE]`: the Settings scene.
  enum Settings: AppAction {
    static let action = ParameterKey.optionalArgument(
      "action", .choice(["set"]), summary: "set: change one setting")
    static let key = ParameterKey.optionalArgument("key", summary: "the setting's key", valueName: "KEY")
    static let value = ParameterKey.optionalArgument("value", summary: "its new value", valueName: "VALUE")

    static let configuration = CommandConfiguration(
      id: "scene.settings", verb: "settings", title: "Settings…", icon: "gearshape", shortcut: "⌘,",
      category: "Scenes",
      summary: "the Settings scene: session options and persisted settings; 'settings set KEY VALUE'",
      details: """
        Session options (output, color, echo, keep-going) last for the session; split.style \
        (automatic, balanced, prominentDetail), split.columns (2 or 3), screen.rows (1–50), the \
        plugin budgets and print.page-size (a4 or letter; by default the locale's paper) are kept \
        in the state store. On ipad and iphone the Settings scene is the Settings tab.
        """,
      parameters: [action, key, value], access: .reads)

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      guard arguments[Self.action] != nil else { return .appSettings(session.settingsReport()) }
      // Showing the settings only reads; setting one changes the session.
      try session.refuseWhileDialogWaits(.changes)
      guard let key = arguments[Self.key], let value = arguments[Self.value] else {
        throw FolioError.invalidArgument("'settings set' needs a KEY and a VALUE")
      }
      return .appSettings(try session.changeSetting(key, to: value))
    }
  }
}
