#if canImport(Glibc)
  import Glibc
#endif

/// The open documents — one window each — and which one is active [WindowGroup].
///
/// Every operation either succeeds completely or leaves documents and files exactly as they
/// were.
public final class Workspace {
  /// The open documents, in the order they were opened.
  public private(set) var documents: [Document] = []
  /// The window of the active document.
  public private(set) var activeWindowID: Int? {
    didSet { if countsActivations { activations &+= 1 } }
  }
  /// Whether a change of `activeWindowID` counts as an activation: not while
  /// `acting(onWindow:_:)` lends the window for one request.
  private var countsActivations = true
  /// How many times a window was made active (opened, made, focused — the same one again
  /// too): a collapsed split view that went back to its sidebar shows the detail again once
  /// a document is chosen after that.
  public private(set) var activations = 0
  /// The share targets documents can be sent to: the built-ins and plugins' [ShareLink].
  public let shareTargets = ShareRegistry()
  /// The entries context menus are built from, per selection case: the built-ins and
  /// plugins'.
  public let contextMenus = ContextMenuRegistry()
  /// The row decorations and cell formats tables are shown and printed with: plugins'.
  public let tableDecorations = TableDecorationRegistry()
  /// How text compares when tables are sorted, read at each sort (the `sort.collation`
  /// setting); `standard` unless an owner says otherwise.
  public var sortCollation: () -> TableCollation = { .standard }
  /// Where recent documents are remembered; nil when there is no state store. Opened on
  /// first use, so commands that never need it never pay for opening SQLite.
  private(set) lazy var store: StateStore? = openStore()
  private let openStore: () -> StateStore?

  /// The state store shared with other features (toolbar customisations, settings), opened
  /// on first use; nil when there is none.
  public var stateStore: StateStore? { store }
  /// The folder relative paths resolve from.
  let currentDirectory: String
  /// The home folder, for `~`.
  let home: String?
  private var nextWindowID = 1
  /// Locks and recovery journal state; nil without a state folder.
  let safeguards: DocumentSafeguards?
  /// The events of this workspace's documents and selections, queued until the owner
  /// flushes them (see `EventBus`). Others (menus, toolbars, dialogs, plugins) publish here
  /// too until a session owns the bus.
  public let events = EventBus()
  /// Ctrl-C for the command running now: open, sort, show, print, save and share check it
  /// and stop with `FolioError.interrupted`, changing nothing.
  public let cancellation: CancellationToken
  /// Standard input and output as the front end lends them: `open` of `-` reads a document
  /// from one, `save` to `-` writes one to the other. Refused until a front end sets them.
  public var standardStreams = StandardStreams.none
  /// Where long work (sort, save) says how far it has got; nil when nobody shows it.
  public var progress: ((WorkProgress) -> Void)?
  /// How many times a document's file was read whole to tell whether it changed on disk
  /// (before a save, for `diskState`) because its status alone could not show it
  /// (`DocumentFile.check(_:against:)`): what tests see of that rule.
  public internal(set) var wholeFileChecks = 0
  /// The file system's clock beside a document's file, for the check of its status
  /// (`DocumentFile.fileSystemTime(besideFile:)`); tests set another.
  var fileSystemTime: (String) -> DocumentFile.FileSystemTime? = DocumentFile.fileSystemTime(besideFile:)

  /// Creates an empty workspace.
  ///
  /// - Parameter store: the state store, evaluated when it is first needed (an autoclosure,
  ///   so `Workspace(store: StateStore.open…)` opens nothing until a command needs it).
  ///   - stateDirectory: the state folder; with one, documents are locked against other Folio
  ///     processes and unsaved changes are kept in its recovery journal.
  ///   - cancellation: the token that stops the running command (Ctrl-C's).
  public init(
    store: @autoclosure @escaping () -> StateStore? = nil, currentDirectory: String, home: String?,
    stateDirectory: String? = nil, cancellation: CancellationToken = CancellationToken()
  ) {
    self.openStore = store
    self.cancellation = cancellation
    self.currentDirectory = currentDirectory
    self.home = home
    safeguards = stateDirectory.map(DocumentSafeguards.init)
  }

  /// The active document.
  public var active: Document? {
    // Without an active window no document is looked at (most requests of a front end with
    // nothing open ask, several times each).
    guard let activeWindowID else { return nil }
    return documents.first { $0.windowID == activeWindowID }
  }

  /// The active document, or an error saying none is open.
  public func requireActive() throws(FolioError) -> Document {
    guard let active else {
      throw FolioError(
        .disabled, "no document is open",
        remedies: [.run("document.open", blanks: ["path"]), .run("document.new", effect: "makes one")])
    }
    return active
  }

  /// The absolute path for a path or `file://` URL as typed: `~` is the home folder, a
  /// relative path is read from the workspace's folder, and `.` components are dropped.
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty path or a malformed URL.
  public func absolutePath(_ pathOrURL: String) throws(FolioError) -> String {
    var path = try FileURL.path(fromURL: pathOrURL) ?? pathOrURL
    if path == "~" || path.hasPrefix("~/"), let home { path = home + path.dropFirst() }
    guard !path.isEmpty else { throw .invalidArgument("a path cannot be empty") }
    let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    // Lexically drop empty and `.` components; `..` stays, since it may cross a link.
    let components = absolute.split(separator: "/").filter { $0 != "." }
    return "/" + components.joined(separator: "/")
  }

  /// Opens a file in a new window and makes it active; a file already open is focused.
  /// `format` reads it as that format whatever its extension says (its own saves keep it);
  /// `options` as they say (a CSV's delimiter), kept for `revert`.
  ///
  /// - Returns: the document and whether it was already open.
  /// - Throws: `FolioError.io` when the file cannot be read, `FolioError.format` when its
  ///   content is malformed, `FolioError.interrupted` when `cancellation` stops it; nothing
  ///   is opened then.
  @discardableResult
  public func open(
    _ pathOrURL: String, as format: DocumentFormat? = nil, options: ReadOptions = ReadOptions()
  ) throws(FolioError) -> (document: Document, wasOpen: Bool) {
    let path = try absolutePath(pathOrURL)
    let canonical = DocumentFile.resolvedTarget(path)
    if let open = documents.first(where: { $0.path.map(DocumentFile.resolvedTarget) == canonical }) {
      activeWindowID = open.windowID
      try? store?.noteRecentDocument(path: path)
      return (open, true)
    }
    DocumentFile.removeStaleTemporaryFiles(for: path)
    let (bytes, snapshot) = try DocumentFile.read(path, cancellation: cancellation)
    let format = format ?? DocumentFormat(fileName: DocumentFile.fileName(of: path))
    let options = options.resolved(for: bytes)
    let content: DocumentContent
    do {
      content = try format.decode(bytes, options: options, cancellation: cancellation)
    } catch  where error.code == .interrupted {
      throw error
    } catch {
      throw .wrapping(error, in: DocumentFile.fileName(of: path), values: ["path": path])
    }
    try cancellation.check()
    let document = Document(
      windowID: takeWindowID(), path: path, title: Self.title(ofFile: path), content: content, format: format,
      snapshot: snapshot, events: events)
    document.readOptions = options
    applyStoredColumnKinds(to: document)
    documents.append(document)
    activeWindowID = document.windowID
    lock(document)
    try? store?.noteRecentDocument(path: path)
    events.publish(.documentOpened(windowID: document.windowID))
    return (document, false)
  }

  /// Makes a new untitled document: "Untitled", then "Untitled 2", … (the smallest number no
  /// open document uses).
  @discardableResult
  public func newDocument(kind: DocumentKind, columns: [String]) throws(FolioError) -> Document {
    let content: DocumentContent
    switch kind {
    case .text:
      guard columns.isEmpty else { throw .invalidArgument("a text document has no columns") }
      content = .text(TextContent(lines: []))
    case .table:
      let names = columns.isEmpty ? ["name"] : columns
      if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
        throw .invalidArgument("column '\(duplicate)' is named twice")
      }
      if names.contains("") { throw .invalidArgument("a column name cannot be empty") }
      content = .table(
        TableModel(TableContent(columns: names, rows: [], dialect: .delimited(.csv))))
    }
    let document = Document(
      windowID: takeWindowID(), path: nil, title: untitledTitle(), content: content,
      format: kind == .text ? .text : .csv, snapshot: nil, events: events)
    documents.append(document)
    activeWindowID = document.windowID
    return document
  }

  /// Makes the window with id `windowID` active.
  ///
  /// - Returns: its document.
  /// - Throws: `FolioError.invalidArgument` when no open window has that id.
  @discardableResult
  public func focus(windowID: Int) throws(FolioError) -> Document {
    guard let document = documents.first(where: { $0.windowID == windowID }) else {
      throw FolioError(
        .invalidArgument, documents.isEmpty ? "no document is open" : "no open window has the id \(windowID)",
        values: ["window": String(windowID)], remedies: [.run("document.list", effect: "lists them")])
    }
    activeWindowID = document.windowID
    return document
  }

  /// Runs `body` on window `windowID` as if it were the active one, then makes the window
  /// that was active before active again: a front end's request for a window it names (the
  /// embedding protocol's `window` param). Neither change counts as an activation; a window
  /// `body` closes is not brought back.
  ///
  /// - Throws: `FolioError.invalidArgument` for an id no open window has (as `focus`), or
  ///   what `body` throws.
  public func acting<Result>(onWindow windowID: Int, _ body: () throws -> Result) throws -> Result {
    guard documents.contains(where: { $0.windowID == windowID }) else {
      _ = try focus(windowID: windowID)  // throws the error for an unknown window
      return try body()
    }
    let before = activeWindowID
    guard before != windowID else { return try body() }
    countsActivations = false
    activeWindowID = windowID
    countsActivations = true
    defer {
      countsActivations = false
      if let before, documents.contains(where: { $0.windowID == before }) {
        activeWindowID = before
      } else if !documents.contains(where: { $0.windowID == windowID }) {
        activeWindowID = documents.last?.windowID
      }
      countsActivations = true
    }
    return try body()
  }

  /// Closes a window, dropping unsaved changes (and its lock and recovery journal); the last
  /// opened remaining window becomes active.
  public func close(_ document: Document) {
    forgetSafeguards(of: document)
    documents.removeAll { $0 === document }
    if activeWindowID == document.windowID { activeWindowID = documents.last?.windowID }
    events.publish(.documentClosed(windowID: document.windowID))
  }

  /// Adds a document that was read from elsewhere than a file (standard input) as an
  /// untitled window, makes it active and publishes its opening.
  func addUntitled(_ content: DocumentContent, format: DocumentFormat, options: ReadOptions) -> Document {
    let document = Document(
      windowID: takeWindowID(), path: nil, title: untitledTitle(), content: content, format: format,
      snapshot: nil, events: events)
    document.readOptions = options
    documents.append(document)
    activeWindowID = document.windowID
    events.publish(.documentOpened(windowID: document.windowID))
    return document
  }

  /// "Untitled", else "Untitled 2", … : the smallest number no open document uses.
  func untitledTitle() -> String {
    let titles = Set(documents.map(\.title))
    var title = "Untitled"
    var number = 2
    while titles.contains(title) {
      title = "Untitled \(number)"
      number += 1
    }
    return title
  }

  func takeWindowID() -> Int {
    defer { nextWindowID += 1 }
    return nextWindowID
  }

  /// A file's title: its name without the last extension (`notes.txt` → `notes`,
  /// `.bashrc` → `.bashrc`).
  public static func title(ofFile path: String) -> String {
    let name = DocumentFile.fileName(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// A file name's extension with its dot, or "" (`notes.txt` → `.txt`).
  static func fileExtension(of path: String) -> String {
    let name = DocumentFile.fileName(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[dot...])
  }
}
