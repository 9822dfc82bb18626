import FolioCore
import FolioSession

/// Renders command results as JSON: the model, not the picture. Every shape is documented
/// in docs/json.md; the embedding protocol (FolioEmbed) sends the same shapes.
public enum JSONRenderer {
  /// The `result` object of a successful command.
  public static func result(_ output: CommandOutput) -> JSONValue {
    switch output {
    case .none: .object([])
    case .text(let text), .documentText(let text): .object([("text", .string(text))])
    case .value(let value, let notices):
      .object(
        (notices.isEmpty ? [] : [("notices", .array(notices.map(JSONValue.string)))]) + [("value", value)])
    case .message(let message): .object([("message", .string(message))])
    case .commandList(let commands): .object([("commands", .array(commands.map(command)))])
    case .helpIndex(let sections):
      .object([
        (
          "sections",
          .array(
            sections.map { section in
              .object([
                ("category", .string(section.category)),
                (
                  "commands",
                  .array(
                    section.commands.map {
                      .object([
                        ("name", .string($0.name)), ("id", .string($0.id)),
                        ("usage", .string($0.usage)), ("summary", .string($0.summary)),
                      ])
                    })
                ),
              ])
            })
        )
      ])
    case .commandHelp(let summary): .object([("command", command(summary))])
    case .stateChanged(let summary):
      .object([
        ("id", .string(summary.id)), ("title", .string(summary.title)),
        ("state", summary.state.map(JSONValue.init) ?? .null),
      ])
    case .document(let report):
      .object(
        document(report.document) + [("message", .string(ReportText.phrase(report)))] + event(report.event))
    case .documentList(let documents):
      .object([("documents", .array(documents.map { .object(document($0)) }))])
    case .documentInfo(let info): documentInfo(info)
    case .documentView(let view): documentView(view)
    case .dialog(let dialog): self.dialog(dialog)
    case .dialogDismissed(let dismissal): self.dismissal(dismissal)
    case .selection(let report):
      .object([
        (
          "selection",
          .object([
            ("document", .string(report.document)), ("count", .int(report.rows.count)),
            ("ids", .array(report.rows.map { .int($0.id) })),
            ("positions", .array(report.rows.map { .int($0.position) })),
            ("editMode", .bool(report.isEditing)),
          ])
        )
      ])
    case .sortOrder(let report):
      .object([
        ("document", .string(report.document)),
        (
          "sort",
          .array(
            report.keys.map {
              .object([("column", .string($0.column)), ("order", .string($0.order.rawValue))])
            })
        ),
        ("message", .string(report.sortedRows != nil || report.wasCleared ? ReportText.phrase(report) : nil)),
        ("rows", report.sortedRows.map(JSONValue.int) ?? .null),
      ])
    case .found(let report): found(report)
    case .substituted(let report): substituted(report)
    case .rowCount(let report): rowCount(report)
    case .summary(let summary): Self.summary(summary)
    case .pluginList(let plugins): .object([("plugins", .array(plugins.map { plugin($0, details: false) }))])
    case .pluginInfo(let summary, let budgets):
      .object([
        ("plugin", plugin(summary, details: true)),
        (
          "budgets",
          .object([
            ("instructions", .int(budgets.instructions)), ("milliseconds", .int(budgets.milliseconds)),
            ("memoryBytes", .int(budgets.memoryBytes)), ("stateValueBytes", .int(budgets.stateValueBytes)),
            ("stateBytes", .int(budgets.stateBytes)),
          ])
        ),
      ])
    case .pluginChanged(let name, let change):
      .object([
        ("message", .string("\(change.rawValue) plugin \(name)")), ("plugin", .string(name)),
        ("change", .string(change.rawValue)),
      ])
    case .recentDocumentsCleared(let count):
      .object([("message", .string(ReportText.phrase(output))), ("count", .int(count))])
    case .journalDiscarded(let path, let title):
      .object([
        ("message", .string(ReportText.phrase(output))), ("path", .string(path)), ("title", .string(title)),
      ])
    case .recoveryList(let listing):
      .object([
        (
          "journals",
          .array(
            listing.entries.map { entry in
              .object([
                ("number", .int(entry.number)), ("path", .string(entry.path)),
                ("title", .string(entry.title)), ("size", .int(entry.size)), ("pid", .int(Int(entry.pid))),
                ("host", .string(entry.host)), ("written", .string(JSONTime.string(entry.writtenSeconds))),
              ])
            })
        ),
        ("backups", .array(listing.backups.map(JSONValue.string))),
      ])
    case .recentDocuments(let documents):
      .object([
        (
          "documents",
          .array(
            documents.map {
              .object([
                ("path", .string($0.path)), ("url", .string(FileURL.string(fromPath: $0.path))),
                ("openedAt", .number($0.openedAt)),
              ])
            })
        )
      ])
    case .menu(let node): .object([("menu", menuNode(node))])
    case .openMenu(let menu): openMenu(menu)
    case .menuChoice(let output, let menu):
      .object([("result", output.map(result) ?? .null), ("menu", menu.map(openMenu) ?? .null)])
    case .menuList(let menus):
      .object([
        (
          "menus",
          .array(
            menus.map {
              .object([
                ("id", .string($0.id)), ("title", .string($0.title)), ("owner", .string($0.owner)),
                ("primaryAction", .string($0.primaryAction)),
              ])
            })
        )
      ])
    case .environment(let environment):
      .object([
        ("platform", .string(environment.platform.rawValue)),
        ("sizeClass", .string(environment.sizeClass.rawValue)),
        ("width", .int(environment.width)), ("keyboard", .bool(environment.hasKeyboard)),
      ])
    case .toolbar(let layout): toolbar(layout)
    case .toolbarPalette(let palette): toolbarPalette(palette)
    case .screen(let screen): self.screen(screen)
    case .splitView(let layout): .object(splitViewFields(layout))
    case .tabView(let report):
      .object([
        (
          "tabs",
          .array(
            report.tabs.map {
              .object([
                ("name", .string($0.name)), ("icon", .string($0.icon)),
                ("content", .string($0.content.rawValue)),
                ("selected", .bool($0.name == report.selected)),
              ])
            })
        ),
        ("selected", .string(report.selected)), ("settingsTab", .bool(report.hasSettingsTab)),
        ("content", report.content.map(result) ?? .null),
      ])
    case .appSettings(let report): appSettings(report)
    case .sceneTree(let tree):
      .object([
        ("app", .string(tree.app)), ("platform", .string(tree.platform.rawValue)),
        ("scenes", .array(tree.scenes.map(sceneNode))),
      ])
    case .explanation(let explanation):
      .object([
        ("menu", .string(explanation.menu)), ("item", menuNode(explanation.node)),
        ("path", .array(explanation.path.map(JSONValue.string))), ("section", .string(explanation.section)),
        ("position", .int(explanation.position)), ("order", .string(String(describing: explanation.order))),
        ("reversed", .bool(explanation.isReversed)), ("orderRule", .string(explanation.orderRule.rawValue)),
        ("confirmation", .string(explanation.node.confirmation?.rawValue)),
        ("lines", .array(explanation.lines.map(JSONValue.string))),
      ])
    case .toolbarExplanation(let explanation): toolbarExplanation(explanation)
    case .shareTargets(let document, let targets):
      .object([
        ("document", .string(document)),
        (
          "targets",
          .array(
            targets.map {
              .object([
                ("id", .string($0.id)), ("title", .string($0.title)),
                ("accepts", .array($0.accepts.map { .string($0.rawValue) })),
                ("representation", .string($0.representation?.rawValue)), ("owner", .string($0.owner)),
              ])
            })
        ),
      ])
    case .settings(let settings):
      .object([
        (
          "options",
          .array(
            settings.map {
              .object([
                ("name", .string($0.name)), ("value", .string($0.value)),
                ("values", .array($0.allowedValues.map(JSONValue.string))),
              ])
            })
        )
      ])
    }
  }

  /// A document as JSON: `title`, `url`, `kind`, `dirty`, and its window.
  /// A plugin: its manifest, folder and status; with `details`, also what it contributed and
  /// its log.
  public static func plugin(_ plugin: PluginSummary, details: Bool) -> JSONValue {
    let status: (String, String?) =
      switch plugin.status {
      case .loaded: ("loaded", nil)
      case .disabled: ("disabled", nil)
      case .failed(let reason): ("failed", reason)
      case .quarantined(let reason): ("quarantined", reason)
      }
    var fields: [(String, JSONValue)] = [
      ("name", .string(plugin.name)), ("version", .string(plugin.version)),
      ("description", .string(plugin.summary)),
      ("folder", .string(plugin.folder)), ("status", .string(status.0)), ("reason", .string(status.1)),
    ]
    if details {
      let contributions = plugin.contributions
      let kinds: [(String, [String])] = [
        ("commands", contributions.commands), ("menus", contributions.menus),
        ("contextMenuEntries", contributions.contextMenuEntries),
        ("menuContributions", contributions.menuContributions), ("toolbarItems", contributions.toolbarItems),
        ("toolbars", contributions.toolbars), ("shareTargets", contributions.shareTargets),
        ("eventHandlers", contributions.eventHandlers), ("rowDecorations", contributions.rowDecorations),
        ("cellFormats", contributions.cellFormats),
      ]
      fields.append(("contributions", .object(kinds.map { ($0.0, .array($0.1.map(JSONValue.string))) })))
      fields.append(("log", .array(plugin.log.map(JSONValue.string))))
    }
    return .object(fields)
  }

  /// What a command did with a document: `event`, its name, and the event's own fields.
  public static func event(_ event: DocumentReport.Event) -> [(String, JSONValue)] {
    switch event {
    case .made: [("event", .string("made"))]
    case .opened(let size, let warning, let discardedRecovery):
      [("event", .string("opened"))] + self.size(size)
        + [("warning", .string(warning?.description)), ("discardedRecovery", .bool(discardedRecovery))]
    case .alreadyOpen: [("event", .string("alreadyOpen"))]
    case .recovered(let size): [("event", .string("recovered"))] + self.size(size)
    case .focused: [("event", .string("focused"))]
    case .title: [("event", .string("title"))]
    case .renamed(let from, let to):
      [("event", .string("renamed")), ("from", .string(from)), ("to", .string(to))]
    case .saved(let path, let bytes, let notes):
      [
        ("event", .string("saved")), ("path", .string(path)), ("bytes", .int(bytes)),
        (
          "notes",
          .array(
            notes.map {
              switch $0 {
              case .rewrittenAfterDeletion: .object([("note", .string("rewrittenAfterDeletion"))])
              case .writtenInPlace(let reason):
                .object([("note", .string("writtenInPlace")), ("reason", .string(reason))])
              }
            })
        ),
      ]
    case .reverted: [("event", .string("reverted"))]
    case .undone(let action): [("event", .string("undone")), ("action", .string(action))]
    case .redone(let action): [("event", .string("redone")), ("action", .string(action))]
    case .lineAppended(let line): [("event", .string("lineAppended")), ("line", .int(line))]
    case .lineInserted(let line): [("event", .string("lineInserted")), ("line", .int(line))]
    case .lineReplaced(let line): [("event", .string("lineReplaced")), ("line", .int(line))]
    case .rowAdded(let id): [("event", .string("rowAdded")), ("id", .int(id))]
    case .cellSet(let row, let column, let changed):
      [
        ("event", .string("cellSet")), ("row", .string(row)), ("column", .string(column)),
        ("changed", .bool(changed)),
      ]
    case .linesDeleted(let count): [("event", .string("linesDeleted")), ("count", .int(count))]
    case .rowsDeleted(let count): [("event", .string("rowsDeleted")), ("count", .int(count))]
    case .columnChanged(let change): columnChange(change)
    case .favoriteMarked(let row, let isFavorite):
      [("event", .string("favoriteMarked")), ("row", .string(row)), ("favorite", .bool(isFavorite))]
    case .printed(let path, let pages, let missingGlyphs):
      [
        ("event", .string("printed")), ("path", .string(path)), ("pages", .int(pages)),
        ("missingGlyphs", .array(missingGlyphs.map { .string(String($0)) })),
      ]
    case .shared(let target, let outcome):
      [
        ("event", .string("shared")), ("target", .string(target)), ("path", .string(outcome.writtenPath)),
        ("representation", .string(outcome.representation.rawValue)), ("fileName", .string(outcome.fileName)),
        ("unsavedChangesLeftOut", .bool(outcome.leavesOutUnsavedChanges)),
      ]
    case .closed: [("event", .string("closed"))]
    case .closedWithoutSaving: [("event", .string("closedWithoutSaving"))]
    case .savedAndClosed(let path): [("event", .string("savedAndClosed")), ("path", .string(path))]
    case .closedKeepingRecovery: [("event", .string("closedKeepingRecovery"))]
    case .keptOpen: [("event", .string("keptOpen"))]
    case .keptUnchanged: [("event", .string("keptUnchanged"))]
    }
  }

  /// A document's size: `lines`, or `rows` and `columns`.
  public static func size(_ size: DocumentSize) -> [(String, JSONValue)] {
    switch size {
    case .lines(let lines): [("lines", .int(lines))]
    case .table(let rows, let columns): [("rows", .int(rows)), ("columns", .int(columns))]
    }
  }

  public static func document(_ document: DocumentSummary) -> [(String, JSONValue)] {
    [
      ("title", .string(document.title)), ("url", .string(document.url)),
      ("kind", .string(document.kind.rawValue)),
      ("dirty", .bool(document.isDirty)), ("window", .int(document.number)),
      ("active", .bool(document.isActive)),
    ]
      + (document.onDisk.flatMap { $0 == .unchanged ? nil : [("onDisk", .string($0.rawValue))] } ?? [])
      + (document.lockedBy.map { [("lockedBy", .string($0))] } ?? [])
  }

  /// A laid-out toolbar as docs/json.md describes it: `title`, `leading`, `center`, `trailing`,
  /// `overflow` (and `bottom`), each a list of items with `id`, `title`, `kind`.
  public static func toolbar(_ layout: ToolbarLayout) -> JSONValue {
    .object([
      ("toolbar", .string(layout.toolbarID)), ("role", .string(layout.role.rawValue)),
      ("platform", .string(layout.platform.rawValue)), ("sizeClass", .string(layout.sizeClass.rawValue)),
      ("width", .int(layout.width)), ("barWidth", .int(layout.barWidth)),
      ("usedWidth", .int(layout.usedWidth)),
      ("title", .string(layout.title)),
      ("titlePlacement", .string(layout.titlePlacement.rawValue)),
      ("leading", .array(layout.leading.map(toolbarItem))),
      ("center", .array(layout.center.map(toolbarItem))),
      ("trailing", .array(layout.trailing.map(toolbarItem))),
      ("bottom", .array(layout.bottom.map(toolbarItem))),
      ("overflow", .array(layout.overflow.map(toolbarItem))),
    ])
  }

  /// A node of the scene tree: `kind`, `id`, `title`, `icon`, `detail`, `children`.
  public static func sceneNode(_ node: SceneTree.Node) -> JSONValue {
    .object([
      ("kind", .string(node.kind.rawValue)), ("id", .string(node.id)), ("title", .string(node.title)),
      ("icon", .string(node.icon)), ("detail", .string(node.detail)),
      ("children", .array(node.children.map(sceneNode))),
    ])
  }

  public static func toolbarItem(_ item: ToolbarLayoutItem) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .string(item.id)), ("title", item.title.map(JSONValue.string) ?? .null),
      ("kind", .string(item.kind.rawValue)),
      ("icon", item.icon.map(JSONValue.string) ?? .null),
      ("command", item.command.map(JSONValue.string) ?? .null),
      ("enabled", .bool(item.isEnabled)), ("width", .int(item.width)),
    ]
    if let isOn = item.isOn { fields.append(("state", .bool(isOn))) }
    if !item.children.isEmpty { fields.append(("children", .array(item.children.map(toolbarItem)))) }
    return .object(fields)
  }

  public static func toolbarPalette(_ palette: ToolbarPalette) -> JSONValue {
    func entry(_ entry: ToolbarPalette.Entry) -> JSONValue {
      .object([
        ("id", .string(entry.id)), ("title", .string(entry.title)),
        ("placement", .string(entry.placement.rawValue)),
        ("showsByDefault", .bool(entry.showsByDefault)), ("priority", .string(entry.priority.rawValue)),
        ("condition", entry.condition.map(JSONValue.string) ?? .null), ("owner", .string(entry.owner)),
        ("fixedReason", entry.fixedReason.map { .string($0.rawValue) } ?? .null),
      ])
    }
    return .object([
      ("toolbar", .string(palette.toolbarID)), ("platform", .string(palette.platform.rawValue)),
      ("customized", .bool(palette.isCustomized)),
      ("ignoredVersion", palette.ignoredVersion.map(JSONValue.int) ?? .null),
      ("onBar", .array(palette.onBar.map(entry))), ("available", .array(palette.available.map(entry))),
      ("notCustomizable", .array(palette.notCustomizable.map(entry))),
      ("missing", .array(palette.missing.map(JSONValue.string))),
      ("new", .array(palette.new.map(JSONValue.string))),
      ("message", palette.message.map(JSONValue.string) ?? .null),
    ])
  }

  /// A resolved menu element as docs/json.md describes it: `kind`, `title`, `subtitle`, `icon`,
  /// `command`, `role`, `enabled`, `dismiss`, `state` and `children`.
  /// `explain toolbar ID` (docs/json.md).
  public static func toolbarExplanation(_ explanation: ToolbarExplanation) -> JSONValue {
    let optionalInt: (Int?) -> JSONValue = { $0.map(JSONValue.int) ?? .null }
    var reason: [(String, JSONValue)]
    switch explanation.reason {
    case .fits: reason = [("kind", .string("fits"))]
    case .width(let needed, let left):
      reason = [("kind", .string("width")), ("needed", .int(needed)), ("left", .int(left))]
    case .secondaryAction: reason = [("kind", .string("secondaryAction"))]
    case .removed: reason = [("kind", .string("removed"))]
    case .notByDefault: reason = [("kind", .string("notByDefault"))]
    case .condition(let name): reason = [("kind", .string("condition")), ("condition", .string(name))]
    case .commandHidden(let why): reason = [("kind", .string("commandHidden")), ("detail", .string(why))]
    }
    return .object([
      ("toolbar", .string(explanation.layout.toolbarID)), ("item", .string(explanation.itemID)),
      ("title", .string(explanation.title)), ("command", .string(explanation.command)),
      ("status", .string(explanation.status.rawValue)), ("region", .string(explanation.region?.rawValue)),
      ("position", optionalInt(explanation.position)), ("group", .string(explanation.group)),
      ("enabled", .bool(explanation.isEnabled)), ("disabledReason", .string(explanation.disabledReason)),
      ("reason", .object(reason)), ("placement", .string(explanation.placement.rawValue)),
      ("priority", .string(explanation.priority.rawValue)),
      ("role", .string(explanation.layout.role.rawValue)),
      ("platform", .string(explanation.layout.platform.rawValue)),
      ("sizeClass", .string(explanation.layout.sizeClass.rawValue)),
      ("width", .int(explanation.layout.width)), ("barWidth", .int(explanation.layout.barWidth)),
      ("usedWidth", .int(explanation.layout.usedWidth)),
      ("customization", .string(explanation.customization.rawValue)), ("owner", .string(explanation.owner)),
      ("commandOwner", .string(explanation.commandOwner)),
      ("lines", .array(explanation.lines.map(JSONValue.string))),
    ])
  }

  public static func menuNode(_ node: MenuNode) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("kind", .string(String(describing: node.kind))), ("title", .string(node.title)),
      ("subtitle", .string(node.subtitle)), ("icon", .string(node.icon)), ("command", .string(node.command)),
      ("role", .string(node.role?.rawValue)), ("enabled", .bool(node.isEnabled)),
      ("dismiss", .string(node.dismiss?.rawValue)), ("state", node.state.map(JSONValue.init) ?? .null),
    ]
    if let reason = node.disabledReason { fields.append(("disabledReason", .string(reason))) }
    if let shortcut = node.shortcut { fields.append(("shortcut", .string(shortcut))) }
    if !node.arguments.isEmpty { fields.append(("arguments", .array(node.arguments.map(JSONValue.string)))) }
    if let style = node.pickerStyle { fields.append(("style", .string(String(describing: style)))) }
    if node.kind == .stepper || node.kind == .slider, let bounds = node.bounds {
      fields += [
        // A stepper without a bound has null there.
        ("style", .string(String(describing: node.kind))),
        ("min", bounds.lowerBound <= -CommandState.unboundedLimit ? .null : .number(bounds.lowerBound)),
        ("max", bounds.upperBound >= CommandState.unboundedLimit ? .null : .number(bounds.upperBound)),
        ("step", node.step.map(JSONValue.number) ?? .null),
      ]
    }
    fields.append(("children", .array(node.children.map(menuNode))))
    return .object(fields)
  }

  public static func openMenu(_ menu: OpenMenu) -> JSONValue {
    .object([
      ("path", .array(menu.path.map(JSONValue.string))), ("menu", menuNode(menu.node)),
      (
        "items",
        .array(
          menu.items.map {
            .object([
              ("number", .int($0.number)), ("title", .string($0.node.title)),
              ("kind", .string(String(describing: $0.node.kind))), ("enabled", .bool($0.node.isEnabled)),
            ])
          })
      ),
    ])
  }

  public static func documentView(_ view: DocumentView) -> JSONValue {
    switch view {
    case .lines(let title, let lines):
      .object([
        ("title", .string(title)),
        ("lines", .array(lines.map { .object([("number", .int($0.number)), ("text", .string($0.text))]) })),
      ])
    case .table(let table):
      .object(tableFields(table) + [("rows", .array(table.rows.map { tableRow($0, of: table) }))])
    }
  }

  /// A table's fields before its rows: its title, whether its window is in edit mode, and
  /// its columns.
  private static func tableFields(_ table: TableView) -> [(String, JSONValue)] {
    [
      ("title", .string(table.title)), ("editMode", .bool(table.isEditing)),
      (
        "columns",
        .array(
          table.columns.map { column in
            .object([
              ("name", .string(column.title)), ("kind", .string(column.kind.rawValue)),
              ("width", .int(column.width)), ("alignment", .string(column.alignment.rawValue)),
            ])
          })
      ),
    ]
  }

  /// The first line of `show`'s streamed JSON: the table's fields without its rows, and
  /// `rowCount`, how many `{"row": …}` lines follow.
  public static func tableHeading(_ table: TableView) -> JSONValue {
    .object(tableFields(table) + [("rowCount", .int(table.rows.count))])
  }

  /// One row of a table: its position, id, cells by column (whole), marks, decorations and
  /// displayed cells.
  public static func tableRow(_ row: DocumentViewRow, of table: TableView) -> JSONValue {
    .object([
      ("position", .int(row.position)), ("id", .int(row.id)),
      ("cells", .object(zip(table.columns, row.cells).map { ($0.title, .string($1)) })),
      ("selected", .bool(row.isSelected)), ("favorite", .bool(row.isFavorite)),
      ("decorations", .array(row.decorations.map(rowDecoration))),
      ("display", displayedCells(row, columns: table.columns)),
    ])
  }

  /// A row decoration as a row carries it: its id, SF Symbols name, the glyph text shows
  /// for it, its words and tint.
  public static func rowDecoration(_ decoration: RowDecoration) -> JSONValue {
    .object([
      ("id", .string(decoration.id)), ("symbol", .string(decoration.symbol)),
      ("glyph", .string(decoration.glyph)), ("text", decoration.text.map(JSONValue.string) ?? .null),
      ("tint", decoration.tint.map { .string($0.rawValue) } ?? .null),
    ])
  }

  /// The displayed form of a row's formatted cells, by column name (`cells` keeps the stored
  /// values); an empty object when no cell of the row is formatted.
  public static func displayedCells(_ row: DocumentViewRow, columns: [TableColumn]) -> JSONValue {
    .object(
      zip(columns, row.formattedCells).compactMap { column, shown in shown.map { (column.title, .string($0)) }
      })
  }

  public static func dialog(_ dialog: Dialog) -> JSONValue {
    .object([
      (
        "dialog",
        .object([
          ("title", .string(dialog.title)), ("message", .string(dialog.message)),
          ("titleVisibility", .string(dialog.titleVisibility.rawValue)),
          ("presenting", dialog.presenting.map(presentedRow) ?? .null),
          ("target", dialog.target.map(dialogTarget) ?? .null),
          (
            "buttons",
            .array(
              dialog.buttons.map {
                .object([
                  ("id", .string($0.id)), ("title", .string($0.title)), ("role", .string($0.role.rawValue)),
                ])
              })
          ),
          (
            "textField",
            dialog.textField.map {
              .object([
                ("label", .string($0.label)), ("text", .string($0.text)),
                ("parameter", .string($0.parameter)),
              ])
            } ?? .null
          ),
        ])
      )
    ])
  }

  /// What a dialog asks about: `{"document": window, "title", "rows": [id], "rowTitles",
  /// "lines"}` — the document's window and title when the dialog was raised, the ids of the
  /// rows it acts on in the table's order, what the first three are called, and the lines of
  /// a text it acts on; `"columns": [name]` too, for a dialog about columns of a table.
  public static func dialogTarget(_ target: DialogTarget) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("document", .int(target.windowID)), ("title", .string(target.document)),
      ("rows", .array(target.rowIDs.map(JSONValue.int))),
      ("rowTitles", .array(target.rowTitles.map(JSONValue.string))),
      ("lines", .array(target.lines.map(JSONValue.int))),
    ]
    if !target.columns.isEmpty { members.append(("columns", .array(target.columns.map(JSONValue.string)))) }
    return .object(members)
  }

  /// The row a dialog presents: `{"document": window, "row": id, "title"}`.
  public static func presentedRow(_ row: PresentedRow) -> JSONValue {
    .object([("document", .int(row.windowID)), ("row", .int(row.rowID)), ("title", .string(row.title))])
  }

  /// Why the session dismissed a dialog on its own: `rowDeleted` or `windowClosed`.
  public static func dismissalReason(_ reason: DialogDismissalReason) -> String {
    switch reason {
    case .rowDeleted: "rowDeleted"
    case .windowClosed: "windowClosed"
    case .unanswered: "unanswered"
    }
  }

  /// A dialog the session dismissed on its own: `{"dismissed": {"title", "button", "reason",
  /// "presenting"}, "result": what its Cancel did}`.
  public static func dismissal(_ dismissal: DialogDismissal) -> JSONValue {
    .object([
      (
        "dismissed",
        .object([
          ("title", .string(dismissal.dialog.title)), ("button", .string(dismissal.dialog.cancelButton.id)),
          ("reason", .string(dismissalReason(dismissal.reason))),
          ("presenting", dismissal.dialog.presenting.map(presentedRow) ?? .null),
        ])
      ),
      ("result", result(dismissal.output)),
    ])
  }

  public static func documentInfo(_ info: DocumentInfo) -> JSONValue {
    var fields = document(info.document)
    fields += [
      ("path", .string(info.document.path)), ("format", .string(info.format.rawValue)),
      ("size", info.size.map(JSONValue.int) ?? .null),
      ("modified", .string(info.modifiedSeconds.map(JSONTime.string))),
      (info.document.kind == .text ? "lines" : "rows", .int(info.itemCount)),
      ("columns", .array(info.columns.map(JSONValue.string))),
      ("onDisk", .string(info.onDisk?.rawValue)), ("lockedBy", .string(info.lockedBy)),
    ]
    return .object(fields)
  }

  /// A command as JSON: identity, presentation, availability, state and parameters.
  public static func command(_ command: CommandSummary) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .string(command.id)), ("name", .string(command.name)),
      ("title", .string(command.title)), ("subtitle", .string(command.subtitle)),
      ("icon", .string(command.icon)), ("role", .string(command.role?.rawValue)),
      ("dismiss", .string(command.dismiss.rawValue)), ("shortcut", .string(command.shortcut)),
      ("enabled", .bool(command.availability.isEnabled)),
    ]
    switch command.availability {
    case .enabled: break
    case .disabled(let reason): fields.append(("disabledReason", .string(reason)))
    case .hidden(let reason): fields += [("hidden", .bool(true)), ("hiddenReason", .string(reason))]
    }
    fields += [
      ("state", command.state.map(JSONValue.init) ?? .null),
      ("category", .string(command.category)), ("summary", .string(command.summary)),
      ("usage", .string(command.usage)), ("owner", .string(command.owner)),
      ("parameters", .array(command.parameters.map(parameter))),
    ]
    return .object(fields)
  }

  private static func parameter(_ parameter: Parameter) -> JSONValue {
    let type: String
    var choices: [String] = []
    switch parameter.kind {
    case .string: type = "string"
    case .int: type = "int"
    case .number: type = "number"
    case .bool: type = "bool"
    case .path: type = "path"
    case .choice(let options):
      type = "choice"
      choices = options
    }
    var fields: [(String, JSONValue)] = [
      ("name", .string(parameter.name)), ("type", .string(type)),
      ("style", .string(String(describing: parameter.style))),
      ("optional", .bool(parameter.isOptional)),
    ]
    if !choices.isEmpty { fields.append(("choices", .array(choices.map(JSONValue.string)))) }
    return .object(fields)
  }

  /// The whole active window: environment, title, toolbar, tab bar and body (docs/json.md).
  public static func screen(_ screen: WindowScreen) -> JSONValue {
    let environment = screen.environment
    let tabBar: JSONValue =
      screen.tabBar.map { bar in
        .object([
          ("tabs", .array(bar.tabs.map { .string($0.name) })), ("selected", .string(bar.selected)),
          ("position", .string(bar.isAtBottom ? "bottom" : "top")),
        ])
      } ?? .null
    let body: JSONValue
    switch screen.body {
    case .split(let layout, let sidebar, let content, let detail):
      body = .object(
        [("kind", .string("split"))] + splitViewFields(layout) + [
          ("sidebar", .array(sidebar.map(listEntry))),
          ("content", content.map { .array($0.map(listEntry)) } ?? .null),
          ("detail", screenDetail(detail)),
        ])
    case .tab(let tab, let lines):
      body = .object([
        ("kind", .string("tab")), ("tab", .string(tab.name)), ("lines", .array(lines.map(JSONValue.string))),
      ])
    }
    return .object([
      ("platform", .string(environment.platform.rawValue)),
      ("sizeClass", .string(environment.sizeClass.rawValue)),
      ("width", .int(environment.width)), ("title", .string(screen.title)),
      ("titleMenu", .bool(screen.hasTitleMenu)),
      ("toolbar", toolbar(screen.toolbar)), ("tabBar", tabBar), ("body", body),
    ])
  }

  /// A split view laid out: style, columns declared, visibility, whether it collapsed, and
  /// the panes shown.
  public static func splitViewFields(_ layout: SplitViewLayout) -> [(String, JSONValue)] {
    [
      ("style", .string(layout.style.rawValue)), ("columns", .int(layout.columnCount.rawValue)),
      ("visibility", .string(layout.visibility.rawValue)), ("collapsed", .bool(layout.isCollapsed)),
      (
        "panes",
        .array(
          layout.panes.map {
            .object([("column", .string($0.column.rawValue)), ("width", .int($0.width))])
          })
      ),
    ]
  }

  private static func listEntry(_ entry: WindowScreen.ListEntry) -> JSONValue {
    .object([
      ("title", .string(entry.title)), ("window", entry.window.map(JSONValue.int) ?? .null),
      ("selected", .bool(entry.isSelected)), ("dirty", .bool(entry.isDirty)),
    ])
  }

  private static func screenDetail(_ detail: WindowScreen.Detail) -> JSONValue {
    switch detail {
    case .placeholder(let text): .object([("placeholder", .string(text))])
    case .document(let view, let remaining):
      .object([("document", documentView(view)), ("more", .int(remaining))])
    }
  }

  /// The Settings scene: where it is, and each setting.
  public static func appSettings(_ report: SettingsReport) -> JSONValue {
    .object([
      ("scene", .string(report.isTab ? "tab" : "scene")),
      (
        "settings",
        .array(
          report.settings.map {
            .object([
              ("key", .string($0.key)), ("title", .string($0.title)), ("value", .string($0.value)),
              ("default", .string($0.defaultValue)),
              ("values", .array($0.allowedValues.map(JSONValue.string))),
              ("persisted", .bool($0.isPersisted)),
            ])
          })
      ),
      ("message", .string(report.message)),
    ])
  }
}
