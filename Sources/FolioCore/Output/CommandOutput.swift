/// The result of a command, as a model value.
///
/// Commands produce values; the shell renders them as text for people or as JSON for
/// programs. Each new kind of result adds a case here, and the compiler then asks every
/// renderer to handle it.
public indirect enum CommandOutput {
  /// Nothing to show.
  case none
  /// Text printed as it is (`echo`).
  case text(String)
  /// Structured data a command returned (a plugin's `run` returning a table): lines of
  /// `notices` first, then `value` — a list or a map — laid out as a table or a list for
  /// people and kept as the same structure in JSON.
  case value(JSONValue, notices: [String])
  /// A document's own text that the user asked to have on standard output (`share stdout`,
  /// `print --to -`): written byte for byte to a pipe or a file, escaped only on a terminal.
  case documentText(String)
  /// A short status message for people ("Recording to tour.folio").
  case message(String)
  /// A list of commands: the palette.
  case commandList([CommandSummary])
  /// The help index: commands grouped by category.
  case helpIndex([HelpSection])
  /// One command's usage and parameters.
  case commandHelp(CommandSummary)
  /// A stateful command's new state.
  case stateChanged(CommandSummary)
  /// The session options and their values.
  case settings([Setting])
  /// A command acted on a document: which, and what happened.
  case document(DocumentReport)
  /// The open documents (`docs`).
  case documentList([DocumentSummary])
  /// The document header (`info`).
  case documentInfo(DocumentInfo)
  /// Lines or rows of a document (`show`).
  case documentView(DocumentView)
  /// A table's selection (`select`, `selection`).
  case selection(SelectionReport)
  /// A table's sort order, and what sorting did (`sort`).
  case sortOrder(SortReport)
  /// The matches of a pattern in a document (`find`).
  case found(FindReport)
  /// What replacing a pattern's matches did (`substitute`).
  case substituted(SubstituteReport)
  /// How many rows a table has, or how many a predicate holds for (`count`).
  case rowCount(RowCountReport)
  /// The distinct values of columns with their counts, or a number column's figures
  /// (`summary`).
  case summary(TableSummary)
  /// The share targets that accept a document, each with the representation it would get.
  case shareTargets(document: String, targets: [ShareTargetInfo])
  /// Recently opened documents, newest first.
  case recentDocuments([RecentDocument])
  /// `recent clear` forgot `count` recent documents.
  case recentDocumentsCleared(count: Int)
  /// `recover --discard` dropped the unsaved changes kept for a document: its file, or the
  /// title of an untitled one.
  case journalDiscarded(path: String?, title: String)
  /// The unsaved changes left by sessions that ended without saving (`recover`).
  case recoveryList(RecoveryListing)
  /// A menu rendered without opening it (`menu NAME`).
  case menu(MenuNode)
  /// An open menu: the level shown, its items numbered for `choose`.
  case openMenu(OpenMenu)
  /// What choosing a menu item did: the command's result, then the menu if it stays open.
  case menuChoice(output: CommandOutput?, menu: OpenMenu?)
  /// The menus that exist now (`menus` lists their ids, titles, owners and primary actions).
  case menuList([Menu])
  /// The environment (`env`).
  case environment(AppEnvironment)
  /// Why a menu item is where it is.
  case explanation(MenuExplanation)
  /// Why a toolbar item is where it is.
  case toolbarExplanation(ToolbarExplanation)
  /// A question the command needs answered before it goes on.
  case dialog(Dialog)
  /// The session dismissed the waiting dialog on its own: what it presented went away.
  case dialogDismissed(DialogDismissal)
  /// A toolbar laid out: title, leading, center, trailing, bottom and overflow.
  case toolbar(ToolbarLayout)
  /// The toolbar customisation palette, after a change when `message` says one was made.
  case toolbarPalette(ToolbarPalette)
  /// The whole active window (`screen`).
  case screen(WindowScreen)
  /// The window's split view after its columns were shown or hidden (`sidebar`) or a
  /// collapsed one went back to its sidebar (`back`).
  case splitView(SplitViewLayout)
  /// The app's tab view, with the selected tab's content after `tab NAME`.
  case tabView(TabViewReport)
  /// The Settings scene (`settings`).
  case appSettings(SettingsReport)
  /// The app's scenes on the platform, as a tree (`scenes`).
  case sceneTree(SceneTree)
  /// The plugins found, in load order (`plugins`).
  case pluginList([PluginSummary])
  /// One plugin in full, with the budgets its callbacks run under (`plugin info`).
  case pluginInfo(PluginSummary, budgets: PluginBudgets)
  /// A plugin was loaded, unloaded or reloaded (`plugin load NAME`).
  case pluginChanged(name: String, PluginChange)
}

/// A snapshot of a command for listings and results: its configuration, read as the
/// summary's own fields (`summary.title`), with its usage, availability and state now.
@dynamicMemberLookup
public struct CommandSummary: Sendable, Equatable {
  /// The id, names, titles, help and parameters, as the registry's command has them.
  public var configuration: CommandConfiguration
  /// The usage line, e.g. `save [--as PATH] [--force]`.
  public var usage: String
  /// Whether the command could run when the snapshot was taken.
  public var availability: Availability
  /// The current state of a stateful command.
  public var state: StateValue?

  /// Takes a snapshot of a command, evaluating its availability and state now.
  public init(_ command: Command) {
    configuration = command.configuration
    usage = command.usage
    availability = command.currentAvailability
    state = command.state?.value
  }

  /// A field of the configuration.
  @inlinable
  public subscript<Value>(dynamicMember field: KeyPath<CommandConfiguration, Value>) -> Value {
    configuration[keyPath: field]
  }
}

/// Commands of one category, for the help index.
public struct HelpSection: Sendable, Equatable {
  public var category: String
  public var commands: [CommandSummary]

  public init(category: String, commands: [CommandSummary]) {
    self.category = category
    self.commands = commands
  }
}

/// A named session option with its value and the values it accepts.
public struct Setting: Sendable, Equatable {
  public var name: String
  public var value: String
  public var allowedValues: [String]

  public init(name: String, value: String, allowedValues: [String]) {
    self.name = name
    self.value = value
    self.allowedValues = allowedValues
  }
}
