import FolioCore

extension Session {
  /// `env`: show the environment, or change one value; everything adaptive reads it the next
  /// time it renders.
  var environmentCommand: Command {
    Command(
      id: "scene.env", verb: "env", title: "Environment", icon: "macwindow", category: "Scenes",
      summary: "show the environment, or set one value: platform, width, size-class, keyboard",
      details: "env platform mac|ipad|iphone (also sets the size class and keyboard that go with "
        + "it), env width N (the size class follows: compact below \(AppEnvironment.regularWidth) "
        + "columns or on iphone), env size-class compact|regular, env keyboard on|off.",
      parameters: [
        Parameter(
          "name", .choice(["platform", "width", "size-class", "keyboard"]), isOptional: true,
          summary: "the value to set"),
        Parameter("value", isOptional: true, summary: "its new value"),
      ],
      behavior: .action { [unowned self] arguments in
        guard let name = arguments.string("name") else { return .environment(appEnvironment) }
        guard let value = arguments.string("value") else {
          throw FolioError.invalidArgument("'env \(name)' needs a value")
        }
        var environment = appEnvironment
        switch name {
        case "platform":
          guard let platform = MenuPlatform(rawValue: value.lowercased()) else {
            throw FolioError.invalidArgument("'platform' expects mac, ipad or iphone, got '\(value)'")
          }
          environment = AppEnvironment(platform: platform, width: environment.width)
        case "width":
          let width = try AppEnvironment.width(value, name: "width")
          environment.width = width
          environment.sizeClass = AppEnvironment.sizeClass(platform: environment.platform, width: width)
        case "size-class":
          guard let sizeClass = AppEnvironment.SizeClass(rawValue: value.lowercased()) else {
            throw FolioError.invalidArgument("'size-class' expects compact or regular, got '\(value)'")
          }
          environment.sizeClass = sizeClass
        default:
          guard let keyboard = Parameter.boolean(value) else {
            throw FolioError.invalidArgument("'keyboard' expects on or off, got '\(value)'")
          }
          environment.hasKeyboard = keyboard
        }
        appEnvironment = environment
        return .environment(environment)
      })
  }
}
