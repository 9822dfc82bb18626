import FolioCore

extension Session {
  /// The window's tab view on this platform, if it has one.
  var tabView: TabView? { app.tabView(on: platform) }

  /// The selected tab: the one `tab NAME` chose when this platform has it, else the first.
  var selectedTab: Tab? {
    guard let tabView else { return nil }
    return selectedTabName.flatMap(tabView.tab(named:)) ?? tabView.tabs.first
  }

  /// The whole active window for the environment.
  func makeScreen() throws(FolioError) -> WindowScreen {
    let document = workspace.active
    let title = document.map { $0.title + ($0.isDirty ? "*" : "") } ?? app.name
    let toolbar = try toolbarLayout(width: nil, title: document == nil ? title : title + " ▾")
    let tabBar = tabView.map { tabView in
      WindowScreen.TabBar(
        tabs: tabView.tabs, selected: selectedTab?.name ?? "", isAtBottom: platform == .iphone)
    }
    let body: WindowScreen.Body
    if let tab = selectedTab, tab.content != .documents {
      body = .tab(tab, lines: tabLines(tab))
    } else {
      let split = splitView.layout(
        width: appEnvironment.width, sizeClass: appEnvironment.sizeClass, hasSelection: document != nil,
        separatorWidth: metrics.paneSeparatorWidth)
      let rows =
        Self.persistedSettings.first { $0.key == "screen.rows" }.flatMap { Int(persistedValue($0)) } ?? 5
      let documents = workspace.screenDocumentEntries
      let sections = (tabView?.tabs ?? []).filter { $0.content != .settings }.map {
        WindowScreen.ListEntry(title: $0.name, isSelected: $0.content == .documents)
      }
      let threeColumns = split.shows(.content)
      body = .split(
        split, sidebar: threeColumns ? sections : documents, content: threeColumns ? documents : nil,
        detail: workspace.screenDetail(
          rows: rows, compact: appEnvironment.sizeClass == .compact, metrics: metrics.table))
    }
    return WindowScreen(
      environment: appEnvironment, title: title, hasTitleMenu: document != nil, toolbar: toolbar,
      tabBar: tabBar, body: body)
  }

  /// The lines a tab other than Documents shows in `screen`.
  private func tabLines(_ tab: Tab) -> [String] {
    switch tab.content {
    case .documents:
      return workspace.screenDocumentEntries.map(\.title)
    case .recent:
      let recent = (try? workspace.recentDocuments(limit: Workspace.recentDocumentsShown)) ?? []
      return recent.isEmpty
        ? ["No recent documents."]
        : recent.enumerated().map {
          "\($0.offset + 1)  " + ($0.element.path.split(separator: "/").last ?? "")
        }
    case .settings:
      return settingsReport().settings.map { "\($0.key) = \($0.value)" }
    }
  }

  /// What `tab NAME` shows for a tab.
  private func tabContent(_ tab: Tab) throws(FolioError) -> CommandOutput {
    switch tab.content {
    case .documents: return .documentList(workspace.documents.map { DocumentSummary($0, in: workspace) })
    case .recent:
      guard workspace.stateStore != nil else {
        return .message("No recent documents: there is no state store.")
      }
      return .recentDocuments(try workspace.recentDocuments(limit: Workspace.recentDocumentsShown))
    case .settings: return .appSettings(settingsReport())
    }
  }

  /// `screen`, `tabs`, `tab NAME` and `settings`.
  var sceneCommands: [Command] {
    [
      Command(
        id: "scene.screen", verb: "screen", title: "Screen", icon: "macwindow", category: "Scenes",
        summary: "draw the whole active window: title ▾, toolbar, tabs, split view, overflow",
        details: "The window is drawn for 'env': the toolbar laid out at its width, the tab bar (top on "
          + "mac and ipad, bottom on iphone), and under the Documents tab the split view — the sidebar of "
          + "open documents with the active one marked ▸, the detail with its first lines or rows, or "
          + "'\(WindowScreen.placeholder)'. The compact size class collapses the split view into a stack "
          + "showing one column. 'settings set split.style|split.columns|screen.rows' change it.",
        behavior: .action { [unowned self] _ in .screen(try makeScreen()) }),
      Command(
        id: "scene.tabs", verb: "tabs", title: "Tabs", icon: "square.grid.2x2", category: "Scenes",
        summary: "the app's tab view: Documents, Recent, and Settings on iphone",
        behavior: .action { [unowned self] _ in .tabView(try tabViewReport(content: nil)) }),
      Command(
        id: "scene.tab", verb: "tab", title: "Select Tab", icon: "square.grid.2x2", category: "Scenes",
        summary: "select a tab of the app's tab view and show it",
        parameters: [Parameter("name", summary: "the tab's name", valueName: "NAME")],
        behavior: .action { [unowned self] arguments in
          let name = arguments.string("name") ?? ""
          guard let tabView else {
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
          let content = try tabContent(tab)
          selectedTabName = tab.name
          return .tabView(try tabViewReport(content: content))
        }),
      Command(
        id: "scene.settings", verb: "settings", title: "Settings…", icon: "gearshape", shortcut: "⌘,",
        category: "Scenes",
        summary: "the Settings scene: session options and persisted settings; 'settings set KEY VALUE'",
        details: "Session options (output, color, echo, keep-going) last for the session; split.style "
          + "(automatic, balanced, prominentDetail), split.columns (2 or 3), screen.rows (1–50), the "
          + "plugin budgets and print.page-size (a4 or letter; by default the locale's paper) are kept "
          + "in the state store. On iphone the Settings scene is the Settings tab.",
        parameters: [
          Parameter("action", .choice(["set"]), isOptional: true, summary: "set: change one setting"),
          Parameter("key", isOptional: true, summary: "the setting's key", valueName: "KEY"),
          Parameter("value", isOptional: true, summary: "its new value", valueName: "VALUE"),
        ],
        behavior: .action { [unowned self] arguments in
          guard arguments.string("action") != nil else { return .appSettings(settingsReport()) }
          guard let key = arguments.string("key"), let value = arguments.string("value") else {
            throw FolioError.invalidArgument("'settings set' needs a KEY and a VALUE")
          }
          return .appSettings(try changeSetting(key, to: value))
        }),
    ]
  }

  private func tabViewReport(content: CommandOutput?) throws(FolioError) -> TabViewReport {
    guard let tabView, let selected = selectedTab else {
      throw FolioError(.disabled, "the app has no tab view on \(platform.rawValue)")
    }
    return TabViewReport(
      tabs: tabView.tabs, selected: selected.name,
      hasSettingsTab: tabView.tabs.contains { $0.content == .settings },
      content: content)
  }
}
