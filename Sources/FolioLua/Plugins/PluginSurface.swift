import FolioCore

/// What plugins contribute to: the command registry, the workspace, and the session's menus.
///
/// `Shell` conforms; tests can supply their own.
public protocol PluginSurface: AnyObject {
  /// The registry plugin commands join.
  var registry: CommandRegistry { get }
  /// The open documents, share targets and context menus.
  var workspace: Workspace { get }
  /// The environment plugins see as `ctx.env`, read when a callback starts.
  var appEnvironment: AppEnvironment { get }
  /// Adds a menu; throws when its id is taken.
  func addMenu(_ menu: Menu) throws(FolioError)
  /// Removes every menu `owner` added.
  func removeMenus(ownedBy owner: String)
  /// Adds items to an existing menu; throws when there is no such menu.
  func addMenuContribution(_ contribution: MenuContribution) throws(FolioError)
  /// Removes every menu contribution `owner` made.
  func removeMenuContributions(ownedBy owner: String)
  /// Adds a toolbar item; throws when its id is taken.
  func addToolbarItem(_ item: ToolbarItem) throws(FolioError)
  /// Removes every toolbar item `owner` added.
  func removeToolbarItems(ownedBy owner: String)
  /// Puts text on the clipboard (`folio.copy`); throws saying why when there is none.
  func copyToClipboard(_ text: String) throws(FolioError)
  /// Adds a toolbar of the plugin's own; throws when its id is taken.
  func addToolbar(_ toolbar: Toolbar) throws(FolioError)
  /// Removes every toolbar `owner` added.
  func removeToolbars(ownedBy owner: String)
  /// A command's result as the structured value the embedding protocol's `commands.run`
  /// returns (`folio.run` hands it to Lua); nil when the front end renders none.
  func structuredResult(of output: CommandOutput) -> JSONValue?
}

extension PluginSurface {
  /// No structured results: `folio.run` returns a plugin command's value, else true.
  public func structuredResult(of output: CommandOutput) -> JSONValue? { nil }
}
