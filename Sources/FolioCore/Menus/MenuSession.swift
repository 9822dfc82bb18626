/// An open menu that a person or script answers item by item [Menu]: the state machine
/// behind `menu open`, `choose`, `back` and `menu close`.
///
/// The session shows one level at a time — the menu itself or an open submenu — and numbers
/// its choosable items 1…n in display order: sections and control groups are flattened, an
/// inline or palette picker's options are items, and submenus and menu-style pickers are
/// items that open in place.
///
/// One dismiss rule holds for every item: after a chosen item ran, the menu closes unless
/// its dismiss behaviour is `disabled`; then it stays open, re-resolved to show the new
/// state. `automatic` keeps steppers and sliders open and closes everything else.
public struct MenuSession {
  /// The declared menu.
  public let menu: Menu
  /// Where the menu's commands are looked up and invoked.
  public let registry: CommandRegistry
  /// The platform the menu is resolved for.
  public let platform: MenuPlatform
  /// Whether the menu opens upward, as from a bottom toolbar.
  public let opensUpward: Bool
  /// Whether the menu is still open.
  public private(set) var isOpen = true
  /// The whole menu as resolved after the last change.
  public private(set) var root: MenuNode
  /// The index paths, from the root, of the submenus opened in place, outermost first.
  private var levels: [[Int]] = []

  /// The index path, from the root, of the level shown now.
  public var currentPath: [Int] { levels.last ?? [] }

  /// Opens a menu.
  ///
  /// - Throws: what `MenuResolver.resolve` throws for the menu.
  public init(
    _ menu: Menu, registry: CommandRegistry, platform: MenuPlatform = .mac, opensUpward: Bool = false
  ) throws(FolioError) {
    self.menu = menu
    self.registry = registry
    self.platform = platform
    self.opensUpward = opensUpward
    root = try MenuResolver.resolve(menu, registry: registry, platform: platform, opensUpward: opensUpward)
  }

  /// The level shown now: the menu, or the innermost open submenu or menu-style picker.
  public var current: MenuNode { root.descendant(at: levels.last ?? []) }

  /// The titles from the menu down to the level shown now, e.g. `["Settings", "Appearance"]`.
  public var path: [String] {
    [menu.title] + levels.map { root.descendant(at: $0).title ?? "" }
  }

  /// The items of the level shown now, numbered 1…n in display order.
  public var items: [MenuChoice] { Self.items(of: current, at: currentPath) }

  /// The items of `level`, the node at index path `path` from the root, numbered 1…n in
  /// display order.
  static func items(of level: MenuNode, at path: [Int]) -> [MenuChoice] {
    var result: [MenuChoice] = []
    // Nearly every child of a level is an item: one allocation for them all.
    result.reserveCapacity(level.children.count)
    collect(level, at: path, into: &result)
    return result
  }

  /// Chooses an item of the level shown now and runs it.
  ///
  /// A submenu or menu-style picker opens in place; a button runs its command with the
  /// words the item declares, then `arguments` (`choose Rename "New name"`); a toggle flips (or takes
  /// `on`/`off`); a picker option selects itself; a stepper takes `+`, `-` or a value, a
  /// slider a value. The command runs with origin `.menu`, so one that asks first returns its
  /// confirmation dialog rather than acting (unless the arguments say `--yes`); an item that
  /// asks for its command (`MenuItem.confirm`) returns `TITLE?` instead, answered by running
  /// the command as typed. An item's role only styles it.
  ///
  /// - Parameters:
  ///   - answer: the item's number, or its title ignoring case and a trailing ellipsis.
  ///   - arguments: the words after the answer.
  /// - Returns: the command's output, and whether the menu is still open.
  /// - Throws: `FolioError.disabled` with the reason for a disabled item;
  ///   `FolioError.invalidArgument` for an answer that names no item, or missing or extra
  ///   arguments; whatever the command throws (the menu then stays as it was).
  public mutating func choose(_ answer: String, arguments: [Word] = []) throws -> MenuChoiceResult {
    guard isOpen else { throw FolioError.invalidArgument("menu '\(menu.id)' is not open") }
    let choice = try find(answer)
    let node = choice.node
    let title = node.title ?? node.command ?? "item \(choice.number)"
    if !node.isEnabled {
      throw FolioError(.disabled, "'\(title)' is disabled: \(node.disabledReason ?? "not available now")")
    }
    if node.opensInPlace {
      guard arguments.isEmpty else {
        throw FolioError.invalidArgument("'\(title)' opens a submenu and takes no arguments")
      }
      levels.append(choice.path)
      return MenuChoiceResult(chosen: node, output: nil, isOpen: true, menu: current)
    }
    guard let id = node.command, let command = registry.command(id: id) else {
      throw FolioError(.unknownCommand, "'\(title)' in menu '\(menu.id)' has no registered command")
    }
    let words: [Word]
    switch node.kind {
    case .option:
      guard arguments.isEmpty, let value = node.value else {
        throw FolioError.invalidArgument("'\(title)' is an option and takes no arguments")
      }
      words = [Word(value)]
    case .stepper where arguments.isEmpty:
      throw FolioError.invalidArgument("'\(title)' is a stepper: choose it with + or - (choose \(title) +)")
    case .slider where arguments.isEmpty:
      throw FolioError.invalidArgument("'\(title)' is a slider: choose it with a value (choose \(title) 50)")
    default:
      // The item's own words are literal: a path such as `--x` or `a=b` is never an option.
      words = node.arguments.map { Word($0, quotedFrom: 0) } + node.namedArguments.map(\.word) + arguments
    }
    let output: CommandOutput
    if let asked = Self.neededParameter(of: command, for: node, given: arguments) {
      // The command needs a word the item does not give and none was typed: it is asked for
      // [TextField in an alert], as Rename… asks for the title, and the answer runs it.
      let name = title.hasSuffix("…") ? String(title.dropLast()) : title
      output = .dialog(
        Dialog(
          title: name, buttons: [DialogButton(name, id: "run")],
          textField: DialogTextField(label: Self.label(of: asked), text: "", parameter: asked.name),
          responder: .runs(CommandInvocation(id, [:]))))
    } else if node.confirmation == .item {
      // The item asks for its command, which would act at once: bound now, so that wrong
      // words fail before anything asks, and run as typed by the dialog's answer.
      let bound = try command.bind(words)
      let invocation = CommandInvocation(id, bound.values)
      let name = title.hasSuffix("…") ? String(title.dropLast()) : title
      output = .dialog(
        Dialog(
          title: "\(name)?",
          buttons: [
            DialogButton(
              name, id: "run", role: node.role == .destructive ? .destructive : .default, replay: [invocation]
            )
          ], responder: .runs(invocation)))
    } else {
      output = try registry.invoke(command, words: words, origin: .menu)
    }
    if Self.staysOpen(after: node) {
      do {
        try refresh()
      } catch {
        close()
        throw error
      }
    } else {
      close()
    }
    return MenuChoiceResult(chosen: node, output: output, isOpen: isOpen, menu: isOpen ? current : nil)
  }

  /// The parameter a button's command needs and has not been given — the first positional
  /// one that is required and has no default — when neither the item nor the person gave
  /// any words; nil otherwise.
  static func neededParameter(of command: Command, for node: MenuNode, given arguments: [Word]) -> Parameter?
  {
    guard node.kind == .button, arguments.isEmpty, node.arguments.isEmpty else { return nil }
    let named = Set(node.namedArguments.map(\.name))
    return command.parameters.first {
      $0.style == .positional && !$0.isOptional && $0.defaultValue == nil && !named.contains($0.name)
    }
  }

  /// What a text field asking for `parameter` is labelled: its name as a word, `Path`.
  static func label(of parameter: Parameter) -> String {
    let words = parameter.name.replacingText("-", with: " ").replacingText("_", with: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  /// How many of `words` make the title of an item of the level shown now, longest first,
  /// so a title may span several unquoted words (`choose Add to Guide`); 1 when no longer
  /// run does, leaving the first word as the answer and the rest as its arguments.
  public func answerLength(of words: [String]) -> Int {
    guard words.count > 1 else { return words.count }
    let titles = Set(items.compactMap { $0.node.title.map(Self.matchKey) })
    for count in stride(from: words.count, to: 1, by: -1)
    where titles.contains(Self.matchKey(words[..<count].joined(separator: " "))) {
      return count
    }
    return 1
  }

  /// Leaves the innermost open submenu.
  ///
  /// - Throws: `FolioError.invalidArgument` when the menu itself is shown.
  public mutating func back() throws(FolioError) {
    guard isOpen, !levels.isEmpty else {
      throw FolioError.invalidArgument("menu '\(menu.id)' has no open submenu to go back from")
    }
    levels.removeLast()
  }

  /// Closes the menu.
  public mutating func close() {
    isOpen = false
    levels = []
  }

  /// Resolves the menu again, keeping the open submenus, to show state changed elsewhere.
  ///
  /// - Throws: what `MenuResolver.resolve` throws.
  public mutating func refresh() throws(FolioError) {
    root = try MenuResolver.resolve(menu, registry: registry, platform: platform, opensUpward: opensUpward)
  }

  /// Whether the menu stays open after a node ran: the one dismiss rule.
  public static func staysOpen(after node: MenuNode) -> Bool {
    switch node.dismiss ?? .automatic {
    case .disabled: true
    case .enabled: false
    case .automatic: node.kind == .stepper || node.kind == .slider
    }
  }

  /// Numbers the choosable items under `node` after those already in `result`. A child is
  /// read in place and copied once, into its `MenuChoice`.
  static func collect(_ node: MenuNode, at path: [Int], into result: inout [MenuChoice]) {
    let children = node.children
    for index in children.indices {
      switch children[index].kind {
      case .section, .controlGroup:
        collect(children[index], at: extending(path, with: index), into: &result)
      case .picker where children[index].pickerStyle != .menu:
        collect(children[index], at: extending(path, with: index), into: &result)
      case .divider:
        continue
      default:
        result.append(
          MenuChoice(number: result.count + 1, node: children[index], path: extending(path, with: index)))
      }
    }
  }

  /// `path + [index]` made with one allocation and no temporary array: appending to the
  /// shared copy copies it once, into a buffer with room for the index (`+` cost 650
  /// instructions an item).
  static func extending(_ path: [Int], with index: Int) -> [Int] {
    var extended = path
    extended.append(index)
    return extended
  }

  private func find(_ answer: String) throws(FolioError) -> MenuChoice {
    let items = items
    let level = path.joined(separator: " › ")
    if let number = Parameter.integer(answer) {
      guard let item = Position.element(number, of: items) else {
        throw FolioError.invalidArgument(
          "menu '\(level)' has no item \(number); choose 1–\(items.count) or a title")
      }
      return item
    }
    let key = Self.matchKey(answer)
    let matches = items.filter { $0.node.title.map(Self.matchKey) == key }
    guard let first = matches.first else {
      let titles = items.compactMap(\.node.title).joined(separator: ", ")
      throw FolioError.invalidArgument("menu '\(level)' has no item '\(answer)'; choose one of: \(titles)")
    }
    guard matches.count == 1 else {
      let numbers = matches.map { String($0.number) }.joined(separator: ", ")
      throw FolioError.invalidArgument(
        "'\(answer)' matches items \(numbers) of menu '\(level)'; choose one by number")
    }
    return first
  }

  /// A title as answers match it: lower-cased, without a trailing ellipsis.
  static func matchKey(_ title: String) -> String {
    var key = title.lowercased()
    if key.hasSuffix("…") {
      key.removeLast()
    } else if key.hasSuffix("...") {
      key.removeLast(3)
    }
    return key
  }
}

/// One numbered item of an open menu level.
public struct MenuChoice: Sendable, Equatable {
  /// The number `choose` takes, from 1.
  public var number: Int
  /// The resolved item.
  public var node: MenuNode
  /// Where the item is in the resolved menu: child indices from the root.
  public var path: [Int]
}

/// What choosing an item did.
public struct MenuChoiceResult {
  /// The item chosen, as it was shown.
  public var chosen: MenuNode
  /// The command's result; nil when a submenu opened.
  public var output: CommandOutput?
  /// Whether the menu is still open.
  public var isOpen: Bool
  /// The level shown now, re-resolved with the new state; nil when the menu closed.
  public var menu: MenuNode?

  /// Creates a result.
  public init(chosen: MenuNode, output: CommandOutput?, isOpen: Bool, menu: MenuNode?) {
    self.chosen = chosen
    self.output = output
    self.isOpen = isOpen
    self.menu = menu
  }
}
