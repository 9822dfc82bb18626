/// The whole active window as a model value — what `screen` draws and `--json` reports: the
/// title with its title menu, the toolbar laid out, the tab bar, and the split view with the
/// documents sidebar and the detail (or the selected tab's content).
public struct WindowScreen: Sendable, Equatable {
  /// A row of the sidebar or content column.
  public struct ListEntry: Sendable, Equatable {
    /// What the row says.
    public var title: String
    /// The document's window number in `docs`, for document rows.
    public var window: Int?
    /// Whether the row is the chosen one.
    public var isSelected: Bool
    /// Whether the document has unsaved changes.
    public var isDirty: Bool

    /// Creates a row.
    public init(title: String, window: Int? = nil, isSelected: Bool, isDirty: Bool = false) {
      self.title = title
      self.window = window
      self.isSelected = isSelected
      self.isDirty = isDirty
    }
  }

  /// What the detail column shows.
  public enum Detail: Sendable, Equatable {
    /// Nothing is chosen: a placeholder such as "Select a document".
    case placeholder(String)
    /// The chosen document's first lines or rows, and how many more it has.
    case document(DocumentView, remaining: Int)
  }

  /// What the window shows under its bars.
  public enum Body: Sendable, Equatable {
    /// The split view: its panes, the sidebar rows, the content rows (three columns) and
    /// the detail.
    case split(SplitViewLayout, sidebar: [ListEntry], content: [ListEntry]?, detail: Detail)
    /// A tab other than Documents: its lines.
    case tab(Tab, lines: [String])
  }

  /// The window's tab bar: at the top on mac and ipad, at the bottom on iphone.
  public struct TabBar: Sendable, Equatable {
    /// The tabs, in order.
    public var tabs: [Tab]
    /// The selected tab's name.
    public var selected: String
    /// Whether the bar is at the bottom of the window.
    public var isAtBottom: Bool

    /// Creates a tab bar.
    public init(tabs: [Tab], selected: String, isAtBottom: Bool) {
      self.tabs = tabs
      self.selected = selected
      self.isAtBottom = isAtBottom
    }
  }

  /// The placeholder the detail shows when no document is chosen.
  public static let placeholder = "Select a document"

  /// The environment the window is drawn for.
  public var environment: AppEnvironment
  /// The window's title: the active document's (with `*` when dirty) or the app's name.
  public var title: String
  /// Whether the title has a title menu (▾): while a document is open.
  public var hasTitleMenu: Bool
  /// The toolbar laid out at the window's width; its title carries the ▾.
  public var toolbar: ToolbarLayout
  /// The tab bar, when the window has a tab view.
  public var tabBar: TabBar?
  /// What the window shows under its bars.
  public var body: Body

  /// Creates a screen.
  public init(
    environment: AppEnvironment, title: String, hasTitleMenu: Bool, toolbar: ToolbarLayout, tabBar: TabBar?,
    body: Body
  ) {
    self.environment = environment
    self.title = title
    self.hasTitleMenu = hasTitleMenu
    self.toolbar = toolbar
    self.tabBar = tabBar
    self.body = body
  }
}
