/// A split view of two or three columns [NavigationSplitView]: a sidebar, an optional content
/// column, and the detail; `layout(width:sizeClass:hasSelection:separatorWidth:)` fits it to a
/// window.
public struct NavigationSplitView: Sendable, Equatable {
  /// How the columns share the width [NavigationSplitViewStyle].
  public enum Style: String, Sendable, CaseIterable {
    /// The sidebar and content columns a quarter of the width each (14–24 columns), the
    /// detail the rest.
    case automatic
    /// Every column the same share; the detail takes what division leaves.
    case balanced
    /// The sidebar and content columns a fifth of the width each (12–18 columns), so the
    /// detail keeps as much as it can.
    case prominentDetail
  }

  /// How many columns the split view has.
  public enum ColumnCount: Int, Sendable, CaseIterable {
    /// Sidebar and detail.
    case two = 2
    /// Sidebar, content and detail.
    case three = 3
  }

  /// Which columns show in the regular size class [NavigationSplitViewVisibility]; the
  /// sidebar toggle switches between them. A collapsed split view ignores it: a stack shows
  /// one column.
  public enum ColumnVisibility: String, Sendable, CaseIterable {
    /// Every column: sidebar, content (three columns) and detail.
    case all
    /// The two columns nearest the detail: sidebar and detail of two columns, content and
    /// detail of three.
    case doubleColumn
    /// The detail alone.
    case detailOnly

    /// The columns shown out of a split view of `count` columns, leading first.
    func columns(of count: Int) -> [SplitViewLayout.Column] {
      switch (self, count) {
      case (.detailOnly, _): [.detail]
      case (.doubleColumn, 3): [.content, .detail]
      case (_, 3): [.sidebar, .content, .detail]
      default: [.sidebar, .detail]
      }
    }

    /// What the sidebar toggle makes of this visibility: the sidebar hidden when it shows
    /// (the detail alone of two columns; content and detail of three), every column when it
    /// does not.
    public func toggled(columnCount: ColumnCount) -> ColumnVisibility {
      guard self == .all else { return .all }
      return columnCount == .three ? .doubleColumn : .detailOnly
    }
  }

  /// The fewest columns a detail keeps before the split view drops its content column,
  /// then collapses.
  public static let minimumDetailWidth = 12

  /// The number of columns.
  public var columnCount: ColumnCount
  /// How the columns share the width.
  public var style: Style

  /// A split view of `columnCount` columns in `style`.
  public init(columnCount: ColumnCount = .two, style: Style = .automatic) {
    self.columnCount = columnCount
    self.style = style
  }

  /// Fits the split view to a window: in the compact size class it collapses into a stack
  /// showing one column — the detail when something is chosen, else the sidebar; in the
  /// regular one the columns `visibility` shows share `width` by the style, after the
  /// separators between neighbours. A detail narrower than `minimumDetailWidth` first drops
  /// the content column, then collapses the split view.
  ///
  /// - Parameters:
  ///   - width: the columns the window has inside its frame.
  ///   - sizeClass: the window's horizontal size class.
  ///   - hasSelection: whether a document is chosen and shown: false shows the sidebar of a
  ///     collapsed split view (a stack gone back from the detail).
  ///   - visibility: the columns shown in the regular size class.
  ///   - separatorWidth: the width of the separator the front end draws between two panes.
  /// - Returns: the visible panes, left to right, with their widths.
  public func layout(
    width: Int, sizeClass: AppEnvironment.SizeClass, hasSelection: Bool, visibility: ColumnVisibility = .all,
    separatorWidth: Int
  ) -> SplitViewLayout {
    let width = max(width, 1)
    func collapsed() -> SplitViewLayout {
      SplitViewLayout(
        style: style, columnCount: columnCount, width: width, isCollapsed: true,
        panes: [SplitViewLayout.Pane(column: hasSelection ? .detail : .sidebar, width: width)],
        visibility: visibility)
    }
    guard sizeClass == .regular else { return collapsed() }
    var columns = visibility.columns(of: columnCount.rawValue)
    while true {
      let widths = Self.widths(
        count: columns.count, width: width, style: style, separatorWidth: separatorWidth)
      if let detail = widths.last, detail >= Self.minimumDetailWidth {
        return SplitViewLayout(
          style: style, columnCount: columnCount, width: width, isCollapsed: false,
          panes: zip(columns, widths).map { SplitViewLayout.Pane(column: $0, width: $1) },
          visibility: visibility)
      }
      // The content column gives way first; without one to drop, the split view collapses.
      guard let content = columns.firstIndex(of: .content) else { break }
      columns.remove(at: content)
    }
    return collapsed()
  }

  /// The widths of `count` columns in `width`, separators taken out first.
  private static func widths(count: Int, width: Int, style: Style, separatorWidth: Int) -> [Int] {
    guard count > 1 else { return [width] }
    let available = width - separatorWidth * (count - 1)
    let side: Int
    switch style {
    case .balanced: side = available / count
    case .automatic: side = min(max(available / 4, 14), 24)
    case .prominentDetail: side = min(max(available / 5, 12), 18)
    }
    let leading = Array(repeating: side, count: count - 1)
    return leading + [available - side * (count - 1)]
  }
}

/// A split view fitted to a window: the panes shown, left to right, and whether it collapsed
/// into a stack.
public struct SplitViewLayout: Sendable, Equatable {
  /// A column of a split view.
  public enum Column: String, Sendable, Equatable {
    case sidebar
    case content
    case detail
  }

  /// A visible column and its width.
  public struct Pane: Sendable, Equatable {
    /// Which column.
    public var column: Column
    /// Its width in columns.
    public var width: Int

    /// A pane of `column`, `width` columns wide.
    public init(column: Column, width: Int) {
      self.column = column
      self.width = width
    }
  }

  /// The split view's style.
  public var style: NavigationSplitView.Style
  /// The columns it declares.
  public var columnCount: NavigationSplitView.ColumnCount
  /// The columns it had.
  public var width: Int
  /// Whether it collapsed into a stack showing one column.
  public var isCollapsed: Bool
  /// The columns asked to show in the regular size class.
  public var visibility: NavigationSplitView.ColumnVisibility
  /// The visible panes, left to right; their widths and the separators between them add up
  /// to `width`.
  public var panes: [Pane]

  /// Creates a layout.
  public init(
    style: NavigationSplitView.Style, columnCount: NavigationSplitView.ColumnCount, width: Int,
    isCollapsed: Bool, panes: [Pane], visibility: NavigationSplitView.ColumnVisibility = .all
  ) {
    self.style = style
    self.columnCount = columnCount
    self.width = width
    self.isCollapsed = isCollapsed
    self.panes = panes
    self.visibility = visibility
  }

  /// Whether `column` is visible.
  public func shows(_ column: Column) -> Bool { panes.contains { $0.column == column } }
}
