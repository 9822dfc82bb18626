extension Workspace {
  /// The table commands: `sort`, `select`, `selection`, `edit-mode`, `delete` and `favorite`.
  ///
  /// - Parameters:
  ///   - isInteractive: whether a person answers dialogs now; a typed `delete` asks first
  ///     only then, one chosen from a menu always does.
  ///   - environment: the environment now, for the rule on selecting several rows.
  func makeTableCommands(
    isInteractive: @escaping () -> Bool, environment: @escaping () -> AppEnvironment
  ) -> [Command] {
    let needsDocument: () -> Availability = { [unowned self] in
      active == nil ? .disabled(reason: "no document is open; 'open PATH' or 'new' makes one") : .enabled
    }
    let needsOneSelectedRow: () -> Availability = { [unowned self] in
      guard let active else {
        return .disabled(reason: "no document is open; 'open PATH' or 'new' makes one")
      }
      guard active.kind == .table else { return .disabled(reason: "'\(active.title)' is not a table") }
      return active.selection.count == 1 ? .enabled : .disabled(reason: "select one row first ('select 3')")
    }
    return [
      Command(
        id: "view.sort", verb: "sort", title: "Sort", icon: "arrow.up.arrow.down", category: "Tables",
        summary: "sort rows by columns, first key first: name noise:desc; bare 'sort' shows the order",
        details: "A stable sort: rows equal by every key keep their order. A column whose non-empty "
          + "cells are all numbers sorts as numbers, others as text ignoring case; empty cells go last "
          + "either way. One undoable step; row ids and the selection stay with their rows. Bare "
          + "'sort' says when edits since (add, cell) left the rows out of the last sort's order.",
        parameters: [
          Parameter(
            "keys", style: .rest, isOptional: true, summary: "COLUMN or COLUMN:asc or COLUMN:desc",
            valueName: "COLUMN[:asc|:desc]")
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let words = arguments.words("keys").map(\.text)
          guard !words.isEmpty else {
            let keys = document.sortOrder
            // Edits since the sort (add, cell, paste…) may have left the rows out of order.
            let isStale = try document.modifyTable { table in
              guard !keys.isEmpty else { return false }
              guard let permutation = try? table.sortPermutation(by: keys) else { return true }
              return !permutation.elementsEqual(permutation.indices)
            }
            return .sortOrder(
              SortReport(document: document.title, keys: keys, message: nil, isStale: isStale))
          }
          let keys = try words.map { word throws in try TableSortKey(parsing: word) }
          let count = try sort(document, by: keys)
          return .sortOrder(
            SortReport(
              document: document.title, keys: keys,
              message: "Sorted \(count) row\(count == 1 ? "" : "s") by \(Self.describe(keys))."))
        }),
      Command(
        id: "selection.select", verb: "select", title: "Select", icon: "checkmark.circle", category: "Tables",
        summary: "select rows: positions 3, ranges 2-5, lists 1,4-6, id:7, all or none",
        details: "--add adds the rows to the selection, --toggle flips each. Several rows need edit "
          + "mode ('edit-mode on') on iphone and ipad without a keyboard; on mac or with "
          + "'env keyboard on' they do not. The selection is of row ids: it survives sorting.",
        parameters: [
          Parameter("rows", summary: "positions, ranges, id:N, all or none", valueName: "ROWS|all|none"),
          Parameter("add", .bool, style: .option, summary: "add to the selection"),
          Parameter("toggle", .bool, style: .option, summary: "flip each row's selection"),
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let selector = arguments.string("rows") ?? ""
          guard !(arguments.flag("add") && arguments.flag("toggle")) else {
            throw FolioError.invalidArgument("'select' takes --add or --toggle, not both")
          }
          let mode: SelectionMode =
            arguments.flag("add") ? .add : arguments.flag("toggle") ? .toggle : .replace
          let ids = try document.modifyTable { table throws -> [Int] in
            switch selector.lowercased() {
            case "all": return (0..<table.rowCount).map(table.id(ofRow:))
            case "none": return []
            default: return try table.rowIDs(selector)
            }
          }
          if selector.lowercased() == "none", mode == .replace || mode == .add {
            if mode == .replace { document.selection = [] }
          } else {
            try select(ids, mode: mode, in: document, environment: environment())
          }
          return .selection(selectionReport(of: document))
        }),
      Command(
        id: "selection.show", verb: "selection", title: "Selection", icon: "checklist", category: "Tables",
        summary: "the selected rows, with their positions and ids",
        availability: needsDocument,
        behavior: .action { [unowned self] _ in
          let document = try requireActive()
          _ = try document.modifyTable { $0.rowCount }
          return .selection(selectionReport(of: document))
        }),
      Command(
        id: "selection.edit-mode", verb: "edit-mode", title: "Edit Mode", icon: "pencil", category: "Tables",
        summary: "turn the window's edit mode on or off [EditButton]: several rows can then be selected",
        details: "Leaving edit mode on iphone or ipad without a keyboard deselects the rows when "
          + "several are selected.",
        availability: needsDocument,
        behavior: .state(
          .toggle(
            get: { [unowned self] in active?.isEditing ?? false },
            set: { [unowned self] isOn in
              setEditing(isOn, in: try requireActive(), environment: environment())
            }))),
      Command(
        id: "edit.delete", verb: "delete", title: "Delete", icon: "trash", role: .destructive,
        category: "Tables",
        summary: "delete rows of a table (the selection when no ROWS) or lines of a text document",
        details: "Asks first (Delete N Rows or Cancel) in the REPL, and everywhere when chosen from a "
          + "menu such as the context menu; typed in a script it deletes at once; --yes never asks. "
          + "One undoable step: undo puts the rows back where they were, with their ids.",
        parameters: [
          Parameter("rows", isOptional: true, summary: "positions, ranges, id:N (lines for text)"),
          Parameter("yes", .bool, style: .option, summary: "do not ask"),
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let selector = arguments.string("rows")
          let deleteNow: () throws -> CommandOutput
          let count: Int
          let noun: String
          switch document.content {
          case .text(let text):
            guard let selector else {
              throw FolioError.invalidArgument("'delete' on a text document needs LINES, such as 3 or 2-5")
            }
            let lines = try RowSelector.positions(selector, count: text.lines.count, kind: "line")
            count = Set(lines).count
            noun = count == 1 ? "Line" : "\(count) Lines"
            deleteNow = { [unowned self] in
              let deleted = try deleteLines(lines, from: document)
              return .document(
                DocumentReport(
                  document: DocumentSummary(document, in: self),
                  message: "Deleted \(deleted) line\(deleted == 1 ? "" : "s")."))
            }
          case .table(let table):
            let ids = try selector.map { try Set(table.rowIDs($0)) } ?? document.selection
            guard !ids.isEmpty else {
              throw FolioError(.disabled, "nothing is selected; 'select ROWS' first, or 'delete ROWS'")
            }
            count = ids.count
            noun = count == 1 ? "Row" : "\(count) Rows"
            deleteNow = { [unowned self] in
              let deleted = try deleteRows(ids, from: document)
              return .document(
                DocumentReport(
                  document: DocumentSummary(document, in: self),
                  message: "Deleted \(deleted) row\(deleted == 1 ? "" : "s")."))
            }
          }
          let asks = isInteractive() || arguments.origin == .menu
          guard asks, !arguments.flag("yes") else { return try deleteNow() }
          return .dialog(
            Dialog(
              title:
                "Delete \(count == 1 ? "1 \(noun.lowercased())" : noun.lowercased()) of “\(document.title)”?",
              message: "'undo' brings \(count == 1 ? "it" : "them") back.",
              buttons: [
                DialogButton(
                  "Delete \(noun)", role: .destructive,
                  replay: (["delete"] + (selector.map { [Word.quoted($0)] } ?? []) + ["--yes"]).joined(
                    separator: " ")),
                DialogButton("Cancel", role: .cancel),
              ]
            ) { button in
              button.role == .cancel ? .message("Kept \(document.title) as it is.") : try deleteNow()
            })
        }),
      Command(
        id: "row.favorite", verb: "favorite", title: "Favorite", icon: "star", category: "Tables",
        summary: "mark the selected row as a favorite (★), saved in its 'favorite' column",
        details: "The 'favorite' column is added when the table has none, so the mark is saved with "
          + "the document. One undoable step.",
        availability: needsOneSelectedRow,
        behavior: .state(
          .toggle(
            get: { [unowned self] in active.map(isFavorite) ?? false },
            set: { [unowned self] isOn in try setFavorite(isOn, in: try requireActive()) }))),
    ]
  }

  /// "name, noise descending".
  static func describe(_ keys: [TableSortKey]) -> String {
    keys.map { $0.order == .ascending ? $0.column : $0.column + " descending" }.joined(separator: ", ")
  }
}
