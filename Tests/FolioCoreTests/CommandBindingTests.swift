import Testing

@testable import FolioCore

@Suite struct CommandBindingTests {
  private static func command(_ parameters: [Parameter]) -> Command {
    Command(
      id: "test.save", verb: "save", title: "Save", parameters: parameters, behavior: .action { _ in .none })
  }

  private static var save: Command {
    command([
      Parameter("name", isOptional: true),
      Parameter("as", .path, style: .option),
      Parameter("force", .bool, style: .option),
      Parameter("count", .int, style: .option, defaultValue: .int(1)),
    ])
  }

  private static func words(_ texts: String...) -> [Word] { texts.map { Word($0) } }

  @Test("positional words fill positional parameters and defaults fill the rest")
  func positional() throws {
    let arguments = try Self.save.bind(Self.words("notes"))
    #expect(arguments == Arguments(["name": .string("notes"), "count": .int(1)]))
  }

  @Test("a positional parameter set by name is skipped by the positional words after it")
  func positionalByName() throws {
    let move = Self.command([
      Parameter("from", .int), Parameter("verbose", .bool, style: .option), Parameter("to", .int),
      Parameter("note", isOptional: true),
    ])
    #expect(
      try move.bind(Self.words("from=3", "5")) == Arguments(["from": .int(3), "to": .int(5)]))
    #expect(
      try move.bind(Self.words("to=5", "3", "--verbose", "hi"))
        == Arguments(["from": .int(3), "to": .int(5), "verbose": .bool(true), "note": .string("hi")]))
    #expect(throws: FolioError.self) { try move.bind(Self.words("to=5", "3", "x", "y")) }
    #expect(throws: FolioError.self) { try move.bind(Self.words("3", "from=4")) }
  }

  @Test("options take a value as the next word, after '=', or as name=value")
  func optionForms() throws {
    for form in [["--as", "out.txt"], ["--as=out.txt"], ["as=out.txt"]] {
      let arguments = try Self.save.bind(form.map { Word($0) })
      #expect(arguments.string("as") == "out.txt", "form \(form)")
    }
  }

  @Test("a bool option is a flag, or takes on/off after '='")
  func flags() throws {
    #expect(try Self.save.bind(Self.words("--force")).flag("force"))
    #expect(try !Self.save.bind(Self.words("--force=off")).flag("force"))
    #expect(try Self.save.bind(Self.words("force=yes")).flag("force"))
    #expect(try !Self.save.bind([]).flag("force"))
  }

  @Test("a quoted '--force' or name=value is a literal positional word")
  func quotedWordsStayLiteral() throws {
    #expect(try Self.save.bind([Word("--force", quotedFrom: 0)]).string("name") == "--force")
    #expect(try Self.save.bind([Word("as=x", quotedFrom: 0)]).string("name") == "as=x")
    #expect(try Self.save.bind([Word("as=a b", quotedFrom: 3)]).string("as") == "a b")
  }

  @Test("after '--' every word is positional")
  func endOfOptions() throws {
    #expect(try Self.save.bind(Self.words("--", "--force")).string("name") == "--force")
  }

  @Test("a rest parameter takes the remaining words verbatim")
  func rest() throws {
    let run = Self.command([Parameter("id"), Parameter("arguments", style: .rest, isOptional: true)])
    let arguments = try run.bind(Self.words("demo.flavor", "--force", "k=v", "x"))
    #expect(arguments.string("id") == "demo.flavor")
    #expect(arguments.words("arguments").map(\.text) == ["--force", "k=v", "x"])
  }

  @Test("errors name the parameter and show the usage")
  func errors() {
    let required = Self.command([Parameter("title"), Parameter("count", .int, style: .option)])
    let cases: [([Word], String)] = [
      ([], "missing argument TITLE for 'save' (usage: save TITLE [--count COUNT])"),
      (Self.words("a", "--bogus"), "unknown option '--bogus' for 'save' (options: --count)"),
      (Self.words("a", "--count"), "'--count' needs a value: COUNT"),
      (Self.words("a", "--count", "x"), "'count' expects an integer, got 'x'"),
      (Self.words("a", "--count=1", "count=2"), "'count' is given twice (usage: save TITLE [--count COUNT])"),
      (
        Self.words("nope=1"),
        "'save' has no parameter 'nope' (quote the word to pass it as text; usage: save TITLE [--count COUNT])"
      ),
    ]
    for (words, message) in cases {
      #expect(throws: FolioError.invalidArgument(message), "\(words)") { try required.bind(words) }
    }
  }

  @Test("too many words for a text parameter come with the remedy that passes them as one")
  func tooManyWords() {
    let title = Self.command([Parameter("title"), Parameter("count", .int, style: .option)])
    let message = "too many arguments for 'save' (usage: save TITLE [--count COUNT])"
    var remedied = FolioError.invalidArgument(message)
    let arguments: [String: ArgumentValue] = ["title": .string("Quiet  Places"), "count": .int(2)]
    remedied.remedies = [.run("test.save", arguments, effect: "takes the words as one")]
    #expect(throws: remedied) { try title.bind(Self.words("--count", "2", "Quiet ", "Places")) }
    // An option among the extra words, or a parameter that is not text: no remedy.
    #expect(throws: FolioError.invalidArgument(message)) { try title.bind(Self.words("a", "b", "--count=2")) }
    let number = Self.command([Parameter("count", .int)])
    #expect(throws: FolioError.invalidArgument("too many arguments for 'save' (usage: save COUNT)")) {
      try number.bind(Self.words("1", "2"))
    }
  }

  @Test("every parameter kind converts good words and names itself on bad ones")
  func conversions() throws {
    let cases: [(Parameter.Kind, good: String, value: ArgumentValue, bad: String, message: String)] = [
      (.int, "42", .int(42), "4.2", "'p' expects an integer, got '4.2'"),
      (.number, "4.5", .number(4.5), "inf", "'p' expects a number, got 'inf'"),
      (.bool, "OFF", .bool(false), "maybe", "'p' expects on or off, got 'maybe'"),
      (.path, "a/b", .string("a/b"), "", "'p' expects a path, got ''"),
      (
        .choice(["text", "json"]), "JSON", .string("json"), "xml", "'p' expects one of text, json, got 'xml'"
      ),
    ]
    for (kind, good, value, bad, message) in cases {
      let parameter = Parameter("p", kind)
      #expect(try parameter.convert(good) == value)
      #expect(throws: FolioError.invalidArgument(message)) { try parameter.convert(bad) }
    }
  }

  @Test("a word typed in a parameter's place is named in errors as the usage line shows it")
  func positionalErrorsNameTheUsage() {
    let command = Self.command([
      Parameter("name", .choice(["output", "color"])), Parameter("count", .int, isOptional: true),
    ])
    #expect(command.usage == "save output|color [COUNT]")
    #expect(throws: FolioError.invalidArgument("'bogus' is not one of output, color")) {
      try command.bind(Self.words("bogus"))
    }
    #expect(throws: FolioError.invalidArgument("'COUNT' expects an integer, got 'x'")) {
      try command.bind(Self.words("color", "x"))
    }
    // Named, the parameter's own name is what the word gave.
    #expect(throws: FolioError.invalidArgument("'count' expects an integer, got 'x'")) {
      try command.bind(Self.words("color", "count=x"))
    }
    let named = Self.command([Parameter("name", .choice(["a", "b"]), valueName: "NAME")])
    #expect(throws: FolioError.invalidArgument("'c' is not one of a, b")) {
      try named.bind(Self.words("c"))
    }
  }

  @Test("usage lines show optional parts in brackets and rest parameters with an ellipsis")
  func usage() {
    #expect(Self.save.usage == "save [NAME] [--as AS] [--force] [--count COUNT]")
    let echo = Self.command([Parameter("text", style: .rest, isOptional: true)])
    #expect(echo.usage == "save [TEXT…]")
  }
}
