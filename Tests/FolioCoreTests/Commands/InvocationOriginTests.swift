import Testing

@testable import FolioCore

/// Where a command was invoked from reaches its action.
@Suite struct InvocationOriginTests {
  @Test("invoke hands the action its origin: typed unless told, menu from a menu session")
  func originReachesTheAction() throws {
    let registry = CommandRegistry()
    var origins: [InvocationOrigin] = []
    try registry.register(
      Command(
        id: "demo.record", title: "Record", parameters: [Parameter("word", isOptional: true)],
        behavior: .action { arguments in
          origins.append(arguments.origin)
          return .none
        }))
    let command = try #require(registry.command(id: "demo.record"))
    _ = try registry.invoke(command, words: [])
    _ = try registry.invoke(command, words: [Word("x")], origin: .menu)
    _ = try registry.invoke(command, words: [], origin: .typed)
    var session = try MenuSession(Menu("Demo") { Button(command: "demo.record") }, registry: registry)
    _ = try session.choose("Record")
    #expect(origins == [.typed, .menu, .typed, .menu])
    #expect(try command.bind([Word("x")]) == Arguments(["word": .string("x")], origin: .typed))
  }
}
