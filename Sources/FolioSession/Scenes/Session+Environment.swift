import FolioCore

/// `env [platform|width|size-class|keyboard VALUE]`: show the environment, or change one
/// value; everything adaptive reads it the next time it renders.
enum EnvironmentCommand: AppAction {
  static let name = ParameterKey.optionalArgument(
    "name", .choice(["platform", "width", "size-class", "keyboard"]), summary: "the value to set")
  static let value = ParameterKey.optionalArgument("value", summary: "its new value")

  static let configuration = CommandConfiguration(
    id: "scene.env", verb: "env", title: "Environment", icon: "macwindow", category: "Scenes",
    summary: "show the environment, or set one value: platform, width, size-class, keyboard",
    details: """
      env platform mac|ipad|iphone (also sets the size class and keyboard that go with \
      it), env width N (the size class follows: compact below \(AppEnvironment.regularWidth) \
      columns or on iphone), env size-class compact|regular, env keyboard on|off.
      """,
    parameters: [name, value])

  static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
    let session = context.session
    guard let name = arguments[Self.name] else { return .environment(session.appEnvironment) }
    guard let value = arguments[Self.value] else {
      throw FolioError.invalidArgument("'env \(name)' needs a value")
    }
    var environment = session.appEnvironment
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
    session.appEnvironment = environment
    return .environment(environment)
  }
}
