/// A group of windows showing the same kind of content [WindowGroup]: for Folio, one window
/// per open document, each a split view, optionally inside a tab view.
public struct WindowGroup: Sendable, Equatable {
  /// The group's id.
  public var id: String
  /// The title windows show when no document names them.
  public var title: String
  /// The window's tab view, when the app has one on this platform.
  public var tabView: TabView?
  /// The split view each window shows under its Documents tab.
  public var splitView: NavigationSplitView

  /// Declares a window group.
  ///
  /// - Parameters:
  ///   - title: the title windows show when no document names them.
  ///   - id: the group's id.
  ///   - tabView: the window's tab view, if it has one.
  ///   - splitView: the split view of a window.
  public init(
    _ title: String, id: String, tabView: TabView? = nil,
    splitView: NavigationSplitView = NavigationSplitView()
  ) {
    self.title = title
    self.id = id
    self.tabView = tabView
    self.splitView = splitView
  }
}
