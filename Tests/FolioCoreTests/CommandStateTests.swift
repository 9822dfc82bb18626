import Testing

@testable import FolioCore

@Suite struct CommandStateTests {
  private final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  private static func registry(with state: CommandState) throws -> (CommandRegistry, Command) {
    let registry = CommandRegistry()
    let command = Command(id: "demo.state", title: "Demo", behavior: .state(state))
    try registry.register(command)
    return (registry, command)
  }

  @Test("a toggle flips without an argument and takes on/off")
  func toggle() throws {
    let box = Box(false)
    let (registry, command) = try Self.registry(with: .toggle(get: { box.value }, set: { box.value = $0 }))
    _ = try registry.invoke(command, words: [])
    #expect(box.value)
    _ = try registry.invoke(command, words: [])
    #expect(!box.value)
    _ = try registry.invoke(command, words: [Word("on")])
    #expect(box.value)
    #expect(throws: FolioError.invalidArgument("'demo.state' is a toggle: expects on or off, got 'maybe'")) {
      try registry.invoke(command, words: [Word("maybe")])
    }
    #expect(box.value)
  }

  @Test("a choice takes one of its options by value or label, and nothing else")
  func choice() throws {
    let box = Box("vanilla")
    let options = [ChoiceOption("vanilla", label: "Vanilla"), ChoiceOption("chocolate", label: "Chocolate")]
    let (registry, command) = try Self.registry(
      with: .choice(options: options, get: { box.value }, set: { box.value = $0 }))
    guard case .stateChanged(let summary) = try registry.invoke(command, words: [Word("Chocolate")]) else {
      Issue.record("expected a state change")
      return
    }
    #expect(summary.state == .choice("chocolate"))
    #expect(box.value == "chocolate")
    #expect(
      throws: FolioError.invalidArgument("'demo.state' expects one of vanilla, chocolate, got 'mint'")
    ) { try registry.invoke(command, words: [Word("mint")]) }
    #expect(box.value == "chocolate")
  }

  @Test(
    "a number steps with + and - and clamps at its bounds; values are held to the step; out of range refused")
  func number() throws {
    let box = Box(9.0)
    let (registry, command) = try Self.registry(
      with: .number(range: 0...10, step: 2, get: { box.value }, set: { box.value = $0 }))
    _ = try registry.invoke(command, words: [Word("+")])
    #expect(box.value == 10)
    _ = try registry.invoke(command, words: [Word("-")])
    #expect(box.value == 8)
    // Values are held to the step.
    _ = try registry.invoke(command, words: [Word("3")])
    #expect(box.value == 4)
    _ = try registry.invoke(command, words: [Word("-")])
    #expect(box.value == 2)
    _ = try registry.invoke(command, words: [Word("-")])
    _ = try registry.invoke(command, words: [Word("-")])
    #expect(box.value == 0)
    #expect(throws: FolioError.invalidArgument("'demo.state' expects a value from 0 to 10, got '11'")) {
      try registry.invoke(command, words: [Word("11")])
    }
    #expect(
      throws: FolioError.invalidArgument("too many arguments for 'demo.state' (usage: demo.state VALUE|+|-)")
    ) {
      try registry.invoke(command, words: [Word("1"), Word("2")])
    }
    #expect(box.value == 0)
  }
}
