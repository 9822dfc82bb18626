import FolioCore
import FolioSession

/// What the status line says: the key hints, the last result, or the last error.
enum BrowseStatus: Equatable {
  case hints
  case result(String)
  case error(String)
}

/// What the keys go to: the grid, or a field or list shown over it.
enum BrowseMode: Equatable {
  case grid
  /// Enter: the cursor's cell edited in place.
  case editing(LineField)
  /// `/`: the pattern to find.
  case finding(LineField)
  /// `:`: a command line.
  case commandLine(LineField)
  /// `?`: the list of keys, until any key.
  case keys
}

/// Where the cursor is in the active document and which part of it shows: the only state
/// the browser keeps of its own. Everything else — the documents, the selection, the sort
/// order, undo — is the session's, read again for each frame.
struct GridCursor: Equatable {
  /// The cursor's row, 0-based among the table's rows (or the text's lines).
  var row = 0
  /// The cursor's column, 0-based among the table's columns.
  var column = 0
  /// The first row shown.
  var topRow = 0
  /// The first column shown after the frozen first column (1 when none is scrolled off).
  var firstScrolledColumn = 1
}

/// Turns keys into typed session calls and keeps the cursor.
///
/// Each key that acts is one call on the session (`select(rowIDs:mode:)`, `sort(by:)`,
/// `undo()`, `redo()`), after which `finishCommand()` delivers its events and keeps the
/// journal; its result or error is phrased by the hooks for the status line. Moving the
/// cursor calls nothing.
final class BrowseController {
  let session: Session
  let hooks: BrowseHooks
  var cursor = GridCursor()
  var status = BrowseStatus.hints
  /// Whether `q` (or a hang-up) ended the browser.
  private(set) var isFinished = false
  /// The rows a page moves: the rows the last frame showed, set by the screen.
  var pageHeight = 10
  /// Called before each session call, to time its progress.
  var willPerform: () -> Void = {}
  /// The window the cursor belongs to; another window's cursor starts at the top.
  private var windowID: Int?

  init(session: Session, hooks: BrowseHooks) {
    self.session = session
    self.hooks = hooks
  }

  /// The active document, or nil when none is open.
  var document: Document? { session.workspace.active }

  /// How many rows and columns the active document has: a text's lines as rows of one column.
  var extent: (rows: Int, columns: Int) {
    guard let document else { return (0, 0) }
    switch document.content {
    case .table(let table): return (table.rowCount, table.columns.count)
    case .text(let text): return (text.lines.count, 1)
    }
  }

  /// Ends the browser.
  func finish() { isFinished = true }

  /// Whether `q` quits the session (`folio browse`), asking about unsaved documents as
  /// `quit` does, rather than returning to the REPL's prompt.
  var quitsSession = false

  /// `q`: back to the prompt, or the session's `quit`, whose dialog asks first when a
  /// document has unsaved changes; the browser ends once the session stops.
  private func quit() {
    guard quitsSession, let command = session.registry.command(id: SessionCommandID.quit) else {
      isFinished = true
      return
    }
    perform(moving: false) { try self.session.run(command, words: []) }
    if session.stopReason != nil { isFinished = true }
  }

  /// What the keys go to now.
  var mode = BrowseMode.grid
  /// The highlighted item of the open menu.
  var highlight = 0
  /// The menu bar's menu open now (`m`), which ← and → move from; nil for other menus.
  var menuBarIndex: Int?
  /// The highlighted button of the waiting dialog, in `dialogButtons`' order.
  var dialogHighlight: Int?
  /// The waiting dialog's text field as typed so far.
  var dialogField: LineField?
  /// The matches of the last `/`, which `n` and `N` step through, and the one the cursor is on.
  private(set) var matches: [FindMatch] = []
  private var matchIndex = 0

  /// Acts on a key.
  func handle(_ key: BrowseKey) {
    followActiveWindow()
    if mode == .grid, handlePopup(key) { return }
    switch mode {
    case .grid: handleInGrid(key)
    case .keys: mode = .grid
    case .editing(var field):
      switch field.handle(key) {
      case .edited: mode = .editing(field)
      case .cancelled: mode = .grid
      case .submitted:
        mode = .grid
        setCell(to: field.text)
      }
    case .finding(var field):
      switch field.handle(key) {
      case .edited: mode = .finding(field)
      case .cancelled: mode = .grid
      case .submitted:
        mode = .grid
        find(field.text)
      }
    case .commandLine(var field):
      switch field.handle(key) {
      case .edited: mode = .commandLine(field)
      case .cancelled: mode = .grid
      case .submitted:
        mode = .grid
        runCommandLine(field.text)
      }
    }
  }

  private func handleInGrid(_ key: BrowseKey) {
    switch key {
    case .up, .character("k"): move(rows: -1)
    case .down, .character("j"): move(rows: 1)
    case .left, .character("h"): move(columns: -1)
    case .right, .character("l"): move(columns: 1)
    case .pageUp: move(rows: -max(1, pageHeight))
    case .pageDown: move(rows: max(1, pageHeight))
    case .home, .character("g"): move(rows: -extent.rows)
    case .end, .character("G"): move(rows: extent.rows)
    case .character(" "): toggleSelection()
    case .character("s"): sort(.ascending)
    case .character("S"): sort(.descending)
    case .character("u"):
      perform(moving: true, recording: (CommandInvocation("edit.undo"), nil)) {
        try self.reportUndo(redo: false)
      }
    case .control("r"):
      perform(moving: true, recording: (CommandInvocation("edit.redo"), nil)) {
        try self.reportUndo(redo: true)
      }
    case .character("q"): quit()
    case .escape: status = .hints
    case .enter: startEditing()
    case .character("/"): mode = .finding(LineField())
    case .character("n"): stepMatch(by: 1)
    case .character("N"): stepMatch(by: -1)
    case .character(":"): mode = .commandLine(LineField())
    case .character("?"), .function(1): mode = .keys
    case .character("m"), .function(10): openMenuBar()
    case .character("c"): openContextMenu()
    case .character("t"): openTitleMenu()
    case .character("]"): focusWindow(by: 1)
    case .character("["): focusWindow(by: -1)
    default: break
    }
  }

  /// Starts the cursor over when another window became active.
  private func followActiveWindow() {
    guard document?.windowID != windowID else { return }
    windowID = document?.windowID
    cursor = GridCursor()
  }

  /// Moves the cursor, kept inside the document.
  func move(rows: Int = 0, columns: Int = 0) {
    let (rowCount, columnCount) = extent
    cursor.row = Self.clamped(cursor.row.addingReportingOverflow(rows).partialValue, count: rowCount)
    cursor.column = Self.clamped(cursor.column + columns, count: columnCount)
  }

  /// `value` within `0..<count` (0 when `count` is 0).
  static func clamped(_ value: Int, count: Int) -> Int {
    max(0, min(value, count - 1))
  }

  /// The id of the table row under the cursor, nil when the active document is no table or
  /// has no rows.
  var cursorRowID: Int? {
    guard let document, case .table(let table) = document.content, table.rowCount > 0 else { return nil }
    return table.id(ofRow: Self.clamped(cursor.row, count: table.rowCount))
  }

  /// The title of the column under the cursor, nil when the active document is no table.
  var cursorColumnTitle: String? {
    guard let document, case .table(let table) = document.content, !table.columns.isEmpty else { return nil }
    return table.columns[Self.clamped(cursor.column, count: table.columns.count)]
  }

  /// Space: the row under the cursor joins the selection, or leaves it.
  private func toggleSelection() {
    guard let id = cursorRowID else { return noTable() }
    let invocation = CommandInvocation(
      "selection.select", ["rows": .string("id:\(id)"), "toggle": .bool(true)])
    perform(moving: false, recording: (invocation, nil)) {
      .selection(try self.session.select(rowIDs: [id], mode: .toggle))
    }
  }

  /// `s` / `S`: sorts the table by the cursor's column.
  private func sort(_ order: TableSortKey.Order) {
    guard let column = cursorColumnTitle, let document else { return noTable() }
    let keys = [TableSortKey(column: column, order: order)]
    let invocation = CommandInvocation("view.sort", ["keys": .words(keys.map { Word($0.description) })])
    perform(moving: true, recording: (invocation, nil)) {
      let count = try self.session.sort(by: keys)
      return .sortOrder(SortReport(document: document.title, keys: keys, sortedRows: count))
    }
  }

  /// `]` / `[`: the next or previous window, round the ends (`focus N`).
  private func focusWindow(by step: Int) {
    let documents = session.workspace.documents
    guard documents.count > 1, let active = document,
      let index = documents.firstIndex(where: { $0 === active })
    else { return }
    let next = ((index + step) % documents.count + documents.count) % documents.count
    let target = documents[next]
    let invocation = CommandInvocation("document.focus", ["window": .string(String(next + 1))])
    perform(moving: false, recording: (invocation, nil)) {
      try self.session.focus(windowID: target.windowID)
      return .none
    }
  }

  /// Enter: edits the cursor's cell, starting from its text.
  private func startEditing() {
    guard let document, case .table(let table) = document.content, table.rowCount > 0, !table.columns.isEmpty
    else { return noTable() }
    let row = Self.clamped(cursor.row, count: table.rowCount)
    let column = Self.clamped(cursor.column, count: table.columns.count)
    mode = .editing(LineField(table.cell(row: row, column: column).description))
  }

  /// Writes the edited cell: one undo step, nothing when the text is unchanged.
  private func setCell(to text: String) {
    guard let document, let rowID = cursorRowID, let title = cursorColumnTitle else { return noTable() }
    let column = cursor.column
    let position = cursor.row + 1
    let invocation = CommandInvocation(
      "edit.cell", ["row": .string("id:\(rowID)"), "column": .string(title), "value": .string(text)])
    perform(moving: true, recording: (invocation, nil)) {
      try self.session.refuseWhileDialogWaits(.changes)
      let changed = try self.session.workspace.setCell(rowID: rowID, column: column, to: text, in: document)
      return self.session.workspace.report(
        document, .cellSet(row: String(position), column: title, changed: changed))
    }
  }

  /// `/`: finds the pattern in the document (the `find` command's call) and moves the cursor to
  /// the first match at or after it.
  private func find(_ text: String) {
    guard let document else { return noTable() }
    perform(moving: false) {
      let (report, _) = try self.session.workspace.find(try TextPattern(text), in: document)
      self.matches = report.matches
      self.matchIndex = self.matches.firstIndex { $0.position - 1 >= self.cursor.row } ?? 0
      self.moveToMatch()
      return .found(report)
    }
  }

  /// `n` / `N`: the next or previous match of the last `/`, round the ends.
  private func stepMatch(by step: Int) {
    guard !matches.isEmpty else {
      status = .error(hooks.phraseError(FolioError(.disabled, "no find to repeat; '/' finds")))
      return
    }
    matchIndex = ((matchIndex + step) % matches.count + matches.count) % matches.count
    moveToMatch()
    status = .result("match \(matchIndex + 1) of \(matches.count)")
  }

  private func moveToMatch() {
    guard matches.indices.contains(matchIndex) else { return }
    let match = matches[matchIndex]
    cursor.row = match.position - 1
    if let column = match.column { cursor.column = column }
    move()
  }

  /// `:`: runs the line as the REPL would — lexed by the shell's lexer (a hook), each command
  /// run by the session with its words — and ends the browser when one quits the session.
  private func runCommandLine(_ text: String) {
    let answers = session.pendingDialog != nil
    perform(moving: true, recording: (nil, text), answers: answers) {
      var output = CommandOutput.none
      for words in try self.hooks.lexLine(text) {
        guard let name = words.first else { continue }
        guard let command = self.session.registry.resolve(name.text) else {
          throw FolioError(
            .unknownCommand, "unknown command '\(name.text)'; ':help' lists the commands",
            values: ["name": name.text])
        }
        output = try self.session.run(command, words: words.dropFirst())
        if self.session.stopReason != nil { break }
      }
      return output
    }
    if session.stopReason != nil { isFinished = true }
  }

  private func reportUndo(redo: Bool) throws -> CommandOutput {
    let document = try session.activeDocument()
    let name = redo ? try session.redo() : try session.undo()
    return session.workspace.report(document, redo ? .redone(action: name) : .undone(action: name))
  }

  private func noTable() {
    status = .error(
      hooks.phraseError(
        FolioError(.disabled, document == nil ? "no document is open" : "the document is no table")))
  }

  /// Runs one session call as a front-end command: the token Ctrl-C cancels is reset first,
  /// the session catches up after it, and its result or error becomes the status. With
  /// `moving`, the cursor stays on the row it was on when the call moved rows (a sort, an
  /// undo), as the selection does.
  ///
  /// When the call succeeds, `recorded` (the command it amounts to, or the line as typed) is
  /// written into a running recording.
  func perform(
    moving: Bool, recording recorded: (invocation: CommandInvocation?, text: String?)? = nil,
    answers: Bool = false, _ body: () throws -> CommandOutput
  ) {
    session.workspace.cancellation.reset()
    willPerform()
    let rowID = moving ? cursorRowID : nil
    let waited = session.pendingDialog != nil
    do {
      let output = try body()
      status = hooks.phraseResult(output).map(BrowseStatus.result) ?? .hints
      if let recorded {
        try hooks.record(
          BrowseRecord(
            invocation: recorded.invocation, text: recorded.text, answered: answers, waited: waited))
      }
    } catch {
      status = .error(hooks.phraseError(FolioError.from(error)))
    }
    for warning in session.finishCommand() { status = .error(hooks.phraseError(warning)) }
    if let rowID, let document, case .table(let table) = document.content,
      let index = table.rowIndex(id: rowID)
    {
      cursor.row = index
    }
    move()
  }
}
