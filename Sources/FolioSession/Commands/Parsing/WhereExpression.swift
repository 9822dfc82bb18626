import FolioCore

/// A `where` expression (`select where`, `count where`, `delete where`) read into a typed
/// `RowPredicate` for one table, once, before any row is read.
///
/// The language: `COLUMN = VALUE`, `!=`, `<`, `<=`, `>`, `>=`, `COLUMN ~ REGEX` (POSIX
/// extended, case exact; `~*` either case), `COLUMN contains TEXT` (either case, as `find`),
/// `COLUMN empty`, `not`, `and`, `or` and parentheses; `and` binds tighter than `or`. Names
/// and values holding spaces or symbols are quoted (`"home town" = 'New York'`); a quoted
/// word is never a keyword or a symbol. The shell gives the words after `where` (each
/// word's quoted part literal); the typed form (`--where`, `commands.run`, `folio.run`) gives
/// one string, quotes and all.
struct WhereExpression {
  /// One token, numbered from 1 for errors.
  struct Token: Equatable {
    enum Kind: Equatable {
      /// A name, a value or a keyword; `isLiteral` when any of it was quoted.
      case word(isLiteral: Bool)
      /// `(`, `)`, `=`, `!=`, `<`, `<=`, `>`, `>=`, `~` or `~*`.
      case symbol
    }

    var text: String
    var kind: Kind
    var number: Int

    /// Whether this is the keyword `name`, unquoted, in any case.
    func isKeyword(_ name: String) -> Bool { kind == .word(isLiteral: false) && text.lowercased() == name }
  }

  /// The typed test.
  let predicate: RowPredicate
  /// The expression written back in the typed form, one string that reads as the same
  /// test: what a dialog's answer and a recording carry.
  let text: String

  /// The symbols, longest first where one begins another.
  private static let symbols = ["!=", "<=", ">=", "~*", "(", ")", "=", "<", ">", "~"]
  private static let keywords: Set<String> = ["and", "or", "not", "contains", "empty"]

  /// Reads the words the shell gave after `where`.
  ///
  /// - Throws: `FolioError.invalidArgument` for an expression that does not read, naming the
  ///   token (`values`: `token`, `position`), or a column the table lacks, listing its columns.
  init(words: [Word], in table: TableModel) throws(FolioError) {
    var tokenizer = Tokenizer()
    for word in words {
      let bytes = Array(word.text.utf8)
      let plainCount = min(word.quotedFrom ?? bytes.count, bytes.count)
      try tokenizer.read(String(decoding: bytes[..<plainCount], as: UTF8.self))
      if plainCount < bytes.count {
        tokenizer.appendLiteral(String(decoding: bytes[plainCount...], as: UTF8.self))
      }
      tokenizer.endWord()
    }
    try self.init(tokens: tokenizer.tokens, in: table)
  }

  /// Reads the typed form: one string, quotes and all.
  ///
  /// - Throws: as `init(words:in:)` does; a quote left open is an error too.
  init(text: String, in table: TableModel) throws(FolioError) {
    var tokenizer = Tokenizer()
    try tokenizer.read(text)
    tokenizer.endWord()
    try self.init(tokens: tokenizer.tokens, in: table)
  }

  private init(tokens: [Token], in table: TableModel) throws(FolioError) {
    guard !tokens.isEmpty else {
      throw FolioError(
        .invalidArgument, "the where expression is empty; it reads as COLUMN = VALUE, with and, or, not",
        values: ["position": "1"])
    }
    var parser = Parser(tokens: tokens, table: table)
    predicate = try parser.expression()
    if parser.index < tokens.count {
      throw Self.error(tokens[parser.index], "expected 'and', 'or' or the end of the expression")
    }
    var written = ""
    for (index, token) in tokens.enumerated() {
      let isClose = token.kind == .symbol && token.text == ")"
      let follows = index > 0 && !(tokens[index - 1].kind == .symbol && tokens[index - 1].text == "(")
      if follows && !isClose { written += " " }
      written += Self.written(token)
    }
    text = written
  }

  /// A token as the typed form writes it: symbols and plain words as they are, anything a
  /// keyword, a symbol or a space could break in double quotes.
  private static func written(_ token: Token) -> String {
    guard case .word(let isLiteral) = token.kind else { return token.text }
    let needsQuotes =
      token.text.isEmpty || (isLiteral && keywords.contains(token.text.lowercased()))
      || token.text.unicodeScalars.contains { " \t\n\r\"'\\()=<>!~".unicodeScalars.contains($0) }
    guard needsQuotes else { return token.text }
    var quoted = "\""
    for scalar in token.text.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { quoted += "\\" }
      quoted.unicodeScalars.append(scalar)
    }
    return quoted + "\""
  }

  /// The error for `token`: what was expected, and where.
  static func error(_ token: Token?, _ expected: String, count: Int = 0) -> FolioError {
    guard let token else {
      return FolioError(
        .invalidArgument, "\(expected), at the end of the where expression",
        values: ["position": String(count + 1)])
    }
    return FolioError(
      .invalidArgument, "\(expected), not '\(token.text)' (token \(token.number) of the where expression)",
      values: ["token": token.text, "position": String(token.number)])
  }

  /// Splits text into tokens: spaces part words, symbols stand alone, `'…'` and `"…"` are
  /// literal (a backslash escapes the next character inside them).
  private struct Tokenizer {
    var tokens: [Token] = []
    private var current = ""
    private var isLiteral = false
    private var isOpen = false

    mutating func read(_ text: String) throws(FolioError) {
      var scalars = Array(text.unicodeScalars)[...]
      while let scalar = scalars.first {
        if scalar == "'" || scalar == "\"" {
          scalars = scalars.dropFirst()
          var literal = ""
          var closed = false
          while let next = scalars.first {
            scalars = scalars.dropFirst()
            if next == scalar {
              closed = true
              break
            }
            if next == "\\", let escaped = scalars.first {
              scalars = scalars.dropFirst()
              literal.unicodeScalars.append(escaped)
            } else {
              literal.unicodeScalars.append(next)
            }
          }
          guard closed else {
            throw FolioError(
              .invalidArgument,
              "a quote (\(scalar)) is left open in the where expression (token \(tokens.count + 1))",
              values: ["token": String(scalar) + literal, "position": String(tokens.count + 1)])
          }
          appendLiteral(literal)
          continue
        }
        if scalar.properties.isWhitespace {
          endWord()
          scalars = scalars.dropFirst()
          continue
        }
        let rest = String(String.UnicodeScalarView(scalars.prefix(2)))
        if let symbol = WhereExpression.symbols.first(where: { rest.hasPrefix($0) }) {
          endWord()
          tokens.append(Token(text: symbol, kind: .symbol, number: tokens.count + 1))
          scalars = scalars.dropFirst(symbol.unicodeScalars.count)
          continue
        }
        current.unicodeScalars.append(scalar)
        isOpen = true
        scalars = scalars.dropFirst()
      }
    }

    mutating func appendLiteral(_ text: String) {
      current += text
      isLiteral = true
      isOpen = true
    }

    mutating func endWord() {
      guard isOpen else { return }
      tokens.append(Token(text: current, kind: .word(isLiteral: isLiteral), number: tokens.count + 1))
      current = ""
      isLiteral = false
      isOpen = false
    }
  }

  /// A recursive-descent reading: `or` of `and`s of `not`s of tests or parenthesised
  /// expressions.
  private struct Parser {
    let tokens: [Token]
    let table: TableModel
    var index = 0
    /// How deep parentheses and `not`s nest; bounded so a hostile expression cannot
    /// exhaust the stack.
    var depth = 0
    static let depthLimit = 64

    init(tokens: [Token], table: TableModel) {
      self.tokens = tokens
      self.table = table
    }

    var next: Token? { index < tokens.count ? tokens[index] : nil }

    mutating func expression() throws(FolioError) -> RowPredicate {
      var result = try conjunction()
      while let token = next, token.isKeyword("or") {
        index += 1
        result = .or(result, try conjunction())
      }
      return result
    }

    mutating func conjunction() throws(FolioError) -> RowPredicate {
      var result = try negation()
      while let token = next, token.isKeyword("and") {
        index += 1
        result = .and(result, try negation())
      }
      return result
    }

    mutating func negation() throws(FolioError) -> RowPredicate {
      depth += 1
      defer { depth -= 1 }
      guard depth <= Self.depthLimit else {
        throw WhereExpression.error(next, "the where expression nests more than \(Self.depthLimit) deep")
      }
      if let token = next, token.isKeyword("not") {
        index += 1
        return .not(try negation())
      }
      if let token = next, token.kind == .symbol, token.text == "(" {
        index += 1
        let inner = try expression()
        guard let close = next, close.kind == .symbol, close.text == ")" else {
          throw WhereExpression.error(
            next, "expected ')' to close the '(' of token \(token.number)", count: index)
        }
        index += 1
        return inner
      }
      return try test()
    }

    mutating func test() throws(FolioError) -> RowPredicate {
      guard let name = next, case .word(let isLiteral) = name.kind,
        isLiteral || !WhereExpression.keywords.contains(name.text.lowercased())
      else {
        throw WhereExpression.error(next, "expected a column name", count: index)
      }
      guard let column = table.columnIndex(name.text) else {
        throw FolioError(
          .invalidArgument,
          "no column '\(name.text)' (token \(name.number) of the where expression); columns: "
            + table.columns.joined(separator: ", "),
          values: ["column": name.text, "token": name.text, "position": String(name.number)])
      }
      index += 1
      guard let operation = next else {
        throw WhereExpression.error(
          nil, "expected =, !=, <, <=, >, >=, ~, contains or empty after '\(name.text)'", count: index)
      }
      if operation.isKeyword("empty") {
        index += 1
        return .isEmpty(column: column)
      }
      let isContains = operation.isKeyword("contains")
      guard isContains || operation.kind == .symbol, operation.text != "(", operation.text != ")" else {
        throw WhereExpression.error(
          operation, "expected =, !=, <, <=, >, >=, ~, contains or empty after '\(name.text)'")
      }
      index += 1
      guard let value = next, case .word = value.kind else {
        throw WhereExpression.error(next, "expected a value after '\(operation.text)'", count: index)
      }
      index += 1
      if isContains {
        return .matches(column: column, try pattern(value, kind: .plain, isCaseSensitive: false))
      }
      switch operation.text {
      case "~": return .matches(column: column, try pattern(value, kind: .regex, isCaseSensitive: true))
      case "~*": return .matches(column: column, try pattern(value, kind: .regex, isCaseSensitive: false))
      default:
        guard let comparison = RowComparison(rawValue: operation.text) else {
          throw WhereExpression.error(operation, "expected =, !=, <, <=, >, >=, ~, contains or empty")
        }
        return .compare(column: column, comparison, PredicateValue(value.text))
      }
    }

    /// The pattern of `~` or `contains`, its error pointing at its token.
    private func pattern(_ token: Token, kind: TextPattern.Kind, isCaseSensitive: Bool) throws(FolioError)
      -> TextPattern
    {
      do {
        return try TextPattern(token.text, kind: kind, isCaseSensitive: isCaseSensitive)
      } catch {
        var wrapped = error
        wrapped.message += " (token \(token.number) of the where expression)"
        wrapped.values["token"] = token.text
        wrapped.values["position"] = String(token.number)
        throw wrapped
      }
    }
  }
}

extension WhereExpression {
  /// The expression a command was given, in the shell's form (`ROWS` is `where` and the words
  /// follow) or the typed one (`--where EXPR`); nil when neither.
  ///
  /// - Parameters:
  ///   - rowsWord: the command's first positional word, when it has one: `where` (any case)
  ///     starts the shell's form.
  ///   - words: the words after it.
  ///   - typed: the `--where` option's string.
  ///   - command: the command's name, for errors.
  /// - Throws: `FolioError.invalidArgument` when both forms are given, words follow without
  ///   `where`, or the expression does not read.
  static func given(
    rowsWord: String?, words: [Word], typed: String?, command: String, in table: TableModel
  ) throws(FolioError) -> WhereExpression? {
    let isShellForm = rowsWord?.lowercased() == "where"
    if isShellForm, typed != nil {
      throw FolioError.invalidArgument("'\(command)' takes 'where EXPR' or '--where EXPR', not both")
    }
    if let typed { return try WhereExpression(text: typed, in: table) }
    guard isShellForm else {
      guard words.isEmpty else {
        throw FolioError.invalidArgument(
          "too many arguments for '\(command)': '\(words[0].text)' (to test cells, start with 'where')")
      }
      return nil
    }
    guard !words.isEmpty else {
      throw FolioError(
        .invalidArgument, "'where' needs an expression such as: city = Paris and noise < 3",
        values: ["position": "1"])
    }
    return try WhereExpression(words: words, in: table)
  }

  /// The plain `--NAME` words among the words of an expression, taken out: the binder hands
  /// a rest parameter every word after its first, options included (`select where a = 1
  /// --add`). A `--NAME` that is not one of `names` is an unknown option.
  static func splitOptions(_ words: [Word], names: Set<String>, configuration: CommandConfiguration)
    throws(FolioError) -> (words: [Word], options: Set<String>)
  {
    var kept: [Word] = []
    var options = Set<String>()
    for word in words {
      guard word.text.hasPrefix("--"), word.isPlain(through: 2) else {
        kept.append(word)
        continue
      }
      let name = String(word.text.dropFirst(2))
      guard names.contains(name) else { throw configuration.unknownOption(word.text) }
      options.insert(name)
    }
    return (kept, options)
  }
}
