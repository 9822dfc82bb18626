/// What a toolbar is for; it decides where the title and secondary actions go [toolbarRole].
public enum ToolbarRole: String, Sendable, Equatable, CaseIterable {
  /// The title is centered; secondary actions are not on the bar but in the overflow menu.
  case automatic
  /// A document editor: on regular width the title moves to the leading edge and the
  /// secondary actions take the center; on compact width the title stays centered and the
  /// secondary actions go to the overflow menu.
  case editor
  /// A browser: on regular width the title is at the leading edge; secondary actions go to
  /// the overflow menu.
  case browser
}
