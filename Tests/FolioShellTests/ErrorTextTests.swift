import FolioCore
import FolioPresentation
import Testing

@testable import FolioShell

@Suite struct ErrorTextTests {
  /// A registry with `save`, `open`, `new`, `edit-mode` (a toggle) and `toolbar move` (a
  /// subcommand reached through the `toolbar` verb).
  static func registry() throws -> CommandRegistry {
    let registry = CommandRegistry()
    let none = Command.Behavior.action { _ in .none }
    try registry.register(
      Command(
        id: "document.save", verb: "save", title: "Save",
        parameters: [
          Parameter("as", .path, style: .option, valueName: "PATH"),
          Parameter("force", .bool, style: .option),
        ], behavior: none))
    try registry.register(
      Command(
        id: "document.open", verb: "open", title: "Open",
        parameters: [Parameter("path", .path, valueName: "PATH")],
        behavior: none))
    try registry.register(Command(id: "document.new", verb: "new", title: "New", behavior: none))
    try registry.register(
      Command(
        id: "selection.edit-mode", verb: "edit-mode", title: "Edit Mode",
        behavior: .state(.toggle(get: { false }, set: { _ in }))))
    try registry.register(
      Command(
        id: "toolbar.show", verb: "toolbar", title: "Toolbar",
        parameters: [Parameter("words", style: .rest, isOptional: true)], behavior: none))
    try registry.register(
      Command(
        id: "toolbar.move", title: "Move",
        parameters: [Parameter("id"), Parameter("position", .int, valueName: "N")],
        behavior: none))
    return registry
  }

  @Test("a remedy is phrased as the command line that runs it")
  func remedyLine() throws {
    let text = ErrorText(registry: try Self.registry())
    #expect(
      text.line(.run("document.save", ["as": .string("out.csv"), "force": .bool(true)]))
        == "save --as out.csv --force")
    #expect(text.line(.run("document.save", ["as": .string("my file.csv")])) == #"save --as "my file.csv""#)
    #expect(text.line(.run("document.save", ["force": .bool(false)])) == "save")
    #expect(text.line(.run("document.open", blanks: ["path"])) == "open PATH")
    #expect(text.line(.run("document.save", blanks: ["as"])) == "save --as PATH")
    #expect(text.line(.run("selection.edit-mode", ["value": .bool(true)])) == "edit-mode on")
    #expect(
      text.line(.run("toolbar.move", ["id": .string("image")], blanks: ["position"]))
        == "toolbar move image N")
    #expect(
      text.line(.run("toolbar.move", ["id": .string("image"), "position": .int(3)])) == "toolbar move image 3"
    )
    #expect(text.line(.run("plugin.unknown", ["name": .string("x")])) == "plugin.unknown name=x")
  }

  @Test("an error reads message, causes, then remedies, sharing an effect across 'or'")
  func errorText() throws {
    let text = ErrorText(registry: try Self.registry())
    let changed = FolioError(
      .conflict, "notes.txt changed on disk since it was read",
      remedies: [
        .run("document.save", ["force": .bool(true)], effect: "overwrites it"),
        .run("document.revert", effect: "loads the new version"),
      ])
    // `document.revert` is not registered: its id stands in for the verb.
    #expect(
      text.text(changed)
        == "notes.txt changed on disk since it was read; 'save --force' overwrites it, "
        + "'document.revert' loads the new version")
    let none = FolioError(
      .disabled, "no document is open",
      remedies: [.run("document.open", blanks: ["path"]), .run("document.new", effect: "makes one")])
    #expect(text.text(none) == "no document is open; 'open PATH' or 'new' makes one")
    let inner = FolioError(.format, "line 3: a quote is left open")
    let outer = FolioError.wrapping(
      FolioError.wrapping(inner, in: "places.csv", values: ["path": "/tmp/places.csv"]), in: "cannot recover")
    #expect(text.text(outer) == "cannot recover: places.csv: line 3: a quote is left open")
    #expect(outer.description == "cannot recover: places.csv: line 3: a quote is left open")
    #expect(outer.code == .format)
    let wrappedRemedy = FolioError.wrapping(changed, in: "the journal")
    #expect(
      text.text(wrappedRemedy).hasPrefix(
        "the journal: notes.txt changed on disk since it was read; 'save --force'"))
  }

  @Test("a JSON error carries its values, remedies with their command lines, and its cause")
  func json() throws {
    let text = ErrorText(registry: try Self.registry())
    let error = FolioError(
      .conflict, "'out.csv' already exists", values: ["path": "/tmp/out.csv"],
      remedies: [
        .run("document.save", ["as": .string("out.csv"), "force": .bool(true)], effect: "replaces it")
      ],
      cause: FolioError(.io, "inner"))
    #expect(
      text.json(error).serialized
        == #"{"code":"conflict","message":"'out.csv' already exists","values":{"path":"/tmp/out.csv"},"#
        + #""remedies":[{"command":"document.save","arguments":{"as":"out.csv","force":true},"#
        + #""line":"save --as out.csv --force","effect":"replaces it"}],"#
        + #""cause":{"code":"io","message":"inner"}}"#)
    #expect(text.json(FolioError(.io, "plain")).serialized == #"{"code":"io","message":"plain"}"#)
    let blank = FolioError(.invalidArgument, "no file", remedies: [.run("document.save", blanks: ["as"])])
    #expect(
      text.json(blank).serialized
        == #"{"code":"invalid-argument","message":"no file","remedies":[{"command":"document.save","#
        + #""arguments":{},"line":"save --as PATH","blanks":["as"]}]}"#)
  }

  @Test("an error Folio did not expect becomes an internal one describing it")
  func internalErrors() {
    struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
    #expect(FolioError.from(Odd()) == FolioError(.internal, "odd"))
    #expect(throws: FolioError(.internal, "odd")) { try FolioError.converting { throw Odd() } }
    #expect(FolioError.Code.internal.description == "internal")
  }
}
