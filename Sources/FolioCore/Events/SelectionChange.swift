/// How a window's selection of rows changed: the row ids selected before and after.
///
/// The bus merges the changes of one window made between two deliveries into one, from the
/// selection before the first to the selection after the last, and drops it when they are the
/// same: a command that selects a row and then deselects it changes nothing.
public struct SelectionChange: Equatable, Sendable {
  /// The window whose selection changed.
  public var windowID: Int
  /// The ids selected before.
  public var previous: Set<Int>
  /// The ids selected now.
  public var current: Set<Int>

  /// Creates a change of a window's selection from `previous` to `current`.
  public init(windowID: Int, previous: Set<Int>, current: Set<Int>) {
    self.windowID = windowID
    self.previous = previous
    self.current = current
  }
}
