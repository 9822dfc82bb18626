@testable import FolioCore

/// Small demo commands with real state, registered in a fresh registry, for the menu seeds.
final class MenuDemo {
  let registry = CommandRegistry()
  /// Every action run, with its arguments: `demo.rename New name`.
  var log: [String] = []
  var documentName = "Draft"
  var includesToppings = false
  var flavor = "vanilla"
  var fontSize = 12.0
  var quantity = 1.0
  var canUndo = false
  var isDarkMode = false
  var accent = "blue"
  var notifies = true
  /// How many times an enablement predicate was asked.
  var availabilityChecks = 0

  init() throws {
    try action("demo.duplicate", "Duplicate", icon: "doc.on.doc", subtitle: "Make a copy next to it")
    try registry.register(
      Command(
        id: "demo.rename", title: "Rename", subtitle: "Give it a new name", icon: "pencil",
        parameters: [Parameter("name")],
        behavior: .action { [unowned self] arguments in
          documentName = arguments.string("name") ?? documentName
          log.append("demo.rename \(documentName)")
          return .message("Renamed to \(documentName)")
        }))
    try action("demo.delete", "Delete…", icon: "trash", role: .destructive)
    try action("demo.special", "Special request", icon: "star")
    try registry.register(
      Command(
        id: "demo.toppings", title: "Include Toppings",
        behavior: .state(
          .toggle(
            get: { [unowned self] in includesToppings }, set: { [unowned self] in includesToppings = $0 }))))
    try registry.register(
      Command(
        id: "demo.flavor", title: "Flavor",
        behavior: .state(
          .choice(
            options: [
              ChoiceOption("vanilla", label: "Vanilla"), ChoiceOption("chocolate", label: "Chocolate"),
              ChoiceOption("strawberry", label: "Strawberry"),
            ],
            get: { [unowned self] in flavor }, set: { [unowned self] in flavor = $0 }))))
    try registry.register(
      Command(
        id: "demo.font.increase", title: "Increase", icon: "plus.magnifyingglass",
        behavior: .action { [unowned self] _ in
          fontSize += 1
          return .none
        }))
    try registry.register(
      Command(
        id: "demo.font.decrease", title: "Decrease", icon: "minus.magnifyingglass",
        behavior: .action { [unowned self] _ in
          fontSize -= 1
          return .none
        }))
    try registry.register(
      Command(
        id: "demo.font.reset", title: "Reset",
        behavior: .action { [unowned self] _ in
          fontSize = 12
          return .none
        }))
    try registry.register(
      Command(
        id: "demo.font.size", title: "Font Size",
        behavior: .state(
          .number(
            range: 8...72, step: 1, get: { [unowned self] in fontSize },
            set: { [unowned self] in fontSize = $0 }))
      ))
    try registry.register(
      Command(
        id: "demo.quantity", title: "Quantity",
        behavior: .state(
          .number(
            range: 1...3, step: 1, get: { [unowned self] in quantity },
            set: { [unowned self] in quantity = $0 }))))
    try registry.register(
      Command(
        id: "demo.undo", title: "Undo", icon: "arrow.uturn.backward", shortcut: "⌘Z",
        availability: { [unowned self] in
          availabilityChecks += 1
          return canUndo ? .enabled : .disabled(reason: "there is nothing to undo")
        },
        behavior: .action { [unowned self] _ in
          log.append("demo.undo")
          return .none
        }))
    try action("demo.redo", "Redo", icon: "arrow.uturn.forward")
    try action("demo.copy", "Copy", icon: "doc.on.doc")
    try action("demo.paste", "Paste", icon: "doc.on.clipboard")
    try action("demo.cut", "Cut", icon: "scissors")
    try registry.register(
      Command(
        id: "demo.dark", title: "Dark Mode",
        behavior: .state(
          .toggle(get: { [unowned self] in isDarkMode }, set: { [unowned self] in isDarkMode = $0 }))))
    try registry.register(
      Command(
        id: "demo.accent", title: "Accent Colour",
        behavior: .state(
          .choice(
            options: [ChoiceOption("blue", label: "Blue"), ChoiceOption("pink", label: "Pink")],
            get: { [unowned self] in accent }, set: { [unowned self] in accent = $0 }))))
    try registry.register(
      Command(
        id: "demo.notify", title: "Notifications",
        behavior: .state(
          .toggle(get: { [unowned self] in notifies }, set: { [unowned self] in notifies = $0 }))))
  }

  /// Registers a command that logs its id and arguments.
  func action(
    _ id: String, _ title: String, icon: String? = nil, subtitle: String? = nil, role: CommandRole? = nil
  ) throws {
    try registry.register(
      Command(
        id: id, title: title, subtitle: subtitle, icon: icon, role: role,
        parameters: [Parameter("words", style: .rest, isOptional: true)],
        behavior: .action { [unowned self] arguments in
          log.append(([id] + arguments.words("words").map(\.text)).joined(separator: " "))
          return .text(id)
        }))
  }

  // MARK: The seed menus, as the seeds write them.

  static var actions: Menu {
    Menu("Actions", id: "demo.actions", systemImage: "ellipsis.circle") {
      Button("Duplicate", systemImage: "doc.on.doc", command: "demo.duplicate")
      Button("Rename", systemImage: "pencil", command: "demo.rename")
      Button("Delete…", systemImage: "trash", role: .destructive, command: "demo.delete")
    }
  }

  static func iceCream(_ style: PickerStyle) -> Menu {
    Menu("Ice Cream Order", id: "demo.order") {
      Button("Special request", command: "demo.special")
      Toggle("Include Toppings", command: "demo.toppings")
      Picker("Flavor", command: "demo.flavor").pickerStyle(style)
    }
  }

  static var fontSize: Menu {
    Menu("Font size", id: "demo.font", systemImage: "textformat.size") {
      Button("Increase", systemImage: "plus.magnifyingglass", command: "demo.font.increase")
        .menuActionDismissBehavior(.disabled)
      Button("Decrease", systemImage: "minus.magnifyingglass", command: "demo.font.decrease")
        .menuActionDismissBehavior(.disabled)
      Stepper("Size", command: "demo.font.size")
      Divider()
      Button("Reset", command: "demo.font.reset")
    }
  }

  static var generalSettings: Menu {
    Menu("General Settings", id: "demo.general", systemImage: "gear") {
      Menu("Appearance", systemImage: "paintbrush") {
        Toggle("Dark Mode", command: "demo.dark")
        Picker("Accent Colour", command: "demo.accent")
      }
      Menu("Notifications", systemImage: "bell") {
        Toggle("Allow Notifications", command: "demo.notify")
      }
    }
  }

  static var settings: Menu {
    Menu("Settings", id: "demo.settings", systemImage: "gear") {
      Section("Appearance") {
        Toggle("Dark Mode", command: "demo.dark")
        Picker("Accent Colour", command: "demo.accent")
      }
      Section("Alerts") {
        Toggle("Notifications", command: "demo.notify")
      }
    }
  }

  static var edit: Menu {
    Menu("Edit", id: "Edit") {
      ControlGroup {
        Button("Undo", systemImage: "arrow.uturn.backward", command: "demo.undo")
        Button("Redo", systemImage: "arrow.uturn.forward", command: "demo.redo")
        Button("Copy", systemImage: "doc.on.doc", command: "demo.copy")
      }
      Button("Paste", command: "demo.paste")
    }
  }
}
