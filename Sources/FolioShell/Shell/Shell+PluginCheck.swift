import CFolioSystem
import FolioCore
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

extension Shell {
  /// The `luacheck` command `plugin check` runs in the plugin's folder: Lua 5.4, `folio` a
  /// global the plugin reads, and the globals the sandbox leaves out undefined.
  static let luacheckArguments = [
    "luacheck", ".", "--no-color", "--codes", "--formatter", "plain", "--std", "lua54", "--read-globals",
    "folio", "--not-globals", "io", "debug", "package", "dofile", "loadfile",
  ]

  /// `plugin check NAME|DIR`: loads the plugin in `folder` into a scratch session (no state
  /// store, no other plugin, nothing of the user's) and says whether it loads and what it
  /// contributes, then runs `luacheck` over its `.lua` files with Folio's globals.
  ///
  /// - Returns: the report when the plugin loads and luacheck finds nothing (or is not
  ///   installed, which the report says).
  /// - Throws: `FolioError.conflict` with the report when the plugin fails to load or
  ///   luacheck warns.
  func checkPlugin(in folder: String) throws(FolioError) -> String {
    var options = ShellOptions()
    options.keepGoing = true
    let scratch = Shell(
      options: options, console: Console { _, _ in }, environment: [:],
      workspace: Workspace(store: nil, currentDirectory: folder, home: nil))
    scratch.session.loadPlugins(extraFolders: [], shippedFolder: nil)
    guard let host = scratch.session.pluginHost else {
      throw FolioError(.internal, "the scratch session has no plugin host")
    }
    host.collectsProblems = true
    let plugin = host.load(folder: folder)
    var lines: [String] = []
    var isClean = true
    if case .failed(let reason) = plugin.status {
      isClean = false
      let problems = plugin.problems.isEmpty ? [reason] : plugin.problems
      lines.append(
        "plugin \(plugin.name) does not load: "
          + (problems.count == 1 ? "1 problem" : "\(problems.count) problems") + ":")
      lines += problems.map { "  " + $0 }
    } else {
      let contributed = plugin.contributions.kinds.filter { !$0.1.isEmpty }.map {
        "\($0.0): \($0.1.joined(separator: $0.2))"
      }
      lines.append("plugin \(plugin.name) loads" + (contributed.isEmpty ? ", contributing nothing" : ""))
      lines += contributed.map { "  " + $0 }
    }
    switch Self.runLuacheck(in: folder) {
    case .notInstalled:
      lines.append("luacheck is not installed, so the Lua was not checked (Debian: apt install lua-check)")
    case .finished(let status, let output):
      if status == 0 {
        lines.append("luacheck: no warnings")
      } else {
        isClean = false
        let found = output.split(separator: "\n").map(String.init)
        lines.append("luacheck found \(found.count == 1 ? "1 problem" : "\(found.count) problems"):")
        lines += found.map { "  " + $0 }
      }
    case .failed(let reason):
      isClean = false
      lines.append("luacheck could not run: \(reason)")
    }
    let report = lines.joined(separator: "\n")
    if !isClean { throw FolioError(.conflict, report) }
    return report
  }

  private enum LuacheckResult {
    case notInstalled
    case finished(status: Int32, output: String)
    case failed(String)
  }

  private static func runLuacheck(in folder: String) -> LuacheckResult {
    let capacity = 1 << 20
    var output = [CChar](repeating: 0, count: capacity)
    var length = 0
    var arguments: [UnsafeMutablePointer<CChar>?] = luacheckArguments.map { strdup($0) }
    defer { for argument in arguments { free(argument) } }
    arguments.append(nil)
    let status = arguments.withUnsafeBufferPointer { argv in
      argv.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: argv.count) { pointer in
        folio_run_capture(pointer, folder, &output, capacity, &length)
      }
    }
    if status < 0 {
      return errno == ENOENT ? .notInstalled : .failed(String(cString: strerror(errno)))
    }
    let text = output.prefix(length).map { UInt8(bitPattern: $0) }
    return .finished(status: status, output: String(decoding: text, as: UTF8.self))
  }
}
