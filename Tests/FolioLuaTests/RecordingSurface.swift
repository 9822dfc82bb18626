import FolioCore

@testable import FolioLua

/// What a plugin host contributes to, for tests: a real registry and workspace, and the
/// menus, menu contributions and toolbar items it was given, recorded.
final class RecordingSurface: PluginSurface {
  let registry = CommandRegistry()
  let workspace: Workspace
  init(store: StateStore? = nil) { workspace = Workspace(store: store, currentDirectory: "/", home: nil) }
  var appEnvironment = AppEnvironment()
  var menus: [Menu] = []
  func addMenu(_ menu: Menu) throws(FolioError) { menus.append(menu) }
  func removeMenus(ownedBy owner: String) { menus.removeAll { $0.owner == owner } }
  var contributions: [MenuContribution] = []
  func addMenuContribution(_ contribution: MenuContribution) throws(FolioError) {
    contributions.append(contribution)
  }
  func removeMenuContributions(ownedBy owner: String) { contributions.removeAll { $0.owner == owner } }
  var toolbarItems: [ToolbarItem] = []
  func addToolbarItem(_ item: ToolbarItem) throws(FolioError) { toolbarItems.append(item) }
  func removeToolbarItems(ownedBy owner: String) { toolbarItems.removeAll { $0.owner == owner } }
  var clipboard: [String] = []
  func copyToClipboard(_ text: String) throws(FolioError) { clipboard.append(text) }
  var toolbars: [Toolbar] = []
  func addToolbar(_ toolbar: Toolbar) throws(FolioError) { toolbars.append(toolbar) }
  func removeToolbars(ownedBy owner: String) { toolbars.removeAll { $0.owner == owner } }
}
