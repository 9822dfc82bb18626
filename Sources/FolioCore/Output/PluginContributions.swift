/// What a loaded plugin contributed, in declaration order, as `plugin info` lists it.
public struct PluginContributions: Sendable, Equatable {
  /// Command ids.
  public var commands: [String] = []
  /// Menu ids.
  public var menus: [String] = []
  /// Context-menu entries: the commands of each and the selections it is for, e.g.
  /// `checkin.toggle (single)`.
  public var contextMenuEntries: [String] = []
  /// Menu contributions: the menu and the commands added, e.g. `title: wordcount.count`.
  public var menuContributions: [String] = []
  /// Toolbar item ids.
  public var toolbarItems: [String] = []
  /// The plugin's own toolbars: each id with its role, e.g. `mine (browser)`.
  public var toolbars: [String] = []
  /// Share target ids.
  public var shareTargets: [String] = []
  /// The events of its `folio.on` handlers.
  public var eventHandlers: [String] = []
  /// Row decorations: each id with its symbol and column, e.g.
  /// `checkin.visited (checkmark.seal.fill on visited)`.
  public var rowDecorations: [String] = []
  /// Cell formats: each id with its kind and column, e.g. `noise.bar (bar on noise)`.
  public var cellFormats: [String] = []

  /// No contributions.
  public init() {}

  /// Each kind with a label and the separator of its items (`; ` where an item lists
  /// commands itself), in the order `plugin info` shows them.
  public var kinds: [(label: String, items: [String], separator: String)] {
    [
      ("commands", commands, ", "), ("menus", menus, ", "), ("context menu", contextMenuEntries, "; "),
      ("menu contributions", menuContributions, "; "), ("toolbar items", toolbarItems, ", "),
      ("toolbars", toolbars, ", "), ("share targets", shareTargets, ", "),
      ("event handlers", eventHandlers, ", "), ("row decorations", rowDecorations, ", "),
      ("cell formats", cellFormats, ", "),
    ]
  }
}
