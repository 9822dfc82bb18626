/// What toolbar items that depend on state read: whether a document is open and how many
/// rows are selected.
public struct ToolbarContext: Sendable, Equatable {
  /// Whether a document is open in the window.
  public var hasDocument: Bool
  /// How many table rows are selected.
  public var selectionCount: Int

  /// Creates a context.
  public init(hasDocument: Bool = false, selectionCount: Int = 0) {
    self.hasDocument = hasDocument
    self.selectionCount = selectionCount
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

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
}
