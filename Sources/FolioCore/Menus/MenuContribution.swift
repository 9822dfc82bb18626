/// Items a plugin adds to an existing menu (`folio.contribute`): the title menu or any menu
/// by id, with optional placement hints.
///
/// Several contributions to one menu are ordered deterministically: by section, then the
/// `before`/`after` hints, then owner (plugin name), then declaration order.
public struct MenuContribution: Sendable, Equatable {
  /// The menu added to: `title` or a menu id (any case).
  public var menu: String
  /// The elements added.
  public var elements: [MenuElement]
  /// The section they go in, by header; a section with that header is added at the end when
  /// the menu has none. Nil for the menu's top level (or the hint's section).
  public var section: String?
  /// A command id the elements follow.
  public var after: String?
  /// A command id the elements precede; used when `after` is nil or not found.
  public var before: String?
  /// Who contributed: `plugin NAME`.
  public var owner: String
  /// The declaration order within the owner.
  public var sequence: Int

  /// Creates a contribution.
  public init(
    menu: String, elements: [MenuElement], section: String? = nil, after: String? = nil,
    before: String? = nil, owner: String, sequence: Int = 0
  ) {
    self.menu = menu
    self.elements = elements
    self.section = section
    self.after = after
    self.before = before
    self.owner = owner
    self.sequence = sequence
  }
}
