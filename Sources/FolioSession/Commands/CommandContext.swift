import FolioCore

/// What the session's declared commands run against: the workspace, and what the front end
/// knows now that the commands adapt to.
public struct CommandContext {
  /// The open documents.
  public var workspace: Workspace
  /// Whether a person answers dialogs now (the REPL): a typed `revert` or `delete` asks
  /// first only then; one chosen from a menu always does, and `close` of a dirty document
  /// always asks.
  public var isInteractive: () -> Bool
  /// The environment now: `show` shows one column in the compact size class, and `select`
  /// applies the rule for several rows.
  public var environment: () -> AppEnvironment
  /// The page size `print` uses without `--page-size` (the shell's `print.page-size`
  /// setting).
  public var pageSize: () -> PageSize
  /// The widths the front end draws a table's frame with, which `show` fits the columns
  /// around.
  public var tableMetrics: TableMetrics

  /// Creates a context over `workspace`.
  public init(
    workspace: Workspace, isInteractive: @escaping () -> Bool,
    environment: @escaping () -> AppEnvironment = { AppEnvironment() },
    pageSize: @escaping () -> PageSize = { .a4 }, tableMetrics: TableMetrics
  ) {
    self.workspace = workspace
    self.isInteractive = isInteractive
    self.environment = environment
    self.pageSize = pageSize
    self.tableMetrics = tableMetrics
  }

  /// Why a command that needs a document cannot run while none is open.
  static let noDocumentReason = "no document is open; 'open PATH' or 'new' makes one"

  /// Whether a destructive command invoked with `arguments` asks first: in the REPL, and
  /// everywhere when chosen from a menu.
  func asksFirst(_ arguments: Arguments) -> Bool { isInteractive() || arguments.origin == .menu }

  /// The result of a command that acted on `document`, saying what happened.
  func report(_ document: Document, _ event: DocumentReport.Event) -> CommandOutput {
    workspace.report(document, event)
  }
}

/// A declared action of the session.
protocol SessionAction: ActionCommand where Context == CommandContext {}

/// A declared toggle of the session.
protocol SessionToggle: ToggleCommand where Context == CommandContext {}

/// A declared action that needs an open document: disabled while none is.
protocol DocumentAction: SessionAction {}

extension DocumentAction {
  static func availability(in context: CommandContext) -> Availability {
    context.workspace.active == nil
      ? .disabled(reason: CommandContext.noDocumentReason) : .enabled
  }
}

/// The session's declared commands.
public enum SessionCommands {
  /// The document, editing, table, recovery and recent-document commands, in the order help
  /// lists them.
  static var declarations: [any DeclaredCommand<CommandContext>.Type] {
    DocumentCommands.declarations + TableCommands.declarations + RecoveryCommands.declarations
      + RecentCommands.declarations
  }

  /// The commands bound to `context`, ready to register.
  public static func make(in context: CommandContext) -> [Command] {
    declarations.map { $0.makeCommand(in: context) }
  }
}
