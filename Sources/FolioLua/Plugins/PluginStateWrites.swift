/// The `folio.state` writes of a running callback, held until it ends: stored when it
/// succeeds, dropped when it fails, like its document changes.
struct PluginStateWrites {
  /// The values written, encoded, by plugin name and key; nil removes the key.
  var values: [String: [String: String?]] = [:]
  /// The bytes each plugin written to will hold once these writes are stored.
  var sizes: [String: Int] = [:]
}
