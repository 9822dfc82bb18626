/// A part of an app's interface that the system shows [Scene]: a window group, the settings
/// scene, or a custom scene composed from others.
public indirect enum Scene: Sendable, Equatable {
  /// Windows that all show the same kind of content: one per open document.
  case windowGroup(WindowGroup)
  /// The app's settings, a scene of its own.
  case settings(Settings)
  /// A scene an app composes from other scenes, under a name of its own.
  case custom(CustomScene)

  /// The scene and the scenes it is composed of, depth first.
  public var flattened: [Scene] {
    guard case .custom(let custom) = self else { return [self] }
    return [self] + custom.scenes.flatMap(\.flattened)
  }
}

/// A scene composed from other scenes, the way a SwiftUI app groups its scenes in a custom
/// `Scene` type.
public struct CustomScene: Sendable, Equatable {
  /// The scene's id.
  public var id: String
  /// The scenes it is composed of, in order.
  public var scenes: [Scene]

  /// Composes a scene from others.
  ///
  /// - Parameters:
  ///   - id: the scene's id.
  ///   - scenes: the scenes it holds, declared with the scene builder.
  public init(id: String, @SceneBuilder scenes: () -> [Scene]) {
    self.id = id
    self.scenes = scenes()
  }
}

/// The app's settings scene [Settings]: on mac a scene of its own, on iphone a tab.
public struct Settings: Sendable, Equatable {
  /// The scene's title.
  public var title: String

  /// A settings scene titled "Settings".
  public init(title: String = "Settings") {
    self.title = title
  }
}

/// Builds a list of scenes from declarations, with `if` and `if … else` for the scenes a
/// platform has, and `for` loops.
@resultBuilder
public enum SceneBuilder: ListBuilder {
  /// The builder makes a list of scenes.
  public typealias Element = Scene

  public static func buildExpression(_ group: WindowGroup) -> [Scene] { [.windowGroup(group)] }
  public static func buildExpression(_ settings: Settings) -> [Scene] { [.settings(settings)] }
  public static func buildExpression(_ custom: CustomScene) -> [Scene] { [.custom(custom)] }
  public static func buildExpression(_ scene: Scene) -> [Scene] { [scene] }
}
