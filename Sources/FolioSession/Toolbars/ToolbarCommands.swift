import FolioCore

/// `toolbar` and its subcommands, and the small commands the document toolbar shows.
enum ToolbarCommands {
  /// Every toolbar command, in the order help lists them.
  static var declarations: [any DeclaredCommand<AppContext>.Type] {
    [
      ShowToolbar.self, LayOut.self, Customize.self, Add.self, Remove.self, Move.self, Reset.self,
      Use.self, Favorite.self, AdjustImage.self, AdjustMap.self,
    ]
  }

  /// The subcommands `toolbar WORD` runs, each the command `toolbar.WORD`.
  static let subcommands = ["customize", "add", "remove", "move", "reset", "use"]

  /// `toolbar [--width N]` or `toolbar SUBCOMMAND …`.
  enum ShowToolbar: AppAction {
    static let words = ParameterKey.rest(
      "words", summary: "[--width N], or a subcommand and its arguments", valueName: "SUBCOMMAND")

    static let configuration = CommandConfiguration(
      id: "toolbar.show", verb: "toolbar", title: "Toolbar", icon: "macwindow", category: "Toolbars",
      summary: "lay out the toolbar, or customise it: customize, add, remove, move, reset; use another",
      details: """
        'toolbar [--width N]' lays out the active window's toolbar: leading, center, trailing \
        and the overflow menu (»), which 'menu open toolbar.overflow' opens. 'toolbar customize' \
        shows the palette; 'toolbar add ID [--at N]', 'toolbar remove ID', 'toolbar move ID N' and \
        'toolbar reset' change the bar, saved in the state store. 'toolbar use ID' shows another \
        toolbar (document, place, or an embedder's or plugin's).
        """,
      parameters: [words])

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      let words = arguments[Self.words]
      guard let first = words.first, !first.text.hasPrefix("--") else {
        return try session.registry.invoke(try subcommand("layout", in: session), words: words)
      }
      guard subcommands.contains(first.text.lowercased()) else {
        throw FolioError.invalidArgument(
          "'toolbar' has no subcommand '\(first.text)'; subcommands: \(subcommands.joined(separator: ", "))"
        )
      }
      return try session.registry.invoke(
        try subcommand(first.text.lowercased(), in: session), words: Array(words.dropFirst()))
    }

    private static func subcommand(_ name: String, in session: Session) throws(FolioError) -> Command {
      guard let command = session.registry.command(id: "toolbar.\(name)") else {
        throw FolioError(.unknownCommand, "no command 'toolbar.\(name)'")
      }
      return command
    }
  }

  /// `toolbar.layout [--width N]`.
  enum LayOut: AppAction {
    static let width = ParameterKey.integerOption(
      "width", range: AppEnvironment.widths, summary: "the columns available", valueName: "N")

    static let configuration = CommandConfiguration(
      id: "toolbar.layout", title: "Lay Out Toolbar", icon: "macwindow", category: "Toolbars",
      summary: "lay out the toolbar at the environment's width or at N columns", parameters: [width])

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let layout = try context.session.toolbarLayout(width: arguments[Self.width])
      // The overflow menu and `explain toolbar` follow the width laid out at.
      context.session.toolbarLaidOutWidth = arguments[Self.width]
      return .toolbar(layout)
    }
  }

  /// `toolbar customize`: the palette.
  enum Customize: AppAction {
    static let configuration = CommandConfiguration(
      id: "toolbar.customize", title: "Customize Toolbar…", icon: "macwindow", category: "Toolbars",
      summary: "the palette: items on the bar, available, not customisable; kept and new ids")

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let session = context.session
      return .toolbarPalette(
        ToolbarPalette(
          toolbar: session.toolbar, arrangement: try session.toolbarArrangement(), registry: session.registry)
      )
    }
  }

  /// The item id the customising commands take.
  static let item = ParameterKey.argument("id", summary: "the item's id", valueName: "ID")

  /// `toolbar add ID [--at N]`.
  enum Add: ToolbarCustomizing {
    static let position = ParameterKey.integerOption(
      "at", summary: "its position on the bar, from 1", valueName: "N")

    static let configuration = CommandConfiguration(
      id: "toolbar.add", title: "Add to Toolbar", icon: "plus", category: "Toolbars",
      summary: "put an item on the bar, at its default place or at position N",
      parameters: [item, position])

    static func change(for arguments: Arguments) -> ToolbarChange {
      let at = arguments[position].map { " at \($0)" } ?? ""
      return ToolbarChange("Added '\(arguments[item])' to the toolbar\(at).") {
        arrangement throws(FolioError) in
        try arrangement.adding(arguments[item], at: arguments[position])
      }
    }
  }

  /// `toolbar remove ID`.
  enum Remove: ToolbarCustomizing {
    static let configuration = CommandConfiguration(
      id: "toolbar.remove", title: "Remove from Toolbar", icon: "minus", category: "Toolbars",
      summary: "take an item off the bar; it stays in the palette", parameters: [item])

    static func change(for arguments: Arguments) -> ToolbarChange {
      ToolbarChange("Removed '\(arguments[item])' from the toolbar.") { arrangement throws(FolioError) in
        try arrangement.removing(arguments[item])
      }
    }
  }

  /// `toolbar move ID N`.
  enum Move: ToolbarCustomizing {
    static let position = ParameterKey.integer(
      "position", summary: "its new position on the bar, from 1", valueName: "N")

    static let configuration = CommandConfiguration(
      id: "toolbar.move", title: "Move in Toolbar", icon: "macwindow", category: "Toolbars",
      summary: "move an item on the bar to position N", parameters: [item, position])

    static func change(for arguments: Arguments) -> ToolbarChange {
      ToolbarChange("Moved '\(arguments[item])' to \(arguments[position]).") {
        arrangement throws(FolioError) in
        try arrangement.moving(arguments[item], to: arguments[position])
      }
    }
  }

  /// `toolbar reset`.
  enum Reset: ToolbarCustomizing {
    static let configuration = CommandConfiguration(
      id: "toolbar.reset", title: "Reset Toolbar", icon: "arrow.uturn.backward", category: "Toolbars",
      summary: "forget the customisation: every item back to its default")

    static func change(for arguments: Arguments) -> ToolbarChange {
      ToolbarChange("Reset the toolbar to its defaults.") { _ in nil }
    }
  }

  /// `toolbar use ID`: the toolbar the window shows.
  enum Use: AppAction {
    static let toolbar = ParameterKey.argument(
      "id", summary: "the toolbar's id: document, place, or one added", valueName: "ID")

    static let configuration = CommandConfiguration(
      id: "toolbar.use", title: "Use Toolbar", icon: "macwindow", category: "Toolbars",
      summary: "show another toolbar in the window and lay it out", parameters: [toolbar])

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      try context.session.useToolbar(arguments[Self.toolbar])
      return .toolbar(try context.session.toolbarLayout(width: nil))
    }
  }

  /// `document.favorite`: the document toolbar's Favorite toggle.
  enum Favorite: AppToggle {
    static let configuration = CommandConfiguration(
      id: "document.favorite", title: "Favorite", icon: "star", category: "Toolbars",
      summary: "mark the active window's document as a favourite (a toolbar toggle)")

    /// Whether the active window's document is a favourite: each window has its own.
    static func isOn(in context: AppContext) -> Bool {
      context.session.workspace.active.map { context.session.favoriteWindows.contains($0.windowID) } ?? false
    }

    static func set(_ isOn: Bool, in context: AppContext) throws {
      let document = try context.session.workspace.requireActive()
      if isOn {
        context.session.favoriteWindows.insert(document.windowID)
      } else {
        context.session.favoriteWindows.remove(document.windowID)
      }
    }

    /// Disabled with no document open: there is nothing to mark.
    static func availability(in context: AppContext) -> Availability {
      context.session.workspace.active == nil ? .disabled(reason: Workspace.noDocumentReason) : .enabled
    }
  }

  /// `image.adjust`: a placeholder in the toolbar's Edits group.
  enum AdjustImage: EditsPlaceholder {
    static let configuration = CommandConfiguration(
      id: "image.adjust", title: "Adjust Image", icon: "wand.and.stars", category: "Toolbars",
      summary: "the toolbar's Edits group: adjust the image (a placeholder; Folio has no images yet)")

    static let missing = "images"
  }

  /// `map.adjust`: a placeholder in the toolbar's Edits group.
  enum AdjustMap: EditsPlaceholder {
    static let configuration = CommandConfiguration(
      id: "map.adjust", title: "Adjust Map", icon: "map", category: "Toolbars",
      summary: "the toolbar's Edits group: adjust the map (a placeholder; Folio has no maps yet)")

    static let missing = "maps"
  }
}

/// A placeholder in the document toolbar's Edits group, for what Folio documents cannot hold
/// yet.
protocol EditsPlaceholder: AppAction {
  /// What documents have none of, e.g. `images`.
  static var missing: String { get }
}

extension EditsPlaceholder {
  /// Says there is nothing to adjust.
  static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
    .message("\(configuration.title): nothing to adjust; Folio documents have no \(missing) yet.")
  }
}

/// A declared command that changes the toolbar's customisation — kept in the state store —
/// and shows the palette, saying what it did.
protocol ToolbarCustomizing: AppAction {
  /// What the command changes when it runs with `arguments`, and what it says.
  static func change(for arguments: Arguments) -> ToolbarChange
}

extension ToolbarCustomizing {
  /// Changes the stored customisation as one transaction and shows the palette.
  static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
    let change = change(for: arguments)
    return try context.session.customizeToolbar(message: change.message, change.customization)
  }
}

/// A change to the toolbar's customisation: the customisation it makes of the arrangement,
/// and what the palette says after it.
struct ToolbarChange {
  /// What the palette says after the change, e.g. `Removed 'share' from the toolbar.`
  let message: String
  /// The customisation made of the arrangement; nil for the default.
  let customization: (ToolbarArrangement) throws(FolioError) -> ToolbarCustomization?

  /// A change saying `message` that makes `customization` of the arrangement.
  init(
    _ message: String,
    customization: @escaping (ToolbarArrangement) throws(FolioError) -> ToolbarCustomization?
  ) {
    self.message = message
    self.customization = customization
  }
}
