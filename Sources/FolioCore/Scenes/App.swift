/// An app declared as scenes [App], composed per platform the way a SwiftUI app uses
/// `#if os(iOS) … #elseif os(macOS)`.
public struct App: Sendable {
  /// The app's name.
  public var name: String
  private let body: @Sendable (MenuPlatform) -> [Scene]

  /// Declares an app.
  ///
  /// - Parameters:
  ///   - name: the app's name.
  ///   - body: the scenes it has on a platform, declared with the scene builder.
  public init(_ name: String, @SceneBuilder body: @escaping @Sendable (MenuPlatform) -> [Scene]) {
    self.name = name
    self.body = body
  }

  /// The top-level scenes on `platform`.
  public func scenes(on platform: MenuPlatform) -> [Scene] { body(platform) }

  /// The first window group on `platform`, looking inside custom scenes.
  public func windowGroup(on platform: MenuPlatform) -> WindowGroup? {
    for case .windowGroup(let group) in scenes(on: platform).flatMap(\.flattened) { return group }
    return nil
  }

  /// The settings scene when it is a scene of its own on `platform`.
  public func settingsScene(on platform: MenuPlatform) -> Settings? {
    for case .settings(let settings) in scenes(on: platform).flatMap(\.flattened) { return settings }
    return nil
  }

  /// The window's tabs on `platform`, if it has a tab view.
  public func tabView(on platform: MenuPlatform) -> TabView? { windowGroup(on: platform)?.tabView }

  /// Folio's own app: on iphone and ipad one window group whose tab view has Documents,
  /// Recent and Settings (the seed's `#if os(iOS)` covers iPadOS too); on mac a custom scene
  /// of the document window group (tabs Documents and Recent) and a Settings scene of its own
  /// (`Settings { }` is macOS-only).
  public static let folio = App("Folio") { platform in
    if platform != .mac {
      WindowGroup(
        "Folio", id: "document",
        tabView: TabView([
          documentsTab, recentTab, Tab("Settings", systemImage: "gearshape", content: .settings),
        ]))
    } else {
      CustomScene(id: "folio.main") {
        WindowGroup("Folio", id: "document", tabView: TabView([documentsTab, recentTab]))
        Settings()
      }
    }
  }

  private static let documentsTab = Tab("Documents", systemImage: "doc.on.doc", content: .documents)
  private static let recentTab = Tab("Recent", systemImage: "clock", content: .recent)
}
