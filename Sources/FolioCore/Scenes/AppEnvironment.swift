/// The environment everything adaptive reads [EnvironmentValues]: the device class, the
/// window's width in columns, its horizontal size class, and whether a hardware keyboard is
/// attached.
public struct AppEnvironment: Sendable, Equatable {
  /// The device class.
  public var platform: MenuPlatform
  /// The window's width in columns.
  public var width: Int
  /// The size class; derived from the platform and width unless set explicitly.
  public var sizeClass: SizeClass
  /// Whether a hardware keyboard is attached (always on a Mac).
  public var hasKeyboard: Bool

  /// The narrowest regular width, in columns.
  public static let regularWidth = 60

  /// The widths a window can have, in columns: wide enough for any terminal, narrow enough
  /// that laying a screen out stays quick.
  public static let widths = 1...10_000

  /// Reads a width in columns for `name` (`width`, `--width`).
  ///
  /// - Throws: `FolioError.invalidArgument` naming the word and `widths`.
  public static func width(_ text: String, name: String) throws(FolioError) -> Int {
    try Parameter.integer(text, in: widths, name: name)
  }

  /// An environment for a platform and width, with the size class and keyboard that go with
  /// them: iphone is compact, the others compact below `regularWidth` columns; a Mac has a
  /// keyboard, the others not.
  public init(platform: MenuPlatform = .mac, width: Int = 100) {
    self.platform = platform
    self.width = width
    sizeClass = Self.sizeClass(platform: platform, width: width)
    hasKeyboard = platform == .mac
  }

  /// The horizontal size class [UserInterfaceSizeClass].
  public enum SizeClass: String, Sendable, CaseIterable {
    case compact
    case regular
  }

  /// The size class a platform and width imply.
  public static func sizeClass(platform: MenuPlatform, width: Int) -> SizeClass {
    platform == .iphone || width < regularWidth ? .compact : .regular
  }

  /// Whether selecting several rows at once needs edit mode [lightweight multi-select]: on
  /// iphone and ipad without a keyboard it does; on a Mac or with a keyboard it does not.
  public var multipleSelectionNeedsEditMode: Bool {
    platform != .mac && !hasKeyboard
  }
}
