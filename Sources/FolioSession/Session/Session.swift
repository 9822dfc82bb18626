import FolioCore
import FolioLua

/// A running Folio app: the command registry, the open documents and their windows, menus
/// and the open menu, the pending dialog, toolbars, scenes, settings, plugins and the
/// recovery journal, behind a typed Swift API that every front end (the REPL, scripts,
/// embedders) drives.
///
/// A front end turns its input into typed calls — run a command with bound arguments,
/// answer the dialog with a button, choose a menu item — and renders the values they
/// return; it calls `finishCommand()` after each of its commands so the journal and the
/// event subscribers catch up.
public final class Session {
  /// Why the session is ending.
  public enum StopReason: Sendable, Equatable {
    /// `quit` or `exit` ran.
    case quit
    /// Ctrl-C arrived while running a script.
    case interrupted
    /// Standard output was closed (the reader of a pipe left, as `head` does).
    case outputClosed
  }

  /// Every command of the session.
  public let registry = CommandRegistry()
  /// The open documents.
  public let workspace: Workspace
  /// Whether a person answers dialogs as they come (the REPL): a typed destructive command
  /// asks first only then.
  public let isInteractive: Bool
  /// The process environment (`HOME`, `XDG_*`, the locale), read for plugin folders and
  /// defaults such as the paper size.
  public let environment: [String: String]
  /// The widths the front end draws with, which tables, toolbars and the split view are
  /// fitted around.
  public let metrics: LayoutMetrics

  /// Menus added by embedders and plugins, after the app menus.
  public internal(set) var addedMenus: [Menu] = [] {
    didSet { events.publish(.menusChanged) }
  }
  /// Items added to existing menus (`folio.contribute`), placed when menus are built.
  public internal(set) var addedMenuContributions: [MenuContribution] = [] {
    didSet { events.publish(.menusChanged) }
  }
  /// Toolbar items added by embedders and plugins, after the document toolbar's.
  public internal(set) var addedToolbarItems: [ToolbarItem] = [] {
    didSet { events.publish(.toolbarChanged) }
  }
  /// Toolbars of their own added by embedders and plugins, after the built-in ones.
  public internal(set) var addedToolbars: [Toolbar] = [] {
    didSet { events.publish(.toolbarChanged) }
  }
  /// The id of the toolbar the window shows (`toolbar use`); the document toolbar's when
  /// no toolbar has it.
  public internal(set) var activeToolbarID = "document" {
    didSet { events.publish(.toolbarChanged) }
  }
  /// The toolbar customisations of a session without a state store, by toolbar id.
  var unsavedToolbarCustomizations: [String: ToolbarCustomization] = [:] {
    didSet { events.publish(.toolbarChanged) }
  }
  /// The windows whose document the built-in Favorite toggle marks: each window's own, as
  /// the seed's toggle belongs to the document it shows.
  var favoriteWindows: Set<Int> = []
  /// The app declared as scenes; the screen, tabs and settings read it for the platform.
  public var app = App.folio
  /// The tab last selected; nil for the first.
  public internal(set) var selectedTabName: String?
  /// The columns the window's split view shows in the regular size class (`sidebar`).
  public internal(set) var columnVisibility = NavigationSplitView.ColumnVisibility.all
  /// `Workspace.activations` when `back` left the detail of a collapsed split view: until a
  /// document is chosen again, the stack shows the sidebar.
  var wentBackAtActivation: Int?
  /// Persisted settings changed in a session without a state store.
  var unsavedSettings: [String: String] = [:]
  /// The open menu, if any.
  public internal(set) var menuSession: MenuSession?
  /// The Lua plugin host, once `loadPlugins` ran.
  public internal(set) var pluginHost: PluginHost?
  /// Puts text on the clipboard, or throws saying why it cannot: the front end supplies it
  /// (the shell writes OSC 52 to a terminal). Nil means this front end has no clipboard.
  public var clipboard: ((String) throws(FolioError) -> Void)?
  /// Runs a plugin folder's `tests/*.folio` scripts in scratch sessions and returns the
  /// report, throwing when one fails (`plugin test`); the front end that runs scripts
  /// supplies it.
  public var pluginTestRunner: ((String) throws(FolioError) -> String)?
  /// Loads a plugin folder in a scratch session and lints its Lua, returning the report and
  /// throwing when it finds a problem (`plugin check`); supplied by the front end.
  public var pluginChecker: ((String) throws(FolioError) -> String)?
  /// A command's result as the structured value the embedding protocol's `commands.run`
  /// returns, which `folio.run` hands to plugins; supplied by the front end that renders JSON.
  public var resultRenderer: ((CommandOutput) -> JSONValue)?
  /// The shipped `plugins/` folder `loadPlugins` was given, beside which `docs/folio.lua`
  /// may be found for a new plugin's `.luarc.json`.
  var pluginShippedFolder: String?
  /// What adaptive output reads: platform, width, size class, keyboard.
  public var appEnvironment = AppEnvironment() {
    didSet {
      // The environment's width is the toolbar's again once it changes.
      if oldValue.width != appEnvironment.width { toolbarLaidOutWidth = nil }
    }
  }
  /// The width the toolbar was last laid out at on request (`toolbar --width N`, the
  /// embedding protocol's `toolbar.layout {width}`), which its overflow menu and `explain
  /// toolbar` follow; nil for the environment's width. A change of the environment's width
  /// forgets it.
  public internal(set) var toolbarLaidOutWidth: Int?
  /// The dialog waiting for an answer; only answering it and reading run meanwhile
  /// (`refuseWhileDialogWaits(_:)`).
  public internal(set) var pendingDialog: Dialog? {
    didSet {
      if let pendingDialog, pendingDialog != oldValue {
        events.publish(.dialogPresented(title: pendingDialog.title))
      }
    }
  }
  /// The dialog answered by the command running now, and the button, for recordings.
  public internal(set) var answeredDialog: DialogAnswer?
  /// The dialogs dismissed on their own (their row went away) that the front end has not
  /// taken yet (`takeDialogDismissals()`).
  var dialogDismissals: [DialogDismissal] = []
  /// Why the session is ending, once it is.
  public var stopReason: StopReason?

  /// The platform menus are resolved for: icons, ordering.
  public var platform: MenuPlatform { appEnvironment.platform }

  /// The app's one stream of events: documents and selections (published by the workspace),
  /// menus, toolbars, dialogs and plugins (published by the session and the plugin host).
  /// The session delivers them at the end of each front-end command (`finishCommand()`).
  public var events: EventBus { workspace.events }

  /// Creates a session over `workspace` with the app's commands registered.
  ///
  /// - Parameters:
  ///   - workspace: the documents, with the state store and the current folder.
  ///   - metrics: the widths the front end draws with.
  ///   - isInteractive: whether a person answers dialogs as they come.
  ///   - environment: the process environment.
  public init(
    workspace: Workspace, metrics: LayoutMetrics, isInteractive: Bool = false,
    environment: [String: String] = [:]
  ) {
    self.workspace = workspace
    self.metrics = metrics
    self.isInteractive = isInteractive
    self.environment = environment
    registerCommands()
    registerClipboardTarget()
    workspace.sortCollation = { [unowned self] in sortCollation }
  }

  /// Registers the app's commands, to be made when first looked up or listed: a start that
  /// runs a shell command alone makes none of them. They have unique ids by construction.
  private func registerCommands() {
    let app = AppContext(session: self)
    let documents = CommandContext(
      workspace: workspace, isInteractive: { [unowned self] in isInteractive },
      environment: { [unowned self] in appEnvironment }, pageSize: { [unowned self] in printPageSize },
      tableMetrics: metrics.table)
    registry.registerOnFirstUse(namespaces: AppCommands.namespaces) {
      AppCommands.make(app: app, documents: documents)
    }
  }

  /// Runs a command with the words typed after its name; while a dialog waits, only the
  /// commands that answer it or only read run (`refuseWhileDialogWaits(_:)`).
  ///
  /// - Throws: `FolioError.disabled` naming the dialog when the command changes the session
  ///   while a dialog waits, or the command's own error.
  public func run(_ command: Command, words: ArraySlice<Word>, origin: InvocationOrigin = .typed) throws
    -> CommandOutput
  {
    try presenting { () throws -> CommandOutput in
      try refuseWhileDialogWaits(command.configuration.access)
      return try registry.invoke(command, words: words, origin: origin)
    }
  }

  /// Runs a command by id with typed arguments; while a dialog waits, only the commands that
  /// answer it or only read run (`refuseWhileDialogWaits(_:)`).
  ///
  /// - Throws: `FolioError.unknownCommand`, `FolioError.disabled` naming the dialog when the
  ///   command changes the session while a dialog waits, `FolioError.invalidArgument` for
  ///   arguments the command's parameters refuse, or the command's own error.
  @discardableResult
  public func run(_ invocation: CommandInvocation, origin: InvocationOrigin = .typed) throws -> CommandOutput
  {
    try presenting { () throws -> CommandOutput in
      // The command is looked up for its access only while a dialog waits; an unknown id
      // counts as a change, refused as one, and is the registry's error otherwise.
      if pendingDialog != nil {
        try refuseWhileDialogWaits(
          registry.command(id: invocation.commandID)?.configuration.access ?? .changes)
      }
      return try registry.invoke(invocation, origin: origin)
    }
  }

  /// The one rule every front end follows while a dialog waits: what answers it runs, what
  /// only reads runs, and what changes the session — edits, the selection, focus, opening
  /// and closing, menus, settings, plugin commands — is refused with one error naming the
  /// dialog. So the answer acts on what the dialog asked about. The shell and plugins meet it
  /// through `run`; the embed server asks it before each request it serves itself.
  ///
  /// A dialog whose row went away since the last `finishCommand()` is dismissed first and
  /// holds nothing back.
  ///
  /// - Throws: `FolioError.disabled` with the dialog's title in `values["dialog"]` when a
  ///   dialog waits and `access` is `.changes`.
  public func refuseWhileDialogWaits(_ access: CommandAccess) throws(FolioError) {
    guard access != .answers else { return }
    dismissDialogIfItsRowIsGone()
    guard access == .changes, let dialog = pendingDialog else { return }
    throw FolioError(
      .disabled, "a dialog is waiting — \(dialog.title)", values: ["dialog": dialog.title],
      remedies: dialog.answerRemedies)
  }

  /// Runs `body` and keeps the dialog its output presents as the pending one.
  func presenting(_ body: () throws -> CommandOutput) rethrows -> CommandOutput {
    answeredDialog = nil
    let output = try body()
    if case .dialog(let dialog) = output { pendingDialog = dialog }
    // A menu item may ask too: Delete in a context menu shows its dialog after the menu closed.
    if case .menuChoice(.dialog(let dialog)?, _) = output { pendingDialog = dialog }
    return output
  }

  /// Whether `finishCommand()` and `takeDialogDismissals()` have nothing to do: no event
  /// waits for delivery, no waiting dialog presents a row, no dismissal waits to be taken and
  /// the workspace has no journal to keep. A front end may skip its catching up then.
  public var isCaughtUp: Bool {
    !events.hasPendingEvents && pendingDialog?.presenting == nil && dialogDismissals.isEmpty
      && !workspace.mayHaveJournalChanges
  }

  /// Catches up after a front end's command, whether it succeeded or not: the events it
  /// caused are delivered to the subscribers (plugins' `folio.on` handlers, front ends), a
  /// waiting dialog whose row went away is dismissed (`dismissDialogIfItsRowIsGone()`), and
  /// the recovery journal keeps what it changed.
  ///
  /// - Returns: why unsaved changes could not be kept in the journal, as warnings.
  public func finishCommand() -> [FolioError] {
    dismissDialogIfItsRowIsGone()
    events.flush()
    // The plugins' event handlers may have deleted the row as the events were delivered.
    if dismissDialogIfItsRowIsGone() != nil { events.flush() }
    // A failing `folio.on` handler is shown as a warning: the command itself succeeded.
    let failures = pluginHost?.takeHandlerFailures() ?? []
    return failures + workspace.journalChanges()
  }
}
