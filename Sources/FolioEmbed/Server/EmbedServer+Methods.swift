import FolioCore
import FolioPresentation
import FolioSession

extension EmbedServer {
  /// How a method is served.
  enum Handler {
    /// Runs the command with this id, the params as its arguments (its declared parameters
    /// check them).
    case command(String)
    /// Runs `plugin.manage` with this action on the plugin the param `name` names.
    case plugin(String)
    /// Reads its params and calls the session itself (`call(_:_:)`).
    case own(Method)
  }

  /// The methods that read their params themselves.
  enum Method {
    case initialize, shutdown
    case documentSave, documentSaveAs, documentFocus, documentInfo
    case tableRows, tableSort, tableAddRow, tableDeleteRows
    case cellGet, cellSet, selectionSet, selectionSetEditMode
    case menuResolve, menuOpen, menuContext, menuChoose, menuClose
    case dialogGet, dialogAnswer, dialogDismiss
    case toolbarLayout
    case splitViewGet, splitViewSet, splitViewBack
    case environmentGet, environmentSet, settingsGet, settingsSet
    case commandsList, commandsSearch, commandsExplain, commandsRun, commandExecute
  }

  /// Every method of the protocol (docs/protocol.md, "Methods"), in the order `initialize`
  /// lists them.
  static let methods: [(name: String, handler: Handler)] = [
    ("initialize", .own(.initialize)), ("shutdown", .own(.shutdown)),
    ("document.open", .command("document.open")), ("document.new", .command("document.new")),
    ("document.list", .command("document.list")), ("document.save", .own(.documentSave)),
    ("document.saveAs", .own(.documentSaveAs)), ("document.revert", .command("document.revert")),
    ("document.close", .command("document.close")), ("document.rename", .command("document.rename")),
    ("document.info", .own(.documentInfo)), ("document.focus", .own(.documentFocus)),
    ("document.undo", .command("edit.undo")), ("document.redo", .command("edit.redo")),
    ("table.rows", .own(.tableRows)), ("table.sort", .own(.tableSort)), ("table.addRow", .own(.tableAddRow)),
    ("table.deleteRows", .own(.tableDeleteRows)),
    ("cell.get", .own(.cellGet)), ("cell.set", .own(.cellSet)),
    ("selection.get", .command("selection.show")), ("selection.set", .own(.selectionSet)),
    ("selection.setEditMode", .own(.selectionSetEditMode)),
    ("menu.list", .command("menu.list")), ("menu.resolve", .own(.menuResolve)),
    ("menu.open", .own(.menuOpen)),
    ("menu.choose", .own(.menuChoose)), ("menu.back", .command("menu.back")),
    ("menu.close", .own(.menuClose)),
    ("menu.context", .own(.menuContext)),
    ("dialog.get", .own(.dialogGet)), ("dialog.answer", .own(.dialogAnswer)),
    ("dialog.dismiss", .own(.dialogDismiss)),
    ("toolbar.layout", .own(.toolbarLayout)), ("toolbar.customize", .command("toolbar.customize")),
    ("toolbar.add", .command("toolbar.add")), ("toolbar.remove", .command("toolbar.remove")),
    ("toolbar.move", .command("toolbar.move")), ("toolbar.reset", .command("toolbar.reset")),
    ("splitView.get", .own(.splitViewGet)), ("splitView.set", .own(.splitViewSet)),
    ("splitView.back", .own(.splitViewBack)),
    ("environment.get", .own(.environmentGet)), ("environment.set", .own(.environmentSet)),
    ("settings.get", .own(.settingsGet)), ("settings.set", .own(.settingsSet)),
    ("plugin.list", .command("plugin.list")), ("plugin.info", .plugin("info")),
    ("plugin.load", .plugin("load")),
    ("plugin.unload", .plugin("unload")), ("plugin.reload", .plugin("reload")),
    ("commands.list", .own(.commandsList)), ("commands.search", .own(.commandsSearch)),
    ("commands.explain", .own(.commandsExplain)), ("commands.run", .own(.commandsRun)),
    ("command.execute", .own(.commandExecute)),
  ]

  /// The methods by name.
  private static let handlers = Dictionary(uniqueKeysWithValues: methods.map { ($0.name, $0.handler) })

  /// Looks a method up by its name.
  static func handler(named name: String) -> Handler? { handlers[name] }

  /// The methods that take an optional `window` since 1.5: the table, cell and selection
  /// methods, which otherwise act on the active window.
  private static func takesWindow(_ handler: Handler) -> Bool {
    switch handler {
    case .own(.tableRows), .own(.tableSort), .own(.tableAddRow), .own(.tableDeleteRows), .own(.cellGet),
      .own(.cellSet), .own(.selectionSet), .own(.selectionSetEditMode), .command("selection.show"):
      true
    default: false
    }
  }

  /// Serves a method with its params; the params left over are refused before anything runs.
  /// Since 1.5 a table, cell or selection method's `window` names the window it acts on,
  /// which stays in the background (`Workspace.acting(onWindow:_:)`).
  func call(_ handler: Handler, _ params: inout Params) throws -> JSONValue {
    if speaks("1.5"), Self.carriesShortcutsOrIcons(handler) {
      return Self.withNeutralFields(try callInActiveWindow(handler, &params))
    }
    guard speaks("1.5"), Self.takesWindow(handler),
      let window = try params.optionalInt("window", in: 1...Int(Int32.max))
    else {
      return try callInActiveWindow(handler, &params)
    }
    return try session.workspace.acting(onWindow: window) { try callInActiveWindow(handler, &params) }
  }

  /// Serves a method with its params in the active window.
  private func callInActiveWindow(_ handler: Handler, _ params: inout Params) throws -> JSONValue {
    switch handler {
    case .command(let commandID): return try run(commandID, &params)
    case .plugin(let action):
      let name = try params.string("name")
      try params.finish()
      return try runCommand("plugin.manage", ["action": .string(action), "name": .string(name)])
    case .own(let method): return try call(method, &params)
    }
  }

  /// Runs a method that reads its params itself.
  private func call(_ method: Method, _ params: inout Params) throws -> JSONValue {
    switch method {
    case .initialize: return try initialize(&params)
    case .shutdown:
      try params.finish()
      shutDown()
      return .null

    // Documents: the commands, with the params as their typed arguments.
    case .documentSave, .documentSaveAs:
      let path = method == .documentSaveAs ? try params.string("path") : nil
      let force = try params.optionalBool("force") ?? false
      try params.finish()
      var arguments: [String: ArgumentValue] = ["force": .bool(force)]
      if let path { arguments["as"] = .string(path) }
      return try runCommand("document.save", arguments)
    case .documentFocus:
      let window = try params.int("window", in: 1...Int(Int32.max))
      try params.finish()
      try session.focus(windowID: window)
      return try documentInfo()
    case .documentInfo:
      try params.finish()
      return try documentInfo()

    // Tables, cells and the selection, by row id and column name.
    case .tableRows: return try tableRows(&params)
    case .tableSort:
      let keys = try params.optionalObjects("keys") { (key: inout Params) throws(ProtocolError) in
        let column = try key.string("column")
        let order = try key.optionalString("order") ?? "ascending"
        guard let order = TableSortKey.Order(rawValue: order) else {
          throw ProtocolError(.invalidParams, "'keys.order' must be ascending or descending, got '\(order)'")
        }
        return TableSortKey(column: column, order: order)
      }
      try params.finish()
      // Without keys, the order the rows are kept in, as bare `sort` says it; `[]` forgets it.
      guard let keys else { return try runCommand("view.sort", [:]) }
      guard !keys.isEmpty else { return try runCommand("view.sort", ["clear": .bool(true)]) }
      let count = try session.sort(by: keys)
      return .object([("rows", .int(count))])
    case .tableAddRow:
      let cells = try params.optionalObject("cells") { (cells: inout Params) throws(ProtocolError) in
        try cells.remainingStrings()
      }
      try params.finish()
      // The cells stay names and values: a column named `a=b` is that column.
      return JSONRenderer.result(try session.addRow(cells: (cells ?? []).map { (column: $0.0, value: $0.1) }))
    case .tableDeleteRows:
      let ids = try params.ints("ids", in: 0...Int.max)
      let confirmed = try params.optionalBool("yes") ?? false
      try params.finish()
      _ = try session.select(rowIDs: ids)
      return try runCommand("edit.delete", confirmed ? ["yes": .bool(true)] : [:])
    case .cellGet: return try cellGet(&params)
    case .cellSet:
      let (document, row, column) = try cellAddress(&params)
      let value = try params.string("value")
      try params.finish()
      let changed = try session.workspace.setCell(rowID: row, column: column, to: value, in: document)
      return .object([("changed", .bool(changed))])
    case .selectionSet:
      let ids = try params.ints("ids", in: 0...Int.max)
      let mode = try params.optionalString("mode") ?? "replace"
      try params.finish()
      let selectionMode: SelectionMode
      switch mode {
      case "replace": selectionMode = .replace
      case "add": selectionMode = .add
      case "toggle": selectionMode = .toggle
      default: throw ProtocolError(.invalidParams, "'mode' must be replace, add or toggle, got '\(mode)'")
      }
      return JSONRenderer.result(.selection(try session.select(rowIDs: ids, mode: selectionMode)))

    case .selectionSetEditMode:
      let isOn = try params.bool("on")
      try params.finish()
      _ = try runCommand("selection.edit-mode", ["value": .bool(isOn)])
      return try runCommand("selection.show", [:])

    // The split view: its column visibility, and back in a collapsed one.
    case .splitViewGet:
      try params.finish()
      return JSONRenderer.result(.splitView(session.splitViewLayout))
    case .splitViewSet:
      let word = try params.optionalString("visibility")
      try params.finish()
      var visibility: NavigationSplitView.ColumnVisibility?
      if let word {
        guard let value = NavigationSplitView.ColumnVisibility(rawValue: word) else {
          let names = NavigationSplitView.ColumnVisibility.allCases.map(\.rawValue).joined(separator: ", ")
          throw ProtocolError(.invalidParams, "'visibility' must be \(names), got '\(word)'")
        }
        visibility = value
      }
      return JSONRenderer.result(.splitView(session.setColumnVisibility(visibility)))
    case .splitViewBack:
      try params.finish()
      return JSONRenderer.result(.splitView(try session.goBackInSplitView()))

    // Menus.
    case .menuResolve:
      let id = try params.string("id")
      try params.finish()
      // An id, never a subcommand: `close` and `open` are names no menu has.
      return JSONRenderer.result(.menu(try session.resolveMenu(id)))
    case .menuOpen:
      let id = try params.string("id")
      try params.finish()
      return JSONRenderer.openMenu(try session.openMenu(id))
    case .menuContext:
      try params.finish()
      return try session.openContextMenu().map(JSONRenderer.openMenu) ?? .null
    case .menuChoose:
      let path = try params.strings("path")
      let arguments = try params.optionalStrings("arguments") ?? []
      try params.finish()
      return JSONRenderer.result(
        try session.chooseMenuItem(path: path, arguments: arguments.map { Word($0, quotedFrom: 0) }))
    case .menuClose:
      try params.finish()
      try session.closeMenu()
      return JSONRenderer.result(.message("Closed the menu."))

    // Dialogs.
    case .dialogGet:
      try params.finish()
      return session.pendingDialog.map(JSONRenderer.dialog) ?? .null
    case .dialogAnswer:
      let button = try params.string("button")
      let text = try params.optionalString("text")
      try params.finish()
      return JSONRenderer.result(try session.answerDialog(buttonID: button, text: text))
    case .dialogDismiss:
      try params.finish()
      return .object([("dismissed", .bool(session.dismissDialog() != nil))])

    // Toolbars.
    case .toolbarLayout:
      let width = try params.optionalInt("width", in: AppEnvironment.widths)
      try params.finish()
      return JSONRenderer.toolbar(
        try session.layOutToolbar(width: width ?? session.appEnvironment.width, rememberingWidth: true))

    // The environment and settings.
    case .environmentGet:
      try params.finish()
      return JSONRenderer.result(.environment(session.appEnvironment))
    case .environmentSet:
      session.appEnvironment = try environment(&params, from: session.appEnvironment)
      try params.finish()
      return JSONRenderer.result(.environment(session.appEnvironment))
    case .settingsGet:
      try params.finish()
      return try runCommand("scene.settings", [:])
    case .settingsSet:
      let key = try params.string("key")
      let value = try params.string("value")
      try params.finish()
      return try runCommand(
        "scene.settings", ["action": .string("set"), "key": .string(key), "value": .string(value)])

    // Commands.
    case .commandsList:
      try params.finish()
      return JSONRenderer.result(Palette.commands(in: session.registry))
    case .commandsSearch: return try commandsSearch(&params)
    case .commandsExplain:
      let command = try params.string("command")
      try params.finish()
      return JSONRenderer.result(try Palette.help(for: command, in: session))
    case .commandsRun:
      let command = try params.string("command")
      let arguments = try params.arguments("arguments")
      try params.finish()
      // The same error for an id no command has as `command.execute` gives.
      guard session.registry.command(id: command) != nil else { throw session.unknownCommand(named: command) }
      return try runCommand(command, arguments)
    case .commandExecute: return try execute(&params)
    }
  }

  /// `document.info` of the active document: `--json info`'s object, and since 1.5 its
  /// `version` and undo state (`historyFields`).
  private func documentInfo() throws -> JSONValue {
    let info = try runCommand("document.info", [:])
    guard speaks("1.5"), case .object(let fields) = info, let document = session.workspace.active else {
      return info
    }
    return .object(fields + historyFields(of: document))
  }

  /// Whether the client named `version` or a later one.
  func speaks(_ version: String) -> Bool {
    guard let named = Self.protocolVersions.firstIndex(of: protocolVersion),
      let asked = Self.protocolVersions.firstIndex(of: version)
    else { return false }
    return named <= asked
  }

  /// Since 1.5: a document's `version` (it only grows), and whether an undo or a redo is
  /// there to run, with the names of the changes they would take back or make again.
  func historyFields(of document: Document) -> [(String, JSONValue)] {
    [
      ("version", .int(document.version)), ("canUndo", .bool(document.undoName != nil)),
      ("canRedo", .bool(document.redoName != nil)), ("undoTitle", .string(document.undoName)),
      ("redoTitle", .string(document.redoName)),
    ]
  }

  /// Runs a command with the params as its arguments, checked by its declared parameters.
  private func run(_ commandID: String, _ params: inout Params) throws -> JSONValue {
    let names = session.registry.command(id: commandID)?.configuration.parameters.map(\.name) ?? []
    try params.finish(allowing: Set(names))
    return try runCommand(commandID, try params.remainingArguments())
  }

  /// Runs a command by id with typed arguments and returns its result as `--json` shapes it.
  func runCommand(_ commandID: String, _ arguments: [String: ArgumentValue]) throws -> JSONValue {
    JSONRenderer.result(try session.run(CommandInvocation(commandID, arguments)))
  }

  // MARK: - initialize

  private func initialize(_ params: inout Params) throws -> JSONValue {
    let version = try params.string("protocolVersion")
    guard Self.protocolVersions.contains(version) else {
      throw ProtocolError(
        .invalidParams,
        "protocol version '\(version)' is not spoken here; this server speaks "
          + Self.protocolVersions.joined(separator: ", "),
        data: .object([("supported", .array(Self.protocolVersions.map(JSONValue.string)))]))
    }
    _ = try params.optionalString("clientName")
    let environment = try params.optionalObject("environment") {
      (fields: inout Params) throws(ProtocolError) in
      try self.environment(&fields, from: session.appEnvironment)
    }
    let defaults = Self.notificationNames + (version == "1.5" ? Self.notificationNamesSince15 : [])
    let names = try params.optionalStrings("notifications") ?? defaults
    // Since 1.2 the client may choose the encoding of the messages after this one.
    let isOlder = ["1.0", "1.1"].contains(version)
    let encodings = isOlder ? nil : try params.optionalStrings("encodings")
    // Since 1.4, fields it does not know are ignored, as LSP's `initialize` ignores them,
    // and named in the result; before, they are refused.
    let ignoresUnknown = !["1.0", "1.1", "1.2", "1.3"].contains(version)
    let ignored = ignoresUnknown ? params.takeUnknownNames() : []
    try params.finish()
    // msgpack-RPC's envelope since 1.3.
    // A transport the command line fixed is the only encoding there is.
    let spoken =
      fixedEncoding.map { [$0] } ?? (version == "1.2" ? [.json, .msgpack] : MessageEncoding.allCases)
    let encoding = try Self.encoding(among: encodings ?? [spoken[0].rawValue], spoken: spoken)
    let known = defaults + Self.optInNotificationNames
    if let unknown = names.first(where: { !known.contains($0) }) {
      throw ProtocolError(
        .invalidParams, "no notification '\(unknown)'",
        data: .object([("supported", .array(known.map(JSONValue.string)))]))
    }
    if let environment { session.appEnvironment = environment }
    protocolVersion = version
    start(notifications: Set(names))
    chosenEncoding = encoding
    var result: [(String, JSONValue)] = [
      ("protocolVersion", .string(version)),
      ("server", .object([("name", .string("folio")), ("version", .string(BuildVersion.version))])),
      ("methods", .array(Self.methods.map { .string($0.name) })),
      ("notifications", .array(names.map(JSONValue.string))),
      ("limits", .object([("messageBytes", .int(messageLimit))])),
    ]
    if !isOlder { result.append(("encoding", .string(encoding.rawValue))) }
    if ignoresUnknown { result.append(("ignored", .array(ignored.map(JSONValue.string)))) }
    return .object(result)
  }

  /// The first of the client's `encodings` (in its order of preference) that Folio speaks in
  /// the client's version (`spoken`).
  private static func encoding(among names: [String], spoken: [MessageEncoding]) throws(ProtocolError)
    -> MessageEncoding
  {
    guard let chosen = names.lazy.compactMap(MessageEncoding.init(rawValue:)).first(where: spoken.contains)
    else {
      let spoken = spoken.map(\.rawValue)
      throw ProtocolError(
        .invalidParams,
        "none of the encodings in 'encodings' is spoken here; this server speaks "
          + spoken.joined(separator: ", "),
        data: .object([("supported", .array(spoken.map(JSONValue.string)))]))
    }
    return chosen
  }

  /// An environment from `platform`, `width` and `keyboard`, each optional, over `base`.
  private func environment(_ params: inout Params, from base: AppEnvironment) throws(ProtocolError)
    -> AppEnvironment
  {
    let platformName = try params.optionalString("platform")
    let width = try params.optionalInt("width", in: AppEnvironment.widths)
    let keyboard = try params.optionalBool("keyboard")
    var platform = base.platform
    if let platformName {
      guard let named = MenuPlatform(rawValue: platformName) else {
        throw ProtocolError(.invalidParams, "'platform' must be mac, ipad or iphone, got '\(platformName)'")
      }
      platform = named
    }
    var environment = AppEnvironment(platform: platform, width: width ?? base.width)
    environment.hasKeyboard = keyboard ?? (platformName == nil ? base.hasKeyboard : environment.hasKeyboard)
    return environment
  }

  // MARK: - Commands

  /// The most matches `commands.search` answers with, and how many without `limit`.
  static let searchLimits = (range: 1...1_000, default: 20)

  /// `commands.search`: since 1.1, the best matches as a palette lists them (id, title,
  /// shortcut, enabled, score), full command objects only with `detail`; in 1.0, every
  /// match as a full command object.
  private func commandsSearch(_ params: inout Params) throws -> JSONValue {
    guard protocolVersion != "1.0" else {
      let query = try params.string("query")
      try params.finish()
      // The query's words, one space apart, as the palette's filter.
      let filter = query.split(separator: " ").joined(separator: " ")
      return JSONRenderer.result(Palette.commands(in: session.registry, matching: filter))
    }
    return try searchAnswer(&params).json
  }

  /// `commands.search` since 1.1: its params read, the registry searched.
  func searchAnswer(_ params: inout Params) throws -> SearchAnswer {
    let query = try params.string("query")
    let limit = try params.optionalInt("limit", in: Self.searchLimits.range) ?? Self.searchLimits.default
    let detail = try params.optionalBool("detail") ?? false
    // Since 1.3 a match may be an array rather than an object.
    let isCompact =
      protocolVersion == "1.1" || protocolVersion == "1.2"
      ? false : try params.optionalBool("compact") ?? false
    try params.finish()
    let found = session.registry.search(query, limit: limit)
    var answer = SearchAnswer(found: found.matches, total: found.total, isCompact: isCompact)
    for (index, match) in found.matches.enumerated() {
      // The full object asks the command itself (a first use); the palette's fields do not.
      guard detail else {
        answer.setEnabled(match.registered.isKnownEnabled, at: index)
        continue
      }
      let summary = CommandSummary(match.registered.command)
      answer.setEnabled(summary.availability.isEnabled, at: index)
      answer.details.append(JSONRenderer.command(summary))
    }
    return answer
  }

  /// `commands.search`'s answer since 1.1, as typed values: written straight to bytes for
  /// the palette's keystrokes, or made a tree.
  struct SearchAnswer {
    struct Match {
      /// The command, by reference: its id, title and shortcut are read from it as the match
      /// is written, with no copy of them in the match (nor of the command).
      var registered: RegisteredCommand
      var isEnabled: Bool
      var score: Int
      /// The full command object, with `detail: true`.
      var detail: JSONValue?

      var id: String { registered.command.configuration.id }
      var title: String { registered.command.configuration.title }
      var shortcut: String? { registered.command.configuration.shortcut }

      /// Writes the match as the array `[id, title, shortcut, enabled, score, command?]`.
      func writeCompact<Writer: MessageWriter & ~Copyable>(to writer: inout Writer) {
        writer.beginArray(count: detail == nil ? 5 : 6)
        writer.write(id)
        writer.separateElement()
        writer.write(title)
        writer.separateElement()
        writer.write(shortcut)
        writer.separateElement()
        writer.write(isEnabled)
        writer.separateElement()
        writer.write(score)
        if let detail {
          writer.separateElement()
          writer.write(detail)
        }
        writer.endArray()
      }
    }

    /// The registry's matches, best first, by reference.
    private let found: [CommandMatch]
    var total: Int
    /// Whether each match is an array (`compact`, since 1.3) rather than an object.
    var isCompact = false
    /// Whether each of the first 64 matches is enabled, a bit each by its place: no array is
    /// made for the few matches of most searches.
    private var enabledBits: UInt64 = 0
    /// Whether each match after the 64th is enabled.
    private var enabledBeyond: [Bool]
    /// The full command object of each match, with `detail: true`; empty without.
    var details: [JSONValue] = []

    init(found: [CommandMatch], total: Int, isCompact: Bool) {
      self.found = found
      self.total = total
      self.isCompact = isCompact
      enabledBeyond = found.count > 64 ? Array(repeating: false, count: found.count - 64) : []
    }

    /// Notes whether match `index` is enabled.
    mutating func setEnabled(_ isEnabled: Bool, at index: Int) {
      if index >= 64 {
        enabledBeyond[index - 64] = isEnabled
      } else if isEnabled {
        enabledBits |= 1 << UInt64(index)
      }
    }

    /// The matches, as they are written.
    var matches: [Match] { found.indices.map(match) }

    /// Match `index`, as it is written.
    func match(_ index: Int) -> Match {
      let isEnabled = index < 64 ? enabledBits & (1 << UInt64(index)) != 0 : enabledBeyond[index - 64]
      return Match(
        registered: found[index].registered, isEnabled: isEnabled, score: found[index].score,
        detail: details.isEmpty ? nil : details[index])
    }

    /// The answer as a tree: `{"matches": [{"id", "title", "shortcut", "enabled", "score",
    /// "command"?}], "total"}`, each match `[id, title, shortcut, enabled, score, command?]`
    /// when compact.
    var json: JSONValue {
      .object([
        (
          "matches",
          .array(
            matches.map { match in
              if isCompact {
                return .array(
                  [
                    .string(match.id), .string(match.title), .string(match.shortcut), .bool(match.isEnabled),
                    .int(match.score),
                  ] + (match.detail.map { [$0] } ?? []))
              }
              var fields: [(String, JSONValue)] = [
                ("id", .string(match.id)), ("title", .string(match.title)),
                ("shortcut", .string(match.shortcut)),
                ("enabled", .bool(match.isEnabled)), ("score", .int(match.score)),
              ]
              if let detail = match.detail { fields.append(("command", detail)) }
              return .object(fields)
            })
        ),
        ("total", .int(total)),
      ])
    }

    /// Writes `json` as it would be written, with no tree.
    func write<Writer: MessageWriter & ~Copyable>(to writer: inout Writer) {
      writer.beginObject(count: 2)
      writer.writeKey("matches", isFirst: true)
      writer.beginArray(count: found.count)
      for index in found.indices {
        if index > 0 { writer.separateElement() }
        let match = match(index)
        if isCompact {
          match.writeCompact(to: &writer)
          continue
        }
        writer.beginObject(count: match.detail == nil ? 5 : 6)
        writer.writeKey("id", isFirst: true)
        writer.write(match.id)
        writer.writeKey("title", isFirst: false)
        writer.write(match.title)
        writer.writeKey("shortcut", isFirst: false)
        writer.write(match.shortcut)
        writer.writeKey("enabled", isFirst: false)
        writer.write(match.isEnabled)
        writer.writeKey("score", isFirst: false)
        writer.write(match.score)
        if let detail = match.detail {
          writer.writeKey("command", isFirst: false)
          writer.write(detail)
        }
        writer.endObject()
      }
      writer.endArray()
      writer.writeKey("total", isFirst: false)
      writer.write(total)
      writer.endObject()
    }
  }

  // MARK: - Tables

  private func tableRows(_ params: inout Params) throws -> JSONValue {
    let start = try params.optionalInt("start", in: 1...Int.max) ?? 1
    let count = try params.optionalInt("count", in: 0...100_000)
    let columnNames = try params.optionalStrings("columns")
    try params.finish()
    let document = try session.activeDocument()
    let total: Int
    var columns: [TableViewColumn]?
    switch document.content {
    case .text(let text):
      if columnNames != nil {
        throw ProtocolError(.invalidParams, "'columns' is for tables; this is a text document")
      }
      total = text.lines.count
    case .table(let table):
      total = table.rowCount
      columns = try columnNames.map { names throws(ProtocolError) in
        try names.map { name throws(ProtocolError) in
          guard let index = table.columnIndex(name) else {
            throw ProtocolError(
              .invalidParams, "no column '\(name)'; columns: \(table.columns.joined(separator: ", "))",
              data: .object([("field", .string("columns"))]))
          }
          return TableViewColumn(index: index)
        }
      }
    }
    // `start` may be any positive integer: past the end it asks for no rows, and only a
    // start within the rows is added to, so no sum can overflow.
    let positions: [Int]
    if start <= total {
      let end = min(total, count.map { start - 1 + $0 } ?? total)
      positions = start <= end ? Array(start...end) : []
    } else {
      positions = []
    }
    let environment = session.appEnvironment
    let view = try session.workspace.view(
      of: document, positions: positions, columns: columns, compact: environment.sizeClass == .compact,
      width: environment.width, metrics: session.metrics.table)
    guard case .object(let fields) = JSONRenderer.result(.documentView(view)) else { return .null }
    rowsInAnswer = positions.count
    return .object(fields + [("total", .int(total))])
  }

  /// The active table, and the row id and column index `row` and `column` name.
  private func cellAddress(_ params: inout Params) throws -> (Document, row: Int, column: Int) {
    let row = try params.int("row", in: 0...Int.max)
    let name = try params.string("column")
    let document = try session.activeDocument()
    let column = try document.readTable { table throws -> Int in
      guard table.rowIndex(id: row) != nil else {
        throw ProtocolError(
          .invalidParams, "no row has the id \(row)", data: .object([("field", .string("row"))]))
      }
      guard let column = table.columnIndex(name) else {
        throw ProtocolError(
          .invalidParams, "no column '\(name)'; columns: \(table.columns.joined(separator: ", "))",
          data: .object([("field", .string("column"))]))
      }
      return column
    }
    return (document, row, column)
  }

  private func cellGet(_ params: inout Params) throws -> JSONValue {
    let (document, row, column) = try cellAddress(&params)
    try params.finish()
    let text = try document.readTable { table in
      table.cell(row: table.rowIndex(id: row) ?? 0, column: column).description
    }
    return .object([
      ("row", .int(row)), ("column", .string(try document.readTable { $0.columns[column] })),
      ("value", .string(text)),
    ])
  }

  // MARK: - Command lines

  /// `command.execute`: one line of the command language, each of its commands run in turn;
  /// the first that fails ends the line (the ones before it keep their effect).
  private func execute(_ params: inout Params) throws -> JSONValue {
    let line = try params.string("line")
    try params.finish()
    guard !line.contains("\n") else {
      throw ProtocolError(.invalidParams, "'line' must be one line of commands, without a line break")
    }
    guard case .complete(let commands) = try Lexer.lex(line) else {
      throw ProtocolError(.invalidParams, "'line' ends with a continuation '\\'")
    }
    var results: [JSONValue] = []
    for command in commands {
      let name = command.words[0].text
      // Held by reference: the command is lent to `run`, not copied out of the registry.
      guard let target = session.registry.registered(named: name) else {
        throw session.unknownCommand(named: name)
      }
      let output = try withExtendedLifetime(target) {
        try session.run(target.command, words: command.words.dropFirst())
      }
      results.append(.object([("command", .string(command.text)), ("result", JSONRenderer.result(output))]))
    }
    return .object([("results", .array(results))])
  }
}
