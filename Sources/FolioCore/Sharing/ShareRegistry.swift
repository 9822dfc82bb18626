/// The share targets that exist now, and the choice of what each one gets.
///
/// The built-ins (`file`, `stdout`, `mail`) are registered first; plugins add theirs and
/// take them away when they unload.
public final class ShareRegistry {
  /// Every target, in registration order: a handful, so found by walking them (a dictionary
  /// keyed by id cost start-up a fifth of a million instructions to make).
  public private(set) var targets: [ShareTarget] = []

  /// Creates a registry holding the built-in targets: `file`, `stdout` and `mail`.
  public convenience init() {
    self.init(includingBuiltIns: true)
  }

  /// Creates a registry, with or without the built-in targets.
  public init(includingBuiltIns: Bool) {
    guard includingBuiltIns else { return }
    targets = [.saveCopy, .standardOutput, .mail]
  }

  /// The target with this id, if any.
  public func target(id: String) -> ShareTarget? { targets.first { $0.id == id } }

  /// The targets that accept at least one of the offered representations, in registration
  /// order: what `share` lists for a document.
  public func targets(accepting offered: [Representation]) -> [ShareTarget] {
    targets.filter { $0.preferredRepresentation(among: offered) != nil }
  }

  /// Adds a target.
  ///
  /// - Throws: `FolioError.duplicateCommand` when the id is taken, naming both owners;
  ///   `FolioError.invalidArgument` when the id is empty or holds spaces, or the target
  ///   accepts nothing. The registry is unchanged then.
  public func register(_ target: ShareTarget) throws(FolioError) {
    if let existing = self.target(id: target.id) {
      throw FolioError(
        .duplicateCommand,
        "share target '\(target.id)' is already registered by \(existing.owner); refused from \(target.owner)"
      )
    }
    guard !target.id.isEmpty, !target.id.unicodeScalars.contains(where: \.properties.isWhitespace) else {
      throw .invalidArgument("share target id '\(target.id)' from \(target.owner) must be one word")
    }
    guard !target.accepts.isEmpty else {
      throw .invalidArgument("share target '\(target.id)' from \(target.owner) accepts no representation")
    }
    targets.append(target)
  }

  /// Puts `target` in the place of the registered target with its id, keeping its place in
  /// the order: a plugin's real target replacing the stand-in registered from its cached
  /// declarations.
  ///
  /// - Throws: `FolioError.invalidArgument` when no target has that id; the registry is unchanged.
  public func replace(_ target: ShareTarget) throws(FolioError) {
    guard let index = targets.firstIndex(where: { $0.id == target.id }) else {
      throw FolioError(.invalidArgument, "no share target '\(target.id)' to replace")
    }
    targets[index] = target
  }

  /// Removes every target registered by `owner` (an unloaded plugin) and returns their ids.
  @discardableResult
  public func unregisterAll(ownedBy owner: String) -> [String] {
    let removed = targets.filter { $0.owner == owner }.map(\.id)
    targets.removeAll { $0.owner == owner }
    return removed
  }

  /// The representation a share would use.
  ///
  /// Without `requested`, the target's first accepted representation that the source offers.
  /// With it (`--as`), that representation, which must be both offered and accepted.
  ///
  /// - Throws: `FolioError.invalidArgument` for an unknown target, a requested
  ///   representation the document does not offer or the target does not accept, or no
  ///   representation in common; the message names what is possible.
  public func representation(
    for targetID: String, offered: [Representation], title: String, requested: Representation? = nil
  ) throws(FolioError) -> Representation {
    try representation(for: target(named: targetID), offered: offered, title: title, requested: requested)
  }

  /// Shares a document through a target: picks the representation, makes the item and sends it.
  ///
  /// - Parameters:
  ///   - source: What the document offers.
  ///   - targetID: The target's id.
  ///   - requested: The representation `--as` asked for, if any.
  ///   - destination: What `--to` gave, if any. `file` and `mail` need a folder; callers that
  ///     want a default (the document's folder) pass it here.
  ///   - cancellation: checked by the built-in targets while they encode and write, so a
  ///     cancelled share leaves no file behind; a plugin's target stops through its plugin's
  ///     interrupt instead.
  /// - Returns: What the target did.
  /// - Throws: The errors of `representation(for:offered:title:requested:)`, whatever
  ///   making the item or sending it throws, and `FolioError.interrupted` once
  ///   `cancellation` is cancelled.
  public func share(
    _ source: ShareSource, with targetID: String, as requested: Representation? = nil,
    to destination: String? = nil, cancellation: CancellationToken? = nil
  ) throws(FolioError) -> ShareOutcome {
    let target = try target(named: targetID)
    let chosen = try representation(
      for: target, offered: source.offered, title: source.title, requested: requested)
    let item = try source.make(chosen)
    try cancellation?.check()
    return try target.send(item, to: destination, cancellation: cancellation)
  }

  private func target(named id: String) throws(FolioError) -> ShareTarget {
    if let target = target(id: id) { return target }
    let ids = targets.map(\.id)
    let suggestions = NameSuggester.suggestions(for: id, among: ids)
    let guess = suggestions.first.map { "; did you mean '\($0)'?" } ?? ""
    throw .invalidArgument("no share target '\(id)'\(guess) (targets: \(ids.joined(separator: ", ")))")
  }

  private func representation(
    for target: ShareTarget, offered: [Representation], title: String, requested: Representation?
  ) throws(FolioError) -> Representation {
    let possible = target.possibleRepresentations(among: offered)
    guard let requested else {
      if let best = possible.first { return best }
      throw .invalidArgument(
        "\(target.displayName) accepts \(Representation.list(target.accepts)) but '\(title)' offers "
          + "\(Representation.list(offered))\(otherTargets(for: offered, title: title))")
    }
    guard offered.contains(requested) else {
      throw .invalidArgument(
        "'\(title)' cannot be shared as \(requested.rawValue): it offers \(Representation.list(offered))")
    }
    guard target.accepts.contains(requested) else {
      let alternatives =
        possible.isEmpty
        ? otherTargets(for: offered, title: title)
        : "; possible with '\(title)': \(Representation.list(possible))"
      throw .invalidArgument(
        "\(target.displayName) does not accept \(requested.rawValue)\(alternatives)")
    }
    return requested
  }

  /// `; targets that take 'Places': file, mail`, or nothing when none does.
  private func otherTargets(for offered: [Representation], title: String) -> String {
    let others = targets(accepting: offered).map(\.id)
    return others.isEmpty ? "" : "; targets that take '\(title)': \(others.joined(separator: ", "))"
  }
}
