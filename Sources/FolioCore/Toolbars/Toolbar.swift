/// A toolbar declared as data [toolbar(id:)]: an id, a role and its entries, which refer to
/// commands by id.
///
/// A toolbar with an id is customisable: its items' ids must be unique within it and stable
/// across launches, because stored customisations name them. Nothing is looked up until the
/// toolbar is laid out (`ToolbarLayout.make`).
public struct Toolbar: Modifiable, Sendable, Equatable {
  /// The id customisations are stored under, e.g. `document`.
  public var id: String
  /// Where the title and secondary actions go.
  public var role: ToolbarRole
  /// The entries, in declaration order.
  public var entries: [ToolbarEntry]
  /// Who declared the toolbar: `built-in`, or `plugin NAME`.
  public var owner: String

  /// Creates a toolbar from its entries.
  public init(id: String, role: ToolbarRole = .automatic, owner: String = "built-in", entries: [ToolbarEntry])
  {
    self.id = id
    self.role = role
    self.owner = owner
    self.entries = entries
  }

  /// Declares a toolbar with a builder [toolbar(id:content:)].
  public init(id: String, @ToolbarContentBuilder content: () -> [ToolbarEntry]) {
    self.init(id: id, entries: content())
  }

  /// The toolbar with another role [toolbarRole].
  public func toolbarRole(_ role: ToolbarRole) -> Toolbar { with(\.role, role) }

  /// The customisable items, in declaration order.
  public var items: [ToolbarItem] {
    entries.compactMap {
      if case .item(let item) = $0 { return item }
      return nil
    }
  }

  /// The toolbar with `item` appended (a plugin's contribution).
  public func adding(_ item: ToolbarItem) -> Toolbar {
    var copy = self
    copy.entries.append(.item(item))
    return copy
  }
}
