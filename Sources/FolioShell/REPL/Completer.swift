import FolioCore
import FolioPresentation
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// Offers completions for the word under the cursor: command names and ids at the start of
/// a command, then option names, choices, states, file paths where a path is expected, and
/// names from the session — columns, menus, menu items and dialog buttons, window titles.
/// A pure function of the registry, the session's names, the line and the file system.
struct Completer {
  let registry: CommandRegistry
  let home: String?
  /// The session's names as they are now, asked at each Tab.
  var names = SessionNames()

  /// The names of things in the session that commands take.
  struct SessionNames {
    /// The active table's columns.
    var columns: () -> [String] = { [] }
    /// The menus `menu` and `explain` open.
    var menus: () -> [String] = { [] }
    /// What `choose` answers: the open menu's item titles, or the dialog's buttons.
    var choices: () -> [String] = { [] }
    /// The open windows' titles, for `focus`.
    var windows: () -> [String] = { [] }
    /// The active toolbar's item ids, for `explain toolbar`.
    var toolbarItems: () -> [String] = { [] }
  }

  /// The completions of a typed word (the one the cursor ends), each the whole word as it is
  /// to stand on the line.
  ///
  /// The word is read as the lexer reads it (`TypedWord`): a blank inside quotes or after a
  /// backslash is part of it, so `open my\ fi` and `open "my fi` both complete the name
  /// `my fi…`. Each completion keeps the text typed so far as it was typed and writes the
  /// rest in the same quoting: escaped with backslashes outside quotes (`my\ file.csv`),
  /// plain inside double quotes, closing the quote when it is the only completion and not a
  /// folder (`"my file.csv"`). Control characters and bidirectional controls are written as
  /// escapes in double quotes (`writtenShowingControls`), so a listing reaches the terminal
  /// as the names read.
  func completions(of word: TypedWord) -> [String] {
    var results: [String] = []
    var seen = Set<String>()
    let values = candidates(for: word.value, after: word.lineBefore).filter { $0.hasPrefix(word.value) }
    for value in values {
      // A name holding a control character is written with it escaped (`"a\u{1B}b.csv"`),
      // never as the character itself: libedit lists the completions as they are.
      var text = word.typed + word.quoting.writtenShowingControls(String(value.dropFirst(word.value.count)))
      if values.count == 1, !value.hasSuffix("/") { text += word.quoting.closing }
      if seen.insert(text).inserted { results.append(text) }
    }
    return results
  }

  /// The values (unquoted) that complete `word`, given the text of the line before it.
  func candidates(for word: String, after prefix: String) -> [String] {
    guard case .complete(let commands)? = try? Lexer.lex(prefix) else { return [] }
    let startsCommand =
      commands.isEmpty || prefix.trimmingTrailingBlanks.hasSuffix(";")
    guard !startsCommand, let current = commands.last else {
      // Names and aliases first: dotted ids once the word has a dot, or when no name fits.
      let plain = matching(word, registry.names.filter { !$0.contains(".") })
      return word.contains(".") || plain.isEmpty ? matching(word, registry.names) : plain
    }
    return candidates(for: word, command: current.words[0].text, arguments: Array(current.words.dropFirst()))
  }

  private func candidates(for word: String, command name: String, arguments: [Word]) -> [String] {
    guard let command = registry.resolve(name) else { return paths(matching: word) }
    switch command.id {
    case ShellBuiltins.Help.configuration.id: return arguments.isEmpty ? matching(word, registry.names) : []
    case ShellBuiltins.Run.configuration.id:
      guard let target = arguments.first?.text else { return matching(word, registry.commands.map(\.id)) }
      return candidates(for: word, command: target, arguments: Array(arguments.dropFirst()))
    case OptionCommands.Option.configuration.id where arguments.count == 1:
      return registry.command(id: OptionCommands.prefix + arguments[0].text)?.state.map {
        matching(word, $0.completions)
      }
        ?? []
    case "document.recent":
      // `recent N` takes a number; `open` and `clear` are its subcommands.
      return arguments.isEmpty ? matching(word, ["clear", "open"]) : []
    case "view.sort" where !word.hasPrefix("-"):
      // Keys are columns, each with an optional `:asc` or `:desc` after the column's name.
      let columns = names.columns()
      guard let colon = word.lastIndex(of: ":"), case let column = String(word[..<colon]),
        columns.contains(column)
      else { return matching(word, columns) }
      return matching(word, [column + ":asc", column + ":desc"])
    case "view.show" where word.hasPrefix("columns="):
      // `columns=a,b`: the part after the last comma.
      let typed = word.dropFirst("columns=".count)
      let head = typed.lastIndex(of: ",").map { "columns=" + typed[...$0] } ?? "columns="
      let last = typed.lastIndex(of: ",").map { String(typed[typed.index(after: $0)...]) } ?? String(typed)
      return matching(last, names.columns()).map { head + $0 }
    case "edit.cell" where arguments.count == 1: return matching(word, names.columns())
    case "menu.show":
      if arguments.isEmpty { return matching(word, ["open", "close"] + names.menus()) }
      return arguments.count == 1 && arguments[0].text == "open" ? matching(word, names.menus()) : []
    case "menu.explain":
      if arguments.isEmpty { return matching(word, names.menus() + ["context-menu", "toolbar"]) }
      return arguments.count == 1 && arguments[0].text == "toolbar"
        ? matching(word, names.toolbarItems()) : []
    case SessionCommandID.choose: return arguments.isEmpty ? matching(word, names.choices()) : []
    case "document.focus": return arguments.isEmpty ? matching(word, names.windows()) : []
    default: break
    }
    if let state = command.state {
      return arguments.isEmpty ? matching(word, state.completions) : []
    }
    if word.hasPrefix("-") {
      let options = command.parameters.filter { $0.style == .option }.map { "--" + $0.name }
      return matching(word, options)
    }
    let positionals = command.parameters.filter { $0.style != .option }
    let given = arguments.filter { !$0.text.hasPrefix("--") && Command.namedArgument($0) == nil }.count
    guard given < positionals.count else { return [] }
    switch positionals[given].kind {
    case .path: return paths(matching: word)
    case .choice(let options): return matching(word, options)
    case .bool: return matching(word, ["on", "off"])
    case .string where positionals[given].name == "command": return matching(word, registry.names)
    default: return []
    }
  }

  private func matching(_ word: String, _ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { $0.hasPrefix(word) && seen.insert($0).inserted }.sorted()
  }

  /// Files and folders whose path starts with `word`; folders end in `/`. Hidden entries are
  /// offered only when the typed name starts with a dot.
  func paths(matching word: String) -> [String] {
    let expanded = Paths.expandingTilde(word, home: home)
    let slash = expanded.lastIndex(of: "/")
    let directory = slash.map { String(expanded[...$0]) } ?? ""
    let namePrefix = slash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded
    let typedDirectory = word.lastIndex(of: "/").map { String(word[...$0]) } ?? ""
    var results: [String] = []
    for name in DocumentFile.entryNames(inFolder: directory.isEmpty ? "." : directory) ?? [] {
      guard name.hasPrefix(namePrefix) else { continue }
      guard !name.hasPrefix(".") || namePrefix.hasPrefix(".") else { continue }
      var info = stat()
      let isDirectory = stat(directory + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
      results.append(typedDirectory + name + (isDirectory ? "/" : ""))
    }
    return results.sorted()
  }
}

extension CommandState {
  /// The words that set this state, for completion.
  var completions: [String] {
    if case .number = self { ["+", "-"] } else { allowedValues }
  }
}

extension String {
  /// The text without blanks (spaces and tabs) at either end.
  var trimmingBlanks: String {
    String(trimmingTrailingBlanks.drop { $0 == " " || $0 == "\t" })
  }

  /// The text without blanks at its end.
  var trimmingTrailingBlanks: Substring {
    var text = self[...]
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return text
  }
}
