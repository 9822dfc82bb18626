/// What a document offers for sharing: its title, the representations it can make, and
/// how to make each one.
///
/// The document engine builds one (see `init(title:path:content:)`); items are made only for
/// the representation a share actually uses.
public struct ShareSource: Sendable {
  /// The document's title.
  public var title: String
  /// The representations the document can make, in the order it lists them.
  public var offered: [Representation]
  /// Makes the item for one of the offered representations.
  public var make: @Sendable (Representation) throws(FolioError) -> ShareItem

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - title: The document's title.
  ///   - offered: The representations `make` can produce.
  ///   - make: Produces the item for a representation; called only with offered ones.
  public init(
    title: String, offered: [Representation],
    make: @escaping @Sendable (Representation) throws(FolioError) -> ShareItem
  ) {
    self.title = title
    self.offered = offered
    self.make = make
  }
}
