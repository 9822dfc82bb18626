import Testing

@testable import FolioCore

@Suite struct MenuItemArgumentsTests {
  /// A registry with `demo.open`, which records the words it was given, and the words.
  private final class Recorder {
    let registry = CommandRegistry()
    var received: [[String]] = []

    init() throws {
      try registry.register(
        Command(
          id: "demo.open", title: "Open…", icon: "folder", shortcut: "⌘O",
          parameters: [Parameter("words", style: .rest, isOptional: true)],
          behavior: .action { [unowned self] arguments in
            received.append(arguments.words("words").map(\.text))
            return .none
          }))
    }
  }

  private static let menu = Menu("Recent", id: "demo.recent") {
    Button(command: "demo.open")
    Button("notes.txt", subtitle: "/home/zoë", command: "demo.open", arguments: ["/home/zoë/notes.txt"])
    Button("odd", command: "demo.open", arguments: ["--force", "name=value", ""])
  }

  @Test("a button passes its own words first, literally, then the words typed after choose")
  func passesArguments() throws {
    let recorder = try Recorder()
    for (answer, typed, expected) in [
      ("1", [String](), [String]()), ("notes.txt", [], ["/home/zoë/notes.txt"]),
      ("2", ["more"], ["/home/zoë/notes.txt", "more"]), ("odd", [], ["--force", "name=value", ""]),
    ] {
      var session = try MenuSession(Self.menu, registry: recorder.registry)
      let result = try session.choose(answer, arguments: typed.map { Word($0) })
      #expect(!result.isOpen)
      #expect(recorder.received.last == expected, "choose \(answer) \(typed)")
    }
    #expect(recorder.received.count == 4)
  }

  @Test("the resolved node carries the words and not the command's shortcut, which runs without them")
  func resolvedNode() throws {
    let recorder = try Recorder()
    let root = try MenuResolver.resolve(Self.menu, registry: recorder.registry)
    #expect(root.children.map(\.arguments) == [[], ["/home/zoë/notes.txt"], ["--force", "name=value", ""]])
    #expect(root.children.map(\.shortcut) == ["⌘O", nil, nil])
    #expect(root.children.map(\.title) == ["Open…", "notes.txt", "odd"])
    #expect(root.children[1].subtitle == "/home/zoë")
    #expect(recorder.received.isEmpty)
  }
}
