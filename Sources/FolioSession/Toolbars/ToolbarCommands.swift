import FolioCore

/// `toolbar` and its subcommands, and the small commands the document toolbar shows.
enum ToolbarCommands {
  /// Every toolbar command, in the order help lists them.
  static var declarations: [any DeclaredCommand<AppContext>.Type] {
    [
      ShowToolbar.self, LayOut.self, Customize.self, Add.self, Remove.self, Move.self, Reset.self,
      Favorite.self, AdjustImage.self, AdjustMap.self,
    ]
  }

  /// The subcommands `toolbar WORD` runs, each the command `toolbar.WORD`.
  static let subcommands = ["customize", "add", "remove", "move", "reset"]

  /// `toolbar [--width N]` or `toolbar SUBCOMMAND …`.
  enum ShowToolbar: AppAction {
    static let words = ParameterKey.rest(
      "words", summary: "[--width N], or a subcommand and its arguments", valueName: "SUBCOMMAND")

    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "toolbar.show", verb: "toolbar", title: "Toolbar", icon: "macwindow", category: "Toolbars",
        summary: "lay out the toolbar, or customise it: customize, add, remove, move, reset",
        details: "'toolbar [--width N]' lays out the active window's toolbar: leading, center, trailing "
          + "and the overflow menu (»), which 'menu open toolbar.overflow' opens. 'toolbar customize' "
          + "shows the palette; 'toolbar add ID [--at N]', 'toolbar remove ID', 'toolbar move ID N' and "
          + "'toolbar reset' change the bar, saved in the state store.",
        parameters: [words])
    }

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

    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "toolbar.layout", title: "Lay Out Toolbar", icon: "macwindow", category: "Toolbars",
        summary: "lay out the toolbar at the environment's width or at N columns", parameters: [width])
    }

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      .toolbar(try context.session.toolbarLayout(width: arguments[Self.width]))
    }
  }

  /// `toolbar customize`: the palette.
  enum Customize: AppAction {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "toolbar.customize", title: "Customize Toolbar…", icon: "macwindow", category: "Toolbars",
        summary: "the palette: items on the bar, available, not customisable; kept and new ids")
    }

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
  enum Add: AppAction {
    static let position = ParameterKey.integerOption(
      "at", summary: "its position on the bar, from 1", valueName: "N")

    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "toolbar.add", title: "Add to Toolbar", icon: "plus", category: "Toolbars",
        summary: "put an item on the bar, at its default place or at position N",
        parameters: [item, position])
    }

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let id = arguments[item]
      let position = arguments[Self.position]
      let place = position.map { " at \($0)" } ?? ""
      return try context.session.customizeToolbar(message: "Added '\(id)' to the toolbar\(place).") {
        arrangement throws(FolioError) in
        try arrangement.adding(id, at: position)
      }
    }
  }

  /// `toolbar remove ID`.
  enum Remove: AppAction {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "toolbar.remove", title: "Remove from Toolbar", icon: "minus", category: "Toolbars",
        summary: "take an item off the bar; it stays in the palette", parameters: [item])
    }

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let id = arguments[item]
      return try context.session.customizeToolbar(message: "Removed '\(id)' from the toolbar.") {
        arrangement throws(FolioError) in
        try arrangement.removing(id)
      }
    }
  }

  /// `toolbar move ID N`.
  enum Move: AppAction {
    static let position = ParameterKey.integer(
      "position", summary: "its new position on the bar, from 1", valueName: "N")

    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "toolbar.move", title: "Move in Toolbar", icon: "macwindow", category: "Toolbars",
        summary: "move an item on the bar to position N", parameters: [item, position])
    }

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let id = arguments[item]
      let position = arguments[Self.position]
      return try context.session.customizeToolbar(message: "Moved '\(id)' to \(position).") {
        arrangement throws(FolioError) in
        try arrangement.moving(id, to: position)
      }
    }
  }

  /// `toolbar reset`.
  enum Reset: AppAction {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "toolbar.reset", title: "Reset Toolbar", icon: "arrow.uturn.backward", category: "Toolbars",
        summary: "forget the customisation: every item back to its default")
    }

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      try context.session.customizeToolbar(message: "Reset the toolbar to its defaults.") {
        _ throws(FolioError) in nil
      }
    }
  }

  /// `document.favorite`: the document toolbar's Favorite toggle.
  enum Favorite: AppToggle {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "document.favorite", title: "Favorite", icon: "star", category: "Toolbars",
        summary: "mark the session's document as a favourite (a toolbar toggle)")
    }

    static func isOn(in context: AppContext) -> Bool { context.session.isFavorite }

    static func set(_ isOn: Bool, in context: AppContext) throws { context.session.isFavorite = isOn }
  }

  /// `image.adjust`: a placeholder in the toolbar's Edits group.
  enum AdjustImage: AppAction {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "image.adjust", title: "Adjust Image", icon: "wand.and.stars", category: "Toolbars",
        summary: "the toolbar's Edits group: adjust the image (a placeholder; Folio has no images yet)")
    }

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      .message("Adjust Image: nothing to adjust; Folio documents have no images yet.")
    }
  }

  /// `map.adjust`: a placeholder in the toolbar's Edits group.
  enum AdjustMap: AppAction {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "map.adjust", title: "Adjust Map", icon: "map", category: "Toolbars",
        summary: "the toolbar's Edits group: adjust the map (a placeholder; Folio has no maps yet)")
    }

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      .message("Adjust Map: nothing to adjust; Folio documents have no maps yet.")
    }
  }
}
