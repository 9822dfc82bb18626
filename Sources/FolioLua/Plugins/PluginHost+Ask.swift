import FolioCore

/// `ctx:prompt{…}` and `ctx:choose{…}`: a plugin command asks for a text or a choice from a
/// list, through the same dialog path as `ctx:confirm` (the command waits, suspended, for the
/// answer).
extension PluginHost {
  /// `ctx:prompt` and `ctx:choose`, which yield as `ctx:confirm` does.
  func makeAskingFunctions(in lua: LuaState) -> [String: LuaFunctionReference] {
    let prompt = lua.makeYieldingFunction(name: "ctx:prompt") {
      [unowned self] (arguments: LuaArguments) throws(LuaError) -> [LuaData] in
      confirmRequest = try makePromptRequest(arguments[1])
      return []
    }
    let choose = lua.makeYieldingFunction(name: "ctx:choose") {
      [unowned self] (arguments: LuaArguments) throws(LuaError) -> [LuaData] in
      confirmRequest = try makeChooseRequest(arguments[1])
      return []
    }
    return ["prompt": prompt, "choose": choose]
  }

  /// The most items `ctx:choose` offers.
  static let choiceLimit = 200

  /// Reads `ctx:prompt{ title, message?, default?, placeholder? }`: a dialog with a text
  /// field (as Rename…) whose OK returns the text and whose Cancel returns nil.
  func makePromptRequest(_ options: LuaData) throws(LuaError) -> ConfirmRequest {
    let fields = try PluginFields(
      options, function: "ctx:prompt", known: ["title", "message", "default", "placeholder"])
    let title = try fields.requiredString("title").cutToMessageLimit()
    let text = try fields.string("default")?.cutToMessageLimit() ?? ""
    let label = try fields.string("placeholder")?.cutToMessageLimit() ?? "Text"
    let request = ConfirmRequest(
      title: title, message: try fields.string("message")?.cutToMessageLimit(),
      buttons: [DialogButton("OK"), DialogButton("Cancel", role: .cancel)], titleVisibility: .visible,
      presenting: nil)
    request.textField = DialogTextField(label: label, text: text, parameter: "text")
    return request
  }

  /// Reads `ctx:choose{ title, message?, items }`: `items` a list of strings, or of
  /// `{ title =, value =, subtitle = }` (the value defaults to the title). Each item is a
  /// button of the dialog; choosing one returns its value, Cancel returns nil.
  func makeChooseRequest(_ options: LuaData) throws(LuaError) -> ConfirmRequest {
    let fields = try PluginFields(options, function: "ctx:choose", known: ["title", "message", "items"])
    let title = try fields.requiredString("title").cutToMessageLimit()
    guard let items = try fields.array("items"), !items.isEmpty else {
      throw fields.error("items", "a non-empty array of strings or { title =, value =, subtitle = }")
    }
    guard items.count <= Self.choiceLimit else {
      throw LuaError(message: "ctx:choose: at most \(Self.choiceLimit) items, got \(items.count)")
    }
    var buttons: [DialogButton] = []
    var values: [LuaData] = []
    for (index, item) in items.enumerated() {
      let place = "ctx:choose: items[\(index + 1)]"
      var itemTitle: String
      var value: LuaData
      switch item {
      case .string(let text) where !text.isEmpty:
        itemTitle = text.cutToMessageLimit()
        value = item
      case .table:
        let entry = try PluginFields(item, function: place, known: ["title", "value", "subtitle"])
        itemTitle = try entry.requiredString("title").cutToMessageLimit()
        value = entry["value"]
        if case .function = value { throw entry.error("value", "a string, number, boolean or table") }
        if value == .nil { value = .string(itemTitle) }
        if let subtitle = try entry.string("subtitle"), !subtitle.isEmpty {
          itemTitle += " — " + subtitle.cutToMessageLimit()
        }
      default:
        throw LuaError(
          message:
            "\(place) must be a non-empty string or { title =, value =, subtitle = }, got \(item.typeName)")
      }
      let button = DialogButton(itemTitle)
      guard !button.id.isEmpty, !buttons.contains(where: { $0.id == button.id || $0.title == button.title })
      else {
        throw LuaError(
          message: "\(place): another item has the title '\(itemTitle)' (or one that reads as it)")
      }
      buttons.append(button)
      values.append(value)
    }
    buttons.append(DialogButton("Cancel", role: .cancel))
    let request = ConfirmRequest(
      title: title, message: try fields.string("message")?.cutToMessageLimit(), buttons: buttons,
      titleVisibility: .visible, presenting: nil)
    request.values = values
    return request
  }

  /// What the command waiting on `request` is resumed with for `button`: for a prompt the
  /// text (nil for Cancel), for a list the chosen item's value (nil for Cancel), else the
  /// button's title.
  static func answerValues(of request: ConfirmRequest?, button: DialogButton, text: String?) -> [LuaData]? {
    guard let request else { return nil }
    if request.textField != nil {
      return [button.role == .cancel ? .nil : .string(text ?? request.textField?.text ?? "")]
    }
    guard let values = request.values else { return nil }
    guard button.role != .cancel, let index = request.buttons.firstIndex(where: { $0.id == button.id }),
      values.indices.contains(index)
    else { return [.nil] }
    return [values[index]]
  }
}
