import FolioCore

extension PluginHost {
  /// The events `folio.on` accepts.
  static let eventNames = [
    "document.opened", "document.saved", "document.renamed", "selection.changed", "document.changed",
    "document.closed", "dialog.answered",
  ]

  // MARK: Share targets

  /// Builds a share target from `folio.share_target{…}`.
  ///
  /// `send(ctx, item)` returns the text to share and, optionally, a file extension. With a
  /// folder (`--to`, else the document's own folder) the text becomes a new file there,
  /// named after the document; with none (a document never saved) it is printed.
  func makeShareTarget(_ options: LuaData, plugin: Plugin) throws(LuaError) -> ShareTarget {
    let fields = try PluginFields(
      options, function: "folio.share_target", known: ["id", "title", "accepts", "send"])
    let id = try fields.requiredString("id")
    let title = try fields.requiredString("title")
    var accepts: [Representation] = []
    for name in try fields.array("accepts") ?? [] {
      guard let text = name.string, let representation = Representation(rawValue: text) else {
        throw fields.error(
          "accepts",
          "an array of \(Representation.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
      }
      accepts.append(representation)
    }
    guard !accepts.isEmpty else { throw fields.error("accepts", "a non-empty array of representations") }
    guard let send = try fields.function("send") else { throw fields.error("send", "a function") }
    return ShareTarget(id: id, title: title, accepts: accepts, owner: plugin.owner) {
      [weak self, weak plugin] item, destination throws(FolioError) -> ShareOutcome in
      guard let self, let plugin else { throw FolioError(.disabled, "the plugin is not loaded") }
      return try shareItem(item, to: destination, with: send, of: plugin, targetTitle: title)
    }
  }

  private func shareItem(
    _ item: ShareItem, to destination: String?, with send: LuaFunctionReference, of plugin: Plugin,
    targetTitle: String
  ) throws(FolioError) -> ShareOutcome {
    let itemTable = LuaData.table(
      LuaTable(fields: [
        "title": .string(item.title), "file_name": .string(item.fileName),
        "representation": .string(item.representation.rawValue), "media_type": .string(item.mediaType),
        "text": .string(String(decoding: item.bytes, as: UTF8.self)),
      ]))
    notices = []
    defer { notices = [] }
    let results = try invoke(send, of: plugin, context: ContextRequest(), [itemTable])
    guard let text = results.first?.string else {
      throw FolioError(
        .lua,
        "plugin \(plugin.name): share target send must return a string, got \(results.first?.typeName ?? "nil")"
      )
    }
    let fileExtension = results.dropFirst().first?.string ?? item.representation.fileExtension ?? "txt"
    guard !fileExtension.isEmpty, fileExtension.allSatisfy({ $0.isLetter || $0.isNumber }) else {
      throw FolioError(
        .lua,
        "plugin \(plugin.name): share target send's extension must be letters or digits, got '\(fileExtension)'"
      )
    }
    guard let destination else {
      return ShareOutcome(.plugin(targetTitle: targetTitle), item: item, output: text)
    }
    let path = try ShareFolder.writeNewFile(
      Array(text.utf8), named: "\(item.title).\(fileExtension)", in: destination)
    return ShareOutcome(.plugin(targetTitle: targetTitle), item: item, writtenPath: path)
  }

  // MARK: Toolbar items

  /// Builds a toolbar item from `folio.toolbar_item{…}`: one `command`, or one
  /// `control_group` (`folio.control_group{ label = …, items = … }`; with a label it collapses
  /// into a menu when space is short, without one its items overflow one by one).
  func makeToolbarItem(_ options: LuaData, plugin: Plugin, function: String = "folio.toolbar_item")
    throws(LuaError) -> ToolbarItem
  {
    let fields = try PluginFields(
      options, function: function,
      known: ["id", "command", "control_group", "placement", "shows_by_default", "priority"])
    let id = try fields.requiredString("id")
    let element: MenuElement
    switch (fields["command"].typeName == "nil", fields["control_group"].typeName == "nil") {
    case (false, true): element = .item(MenuItem(command: try fields.requiredString("command")))
    case (true, false):
      element = try makeElement(
        fields["control_group"], at: "\(function): field 'control_group'", plugin: plugin, level: 1)
      guard case .controlGroup = element else {
        throw fields.error("control_group", "a folio.control_group{…}")
      }
    default: throw LuaError(message: "\(function): give exactly one of 'command' and 'control_group'")
    }
    let placement =
      try fields.oneOf("placement", ToolbarPlacement.self) ?? .automatic
    let priority =
      try fields.oneOf("priority", ToolbarItemPriority.self) ?? .standard
    return ToolbarItem(
      id: id, placement: placement, showsByDefault: try fields.boolean("shows_by_default") ?? true,
      priority: priority, owner: plugin.owner, elements: [element])
  }

  /// Builds a plugin's own toolbar from `folio.toolbar{ id, role?, items }`: each item a
  /// `folio.toolbar_item`-shaped table, or `{ group = { COMMAND, … }, placement?, priority? }`
  /// for a toolbar item group, whose members are each their own item on the bar, overflow one
  /// by one and are not customisable one by one.
  func makeToolbar(_ options: LuaData, plugin: Plugin) throws(LuaError) -> Toolbar {
    let fields = try PluginFields(options, function: "folio.toolbar", known: ["id", "role", "items"])
    let id = try fields.requiredString("id")
    let role = try fields.oneOf("role", ToolbarRole.self) ?? .automatic
    guard let items = try fields.array("items") else { throw fields.error("items", "an array") }
    var entries: [ToolbarEntry] = []
    for (index, item) in items.enumerated() {
      let place = "folio.toolbar: items[\(index + 1)]"
      guard let table = item.table else {
        throw LuaError(message: "\(place) must be a table, got \(item.typeName)")
      }
      guard table["group"].typeName != "nil" else {
        entries.append(.item(try makeToolbarItem(item, plugin: plugin, function: place)))
        continue
      }
      let group = try PluginFields(item, function: place, known: ["group", "placement", "priority"])
      var members: [MenuElement] = []
      for (number, member) in (try group.array("group") ?? []).enumerated() {
        members.append(
          try makeElement(member, at: "\(place): group[\(number + 1)]", plugin: plugin, level: 1))
      }
      guard !members.isEmpty else { throw group.error("group", "a non-empty array of command ids") }
      entries.append(
        .group(
          ToolbarItemGroup(
            placement: try group.oneOf("placement", ToolbarPlacement.self) ?? .automatic,
            priority: try group.oneOf("priority", ToolbarItemPriority.self) ?? .standard, owner: plugin.owner,
            elements: members)))
    }
    return Toolbar(id: id, role: role, owner: plugin.owner, entries: entries)
  }

  // MARK: Events

  /// Reads `folio.on(event, fn)`.
  func makeHandler(_ arguments: LuaArguments) throws(LuaError) -> (
    event: String, function: LuaFunctionReference
  ) {
    guard let event = arguments[0, depth: 0].string, Self.eventNames.contains(event) else {
      throw LuaError(
        message:
          "folio.on: the event must be one of \(Self.eventNames.map { "\"\($0)\"" }.joined(separator: ", ")), got \(arguments[0, depth: 0].typeName == "string" ? "\"\(arguments[0, depth: 0].string ?? "")\"" : arguments[0, depth: 0].typeName)"
      )
    }
    guard let function = arguments[1, depth: 0].function else {
      throw LuaError(
        message: "folio.on: expects a function after the event, got \(arguments[1, depth: 0].typeName)")
    }
    return (event, function)
  }

  /// Runs plugins' handlers for an event the workspace's bus delivers: the document events
  /// and `selection.changed` of `eventNames`, with `ctx.document` the window's document. The
  /// bus delivers after each command, so a command that changes a selection several times (or
  /// a plugin command whose deletions empty it) fires `selection.changed` once, and not at all
  /// when the selection ends as it began. Events of a window closed since are dropped.
  func deliver(_ event: AppEvent) {
    var details: [String: LuaData] = ["name": .string(event.name)]
    let windowID: Int
    switch event {
    case .documentOpened(let window), .documentSaved(let window): windowID = window
    case .documentRenamed(let window, let from, let to):
      windowID = window
      details["from"] = .string(from)
      details["to"] = .string(to)
    case .selectionChanged(let change): windowID = change.windowID
    default: return deliverReaction(to: event)
    }
    guard let document = surface.workspace.documents.first(where: { $0.windowID == windowID }) else { return }
    dispatch(event.name, details: details, document: document)
  }

  /// Calls every loaded plugin's handlers for `event`, in plugin then declaration order.
  /// A failing handler is logged to its plugin's log and kept for the front end to show
  /// (`takeHandlerFailures`); the command that caused the event goes on. A quarantined
  /// plugin's handlers do not run. The edits of a handler called `joining` a document join
  /// the step that changed it (`document.changed`).
  func dispatch(_ event: String, details: [String: LuaData], document: Document?, joining: Document? = nil) {
    for plugin in plugins where plugin.status == .loaded {
      if plugin.cachedEntry != nil, plugin.contributions.eventHandlers.contains(event) {
        // Registered from the declaration cache: `plugin.lua` runs now and declares the
        // handlers; a failure is in the plugin's log and status.
        do throws(FolioError) { try realize(plugin) } catch { continue }
      }
      for handler in plugin.handlers where handler.event == event {
        guard plugin.status == .loaded else { break }
        do {
          _ = try invoke(
            handler.function, of: plugin, context: ContextRequest(document: document),
            [.table(LuaTable(fields: details))], joining: joining)
        } catch {
          // `invoke` wrote the error and its traceback to the plugin's log; it is shown too.
          noteHandlerFailure(error, event: event)
        }
      }
    }
  }
}
