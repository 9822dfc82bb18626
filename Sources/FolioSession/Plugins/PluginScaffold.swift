import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// The files `plugin new NAME` writes: a manifest, a ten-line `plugin.lua` (a context-menu
/// command on the selection), a test script with its data and expected output, and a
/// `.luarc.json` that points LuaLS at Folio's `docs/folio.lua`.
enum PluginScaffold {
  /// The files, by path inside the plugin's folder, in the order they are written.
  static func files(name: String, definitions: String?) -> [(path: String, text: String)] {
    let library = definitions.map { JSONValue.string($0).serialized } ?? ""
    return [
      (
        "manifest.lua",
        """
        -- manifest.lua is read first, in a sandbox of its own: it only describes the plugin.
        return { name = "\(name)", version = "0.1", api = 1, description = "Counts the selected rows" }

        """
      ),
      (
        "plugin.lua",
        """
        -- \(name): a context-menu command on the selected rows (docs/plugins.md).
        local folio = require("folio")

        folio.command { id = "\(name).count", title = "Count Selected",
          enabled = function(ctx) return ctx.selection.count > 0 or "select rows first" end,
          run = function(ctx)
            local rows = ctx.selection:rows()
            return ("%d selected, the first: %s"):format(#rows, rows[1].name)
          end }
        folio.context_menu { selection = "any", items = { "\(name).count" } }

        """
      ),
      ("tests/places.csv", "name,city\nLouvre,Paris\nOrsay,Paris\nPrado,Madrid\n"),
      (
        "tests/count.folio",
        """
        # 'plugin test \(name)' runs each tests/*.folio in a scratch session, in this folder, and
        # compares what it prints with the .expected file beside it.
        \(name).count
        open places.csv
        select 2-3
        \(name).count

        """
      ),
      (
        "tests/count.expected",
        """
        count.folio:3: error: '\(name).count' is disabled: select rows first
        Opened places (table, 3 rows × 2 columns).
        2 rows selected in places: 2 (id:2), 3 (id:3)
        2 selected, the first: Orsay

        """
      ),
      (
        ".luarc.json",
        """
        {
          "runtime.version": "Lua 5.4",
          "diagnostics.globals": ["folio"],
          "workspace.library": [\(library)]
        }

        """
      ),
    ]
  }

  /// Whether a regular file exists at the path.
  static func isFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Writes the scaffold of plugin `name` into `folder/name`, which must not exist yet.
  ///
  /// - Returns: the plugin's folder.
  /// - Throws: `FolioError.invalidArgument` for a name that is not letters, digits, `-` or
  ///   `_`; `FolioError.conflict` when the folder exists; `FolioError.io` when writing fails.
  static func write(name: String, in folder: String, definitions: String?) throws(FolioError) -> String {
    guard !name.isEmpty,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else {
      throw FolioError(
        .invalidArgument, "a plugin's name is its folder's: letters, digits, '-' or '_', got '\(name)'")
    }
    let root = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + name
    var info = stat()
    if stat(root, &info) == 0 {
      throw FolioError(.conflict, "\(root) exists already; choose another name or --dir")
    }
    // The plugins folder and its parents too: a first plugin may be the first thing Folio
    // keeps in the configuration folder.
    try Folders.make(folder, mode: 0o755)
    for directory in [root, root + "/tests"] {
      if mkdir(directory, 0o755) != 0 {
        throw FolioError(.io, "cannot make the folder \(directory): \(String(cString: strerror(errno)))")
      }
    }
    for (path, text) in files(name: name, definitions: definitions) {
      try DocumentFile.writeAtomically(Array(text.utf8), to: root + "/" + path)
    }
    return root
  }
}
