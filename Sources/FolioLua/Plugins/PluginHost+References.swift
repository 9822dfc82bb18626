import FolioCore

extension PluginHost {
  /// Checks that the menus, context menus, toolbar items and menu contributions a plugin
  /// declared run only its own commands or built-in ones (docs/plugins.md).
  ///
  /// It runs once `plugin.lua` has run, so a menu may come before the commands it lists; any
  /// other id fails the whole load with `plugin NAME: FILE:LINE: FUNCTION: FIELD names …` —
  /// the same error whether another plugin has that command or not, so the error does not
  /// depend on the order plugins load in.
  func checkCommandReferences(_ contributions: [Contribution], of plugin: Plugin) throws(FolioError) {
    if let first = commandReferenceProblems(contributions, of: plugin, stoppingAtFirst: true).first {
      throw first
    }
  }

  /// Every reference problem of `checkCommandReferences`, in declaration order (only the
  /// first when `stoppingAtFirst`).
  func commandReferenceProblems(
    _ contributions: [Contribution], of plugin: Plugin, stoppingAtFirst: Bool = false
  )
    -> [FolioError]
  {
    var problems: [FolioError] = []
    // The plugin's own command ids, gathered at the first reference (many plugins have none).
    var own: Set<String>?
    for contribution in contributions {
      let references: [CommandReference]
      let location: String
      switch contribution {
      case .menu(let menu, let at):
        location = at
        references =
          (menu.primaryAction.map { [CommandReference("folio.menu: field 'primary'", $0)] } ?? [])
          + Self.references(in: menu.elements, at: "folio.menu: ")
      case .contextMenu(_, let elements, let at):
        location = at
        references = Self.references(in: elements, at: "folio.context_menu: ")
      case .toolbarItem(let item, let at):
        location = at
        references = Self.references(in: item.elements, at: "").map {
          CommandReference("folio.toolbar_item: field 'command'", $0.command)
        }
      case .toolbar(let toolbar, let at):
        location = at
        references = toolbar.entries.enumerated().flatMap { index, entry in
          let elements: [MenuElement]
          switch entry {
          case .item(let item): elements = item.elements
          case .group(let group): elements = group.elements
          }
          return Self.references(in: elements, at: "folio.toolbar: items[\(index + 1)]: ")
        }
      case .menuContribution(let contribution, let at):
        location = at
        references = Self.references(in: contribution.elements, at: "folio.contribute: ")
      case .command, .shareTarget, .handler, .rowDecoration, .cellFormat:
        continue
      }
      if own == nil, !references.isEmpty {
        var ids: Set<String> = []
        for case .command(let registered, _) in contributions {
          ids.insert(registered.command.configuration.id)
        }
        own = ids
      }
      for reference in references where own?.contains(reference.command) != true {
        if let command = surface.registry.command(id: reference.command), !command.owner.hasPrefix("plugin ")
        {
          continue
        }
        problems.append(
          FolioError(
            .invalidArgument,
            "plugin \(plugin.name): \(location)\(reference.place) names '\(reference.command)', which is neither "
              + "a command of this plugin nor a built-in one; declare it with folio.command in this plugin (a "
              + "plugin's menus and items may name only its own commands and built-in ones)"))
        if stoppingAtFirst { return problems }
      }
    }
    return problems
  }

  /// The commands a list of menu elements runs, each with the place it is named, in the form
  /// of the element errors: `folio.menu: items[2]: items[1]`.
  static func references(in elements: [MenuElement], at prefix: String) -> [CommandReference] {
    var found: [CommandReference] = []
    for (index, element) in elements.enumerated() {
      let place = "\(prefix)items[\(index + 1)]"
      switch element {
      case .item(let item): found.append(CommandReference(place, item.command))
      case .picker(let picker): found.append(CommandReference(place + ": field 'command'", picker.command))
      case .section(let section): found += references(in: section.elements, at: place + ": ")
      case .controlGroup(let group): found += references(in: group.elements, at: place + ": ")
      case .submenu(let menu):
        if let primary = menu.primaryAction {
          found.append(CommandReference(place + ": field 'primary'", primary))
        }
        found += references(in: menu.elements, at: place + ": ")
      case .divider: break
      }
    }
    return found
  }
}
