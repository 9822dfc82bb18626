import FolioCore
import FolioLua
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

extension Shell {
  /// Loads the session's plugins, saying on standard error which failed and why.
  ///
  /// - Parameters:
  ///   - extraFolders: the `--plugins DIR` folders, searched last, relative to the current
  ///     folder.
  ///   - shippedFolder: the `plugins/` folder shipped with Folio, if any.
  public func loadPlugins(extraFolders: [String], shippedFolder: String?) {
    let failed = session.loadPlugins(
      extraFolders: extraFolders.map { Paths.resolve($0, against: Paths.currentDirectory) },
      shippedFolder: shippedFolder)
    for plugin in failed {
      console.printError("folio: warning: plugin \(plugin.name): \(plugin.status)")
    }
    // A Ctrl-C while loading stopped the plugin that was loading; the session starts anyway.
    if Interrupt.isRequested { Interrupt.clear() }
  }

  /// The shipped `plugins/` folder (see `PluginHost.shippedFolder`) for this executable.
  public static func shippedPluginFolder(environment: [String: String]) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let executable =
      count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    return PluginHost.shippedFolder(environment: environment, executable: executable)
  }
}
