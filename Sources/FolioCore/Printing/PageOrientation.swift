/// Which way up a page is printed.
public enum PageOrientation: String, Sendable, CaseIterable {
  /// Upright: the paper's short side across.
  case portrait
  /// Turned: the paper's long side across, for wide tables.
  case landscape
  /// Landscape when a table's columns need more cells than a portrait line holds, portrait
  /// otherwise.
  case auto
}
