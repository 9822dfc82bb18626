/// The elements of a menu made each time it is resolved, by a function its owner supplies (a
/// plugin's `items = function(ctx) … end`): a menu that lists what is there now.
///
/// Compared by identity: two menus are equal when they share the provider.
public final class MenuContentProvider: @unchecked Sendable, Equatable {
  /// Makes the elements; an error disables the menu with its message as the reason.
  public let make: () throws(FolioError) -> [MenuElement]

  /// Creates a provider.
  public init(_ make: @escaping () throws(FolioError) -> [MenuElement]) {
    self.make = make
  }

  public static func == (lhs: MenuContentProvider, rhs: MenuContentProvider) -> Bool { lhs === rhs }
}

/// What an item shows now, made each time its menu is resolved (a plugin's `title`,
/// `subtitle` or `enabled` function): nil leaves the item's declared value.
public struct MenuItemOverrides: Sendable, Equatable {
  /// The title shown now.
  public var title: String?
  /// The second line shown now.
  public var subtitle: String?
  /// Why the item is disabled now; nil when it is enabled.
  public var disabledReason: String?

  /// Creates overrides.
  public init(title: String? = nil, subtitle: String? = nil, disabledReason: String? = nil) {
    self.title = title
    self.subtitle = subtitle
    self.disabledReason = disabledReason
  }
}

/// Makes an item's `MenuItemOverrides` each time its menu is resolved. Compared by identity.
public final class MenuItemProvider: @unchecked Sendable, Equatable {
  /// Makes the overrides; an error disables the item with its message as the reason.
  public let make: () throws(FolioError) -> MenuItemOverrides

  /// Creates a provider.
  public init(_ make: @escaping () throws(FolioError) -> MenuItemOverrides) {
    self.make = make
  }

  public static func == (lhs: MenuItemProvider, rhs: MenuItemProvider) -> Bool { lhs === rhs }
}

/// A named argument an item passes to its command, as if typed: `name=value` (the value taken
/// literally), or the flag `--name` when `value` is nil.
public struct MenuArgument: Sendable, Equatable, Hashable {
  /// The parameter's name.
  public var name: String
  /// The value's text; nil for a flag that is on.
  public var value: String?

  /// Creates an argument.
  public init(name: String, value: String?) {
    self.name = name
    self.value = value
  }

  /// The word it is, as `choose` passes it: a named argument whose value is literal, or a flag.
  public var word: Word {
    guard let value else { return Word("--" + name) }
    return Word(name + "=" + value, quotedFrom: name.utf8.count + 1)
  }
}
