/// The set of commands that exist now, by id and by verb.
///
/// Everything that can be run — shell built-ins, document commands, plugin commands — is
/// registered here, so help, completion, the palette and menus all see the same list.
///
/// The app's own commands are registered to be made on first use (`registerOnFirstUse`):
/// a start that runs one command makes the group that holds it and no other, and a plugin
/// whose command ids are in namespaces of its own makes none.
public final class CommandRegistry {
  /// Each command by id, held by reference: `registered(id:)` hands it out without copying
  /// the command's many fields.
  private var commandsByID: [String: RegisteredCommand] = [:]
  private var idsByVerb: [String: String] = [:]
  private var order: [String] = []
  /// What `resolve` finds for each typed name (a verb first, else an id): one lookup a
  /// command run.
  private var commandsByName: [String: RegisteredCommand] = [:] {
    didSet { lastNamed = nil }
  }
  /// The name `registered(named:)` found last and its command, forgotten whenever
  /// `commandsByName` changes: a script most often runs one command line after line, found
  /// again then by comparing names rather than hashing one. Its accesses are not checked for
  /// exclusivity at run time: each is a read or a write that calls out to nothing while it
  /// lasts.
  @exclusivity(unchecked) private var lastNamed: (name: String, registered: RegisteredCommand)?
  /// Every command added, at the slot it was given (its `slot`), nil where one was removed:
  /// where `registered(id:cache:)` finds a command again without hashing its id. Compacted
  /// when removals leave more holes than commands. Its accesses are not checked for
  /// exclusivity at run time (about 60 instructions a menu item): each is a read or a write
  /// that calls out to nothing while it lasts.
  @exclusivity(unchecked) private var slots: [RegisteredCommand?] = []
  /// How many of `slots` are nil.
  private var holes = 0
  /// Whether some verb or alias ever registered holds a dot, and so could be spelled like an id.
  private var hasDottedName = false
  /// Every command with the names `search` matches, prepared: made by the first search after
  /// a command was added or removed.
  private var searchIndex: SearchIndex?
  /// The groups of commands registered to be made on first use and not made yet, in the
  /// order they were registered.
  private var unmade: [UnmadeGroup] = []
  /// The namespaces of the groups in `unmade`, looked up for each command registered (10,000
  /// of a plugin's at a start): one hash rather than a comparison with each group's names.
  private var unmadeNamespaces: Set<Substring> = []
  /// Where the command run last by id was found: a front end most often runs the same one
  /// again (a plugin command bound to a key), found then by comparing ids rather than
  /// hashing one.
  private let lastInvoked = CommandLookupCache()

  /// Commands registered to be made on first use.
  private struct UnmadeGroup {
    /// Where in `order` the group's ids go: the number of ids registered before it.
    var position: Int
    /// The namespaces of the commands' ids: what comes before an id's first dot.
    let namespaces: [String]
    /// Makes the commands, in their order.
    let make: () -> [Command]
  }

  /// Creates an empty registry with room for the app's own commands, so registering them at
  /// start-up never grows the tables.
  public init() {
    commandsByID.reserveCapacity(Self.expectedCount)
    idsByVerb.reserveCapacity(Self.expectedCount)
    commandsByName.reserveCapacity(2 * Self.expectedCount)
    order.reserveCapacity(Self.expectedCount)
  }

  /// About how many commands a session registers before plugins add theirs.
  private static let expectedCount = 128

  /// Every command, in registration order.
  public var commands: [Command] {
    makeAll()
    return order.compactMap { commandsByID[$0]?.command }
  }

  /// Adds a command.
  ///
  /// - Throws: `FolioError.duplicateCommand` when the id or verb is taken, naming both
  ///   owners; the registry is unchanged.
  public func register(_ command: Command) throws(FolioError) {
    try register(RegisteredCommand(command))
  }

  /// Adds a command already held by reference (a plugin's, made that way so that queueing it
  /// copies no command); as `register(_:)` otherwise.
  public func register(_ registered: RegisteredCommand) throws(FolioError) {
    // Checked against every name, so the commands not made yet that could have its name are
    // made first.
    if mayShareAName(registered.command.configuration) { makeAll() }
    try add(registered)
  }

  /// Whether a command not made yet could have one of the names of a command so configured:
  /// false only for a command typed by its id alone, an id with a dot whose namespace no
  /// group registered on first use has (their verbs and aliases hold no dot).
  private func mayShareAName(_ configuration: CommandConfiguration) -> Bool {
    guard !unmade.isEmpty else { return false }
    guard configuration.verb == nil, configuration.aliases.isEmpty,
      let namespace = Self.namespace(of: configuration.id)
    else { return true }
    return unmadeNamespaces.contains(namespace)
  }

  /// What comes before the id's first dot; nil when it has none.
  private static func namespace(of id: String) -> Substring? {
    id.utf8.firstIndex(of: UInt8(ascii: ".")).map { id[..<$0] }
  }

  /// Registers the commands `make` returns, made only when first needed: when a name or id
  /// is looked up that no command made so far has, or when every command is listed or
  /// another is registered. They take their place in the registration order here.
  ///
  /// For the app's own commands, whose names are unique by construction: the groups
  /// registered this way are made one at a time, the latest first, until a name is found,
  /// so no two of them may share a name (making the second stops the program).
  ///
  /// `namespaces` are the namespaces of the commands' ids, what comes before an id's first
  /// dot: registering a command typed by its id alone, in a namespace no group has, makes no
  /// group. The commands' ids must all have a dot and one of those namespaces, and their
  /// verbs and aliases no dot (debug builds check this when the group is made).
  public func registerOnFirstUse(namespaces: [String], _ make: @escaping () -> [Command]) {
    unmade.append(UnmadeGroup(position: order.count, namespaces: namespaces, make: make))
    for namespace in namespaces { unmadeNamespaces.insert(Substring(namespace)) }
  }

  /// Makes and adds the group registered on first use at `index` in `unmade`, its ids in its
  /// place in the order.
  private func makeGroup(at index: Int) {
    let group = unmade.remove(at: index)
    // Another group may name the same namespace.
    unmadeNamespaces = []
    for other in unmade {
      for namespace in other.namespaces { unmadeNamespaces.insert(Substring(namespace)) }
    }
    let start = order.count
    for command in group.make() {
      assert(
        Self.namespace(of: command.id).map { group.namespaces.contains(String($0)) } == true
          && !command.configuration.names.contains { $0.utf8.contains(UInt8(ascii: ".")) },
        "\(command.id): a command registered on first use needs an id in its group's namespaces and no dotted name"
      )
      do {
        try add(RegisteredCommand(command))
      } catch {
        preconditionFailure("commands registered on first use must have unique names: \(error)")
      }
    }
    let count = order.count - start
    if group.position < start {
      let ids = order[start...]
      order.removeSubrange(start...)
      order.insert(contentsOf: ids, at: group.position)
    }
    // A group registered later at the same place comes after this one's ids.
    for later in unmade.indices where unmade[later].position >= group.position {
      if later >= index || unmade[later].position > group.position { unmade[later].position += count }
    }
  }

  /// Makes every group registered on first use.
  private func makeAll() {
    while !unmade.isEmpty { makeGroup(at: unmade.count - 1) }
  }

  /// Makes the groups registered on first use, the latest first, until `found` says the
  /// command looked for is there; returns what it says then, or nil when no group has it.
  private func makeUntilFound<Found>(_ found: () -> Found?) -> Found? {
    while !unmade.isEmpty {
      makeGroup(at: unmade.count - 1)
      if let result = found() { return result }
    }
    return nil
  }

  /// `register` once the commands not made yet are: adds the command to the tables and its
  /// id to the end of the order.
  private func add(_ registered: RegisteredCommand) throws(FolioError) {
    let configuration = registered.command.configuration
    let id = configuration.id
    guard configuration.verb == nil, configuration.aliases.isEmpty else {
      return try registerNamed(registered)
    }
    // A command typed only by its id (a plugin's): the id is hashed once into each table.
    var taken: RegisteredCommand?
    Self.insert(registered, into: &commandsByID[id], unlessTaken: &taken)
    if let taken {
      throw FolioError(
        .duplicateCommand,
        "command id '\(id)' is already registered by \(taken.command.configuration.owner); "
          + "refused from \(configuration.owner)")
    }
    // A verb of the same spelling keeps the name; only a verb with a dot can spell an id with one.
    let mayBeVerb = hasDottedName || !id.utf8.contains(UInt8(ascii: "."))
    if !mayBeVerb || idsByVerb[id] == nil { commandsByName[id] = registered }
    order.append(id)
    takeSlot(registered)
    searchIndex = nil
  }

  /// Puts `registered` in an empty slot, or hands out what holds it: one lookup of the key.
  private static func insert(
    _ registered: RegisteredCommand, into slot: inout RegisteredCommand?,
    unlessTaken taken: inout RegisteredCommand?
  ) {
    if let slot { taken = slot } else { slot = registered }
  }

  /// `register` for a command with a verb or aliases.
  private func registerNamed(_ registered: RegisteredCommand) throws(FolioError) {
    let command = registered.command
    if let existing = commandsByID[command.configuration.id]?.command {
      throw FolioError(
        .duplicateCommand,
        "command id '\(command.configuration.id)' is already registered by \(existing.configuration.owner); "
          + "refused from \(command.configuration.owner)")
    }
    let names = command.configuration.names
    for word in names {
      if let existingID = idsByVerb[word], let existing = commandsByID[existingID]?.command {
        throw FolioError(
          .duplicateCommand,
          "command name '\(word)' is already used by '\(existingID)' of \(existing.configuration.owner); "
            + "refused from \(command.configuration.owner)")
      }
    }
    commandsByID[command.configuration.id] = registered
    for word in names {
      idsByVerb[word] = command.configuration.id
      commandsByName[word] = registered
      if word.utf8.contains(UInt8(ascii: ".")) { hasDottedName = true }
    }
    if idsByVerb[command.configuration.id] == nil { commandsByName[command.configuration.id] = registered }
    order.append(command.configuration.id)
    takeSlot(registered)
    searchIndex = nil
  }

  /// Makes room for `count` more commands, so that registering many (a plugin's, from its
  /// cached declarations) never grows the tables on the way.
  public func reserveCapacity(adding count: Int) {
    commandsByID.reserveCapacity(commandsByID.count + count)
    commandsByName.reserveCapacity(commandsByName.count + count)
    order.reserveCapacity(order.count + count)
    slots.reserveCapacity(slots.count + count)
  }

  /// Puts a command just added in the next slot.
  private func takeSlot(_ registered: RegisteredCommand) {
    registered.slot = slots.count
    slots.append(registered)
  }

  /// The slot `registered` holds in this registry; nil when it holds none (it was added to
  /// another registry since).
  private func slot(of registered: RegisteredCommand) -> Int? {
    let slot = registered.slot
    return slot >= 0 && slot < slots.count && slots[slot] === registered
      ? slot : slots.firstIndex { $0 === registered }
  }

  /// Removes every command registered by `owner` (an unloaded plugin) and returns their ids.
  @discardableResult
  public func unregisterAll(ownedBy owner: String) -> [String] {
    makeAll()
    let removed = order.filter { commandsByID[$0]?.command.configuration.owner == owner }
    var names: [String] = []
    for id in removed {
      for word in commandsByID[id]?.command.configuration.names ?? [] {
        idsByVerb[word] = nil
        names.append(word)
      }
      if let registered = commandsByID[id], let slot = slot(of: registered) {
        slots[slot] = nil
        holes += 1
      }
      commandsByID[id] = nil
      names.append(id)
    }
    if holes > slots.count - holes { compactSlots() }
    order.removeAll { commandsByID[$0] == nil }
    searchIndex = nil
    for name in names { commandsByName[name] = lookUp(name) }
    return removed
  }

  /// Puts `command` in the place of the registered command with its id, keeping its place in
  /// the order: a plugin's real command replacing the stand-in registered from its cached
  /// declarations. The names must be those of the command replaced.
  ///
  /// - Throws: `FolioError.invalidArgument` when no command has that id, `FolioError.conflict` when
  ///   its names differ; the registry is unchanged then.
  public func replace(_ command: Command) throws(FolioError) {
    guard let existing = registered(id: command.configuration.id) else {
      throw FolioError(.invalidArgument, "no command '\(command.configuration.id)' to replace")
    }
    guard existing.command.configuration.names == command.configuration.names else {
      throw FolioError(.conflict, "command '\(command.configuration.id)' would change its names")
    }
    let registered = RegisteredCommand(command)
    commandsByID[command.configuration.id] = registered
    if let slot = slot(of: existing) {
      registered.slot = slot
      slots[slot] = registered
    }
    for name in command.configuration.names + [command.configuration.id]
    where commandsByName[name] === existing {
      commandsByName[name] = registered
    }
    searchIndex = nil
  }

  /// The command with this id.
  public func command(id: String) -> Command? { registered(id: id)?.command }

  /// The command with this id, by reference: for reading a few of its fields (a menu
  /// resolving its items) without copying all of them, as `command(id:)` does.
  public func registered(id: String) -> RegisteredCommand? {
    if let registered = commandsByID[id] { return registered }
    return unmade.isEmpty ? nil : makeUntilFound { commandsByID[id] }
  }

  /// The command with this id, by reference, looked for first where `cache` says this
  /// registry found it last (an array read and a comparison of ids), then by its id as
  /// `registered(id:)` does, which `cache` then remembers: for a menu item, whose command is
  /// found again each time its menu is resolved.
  func registered(id: String, cache: CommandLookupCache) -> RegisteredCommand? {
    let slot = cache.lastSlot
    if slot >= 0, slot < slots.count, let registered = slots[slot], registered.command.configuration.id == id
    {
      return registered
    }
    guard let registered = registered(id: id) else { return nil }
    if let slot = self.slot(of: registered) { cache.lastSlot = slot }
    return registered
  }

  /// Gives every command left a slot again, in registration order, without the holes
  /// removals left; caches that named the old slots find their commands by id once more.
  private func compactSlots() {
    // Typed, so that the commands are unwrapped rather than kept as optionals, nil ones too.
    let left: [RegisteredCommand] = order.compactMap { commandsByID[$0] }
    for (slot, registered) in left.enumerated() { registered.slot = slot }
    slots = left
    holes = 0
  }

  /// The command a typed name runs: a verb such as `help`, or a command id.
  public func resolve(_ name: String) -> Command? { registered(named: name)?.command }

  /// The command a typed name runs, by reference (see `registered(id:)`).
  public func registered(named name: String) -> RegisteredCommand? {
    if let lastNamed, lastNamed.name == name { return lastNamed.registered }
    if let registered = commandsByName[name] {
      lastNamed = (name, registered)
      return registered
    }
    return unmade.isEmpty ? nil : makeUntilFound { commandsByName[name] }
  }

  /// What `resolve` finds, from the verbs and ids themselves.
  private func lookUp(_ name: String) -> RegisteredCommand? {
    idsByVerb[name].flatMap { commandsByID[$0] } ?? commandsByID[name]
  }

  /// Every name that can be typed to run a command: verbs and aliases, then ids.
  public var names: [String] {
    commands.flatMap(\.names) + order
  }

  /// Up to three known names close to a mistyped one, nearest first.
  public func suggestions(for name: String) -> [String] {
    NameSuggester.suggestions(for: name, among: names)
  }

  /// The commands whose id, verb or title fuzzily match `filter`, best first; all commands
  /// in registration order when the filter is empty.
  public func search(_ filter: String) -> [Command] {
    search(filter, limit: Int.max).matches.map(\.command)
  }

  /// The best `limit` commands whose id, verb or title fuzzily match `filter`, best first
  /// (equal scores by id), and how many match in all; with an empty filter, the first
  /// `limit` commands in registration order, each scored 0.
  ///
  /// The walk reads the index alone: a command none of whose names holds every byte of the
  /// filter is refused by one test of its names' masks together, and only the commands
  /// returned are handed out, by reference. A palette asks again at each keystroke: the
  /// index keeps the last ASCII filter's matches, so the same filter asked again is answered
  /// from them (the same text without being prepared again), and a filter that extends it
  /// (typed on) walks only them — every name that
  /// holds the longer filter's bytes in order holds its start's. Any change to the commands
  /// drops the index, and these with it.
  public func search(_ filter: String, limit: Int) -> (matches: [CommandMatch], total: Int) {
    let limit = max(0, limit)
    let index: SearchIndex
    if let made = searchIndex {
      index = made
    } else {
      index = makeSearchIndex()
      searchIndex = index
    }
    guard !filter.isEmpty else {
      let all = index.registered
      return (all.prefix(limit).map { CommandMatch(registered: $0, score: 0) }, all.count)
    }
    let scored: [(score: Int, position: Int)]
    if let last = index.lastSearch, last.text == filter {
      // The same text asked again: not even prepared again.
      scored = last.scored
    } else {
      let prepared = FuzzyMatcher.Filter(filter)
      if let bytes = prepared.loweredASCII, let last = index.lastSearch, last.filter == bytes {
        scored = last.scored
      } else {
        // Typed on from the last filter: only its matches can match.
        let candidates = prepared.loweredASCII.flatMap { bytes in
          index.lastSearch.flatMap { bytes.starts(with: $0.filter) ? $0.scored : nil }
        }
        scored = index.score(prepared, among: candidates)
      }
      if let bytes = prepared.loweredASCII { index.lastSearch = (filter, bytes, scored) }
    }
    let matches = scored.prefix(limit).map {
      CommandMatch(registered: index.registered[$0.position], score: $0.score)
    }
    return (matches, scored.count)
  }

  /// The search index of every command, made by the first search after a change.
  private func makeSearchIndex() -> SearchIndex {
    makeAll()
    return SearchIndex(order.compactMap { commandsByID[$0] })
  }

  /// Every command's id, title and verb prepared for `search`, in registration order, kept
  /// apart from the commands so that a search walks the names without copying a command;
  /// held by reference, so that a search takes it with one retain.
  private final class SearchIndex {
    /// The commands, in registration order, by reference.
    let registered: [RegisteredCommand]
    /// Their ids, to order equal scores.
    let ids: [String]
    /// The names of every command, one command's after another's.
    let names: [FuzzyMatcher.Name]
    /// Where each command's names end in `names`.
    let nameEnds: [Int]
    /// The masks of each command's names together (`FuzzyMatcher.Name.mask`): a filter
    /// with a byte outside it matches none of them.
    let masks: [UInt64]
    /// The last ASCII filter searched, as typed and as its bytes lowered, spaces skipped (all
    /// its scores depend on), and its matches, best first.
    var lastSearch: (text: String, filter: [UInt8], scored: [(score: Int, position: Int)])?

    init(_ registered: [RegisteredCommand]) {
      self.registered = registered
      ids = registered.map(\.command.configuration.id)
      var names: [FuzzyMatcher.Name] = []
      var nameEnds: [Int] = []
      var masks: [UInt64] = []
      for entry in registered {
        let configuration = entry.command.configuration
        let first = names.count
        names.append(FuzzyMatcher.Name(configuration.id))
        names.append(FuzzyMatcher.Name(configuration.title))
        if let verb = configuration.verb { names.append(FuzzyMatcher.Name(verb)) }
        nameEnds.append(names.count)
        masks.append(names[first...].reduce(0) { $0 | $1.mask })
      }
      self.names = names
      self.nameEnds = nameEnds
      self.masks = masks
    }

    /// The commands that match `filter`, each with its best name's score, best first (equal
    /// scores by id); among `candidates` only, when given, else among all.
    func score(_ filter: FuzzyMatcher.Filter, among candidates: [(score: Int, position: Int)]?)
      -> [(score: Int, position: Int)]
    {
      var scored: [(score: Int, position: Int)] = []
      // Room for the matches of most filters, so the array is made once rather than grown.
      scored.reserveCapacity(16)
      names.withUnsafeBufferPointer { names in
        nameEnds.withUnsafeBufferPointer { nameEnds in
          masks.withUnsafeBufferPointer { masks in
            func consider(_ position: Int) {
              guard filter.mask & ~masks[position] == 0 else { return }
              var best: Int?
              for name in (position == 0 ? 0 : nameEnds[position - 1])..<nameEnds[position] {
                if let score = FuzzyMatcher.score(filter, in: names[name]), score > best ?? .min {
                  best = score
                }
              }
              if let best { scored.append((best, position)) }
            }
            if let candidates {
              for candidate in candidates { consider(candidate.position) }
            } else {
              for position in masks.indices { consider(position) }
            }
          }
        }
      }
      let ids = ids
      scored.sort { $0.score != $1.score ? $0.score > $1.score : ids[$0.position] < ids[$1.position] }
      return scored
    }
  }

  /// Runs a command with the words typed after its name.
  ///
  /// A stateful command takes at most one word and sets its state; any other command binds
  /// the words to its parameters and runs its action.
  ///
  /// - Parameters:
  ///   - command: the command to run.
  ///   - words: the words after its name.
  ///   - origin: where it was invoked from, handed to the action in its `Arguments`: a
  ///     destructive command chosen from a menu confirms first.
  /// - Throws: `FolioError.disabled` with the reason when the command cannot run now (it is
  ///   disabled or hidden),
  ///   `FolioError.invalidArgument` for bad arguments, or whatever the action throws.
  public func invoke(
    _ command: Command, words: [Word], origin: InvocationOrigin = .typed
  ) throws -> CommandOutput {
    try invoke(command, words: words[...], origin: origin)
  }

  /// Runs a command with words taken from where they are, as `invoke(_:words:origin:)`
  /// does: the shell passes a line's words after the command's name without copying them.
  public func invoke(
    _ command: Command, words: ArraySlice<Word>, origin: InvocationOrigin = .typed
  ) throws -> CommandOutput {
    try command.checkAvailable()
    switch command.behavior {
    case .action(let action):
      var arguments = try command.bind(words)
      arguments.origin = origin
      return try action(arguments)
    case .state(let state):
      guard words.count <= 1 else {
        throw FolioError.invalidArgument(
          "too many arguments for '\(command.configuration.name)' (usage: \(command.usage))")
      }
      try state.apply(words.first?.text, commandName: command.configuration.name)
      return .stateChanged(CommandSummary(command))
    }
  }

  /// Runs a command by id with typed arguments. A stateful command takes its new state as
  /// the argument `value` (a bool for a toggle, text for a choice, a number or `+`/`-`),
  /// or steps without it.
  ///
  /// - Parameters:
  ///   - invocation: the command's id and arguments.
  ///   - origin: where it was invoked from.
  /// - Throws: `FolioError.unknownCommand` for an id no command has; otherwise as
  ///   `invoke(_:words:origin:)`.
  public func invoke(_ invocation: CommandInvocation, origin: InvocationOrigin = .typed) throws
    -> CommandOutput
  {
    guard let registered = registered(id: invocation.commandID, cache: lastInvoked) else {
      throw FolioError(
        .unknownCommand, "no command has the id '\(invocation.commandID)'",
        values: ["command": invocation.commandID])
    }
    return try registered.invoke(invocation, origin: origin)
  }

  /// Hands the answer to a dialog to the command that asked: it runs with the arguments it
  /// asked with and the chosen button's id.
  ///
  /// - Parameters:
  ///   - buttonID: the id of the button chosen.
  ///   - invocation: the command that asked, and its arguments.
  /// - Throws: `FolioError.unknownCommand` when no command with the id can answer (a
  ///   plugin's was unloaded meanwhile), or what the answer does.
  public func answer(_ buttonID: String, to invocation: CommandInvocation) throws -> CommandOutput {
    guard let command = command(id: invocation.commandID), let answer = command.answer else {
      throw FolioError(
        .unknownCommand, "no command '\(invocation.commandID)' is left to act on the answer",
        values: ["command": invocation.commandID])
    }
    return try answer(buttonID, try command.bind(values: invocation.arguments))
  }
}

extension Command {
  /// - Throws: `FolioError.disabled` with the reason when the command cannot run now.
  fileprivate func checkAvailable() throws(FolioError) {
    switch currentAvailability {
    case .enabled: break
    case .disabled(let reason):
      throw FolioError(.disabled, "'\(configuration.name)' is disabled: \(reason)")
    case .hidden(let reason):
      throw FolioError(.disabled, "'\(configuration.name)' is hidden now: \(reason)")
    }
  }
}

extension RegisteredCommand {
  /// `CommandRegistry.invoke(_:origin:)` once the command is found: run where it is held,
  /// with no copy of the command made (a copy retains and releases each of its fields).
  fileprivate func invoke(_ invocation: CommandInvocation, origin: InvocationOrigin) throws -> CommandOutput {
    try command.checkAvailable()
    switch command.behavior {
    case .action(let action):
      var arguments = try command.bind(values: invocation.arguments)
      arguments.origin = origin
      return try action(arguments)
    case .state(let state):
      guard invocation.arguments.keys.allSatisfy({ $0 == "value" }) else {
        throw FolioError.invalidArgument(
          "'\(command.configuration.name)' takes only its new state, as 'value'")
      }
      try state.apply(invocation.arguments["value"]?.text, commandName: command.configuration.name)
      return .stateChanged(CommandSummary(command))
    }
  }
}
