import FolioCore
import Testing

@Suite struct SceneTests {
  @Test("Folio's app: on mac a Settings scene of its own, on ipad and iphone a Settings tab (#if os(iOS))")
  func perPlatformComposition() {
    #expect(App.folio.settingsScene(on: .mac) == Settings())
    #expect(App.folio.tabView(on: .mac)?.tabs.map(\.name) == ["Documents", "Recent"])
    #expect(App.folio.scenes(on: .mac).count == 1, "one custom scene composed of the others")
    for platform in [MenuPlatform.ipad, .iphone] {
      #expect(App.folio.settingsScene(on: platform) == nil)
      #expect(App.folio.tabView(on: platform)?.tabs.map(\.name) == ["Documents", "Recent", "Settings"])
      #expect(App.folio.tabView(on: platform)?.tab(named: "settings")?.content == .settings)
    }
  }

  @Test("a custom scene flattens into the scenes it is composed of")
  func customScene() {
    let scene = Scene.custom(
      CustomScene(id: "outer") {
        CustomScene(id: "inner") { Settings(title: "Preferences") }
        WindowGroup("Viewer", id: "viewer")
      })
    #expect(scene.flattened.count == 4)
    let app = App("Viewer") { _ in scene }
    #expect(app.windowGroup(on: .mac)?.id == "viewer")
    #expect(app.settingsScene(on: .mac)?.title == "Preferences")
    #expect(app.tabView(on: .mac) == nil)
  }
}

@Suite struct NavigationSplitViewTests {
  @Test(
    "panes and separators fill the width, for every style, column count, visibility, width and separator")
  func panesFillTheWidth() {
    for style in NavigationSplitView.Style.allCases {
      for count in NavigationSplitView.ColumnCount.allCases {
        for visibility in NavigationSplitView.ColumnVisibility.allCases {
          for (width, separator) in (5...160).flatMap({ width in (0...3).map { (width, $0) } }) {
            let layout = NavigationSplitView(columnCount: count, style: style).layout(
              width: width, sizeClass: .regular, hasSelection: true, visibility: visibility,
              separatorWidth: separator)
            let context = "\(style) \(count) \(visibility) at \(width), separator \(separator)"
            let used = layout.panes.map(\.width).reduce(0, +) + separator * (layout.panes.count - 1)
            #expect(used == width, "\(context)")
            #expect(layout.panes.last?.column == .detail, "\(context)")
            #expect(layout.visibility == visibility, "\(context)")
            #expect(
              layout.isCollapsed || (layout.panes.last?.width ?? 0) >= NavigationSplitView.minimumDetailWidth,
              "\(context)")
          }
        }
      }
    }
  }

  @Test("column visibility: all, the two nearest the detail, or the detail alone")
  func visibility() {
    func columns(
      _ count: NavigationSplitView.ColumnCount, _ visibility: NavigationSplitView.ColumnVisibility
    ) -> [SplitViewLayout.Column] {
      NavigationSplitView(columnCount: count).layout(
        width: 100, sizeClass: .regular, hasSelection: true, visibility: visibility, separatorWidth: 1
      )
      .panes.map(\.column)
    }
    #expect(columns(.two, .all) == [.sidebar, .detail])
    #expect(columns(.two, .doubleColumn) == [.sidebar, .detail])
    #expect(columns(.two, .detailOnly) == [.detail])
    #expect(columns(.three, .all) == [.sidebar, .content, .detail])
    #expect(columns(.three, .doubleColumn) == [.content, .detail])
    #expect(columns(.three, .detailOnly) == [.detail])
    let detailOnly = NavigationSplitView().layout(
      width: 100, sizeClass: .regular, hasSelection: false, visibility: .detailOnly, separatorWidth: 1)
    #expect(detailOnly.panes == [.init(column: .detail, width: 100)] && !detailOnly.isCollapsed)
  }

  @Test("the sidebar toggle hides the sidebar when it shows and shows every column when it does not")
  func sidebarToggle() {
    #expect(NavigationSplitView.ColumnVisibility.all.toggled(columnCount: .two) == .detailOnly)
    #expect(NavigationSplitView.ColumnVisibility.all.toggled(columnCount: .three) == .doubleColumn)
    for count in NavigationSplitView.ColumnCount.allCases {
      #expect(NavigationSplitView.ColumnVisibility.detailOnly.toggled(columnCount: count) == .all)
      #expect(NavigationSplitView.ColumnVisibility.doubleColumn.toggled(columnCount: count) == .all)
    }
  }

  @Test("a compact window collapses whatever the visibility; a detail alone too narrow collapses")
  func compactIgnoresVisibility() {
    for visibility in NavigationSplitView.ColumnVisibility.allCases {
      let layout = NavigationSplitView().layout(
        width: 40, sizeClass: .compact, hasSelection: false, visibility: visibility, separatorWidth: 1)
      #expect(layout.isCollapsed && layout.panes == [.init(column: .sidebar, width: 40)])
    }
    let narrow = NavigationSplitView().layout(
      width: 11, sizeClass: .regular, hasSelection: true, visibility: .detailOnly, separatorWidth: 1)
    #expect(narrow.isCollapsed)
  }

  @Test("the styles share the width: automatic a quarter, balanced equal, prominentDetail a fifth")
  func styles() {
    func widths(_ style: NavigationSplitView.Style, _ count: NavigationSplitView.ColumnCount) -> [Int] {
      NavigationSplitView(columnCount: count, style: style).layout(
        width: 100, sizeClass: .regular, hasSelection: true, separatorWidth: 1
      )
      .panes.map(\.width)
    }
    #expect(widths(.automatic, .two) == [24, 75])
    #expect(widths(.balanced, .two) == [49, 50])
    #expect(widths(.prominentDetail, .two) == [18, 81])
    #expect(widths(.automatic, .three) == [24, 24, 50])
    #expect(widths(.balanced, .three) == [32, 32, 34])
  }

  @Test("compact collapses into a stack: the detail when chosen, else the sidebar")
  func compact() {
    let split = NavigationSplitView(columnCount: .three)
    let chosen = split.layout(width: 40, sizeClass: .compact, hasSelection: true, separatorWidth: 1)
    #expect(chosen.isCollapsed && chosen.panes == [.init(column: .detail, width: 40)])
    let none = split.layout(width: 40, sizeClass: .compact, hasSelection: false, separatorWidth: 1)
    #expect(none.isCollapsed && none.panes == [.init(column: .sidebar, width: 40)])
  }

  @Test("a narrow regular window drops the content column before it collapses")
  func narrowRegular() {
    let split = NavigationSplitView(columnCount: .three)
    #expect(
      split.layout(width: 50, sizeClass: .regular, hasSelection: true, separatorWidth: 1).panes.map(\.column)
        == [
          .sidebar, .content, .detail,
        ])
    #expect(
      split.layout(width: 35, sizeClass: .regular, hasSelection: true, separatorWidth: 1).panes.map(\.column)
        == [
          .sidebar, .detail,
        ])
    #expect(split.layout(width: 20, sizeClass: .regular, hasSelection: true, separatorWidth: 1).isCollapsed)
  }
}
