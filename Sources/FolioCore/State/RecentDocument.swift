/// A document that was opened, as remembered by the state store.
public struct RecentDocument: Equatable, Sendable {
  /// The path the document was opened from, as it was noted.
  public var path: String
  /// When it was last opened, in seconds since 1970 (UTC).
  public var openedAt: Double
}
