import Testing

@testable import FolioCore

/// Commands declared as types: typed parameter keys read the bound arguments, and the
/// `Command` made from a declaration describes itself as one written by hand does.
@Suite struct DeclaredCommandTests {
  /// A save-like command over a log of what it ran with.
  private final class Log {
    var runs: [(path: String?, force: Bool, copies: Int, kind: DocumentKind, words: [String])] = []
  }

  private enum Save: ActionCommand {
    typealias Context = Log

    static let path = ParameterKey.option(
      "as", .path, summary: "save to this path instead", valueName: "PATH")
    static let force = ParameterKey.flag("force", summary: "overwrite a changed or existing file")
    static let copies = ParameterKey.integer("copies", range: 1...9, summary: "how many")
    static let kind = ParameterKey<DocumentKind>.choice("kind", default: .text, summary: "text or table")
    static let words = ParameterKey.rest("words", summary: "the rest")

    static var configuration: CommandConfiguration {
      CommandConfiguration(
        id: "demo.save", verb: "save", title: "Save", icon: "square.and.arrow.down", shortcut: "⌘S",
        category: "Demo", summary: "save it", parameters: [path, force, copies, kind, words])
    }

    static func run(_ arguments: Arguments, in context: Log) throws -> CommandOutput {
      context.runs.append(
        (
          arguments[Self.path], arguments[Self.force], arguments[Self.copies], arguments[Self.kind],
          arguments[Self.words].map(\.text)
        ))
      return .none
    }
  }

  private enum Switch: ToggleCommand {
    typealias Context = Log

    nonisolated(unsafe) static var isOn = false
    static var configuration: CommandConfiguration {
      CommandConfiguration(id: "demo.switch", title: "Switch")
    }
    static func availability(in context: Log) -> Availability { .disabled(reason: "not now") }
    static func isOn(in context: Log) -> Bool { isOn }
    static func set(_ isOn: Bool, in context: Log) throws { Self.isOn = isOn }
  }

  @Test("typed keys read a flag, an optional string, an int, a choice and the rest words")
  func typedKeysRead() throws {
    let log = Log()
    let command = Save.makeCommand(in: log)
    let registry = CommandRegistry()
    try registry.register(command)
    _ = try registry.invoke(
      command, words: ["--force", "--as", "x.csv", "3", "table", "a", "b"].map { Word($0) })
    _ = try registry.invoke(command, words: [Word("1")])
    #expect(log.runs.count == 2)
    #expect(log.runs[0].path == "x.csv")
    #expect(log.runs[0].force)
    #expect(log.runs[0].copies == 3)
    #expect(log.runs[0].kind == .table)
    #expect(log.runs[0].words == ["a", "b"])
    #expect(log.runs[1].path == nil)
    #expect(!log.runs[1].force)
    #expect(log.runs[1].copies == 1)
    #expect(log.runs[1].kind == .text)
    #expect(log.runs[1].words.isEmpty)
    #expect(throws: FolioError.self) { try registry.invoke(command, words: [Word("10")]) }
  }

  @Test("a declaration makes the command a hand-written one is: configuration, parameters, usage")
  func sameAsHandWritten() {
    let declared = Save.makeCommand(in: Log())
    let written = Command(
      id: "demo.save", verb: "save", title: "Save", icon: "square.and.arrow.down", shortcut: "⌘S",
      category: "Demo", summary: "save it",
      parameters: [
        Parameter("as", .path, style: .option, summary: "save to this path instead", valueName: "PATH"),
        Parameter("force", .bool, style: .option, summary: "overwrite a changed or existing file"),
        Parameter("copies", .int, summary: "how many", range: 1...9),
        Parameter(
          "kind", .choice(["text", "table"]), defaultValue: .string("text"), summary: "text or table"),
        Parameter("words", style: .rest, isOptional: true, summary: "the rest"),
      ],
      behavior: .action { _ in .none })
    #expect(declared.configuration == written.configuration)
    #expect(declared.usage == "save [--as PATH] [--force] COPIES [text|table] [WORDS…]")
    #expect(declared.usage == written.usage)
    #expect(CommandSummary(declared) == CommandSummary(written))
  }

  @Test("a toggle declaration is a stateful command with the declared availability")
  func toggleDeclaration() throws {
    let command = Switch.makeCommand(in: Log())
    #expect(command.usage == "demo.switch [on|off]")
    #expect(command.currentAvailability == .disabled(reason: "not now"))
    #expect(command.state?.value == .toggle(false))
    #expect(command.title == "Switch")
  }

  /// A picker over the log's last kind.
  private enum Pick: ChoiceCommand {
    typealias Context = Log

    nonisolated(unsafe) static var chosen = "text"
    static var configuration: CommandConfiguration {
      CommandConfiguration(id: "demo.pick", title: "Pick")
    }
    static var options: [ChoiceOption] { DocumentKind.allCases.map { ChoiceOption($0.rawValue) } }
    static func selection(in context: Log) -> String { chosen }
    static func select(_ value: String, in context: Log) throws { chosen = value }
  }

  /// A command with an optional whole-number option.
  private enum Place: ActionCommand {
    typealias Context = Log

    static let position = ParameterKey.integerOption("at", range: 1...5, summary: "where", valueName: "N")

    static var configuration: CommandConfiguration {
      CommandConfiguration(id: "demo.place", verb: "place", title: "Place", parameters: [position])
    }

    static func run(_ arguments: Arguments, in context: Log) throws -> CommandOutput {
      .text(arguments[Self.position].map(String.init) ?? "-")
    }
  }

  @Test("a choice declaration is a picker: its options in usage, its selection read and set")
  func choiceDeclaration() throws {
    let command = Pick.makeCommand(in: Log())
    #expect(command.usage == "demo.pick text|table")
    #expect(command.state?.value == .choice("text"))
    try command.state?.apply("table", commandName: command.name)
    #expect(command.state?.value == .choice("table"))
    #expect(throws: FolioError.self) { try command.state?.apply("image", commandName: command.name) }
  }

  @Test("an integer option reads nil when not given and refuses numbers out of range")
  func integerOption() throws {
    let command = Place.makeCommand(in: Log())
    #expect(command.usage == "place [--at N]")
    let registry = CommandRegistry()
    try registry.register(command)
    #expect(Self.text(try registry.invoke(command, words: ["--at", "3"].map { Word($0) })) == "3")
    #expect(Self.text(try registry.invoke(command, words: [])) == "-")
    #expect(throws: FolioError.self) { try registry.invoke(command, words: ["--at", "6"].map { Word($0) }) }
  }

  @Test("rest words a command cannot run without are not bracketed in usage")
  func requiredRest() {
    #expect(ParameterKey.rest("item", isOptional: false).parameter.usage == "ITEM…")
    #expect(ParameterKey.rest("item").parameter.usage == "[ITEM…]")
  }

  @Test("rest text reads the remaining words joined by single spaces, empty when none")
  func restText() throws {
    let key = ParameterKey.restText("text")
    let command = Command(
      id: "demo.say", title: "Say", parameters: [key.parameter], behavior: .action { _ in .none })
    #expect(try command.bind(["a", "b  c", "d"].map { Word($0) })[key] == "a b  c d")
    #expect(try command.bind([])[key] == "")
    #expect(key.parameter.usage == "[TEXT…]")
  }

  private static func text(_ output: CommandOutput) -> String? {
    if case .text(let text) = output { return text }
    return nil
  }
}
