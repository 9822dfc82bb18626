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

  /// `--yes`, the flag of a destructive command that asks first (`revert`, `delete`): given,
  /// the command acts at once.
  static let yes = ParameterKey.flag("yes", summary: "do not ask")

  /// Whether a destructive command invoked with `arguments` asks first: in the REPL, and
  /// everywhere when chosen from a menu; never with `--yes`.
  func asksFirst(_ arguments: Arguments) -> Bool {
    !arguments[Self.yes] && (isInteractive() || arguments.origin == .menu)
  }

  /// The result of a command that acted on `document`, saying what happened.
  func report(_ document: Document, _ event: DocumentReport.Event) -> CommandOutput {
    workspace.report(document, event)
  }
}

/// What a `DocumentAction` runs against: the session's `CommandContext`, whose members it
/// reads as its own (`context.workspace`), and the active document, looked up before the
/// command runs.
@dynamicMemberLookup
struct DocumentContext {
  /// The active document.
  var document: Document
  /// The context the command is bound to.
  var base: CommandContext

  /// The member of the command context.
  subscript<Value>(dynamicMember member: KeyPath<CommandContext, Value>) -> Value { base[keyPath: member] }

  /// Whether a destructive command invoked with `arguments` asks first.
  func asksFirst(_ arguments: Arguments) -> Bool { base.asksFirst(arguments) }

  /// The result of a command that acted on the document, saying what happened.
  func report(_ event: DocumentReport.Event) -> CommandOutput { base.report(document, event) }
}

extension Workspace {
  /// Why a command that needs a document cannot run while none is open.
  static let noDocumentReason = "no document is open; 'open PATH' or 'new' makes one"

  /// Enabled while a document is open; disabled, saying why, while none is.
  var documentAvailability: Availability {
    active == nil ? .disabled(reason: Self.noDocumentReason) : .enabled
  }
}

/// A declared action of the session.
protocol SessionAction: ActionCommand where Context == CommandContext {}

/// A declared toggle of the session.
protocol SessionToggle: ToggleCommand where Context == CommandContext {}

/// A declared action on the active document: disabled while none is open, and run with the
/// document already looked up.
protocol DocumentAction: SessionAction {
  /// Runs the command with its bound arguments on `context.document`.
  static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput
}

extension DocumentAction {
  /// Enabled while a document is open.
  static func availability(in context: CommandContext) -> Availability {
    context.workspace.documentAvailability
  }

  /// Looks up the active document and runs `run(_:in:)` on it.
  static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
    try run(arguments, in: DocumentContext(document: try context.workspace.requireActive(), base: context))
  }
}

/// A `DocumentAction` that may ask first; the answer to its dialog acts on the active
/// document too, looked up again when the answer comes.
protocol DocumentConfirming: DocumentAction, ConfirmingCommand {
  /// Acts on the button chosen in the dialog the command showed when it ran with
  /// `arguments`.
  static func answer(_ buttonID: String, _ arguments: Arguments, in context: DocumentContext) throws
    -> CommandOutput
}

extension DocumentConfirming {
  /// Looks up the active document and runs `answer(_:_:in:)` on it.
  static func answer(_ buttonID: String, _ arguments: Arguments, in context: CommandContext) throws
    -> CommandOutput
  {
    try answer(
      buttonID, arguments, in: DocumentContext(document: try context.workspace.requireActive(), base: context)
    )
  }
}

/// The session's declared commands.
public enum SessionCommands {
  /// The document, editing, table, recovery and recent-document commands, in the order help
  /// lists them.
  static var declarations: [any DeclaredCommand<CommandContext>.Type] {
    DocumentCommands.declarations + TableCommands.declarations + ColumnCommands.declarations
      + FindCommands.declarations + RecoveryCommands.declarations + RecentCommands.declarations
  }

  /// The commands bound to `context`, ready to register.
  public static func make(in context: CommandContext) -> [Command] {
    declarations.map { $0.makeCommand(in: context) }
  }
}
