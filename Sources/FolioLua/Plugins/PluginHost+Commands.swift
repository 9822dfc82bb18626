import FolioCore

extension PluginHost {
  /// Builds a command from `folio.command{…}`, validating every field.
  ///
  /// The options table is read in place, field by field, not copied.
  func makeCommand(_ arguments: LuaArguments, plugin: Plugin) throws(LuaError) -> Command {
    try makeCommand(
      PluginFields(arguments, 0, function: "folio.command", known: Self.commandFieldNames), plugin: plugin)
  }

  /// The fields of `folio.command{…}`.
  static let commandFieldNames = [
    "id", "title", "icon", "subtitle", "role", "dismiss", "params", "enabled", "visible", "run", "state",
    "summary", "confirm",
  ]

  /// Builds a command from the fields of `folio.command{…}` (read in place, or from a copy:
  /// a declaration from the cache).
  func makeCommand(_ fields: PluginFields, plugin: Plugin) throws(LuaError) -> Command {
    let id = try fields.requiredString("id")
    guard id.contains("."), !id.contains(" ") else {
      throw LuaError(
        message: "folio.command: field 'id' must be a dotted id without spaces, e.g. \"\(plugin.name).do\"")
    }
    if let control = id.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
      let code = String(control.value, radix: 16, uppercase: true)
      throw LuaError(
        message:
          "folio.command: field 'id' must not hold control characters, got U+\(code.count < 4 ? String(repeating: "0", count: 4 - code.count) + code : code)"
      )
    }
    try Self.checkNamespace(id, of: plugin, function: "folio.command")
    let title = try fields.requiredString("title")
    let role = try fields.oneOf("role", CommandRole.self)
    // Who asks first when it is chosen from a menu: Folio's dialog (`ask`, the default of a
    // destructive command), the command itself through `ctx:confirm` (`self`), or nobody.
    let confirmation: CommandConfirmation =
      switch try fields.oneOf("confirm", ["ask", "self", "none"]) {
      case "ask": .asks
      case "self": .itself
      case "none": .none
      default: role == .destructive ? .asks : .none
      }
    let dismiss =
      try fields.oneOf("dismiss", DismissBehavior.self)
      ?? .automatic
    let parameters = try (fields.array("params") ?? []).enumerated().map { (index, data) throws(LuaError) in
      try makeParameter(data, index: index + 1)
    }
    let enabled = try fields.function("enabled")
    let visible = try fields.function("visible")
    let behavior: Command.Behavior
    var answer: ((String, Arguments) throws -> CommandOutput)?
    var stateProblem: (() -> String?)?
    let state = fields["state"]
    if state != .nil {
      guard fields["run"] == .nil else {
        throw LuaError(message: "folio.command: give 'run' or 'state', not both")
      }
      let made = try makeState(state, plugin: plugin, title: title)
      behavior = .state(made.state)
      stateProblem = made.problem
    } else {
      guard let run = try fields.function("run") else { throw fields.error("run", "a function") }
      behavior = .action { [weak self, weak plugin] arguments throws -> CommandOutput in
        guard let self, let plugin else { throw FolioError(.disabled, "the plugin is not loaded") }
        // Chosen from a menu, a command that asks first confirms, as the built-in ones do.
        if confirmation == .asks, arguments.origin == .menu {
          return .dialog(
            Self.destructiveConfirmation(title: title, asking: CommandInvocation(id, arguments.values)))
        }
        return try runCommand(run, of: plugin, title: title, arguments: arguments, parameters: parameters)
      }
      answer = { [weak self, weak plugin] buttonID, arguments throws -> CommandOutput in
        guard buttonID == "run" else { return .message("Did not run \(Self.name(ofTitle: title)).") }
        guard let self, let plugin else { throw FolioError(.disabled, "the plugin is not loaded") }
        return try runCommand(run, of: plugin, title: title, arguments: arguments, parameters: parameters)
      }
    }
    var command = Command(
      id: id, title: title, subtitle: try fields.string("subtitle"), icon: try fields.string("icon"),
      role: role,
      dismiss: dismiss, category: "Plugin \(plugin.name)", summary: try fields.string("summary") ?? title,
      parameters: parameters, owner: plugin.owner,
      availability: enabled == nil && visible == nil && stateProblem == nil
        ? nil
        : { [weak self, weak plugin] () -> Availability in
          guard let self, let plugin else { return .disabled(reason: "the plugin is not loaded") }
          if let visible, case .disabled(let reason) = availability(visible, named: "visible", of: plugin) {
            return .hidden(reason: reason)
          }
          let available = enabled.map { availability($0, named: "enabled", of: plugin) } ?? .enabled
          guard case .enabled = available, let problem = stateProblem?() else { return available }
          return .disabled(reason: problem)
        }, behavior: behavior, answer: answer)
    // A state command acts at once; only an action asks.
    if case .action = behavior { command.confirmation = confirmation }
    return command
  }

  /// The dialog a destructive plugin command chosen from a menu shows: its title as the
  /// destructive button, which runs it, and Cancel, which changes nothing.
  private static func destructiveConfirmation(title: String, asking invocation: CommandInvocation) -> Dialog {
    let name = name(ofTitle: title)
    return Dialog(
      title: "\(name)?", message: "A plugin command that deletes or discards something.",
      buttons: [
        DialogButton(name, id: "run", role: .destructive, replay: [invocation]),
        DialogButton("Cancel", role: .cancel),
      ], responder: .command(invocation))
  }

  /// A command's title without the `…` that says it asks for more.
  private static func name(ofTitle title: String) -> String {
    title.hasSuffix("…") ? String(title.dropLast()) : title
  }

  private func runCommand(
    _ run: LuaFunctionReference, of plugin: Plugin, title: String, arguments: Arguments,
    parameters: [Parameter]
  ) throws(FolioError) -> CommandOutput {
    let context = ContextRequest(arguments: arguments, parameters: parameters)
    guard transaction == nil else {
      // Run from inside another callback: a plain call, which cannot confirm.
      let saved = notices
      notices = []
      defer { notices = saved }
      let results = try invoke(
        run, of: plugin, context: context, withArgs: true, stepName: title,
        plainResult: resultError(of: run, in: plugin))
      return commandOutput(notices: notices, results: results)
    }
    return try startCommand(run, of: plugin, title: title, context: context)
  }

  /// A failing predicate disables its item (or, for `visible`, hides it) and logs the error;
  /// so does one returning anything but a boolean, nil or a reason string.
  private func availability(_ function: LuaFunctionReference, named name: String, of plugin: Plugin)
    -> Availability
  {
    do {
      switch try invokeShared(function, of: plugin) {
      case .boolean(true): return .enabled
      case .boolean(false), .nil: return .disabled(reason: "not available now")
      case .string(let reason): return .disabled(reason: reason)
      case let other:
        return .disabled(
          reason: callbackProblem(
            function, of: plugin,
            "\(name) must return true, false or a reason (a string), got \(other.typeName)"))
      }
    } catch {
      return .disabled(reason: "\(error)")
    }
  }

  /// Logs a callback's wrong result as an error, `plugin NAME: FILE:LINE: message` (where
  /// the function is defined), and returns it.
  private func callbackProblem(_ function: LuaFunctionReference, of plugin: Plugin, _ message: String)
    -> String
  {
    let location = plugin.lua?.location(of: function) ?? ""
    let text = (location.isEmpty ? "" : location + " ") + message
    // Each problem is logged once; a getter whose wrong value keeps changing logs the first 100.
    if plugin.loggedProblems.count < 100, plugin.loggedProblems.insert(text).inserted {
      plugin.appendLog("error: \(text)")
    }
    return "plugin \(plugin.name): \(text)"
  }

  private func makeParameter(_ data: LuaData, index: Int) throws(LuaError) -> Parameter {
    let fields = try PluginFields(
      data, function: "folio.command: params[\(index)]",
      known: ["name", "type", "optional", "summary", "choices"])
    let name = try fields.requiredString("name")
    let kind: Parameter.Kind
    switch try fields.oneOf("type", ["string", "int", "number", "bool", "path", "choice"]) ?? "string" {
    case "int": kind = .int
    case "number": kind = .number
    case "bool": kind = .bool
    case "path": kind = .path
    case "choice":
      let choices = try fields.strings("choices") ?? []
      guard !choices.isEmpty else { throw fields.error("choices", "a non-empty array of strings") }
      kind = .choice(choices)
    default: kind = .string
    }
    return Parameter(
      name, kind, isOptional: try fields.boolean("optional") ?? false,
      summary: try fields.string("summary") ?? "")
  }

  /// `title` names the undo step of the edits `set` makes. `problem` calls `get` and says what
  /// is wrong with its result (an error, or a value of the wrong kind), nil when nothing is:
  /// the command is disabled with that reason.
  private func makeState(_ data: LuaData, plugin: Plugin, title: String) throws(LuaError) -> (
    state: CommandState, problem: () -> String?
  ) {
    let fields = try PluginFields(
      data, function: "folio.command: state",
      known: ["kind", "get", "set", "options", "labels", "icons", "min", "max", "step", "style"])
    guard let kind = try fields.oneOf("kind", ["toggle", "choice", "number"]) else {
      throw fields.error("kind", "one of \"toggle\", \"choice\", \"number\"")
    }
    guard let get = try fields.function("get") else { throw fields.error("get", "a function") }
    guard let set = try fields.function("set") else { throw fields.error("set", "a function") }
    let read: () -> LuaData = { [weak self, weak plugin] in
      guard let self, let plugin else { return .nil }
      do {
        return try invokeShared(get, of: plugin)
      } catch {
        return .nil
      }
    }
    let write: (LuaData) throws -> Void = { [weak self, weak plugin] value in
      guard let self, let plugin else { throw FolioError(.disabled, "the plugin is not loaded") }
      _ = try invoke(set, of: plugin, context: ContextRequest(), [value], stepName: title)
    }
    // What `get` must return, described for the error when it does not.
    let accepts: (LuaData) -> Bool
    let expected: String
    var options: [String] = []
    switch kind {
    case "toggle":
      accepts = { if case .boolean = $0 { true } else { false } }
      expected = "a boolean"
    case "choice":
      options = try fields.strings("options") ?? []
      let choices = options
      accepts = { $0.string.map(choices.contains) ?? false }
      expected = "one of its options (\(options.joinedText(separator: ", ") { "\"\($0)\"" }))"
    default:
      accepts = { $0.number != nil }
      expected = "a number"
    }
    let problem: () -> String? = { [weak self, weak plugin] in
      guard let self, let plugin else { return nil }
      let value: LuaData
      do {
        value = try invokeShared(get, of: plugin)
      } catch {
        return "\(error)"
      }
      guard !accepts(value) else { return nil }
      let given: String
      switch value {
      case .nil: given = "nil"
      case .string(let text): given = "the string \"\(text.cutToMessageLimit())\""
      case .integer, .number, .boolean: given = "\(value.typeName) \(value.scalar?.description ?? "")"
      default: given = value.typeName
      }
      return callbackProblem(get, of: plugin, "state get must return \(expected), got \(given)")
    }
    switch kind {
    case "toggle":
      return (.toggle(get: { read() == .boolean(true) }, set: { try write(.boolean($0)) }), problem)
    case "choice":
      guard !options.isEmpty else { throw fields.error("options", "a non-empty array of strings") }
      let labels = try fields.strings("labels") ?? []
      let icons = try fields.strings("icons") ?? []
      let choices = options.enumerated().map {
        ChoiceOption(
          $1, label: $0 < labels.count ? labels[$0] : nil, icon: $0 < icons.count ? icons[$0] : nil)
      }
      return (
        .choice(options: choices, get: { read().string ?? "" }, set: { try write(.string($0)) }), problem
      )
    default:
      let style = try fields.oneOf("style", NumberStyle.self) ?? .stepper
      // A slider's track needs ends: 0 to 100 unless given. A stepper without them goes as far
      // as a whole number does, as the seed's `Stepper(value:)` without `in:`.
      let unbounded = style == .slider ? nil : CommandState.unboundedLimit
      let low = try fields.number("min") ?? unbounded.map { -$0 } ?? 0
      let high = try fields.number("max") ?? unbounded ?? 100
      let step = try fields.number("step") ?? 1
      // What a getter that returns no number shows: the lower bound, or 0 without one.
      let fallback = low <= -CommandState.unboundedLimit ? min(0, high) : low
      for (name, value) in [("min", low), ("max", high), ("step", step)] where !value.isFinite {
        let given = value.isNaN ? "NaN" : value > 0 ? "infinity" : "-infinity"
        throw LuaError(message: "folio.command: state: '\(name)' must be a finite number, got \(given)")
      }
      guard low <= high else { throw LuaError(message: "folio.command: state: 'min' must not exceed 'max'") }
      guard step > 0 else { throw LuaError(message: "folio.command: state: 'step' must be more than 0") }
      return (
        .number(
          range: low...high, step: step, style: style,
          get: { read().number ?? fallback },
          // A whole value reaches Lua as an integer (15, not 15.0), as Lua would write it.
          set: { try write($0.wholeNumber.map(LuaData.integer) ?? .number($0)) }),
        problem
      )
    }
  }

  /// Refuses an id outside the plugin's namespace: a plugin declares `NAME` or `NAME.…` only,
  /// its folder's name, so it can never take or shadow another plugin's ids (or run its code
  /// under them).
  static func checkNamespace(_ id: String, of plugin: Plugin, function: String) throws(LuaError) {
    let given = id.lowercased()
    let name = plugin.name.lowercased()
    guard given != name, !given.hasPrefix(name + ".") else { return }
    throw LuaError(
      message:
        "\(function): field 'id' is \"\(id.cutToMessageLimit())\", outside the plugin's namespace: the "
        + "ids of plugin \(plugin.name) begin with \"\(plugin.name).\"")
  }

  // MARK: Menus

  /// How many submenus, sections and control groups may nest inside a menu.
  static let menuNestingLimit = 16

  /// Builds a menu from `folio.menu{…}`, whose elements are at nesting `level`.
  func makeMenu(_ options: LuaData, function: String, plugin: Plugin, level: Int = 0) throws(LuaError) -> Menu
  {
    let fields = try PluginFields(
      options, function: function,
      known: [
        "id", "title", "icon", "order", "opens_upward", "primary", "label_style", "items", "dismiss",
        "__element",
      ])
    let title = try fields.requiredString("title")
    let id = try fields.string("id") ?? plugin.name + "." + title.lowercased()
    let order = try fields.oneOf("order", MenuOrder.self)
    let labelStyle = try fields.oneOf("label_style", LabelStyle.self)
    var menu = Menu(
      id: id, title: title, icon: try fields.string("icon"), order: order ?? .automatic,
      labelStyle: labelStyle ?? .automatic,
      dismissBehavior: try fields.oneOf("dismiss", DismissBehavior.self),
      primaryAction: try fields.string("primary"), owner: plugin.owner,
      elements: fields["items"].function == nil ? try makeElements(fields, plugin: plugin, level: level) : [])
    menu.opensUpward = try fields.boolean("opens_upward") ?? false
    // `items = function(ctx) … end`: the elements are made each time the menu opens.
    if let items = fields["items"].function {
      menu.contentProvider = makeContentProvider(items, plugin: plugin, place: function)
    }
    return menu
  }

  /// The elements of `items`, at nesting `level` (0 for a menu's own items).
  private func makeElements(_ fields: PluginFields, plugin: Plugin, level: Int = 0) throws(LuaError)
    -> [MenuElement]
  {
    guard level <= Self.menuNestingLimit else {
      throw LuaError(
        message:
          "\(fields.function): menus, sections and control groups nest at most \(Self.menuNestingLimit) levels deep"
      )
    }
    guard let items = try fields.array("items") else { throw fields.error("items", "an array") }
    var elements: [MenuElement] = []
    for (index, item) in items.enumerated() {
      elements.append(
        try makeElement(item, at: "\(fields.function): items[\(index + 1)]", plugin: plugin, level: level))
    }
    return elements
  }

  func makeElement(_ item: LuaData, at place: String, plugin: Plugin, level: Int) throws(LuaError)
    -> MenuElement
  {
    if let id = item.string { return .item(MenuItem(command: id)) }
    guard let table = item.table else {
      throw LuaError(message: "\(place) must be a command id or a table, got \(item.typeName)")
    }
    switch table["__element"].string {
    case "divider": return .divider
    case "section":
      let fields = try PluginFields(item, function: place, known: ["title", "items", "__element"])
      return .section(
        MenuSection(
          header: try fields.string("title"),
          elements: try makeElements(fields, plugin: plugin, level: level + 1)))
    case "submenu":
      return .submenu(try makeMenu(item, function: place, plugin: plugin, level: level + 1))
    case "picker":
      let fields = try PluginFields(
        item, function: place, known: ["command", "title", "icon", "style", "__element"])
      let style = try fields.oneOf("style", ["inline", "menu", "palette"]).flatMap(
        PickerStyle.init(rawValue:))
      let command = try fields.requiredString("command")
      let picker = Picker(
        try fields.string("title"), systemImage: try fields.string("icon"), command: command)
      return .picker(picker.pickerStyle(style ?? .inline).picker)
    case "control_group":
      let fields = try PluginFields(item, function: place, known: ["label", "items", "__element"])
      let label = fields["label"].table
      return .controlGroup(
        MenuControlGroup(
          title: label?["title"].string, icon: label?["icon"].string,
          elements: try makeElements(fields, plugin: plugin, level: level + 1)))
    default:
      let fields = try PluginFields(
        item, function: place,
        known: ["command", "title", "subtitle", "icon", "role", "dismiss", "arguments", "enabled", "confirm"])
      var menuItem = MenuItem(
        command: try fields.requiredString("command"),
        title: fields["title"].function == nil ? try fields.string("title") : nil,
        subtitle: fields["subtitle"].function == nil ? try fields.string("subtitle") : nil,
        icon: try fields.string("icon"), role: try fields.oneOf("role", CommandRole.self),
        dismiss: try fields.oneOf("dismiss", DismissBehavior.self))
      menuItem.confirm = try fields.boolean("confirm") ?? false
      menuItem.namedArguments = try Self.menuArguments(fields)
      menuItem.provider = try makeItemProvider(fields, plugin: plugin)
      return .item(menuItem)
    }
  }

  /// Builds a menu contribution from `folio.contribute(menu, { items, section?, after?,
  /// before? })`.
  func makeContribution(menu target: LuaData, _ options: LuaData, plugin: Plugin, sequence: Int)
    throws(LuaError) -> MenuContribution
  {
    guard let menu = target.string, !menu.isEmpty else {
      throw LuaError(
        message: "folio.contribute: the first argument must be \"title\" or a menu id, got \(target.typeName)"
      )
    }
    let fields = try PluginFields(
      options, function: "folio.contribute", known: ["items", "section", "after", "before"])
    return MenuContribution(
      menu: menu, elements: try makeElements(fields, plugin: plugin), section: try fields.string("section"),
      after: try fields.string("after"), before: try fields.string("before"), owner: plugin.owner,
      sequence: sequence)
  }

  /// Builds a context-menu entry from `folio.context_menu{…}`; also returns its elements.
  func makeContextMenu(_ options: LuaData, plugin: Plugin) throws(LuaError) -> (
    entry: ContextMenuEntry, elements: [MenuElement]
  ) {
    let fields = try PluginFields(
      options, function: "folio.context_menu", known: ["selection", "items", "kinds"])
    let cases: Set<ContextMenuCase>
    switch try fields.oneOf("selection", ["empty", "single", "multiple", "any"]) ?? "any" {
    case "empty": cases = [.empty]
    case "single": cases = [.single]
    case "multiple": cases = [.multiple]
    default: cases = Set(ContextMenuCase.allCases)
    }
    var kinds: Set<DocumentKind> = []
    for kind in try fields.array("kinds") ?? [.string("table"), .string("text")] {
      guard let name = kind.string, let documentKind = DocumentKind(rawValue: name) else {
        throw fields.error("kinds", "an array of \"table\" and \"text\"")
      }
      kinds.insert(documentKind)
    }
    let elements = try makeElements(fields, plugin: plugin)
    let entry = ContextMenuEntry(cases: cases, documentKinds: kinds, owner: plugin.owner) { _ in
      elements
    }
    return (entry, elements)
  }
}
