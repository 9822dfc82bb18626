/// Something that happened to a document, for observers such as plugins.
public enum DocumentEvent: Equatable, Sendable {
  case opened(windowID: Int)
  case saved(windowID: Int)
  case renamed(windowID: Int, from: String, to: String)
  case closed(windowID: Int)

  /// The event's name in the plugin API: `document.opened`, ….
  public var name: String {
    switch self {
    case .opened: "document.opened"
    case .saved: "document.saved"
    case .renamed: "document.renamed"
    case .closed: "document.closed"
    }
  }
}
