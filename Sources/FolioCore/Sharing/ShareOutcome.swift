/// What sharing did, as data the front ends phrase.
public struct ShareOutcome: Sendable, Equatable {
  /// How the item went out.
  public var delivery: Delivery
  /// The shared document's title.
  public var title: String
  /// The item's file name, e.g. `Places.csv`.
  public var fileName: String
  /// What the document was sent as.
  public var representation: Representation
  /// Text for standard output, printed by the shell; nil when the target produced none.
  public var output: String?
  /// The file the target wrote, if any.
  public var writtenPath: String?
  /// Whether the document had unsaved changes that the shared file (as last saved) lacks.
  public var leavesOutUnsavedChanges: Bool

  /// How the item went out.
  public enum Delivery: Sendable, Equatable {
    /// `file` wrote a copy into a folder.
    case copy
    /// `mail` wrote a mail draft with the item attached.
    case mailDraft
    /// `stdout` gave the item's text for standard output.
    case standardOutput
    /// `clipboard` put the item's text on the clipboard.
    case clipboard
    /// A plugin's target, titled `targetTitle`, took the item.
    case plugin(targetTitle: String)
  }

  /// Creates an outcome for `item`.
  public init(
    _ delivery: Delivery, item: ShareItem, output: String? = nil, writtenPath: String? = nil,
    leavesOutUnsavedChanges: Bool = false
  ) {
    self.delivery = delivery
    title = item.title
    fileName = item.fileName
    representation = item.representation
    self.output = output
    self.writtenPath = writtenPath
    self.leavesOutUnsavedChanges = leavesOutUnsavedChanges
  }
}
