/// What `recover` lists: the unsaved changes sessions that ended without saving left in the
/// recovery journal, and safety copies of saves in place that did not finish.
public struct RecoveryListing: Sendable, Equatable {
  /// One journal, as listed.
  public struct Entry: Sendable, Equatable {
    /// Its number for `recover N`, from 1.
    public var number: Int
    /// The document's file; nil for an untitled document.
    public var path: String?
    /// The document's title.
    public var title: String
    /// The size of the content kept, in bytes.
    public var size: Int
    /// The process that wrote it and its host.
    public var pid: Int32
    public var host: String
    /// When it was written, as `YYYY-MM-DD HH:MM:SS UTC`.
    public var written: String
    /// When it was written, in seconds since 1970 (UTC), for renderers with a format of
    /// their own.
    public var writtenSeconds: Int
  }

  /// The journals, oldest first.
  public var entries: [Entry]
  /// The safety copies' paths.
  public var backups: [String]
}
