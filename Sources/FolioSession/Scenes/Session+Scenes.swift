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
    let toolbar = try toolbarLayout(width: nil, title: title, titleMark: document == nil ? "" : " ▾")
    let tabBar = tabView.map { tabView in
      WindowScreen.TabBar(
        tabs: tabView.tabs, selected: selectedTab?.name ?? "", isAtBottom: platform == .iphone)
    }
    let body: WindowScreen.Body
    if let tab = selectedTab, tab.content != .documents {
      body = .tab(tab, lines: tabLines(tab))
    } else {
      let split = splitViewLayout
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

  /// The window's split view fitted to the environment: the columns `columnVisibility`
  /// shows, or in a collapsed one the detail of the chosen document — the sidebar once
  /// `back` left it, until a document is chosen again. The panes share the window's width
  /// inside the front end's frame (`LayoutMetrics.frameWidth`).
  public var splitViewLayout: SplitViewLayout {
    let showsDetail = workspace.active != nil && wentBackAtActivation != workspace.activations
    return splitView.layout(
      width: metrics.innerWidth(appEnvironment.width), sizeClass: appEnvironment.sizeClass,
      hasSelection: showsDetail,
      visibility: columnVisibility, separatorWidth: metrics.paneSeparatorWidth)
  }

  /// Shows and hides the split view's columns [NavigationSplitViewVisibility]: `visibility`,
  /// or with nil what the sidebar toggle makes of the one now (the sidebar hidden when it
  /// shows, every column when it does not).
  ///
  /// - Returns: the split view laid out with it.
  @discardableResult
  public func setColumnVisibility(_ visibility: NavigationSplitView.ColumnVisibility?) -> SplitViewLayout {
    columnVisibility = visibility ?? columnVisibility.toggled(columnCount: splitView.columnCount)
    return splitViewLayout
  }

  /// Goes back from the detail of a collapsed split view to its sidebar, as a navigation
  /// stack's back button does; choosing a document (`open`, `focus`, `window`) shows its
  /// detail again.
  ///
  /// - Returns: the split view laid out after it.
  /// - Throws: `FolioError.disabled` when the split view shows its columns side by side, or
  ///   shows its sidebar already.
  @discardableResult
  public func goBackInSplitView() throws(FolioError) -> SplitViewLayout {
    let layout = splitViewLayout
    guard layout.isCollapsed else {
      throw FolioError(
        .disabled,
        "nothing to go back from: no menu is open, and the split view shows its columns side by side")
    }
    guard layout.shows(.detail) else {
      throw FolioError(
        .disabled, "nothing to go back from: no menu is open, and the split view shows its sidebar")
    }
    wentBackAtActivation = workspace.activations
    return splitViewLayout
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
  func tabContent(_ tab: Tab) throws(FolioError) -> CommandOutput {
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

  /// The tab view with `content` under the selected tab.
  func tabViewReport(content: CommandOutput?) throws(FolioError) -> TabViewReport {
    guard let tabView, let selected = selectedTab else {
      throw FolioError(.disabled, "the app has no tab view on \(platform.rawValue)")
    }
    return TabViewReport(
      tabs: tabView.tabs, selected: selected.name,
      hasSettingsTab: tabView.tabs.contains { $0.content == .settings },
      content: content)
  }
}
