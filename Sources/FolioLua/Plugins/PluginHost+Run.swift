import CLuaHost
import FolioCore

/// `folio.run(id, args)`: runs any command by id with typed arguments, through the registry.
///
/// The registry checks the command's availability and binds `args` to its declared
/// parameters, as for an embedder's `commands.run`. A command that would ask first (a dialog:
/// `delete` in the REPL, `close` with unsaved changes, a destructive plugin command from a
/// menu) is refused with an error, since a plugin cannot answer for the user: it asks with
/// `ctx:confirm` and then passes the command's own answer (`yes = true`, `force = true`).
/// Inside a callback the command's edits join the callback's transaction, so they are one
/// undo step with the callback's own and are taken back when it fails. The instructions the
/// command's Lua runs are charged to the calling callback, whose wall-clock deadline keeps
/// running meanwhile, and runs nest at most `runDepthLimit` deep, so a command that runs
/// itself ends within the budgets.
extension PluginHost {
  /// How many `folio.run` calls may run one inside another.
  static let runDepthLimit = 8

  /// Makes `folio.run` for a plugin's state.
  func makeRunFunction(in lua: LuaState, for plugin: Plugin) -> LuaFunctionReference {
    lua.makeFunction { [unowned self] arguments throws(LuaError) in
      try runCommand(arguments)
    }
  }

  private func runCommand(_ arguments: LuaArguments) throws(LuaError) -> [LuaData] {
    let given = arguments[0, depth: 0]
    guard let id = given.string, !id.isEmpty else {
      throw LuaError(message: "folio.run: 'id' must be a command id (a string), got \(given.typeName)")
    }
    let rest = Set(
      surface.registry.command(id: id)?.configuration.parameters.filter { $0.style == .rest }.map(\.name)
        ?? [])
    let values = try Self.runArguments(arguments[1, depth: 2], id: id, rest: rest)
    guard pending == nil else {
      throw LuaError(message: "folio.run: commands run in callbacks, not while plugin.lua loads")
    }
    guard !isReadingOnly else {
      throw LuaError(message: "folio.run: commands cannot run in enabled, visible and state get functions")
    }
    guard runDepth < Self.runDepthLimit else {
      throw LuaError(
        message: "folio.run: \(id): commands run through folio.run nest at most \(Self.runDepthLimit) "
          + "deep (does a command run itself?)")
    }
    if id == "plugin.manage", case .string(let action) = values["action"],
      ["load", "unload", "reload", "watch"].contains(action)
    {
      throw LuaError(message: "folio.run: \(id): plugins cannot \(action) plugins")
    }
    if transaction != nil {
      // The command's edits become part of the callback's undo step, whichever document.
      for document in surface.workspace.documents where !document.isGrouping {
        document.beginGroup()
        transaction?.append(document)
      }
    }
    runDepth += 1
    let counted = folio_lua_instructions_counted()
    defer {
      runDepth -= 1
      folio_lua_spend_instructions(arguments.state, folio_lua_instructions_counted() - counted)
    }
    let output: CommandOutput
    do {
      output = try surface.registry.invoke(CommandInvocation(id, values))
    } catch {
      let failure = FolioError.from(error)
      throw LuaError(
        message: "folio.run: \(id) failed (\(failure.code)): \(failure.message.cutToMessageLimit())")
    }
    switch output {
    case .dialog(let dialog), .menuChoice(.dialog(let dialog)?, _):
      throw LuaError(
        message: "folio.run: \(id) failed (needs-answer): it asks \"\(dialog.title.cutToMessageLimit())\" "
          + "first, and a plugin cannot answer for the user; ask with ctx:confirm, then pass the command's "
          + "own answer (yes = true, force = true)")
    default: break
    }
    if let json = surface.structuredResult(of: output) { return [LuaData(json: json)] }
    if case .value(let json, _) = output { return [LuaData(json: json)] }
    return [.boolean(true)]
  }

  /// The typed arguments of `folio.run(id, args)`: a table of parameter names to strings,
  /// numbers and booleans (nil: none); for a parameter in `rest`, which takes words (`sort`'s
  /// keys), a string is one word and a list of strings is the words. Anything else is an error
  /// naming the argument.
  private static func runArguments(_ given: LuaData, id: String, rest: Set<String>) throws(LuaError)
    -> [String:
    ArgumentValue]
  {
    switch given {
    case .nil: return [:]
    case .table(let table):
      guard table.array.isEmpty else {
        throw LuaError(
          message: "folio.run: \(id): 'args' must be a table of parameter = value, got a list")
      }
      var values: [String: ArgumentValue] = [:]
      for (name, value) in table.fields {
        if rest.contains(name) {
          values[name] = .words(try words(value, name: name, id: id))
          continue
        }
        switch value {
        case .string(let text): values[name] = .string(text)
        case .integer(let number): values[name] = .int(number)
        case .number(let number):
          guard number.isFinite else {
            throw LuaError(message: "folio.run: \(id): 'args.\(name)' must be a finite number, got \(number)")
          }
          values[name] = .number(number)
        case .boolean(let flag): values[name] = .bool(flag)
        default:
          throw LuaError(
            message: "folio.run: \(id): 'args.\(name.cutToMessageLimit())' must be a string, number or "
              + "boolean, got \(value.typeName)")
        }
      }
      return values
    default:
      throw LuaError(
        message: "folio.run: \(id): 'args' must be a table of parameter = value, got \(given.typeName)")
    }
  }

  /// The words of a parameter that takes words: a string (one word) or a list of strings.
  private static func words(_ value: LuaData, name: String, id: String) throws(LuaError) -> [Word] {
    if let text = value.string { return [Word(text)] }
    guard case .table(let list) = value, list.fields.isEmpty else {
      throw LuaError(
        message:
          "folio.run: \(id): 'args.\(name)' must be a string or a list of strings, got \(value.typeName)")
    }
    var words: [Word] = []
    for (position, item) in list.array.enumerated() {
      guard let text = item.string else {
        throw LuaError(
          message: "folio.run: \(id): 'args.\(name)[\(position + 1)]' must be a string, got \(item.typeName)")
      }
      words.append(Word(text))
    }
    return words
  }
}
