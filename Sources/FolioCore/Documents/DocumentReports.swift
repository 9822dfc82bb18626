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
///
/// What happened is data (`event`); the front ends phrase it ("Opened Notes (12 lines).").
public struct DocumentReport: Sendable, Equatable {
  /// The document as it is after the command.
  public var document: DocumentSummary
  /// What the command did.
  public var event: Event

  /// What a command did with a document, with the values a front end needs to say so.
  public enum Event: Sendable, Equatable {
    /// `new` made an untitled document.
    case made
    /// `open` read the document; `warning` says another Folio may be editing it too, and
    /// `discardedRecovery` that the unsaved changes an ended session left were dropped.
    case opened(size: DocumentSize, warning: FolioError?, discardedRecovery: Bool)
    /// `open` found the document open already and focused its window.
    case alreadyOpen
    /// The unsaved changes an ended session left were applied to the document.
    case recovered(size: DocumentSize)
    /// `focus` made the document's window active.
    case focused
    /// `title` asked for the document's title and URL.
    case title
    /// `rename` changed the title (and the file's name).
    case renamed(from: String, to: String)
    /// `save` wrote the document to `path`, `bytes` long, with `notes` on how.
    case saved(path: String, bytes: Int, notes: [SaveNote])
    /// `revert` reloaded the saved version.
    case reverted
    /// `undo` undid the step named `action` ("Sort", "Delete Rows").
    case undone(action: String)
    /// `redo` redid the step named `action`.
    case redone(action: String)
    /// `append` added line `line`.
    case lineAppended(line: Int)
    /// `insert` added line `line`.
    case lineInserted(line: Int)
    /// `replace` changed line `line`.
    case lineReplaced(line: Int)
    /// `add` added the row with id `id`.
    case rowAdded(id: Int)
    /// `cell` set a cell, named as the command was given it; `changed` is false when it held
    /// the value already.
    case cellSet(row: String, column: String, changed: Bool)
    /// `delete` removed `count` lines of a text document.
    case linesDeleted(count: Int)
    /// `delete` removed `count` rows of a table.
    case rowsDeleted(count: Int)
    /// A `column` command added, renamed, deleted or moved a column of a table.
    case columnChanged(ColumnChange)
    /// A row's action sheet marked (or unmarked) the row named `row` as a favorite.
    case favoriteMarked(row: String, isFavorite: Bool)
    /// `print` wrote `pages` pages to the file at `path`; `missingGlyphs` are the characters
    /// the font has no glyph for (empty for text files).
    case printed(path: String, pages: Int, missingGlyphs: [Unicode.Scalar])
    /// `share` sent the document through the target with id `target`, as `outcome` says.
    case shared(target: String, outcome: ShareOutcome)
    /// `close` closed the window: the document had no unsaved changes, or `--force` dropped
    /// them without asking.
    case closed
    /// `close` closed the window, dropping the unsaved changes (Don't Save).
    case closedWithoutSaving
    /// `close` saved the document to `path`, then closed the window (Save).
    case savedAndClosed(path: String)
    /// The person chose not to recover: the document was closed again, and its unsaved
    /// changes stay in the recovery journal.
    case closedKeepingRecovery
    /// The person cancelled `close`: the window stays open.
    case keptOpen
    /// The person cancelled `revert` or `delete`: nothing changed.
    case keptUnchanged
  }
}

/// How much a document holds, as `open` reports it.
public enum DocumentSize: Sendable, Equatable {
  /// A text document of this many lines.
  case lines(Int)
  /// A table of this many rows and columns.
  case table(rows: Int, columns: Int)

  /// The size of `document` now.
  public init(_ document: Document) {
    switch document.content {
    case .text(let text): self = .lines(text.lines.count)
    case .table(let table): self = .table(rows: table.rowCount, columns: table.columns.count)
    }
  }
}

/// Something to know about how `save` wrote a file.
public enum SaveNote: Sendable, Equatable {
  /// The file had been deleted on disk since it was read; it was written again.
  case rewrittenAfterDeletion
  /// The file was written in place (after a safety copy) rather than replaced, for `reason`.
  case writtenInPlace(reason: String)
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
  /// The file's modification time in seconds since 1970 (UTC), for renderers with a format
  /// of their own; nil when untitled.
  public var modifiedSeconds: Int?
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
    modifiedSeconds = document.snapshot?.modifiedSeconds
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
  /// The plugins' row decorations whose condition the row meets, in declaration order.
  public var decorations: [RowDecoration]
  /// The displayed form of each cell a cell format applies to, nil for the others; empty
  /// when no column shown has a format. `cells` keeps the stored values.
  public var formattedCells: [String?]

  /// Creates a row.
  public init(
    position: Int, id: Int, cells: [String], isSelected: Bool = false, isFavorite: Bool = false,
    decorations: [RowDecoration] = [], formattedCells: [String?] = []
  ) {
    self.position = position
    self.id = id
    self.cells = cells
    self.isSelected = isSelected
    self.isFavorite = isFavorite
    self.decorations = decorations
    self.formattedCells = formattedCells
  }

  /// The cells as they are shown: each formatted cell's displayed form, the others as
  /// stored.
  public var displayedCells: [String] {
    guard !formattedCells.isEmpty else { return cells }
    return zip(cells, formattedCells).map { $1 ?? $0 }
  }
}
