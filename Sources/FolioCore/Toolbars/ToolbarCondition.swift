/// What toolbar items that depend on state read: whether a document (a table) is open, how
/// many rows are selected, and the size class the bar is laid out for.
public struct ToolbarContext: Sendable, Equatable {
  /// Whether a document is open in the window.
  public var hasDocument = false
  /// How many table rows are selected.
  public var selectionCount = 0
  /// Whether the window's document is a table.
  public var hasTable = false
  /// The size class of the width the bar is laid out at; `ToolbarLayout.make` sets it.
  public var sizeClass: AppEnvironment.SizeClass = .regular

  /// A context for a layout outside a workspace (`Workspace.toolbarContext` is the
  /// workspace's own).
  public init(hasDocument: Bool = false, selectionCount: Int = 0, hasTable: Bool = false) {
    (self.hasDocument, self.selectionCount, self.hasTable) = (hasDocument, selectionCount, hasTable)
  }
}

extension Workspace {
  /// What the toolbar's state-dependent items read now: the active document, its selection
  /// and whether it is a table.
  public var toolbarContext: ToolbarContext {
    ToolbarContext(
      hasDocument: active != nil, selectionCount: active?.selection.count ?? 0,
      hasTable: active?.kind == .table)
  }
}

/// When a state-dependent toolbar item shows: a named predicate over the `ToolbarContext`.
///
/// Two conditions are equal when their names are, so declared toolbars stay comparable.
public struct ToolbarCondition: Sendable, Equatable {
  /// The name shown by `toolbar customize`, e.g. `selection not empty`.
  public var name: String
  /// Whether the item shows in a context.
  public var holds: @Sendable (ToolbarContext) -> Bool

  /// Creates a condition.
  public init(_ name: String, holds: @escaping @Sendable (ToolbarContext) -> Bool) {
    self.name = name
    self.holds = holds
  }

  /// Shown only while at least one row is selected.
  public static let selectionNotEmpty = ToolbarCondition("selection not empty") { $0.selectionCount > 0 }
  /// Shown only while a document is open.
  public static let documentOpen = ToolbarCondition("document open") { $0.hasDocument }
  /// Shown only while a table is open: a list's EditButton.
  public static let tableOpen = ToolbarCondition("table open") { $0.hasTable }
  /// Shown only where a split view shows its columns side by side, on a regular width: the
  /// sidebar toggle, which a collapsed split view (a stack) has no use for.
  public static let regularWidth = ToolbarCondition("regular width") { $0.sizeClass == .regular }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
}
