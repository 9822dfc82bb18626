import CFolioVersion

/// The version of this build, which every front end reports the same way.
public enum BuildVersion {
  /// `git describe` at build time through `make` (e.g. `0.2.0-3-g1a2b3c4`), else the version
  /// the source tree was released as.
  public static let version = String(cString: folio_version())

  /// The full hash of the commit built, or nil when the build did not know it.
  public static let commit: String? = {
    let hash = String(cString: folio_commit())
    return hash.isEmpty ? nil : hash
  }()
}
