import FolioCore
import Testing

@Suite struct SceneTests {
  @Test("Folio's app: on mac and ipad a Settings scene of its own, on iphone a Settings tab")
  func perPlatformComposition() {
    for platform in [MenuPlatform.mac, .ipad] {
      #expect(App.folio.settingsScene(on: platform) == Settings())
      #expect(App.folio.tabView(on: platform)?.tabs.map(\.name) == ["Documents", "Recent"])
      #expect(App.folio.scenes(on: platform).count == 1, "one custom scene composed of the others")
    }
    #expect(App.folio.settingsScene(on: .iphone) == nil)
    #expect(App.folio.tabView(on: .iphone)?.tabs.map(\.name) == ["Documents", "Recent", "Settings"])
    #expect(App.folio.tabView(on: .iphone)?.tab(named: "settings")?.content == .settings)
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
  @Test("panes and separators fill the width, for every style, column count, width and separator")
  func panesFillTheWidth() {
    for style in NavigationSplitView.Style.allCases {
      for count in NavigationSplitView.ColumnCount.allCases {
        for (width, separator) in (20...160).flatMap({ width in (0...3).map { (width, $0) } }) {
          let layout = NavigationSplitView(columnCount: count, style: style)
            .layout(width: width, sizeClass: .regular, hasSelection: true, separatorWidth: separator)
          let used = layout.panes.map(\.width).reduce(0, +) + separator * (layout.panes.count - 1)
          #expect(used == width, "\(style) \(count) at \(width), separator \(separator)")
          #expect(layout.panes.last?.column == .detail)
          #expect(
            layout.isCollapsed || (layout.panes.last?.width ?? 0) >= NavigationSplitView.minimumDetailWidth)
        }
      }
    }
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
