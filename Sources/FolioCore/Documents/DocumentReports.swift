#if canImport(Glibc)
  import Glibc
#endif

/// A document as results report it: `title`, `url`, `kind`, `dirty`.
public struct DocumentSummary: Sendable, Equatable {
  /// The window's position in `docs`, from 1.
  public var number: Int
  public var title: String
  public var url: String?
  public var path: String?
  public var kind: DocumentKind
  public var isDirty: Bool
  public var isActive: Bool
  /// How the file on disk compares with what was read or saved; set only by `docs`.
  public var onDisk: DocumentDiskState?
  /// Which other Folio holds the document's lock; set only by `docs`.
  public var lockedBy: String?

  /// Takes a snapshot of a document in a workspace.
  public init(_ document: Document, in workspace: Workspace) {
    number = (workspace.documents.firstIndex { $0 === document } ?? 0) + 1
    title = document.title
    url = document.url
    path = document.path
    kind = document.kind
    isDirty = document.isDirty
    isActive = workspace.activeWindowID == document.windowID
  }

  /// Takes a snapshot of a document with the state of its file and lock, as `docs` shows.
  public init(withFileStateOf document: Document, in workspace: Workspace) {
    self.init(document, in: workspace)
    onDisk = workspace.diskState(of: document)
    lockedBy = workspace.lockHolder(of: document)
  }
}

/// The result of a command that acted on a document: the document and what happened.
public struct DocumentReport: Sendable, Equatable {
  public var document: DocumentSummary
  /// A sentence for people: "Opened Notes (12 lines).".
  public var message: String
}

/// The document header [navigationDocument]: what `info` shows.
public struct DocumentInfo: Sendable, Equatable {
  public var document: DocumentSummary
  /// The file's format: text, csv, tsv or json.
  public var format: DocumentFormat
  /// The file's size in bytes as last read or saved; nil when untitled.
  public var size: Int?
  /// The file's modification time as `YYYY-MM-DD HH:MM:SS UTC`; nil when untitled.
  public var modified: String?
  /// How the file on disk compares with what was read or last saved; nil when untitled.
  public var onDisk: DocumentDiskState?
  /// Which other Folio holds the document's lock, when one does.
  public var lockedBy: String?
  /// Lines of a text document, rows of a table.
  public var itemCount: Int
  /// A table's columns; empty for text.
  public var columns: [String]

  public init(_ document: Document, in workspace: Workspace) {
    self.document = DocumentSummary(document, in: workspace)
    format = document.format
    size = document.snapshot?.size
    modified = document.snapshot.map { Self.formatTime($0.modifiedSeconds) }
    onDisk = workspace.diskState(of: document)
    lockedBy = workspace.lockHolder(of: document)
    switch document.content {
    case .text(let text):
      itemCount = text.lines.count
      columns = []
    case .table(let table):
      itemCount = table.rows.count
      columns = table.columns
    }
  }

  static func formatTime(_ seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S UTC", &parts)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// Rows or lines of a document as `show` displays them.
public enum DocumentView: Sendable, Equatable {
  /// Numbered lines of a text document.
  case lines(title: String, lines: [(number: Int, text: String)])
  /// Rows of a table with their positions, ids and marks, and the columns shown with their
  /// kinds and widths; in the compact size class only the first column.
  case table(TableView)

  public static func == (lhs: DocumentView, rhs: DocumentView) -> Bool {
    switch (lhs, rhs) {
    case (.lines(let a, let x), .lines(let b, let y)):
      a == b && x.count == y.count && zip(x, y).allSatisfy { $0.number == $1.number && $0.text == $1.text }
    case (.table(let a), .table(let b)): a == b
    default: false
    }
  }
}

/// A row as `show` displays it.
public struct DocumentViewRow: Sendable, Equatable {
  /// The 1-based position.
  public var position: Int
  /// The row's id.
  public var id: Int
  /// The cells shown, as text.
  public var cells: [String]
  /// Whether the row is selected.
  public var isSelected: Bool
  /// Whether the row is a favorite (★).
  public var isFavorite: Bool

  /// Creates a row.
  public init(position: Int, id: Int, cells: [String], isSelected: Bool = false, isFavorite: Bool = false) {
    self.position = position
    self.id = id
    self.cells = cells
    self.isSelected = isSelected
    self.isFavorite = isFavorite
  }
}
