#if canImport(Glibc)
  import Glibc
#endif

/// Notices when the files of watched plugins change, through inotify: `plugin watch NAME`.
///
/// It never blocks: the host drains its events between commands (`PluginHost.reloadChanged`).
final class PluginWatcher {
  private let descriptor: Int32
  /// The plugin each watch descriptor belongs to.
  private var plugins: [Int32: String] = [:]

  /// Creates a watcher; nil when inotify is not available.
  init?() {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Watches `folder` and its `lib`-style subfolders one level down for files written,
  /// created, moved in or deleted.
  ///
  /// - Returns: false when the folder cannot be watched.
  func watch(_ folder: String, plugin name: String) -> Bool {
    let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
    let watch = inotify_add_watch(descriptor, folder, mask)
    guard watch >= 0 else { return false }
    plugins[watch] = name
    for sub in PluginFiles.subfolders(of: folder) where sub != "tests" {
      let inner = inotify_add_watch(descriptor, folder + "/" + sub, mask)
      if inner >= 0 { plugins[inner] = name }
    }
    return true
  }

  /// Whether a plugin is watched.
  func isWatching(_ name: String) -> Bool { plugins.values.contains(name) }

  /// The plugins whose `.lua` files changed since the last call, in name order.
  func changedPlugins() -> [String] {
    var changed: Set<String> = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let (watch, length) = buffer.withUnsafeBytes { raw in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          return (event.wd, Int(event.len))
        }
        let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
        let file = String(decoding: nameBytes, as: UTF8.self)
        if file.hasSuffix(".lua"), let plugin = plugins[watch] { changed.insert(plugin) }
        offset += header + length
      }
    }
    return changed.sorted()
  }
}
