/// A form in which a document can be shared [Transferable]: a document offers several, a
/// share target accepts some, and the best one both have is sent.
public enum Representation: String, Sendable, CaseIterable {
  /// The document's file as it is on disk, in its own format.
  case file
  /// Plain UTF-8 text: a text document's lines, or a table as tab-separated values.
  case text
  /// A table as comma-separated values.
  case csv
  /// A table as a JSON array of objects.
  case json

  /// Reads a representation by name, as `share … --as NAME` gives it.
  ///
  /// - Throws: `FolioError.invalidArgument` naming the representations that exist.
  public init(named name: String) throws(FolioError) {
    guard let representation = Representation(rawValue: name) else {
      throw .invalidArgument(
        "unknown representation '\(name)'; representations: \(Representation.list(Representation.allCases))")
    }
    self = representation
  }

  /// The extension of a file holding this representation; nil for `file`, which keeps the
  /// document's own.
  public var fileExtension: String? {
    switch self {
    case .file: nil
    case .text: "txt"
    case .csv: "csv"
    case .json: "json"
    }
  }

  /// The media type of this representation; nil for `file`, whose type follows its extension.
  public var mediaType: String? {
    fileExtension.map(MediaType.forExtension)
  }

  /// Names for messages: `file, text, csv`, or `nothing` when empty.
  static func list(_ representations: [Representation]) -> String {
    representations.isEmpty ? "nothing" : representations.map(\.rawValue).joined(separator: ", ")
  }
}
