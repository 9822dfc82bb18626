/// Where a toolbar item goes [ToolbarItemPlacement].
public enum ToolbarPlacement: String, Sendable, Equatable, CaseIterable {
  /// The trailing edge; the last to overflow.
  case primaryAction
  /// Secondary actions: the center under role `editor` on regular width, the trailing edge
  /// under role `automatic` on regular width, the overflow menu in compact width. The first
  /// to overflow.
  case secondaryAction
  /// The leading edge.
  case navigation
  /// The center.
  case principal
  /// The bottom bar, laid out on its own line.
  case bottomBar
  /// The trailing edge, like `primaryAction`, but overflowing by priority like the rest.
  case automatic
}
