import FolioCore
import Foundation
import Testing

@testable import FolioLua

/// `folio.row_decoration` and `folio.cell_format`: what they declare reaches the workspace's
/// registry, typed; a wrong field fails the load with `FILE:LINE`, naming the field; unloading
/// takes them away.
@Suite struct TableDecorationTests {
  /// A host with one plugin `deco` whose `plugin.lua` is `source`; the folder is removed
  /// when the test ends.
  private final class Loaded {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-deco-\(UUID().uuidString)")
    let surface = RecordingSurface()
    let host: PluginHost

    init(_ source: String) throws {
      let folder = root.appendingPathComponent("deco")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try source.write(to: folder.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
      host = PluginHost(surface: surface)
      host.discoverAndLoad(in: [root.path])
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var failure: String? {
      if case .failed(let reason) = host.plugin(named: "deco")?.status { return reason }
      return nil
    }
  }

  @Test("a row decoration and a cell format are declared typed, listed by plugin info, and removed on unload")
  func declared() throws {
    let loaded = try Loaded(
      """
      folio.row_decoration { id = "deco.seal", symbol = "checkmark.seal.fill", text = "Visited",
        tint = "green", column = "visited", when = "yes" }
      folio.row_decoration { id = "deco.quiet", symbol = "book", column = "noise", at_most = 3 }
      folio.row_decoration { id = "deco.paris", symbol = "star", column = "city", equals = "Paris" }
      folio.cell_format { id = "deco.bar", column = "noise", kind = "bar", min = 0, max = 10 }
      """)
    #expect(loaded.failure == nil)
    let registry = loaded.surface.workspace.tableDecorations
    #expect(
      registry.rowDecorations == [
        RowDecoration(
          id: "deco.seal", symbol: "checkmark.seal.fill", text: "Visited", tint: .green, column: "visited",
          condition: .yes, owner: "plugin deco"),
        RowDecoration(
          id: "deco.quiet", symbol: "book", column: "noise", condition: .range(atLeast: nil, atMost: 3),
          owner: "plugin deco"),
        RowDecoration(
          id: "deco.paris", symbol: "star", column: "city", condition: .equals("Paris"), owner: "plugin deco"),
      ])
    #expect(
      registry.cellFormats == [
        CellFormat(
          id: "deco.bar", column: "noise",
          style: .bar(minimum: 0, maximum: 10, width: 5, filled: "▮", empty: "▯"), owner: "plugin deco")
      ])
    let contributions = try #require(loaded.host.plugin(named: "deco")).contributions
    #expect(
      contributions.rowDecorations == [
        "deco.seal (checkmark.seal.fill on visited)", "deco.quiet (book on noise)",
        "deco.paris (star on city)",
      ])
    #expect(contributions.cellFormats == ["deco.bar (bar on noise)"])
    try loaded.host.unload(named: "deco")
    #expect(registry.rowDecorations.isEmpty)
    #expect(registry.cellFormats.isEmpty)
  }

  @Test(
    "wrong fields fail the load with FILE:LINE and the field",
    arguments: [
      (
        #"folio.row_decoration { id = "d", symbol = 7, column = "c", when = "yes" }"#,
        "plugin.lua:1: folio.row_decoration: field 'symbol' must be a string, got number"
      ),
      (
        #"folio.row_decoration { id = "d", symbol = "star", column = "c", when = "maybe" }"#,
        #"plugin.lua:1: folio.row_decoration: field 'when' must be one of "yes", "filled", got "maybe""#
      ),
      (
        #"folio.row_decoration { id = "d", symbol = "star", column = "c" }"#,
        "plugin.lua:1: folio.row_decoration: give one condition"
      ),
      (
        #"folio.row_decoration { id = "d", symbol = "star", column = "c", when = "yes", equals = "x" }"#,
        "plugin.lua:1: folio.row_decoration: give one condition"
      ),
      (
        #"folio.row_decoration { id = "d", symbol = "star", column = "c", at_least = 5, at_most = 1 }"#,
        "plugin.lua:1: folio.row_decoration: 'at_least' (5.0) is greater than 'at_most' (1.0)"
      ),
      (
        #"folio.row_decoration { id = "d", symbol = "star", column = "c", when = "yes", tint = "chartreuse" }"#,
        #"plugin.lua:1: folio.row_decoration: field 'tint' must be one of "red""#
      ),
      (
        #"folio.row_decoration { id = "d", symbol = "star", column = "c", when = function() end }"#,
        "plugin.lua:1: folio.row_decoration: field 'when' must be a string, got function"
      ),
      (
        #"folio.row_decoration { id = "d", symbol = "star", colum = "c", when = "yes" }"#,
        "plugin.lua:1: folio.row_decoration: unknown field 'colum'"
      ),
      (
        """
        folio.row_decoration { id = "d", symbol = "star", column = "c", when = "yes" }
        folio.row_decoration { id = "d", symbol = "star", column = "c", when = "filled" }
        """,
        "plugin.lua:2: folio.row_decoration: the row decoration 'd' is declared already"
      ),
      (
        #"folio.cell_format { id = "f", column = "n", kind = "pie", min = 0, max = 1 }"#,
        #"plugin.lua:1: folio.cell_format: field 'kind' must be one of "bar", got "pie""#
      ),
      (
        #"folio.cell_format { id = "f", column = "n", kind = "bar", min = "0", max = 1 }"#,
        "plugin.lua:1: folio.cell_format: field 'min' must be a number, got string"
      ),
      (
        #"folio.cell_format { id = "f", column = "n", kind = "bar", min = 3, max = 3 }"#,
        "plugin.lua:1: folio.cell_format: 'max' (3.0) must be greater than 'min' (3.0)"
      ),
      (
        #"folio.cell_format { id = "f", column = "n", kind = "bar", min = 0, max = 1, width = 21 }"#,
        "plugin.lua:1: folio.cell_format: field 'width' must be a whole number from 1 to 20, got 21.0"
      ),
      (
        #"folio.cell_format { id = "f", column = "n", kind = "bar", min = 0, max = 1, glyphs = { "ab", "." } }"#,
        "plugin.lua:1: folio.cell_format: field 'glyphs' must be a list of two one-column characters"
      ),
    ])
  func mistakes(_ source: String, _ expected: String) throws {
    let loaded = try Loaded(source)
    let failure = try #require(loaded.failure)
    #expect(failure.hasPrefix(expected), "\(failure)")
    #expect(loaded.surface.workspace.tableDecorations.rowDecorations.isEmpty)
    #expect(loaded.surface.workspace.tableDecorations.cellFormats.isEmpty)
  }

  @Test("declaring after plugin.lua loaded is an error")
  func onlyWhileLoading() throws {
    let loaded = try Loaded(
      """
      folio.command { id = "deco.late", title = "Late", run = function()
        folio.row_decoration { id = "d", symbol = "star", column = "c", when = "yes" }
      end }
      """)
    let command = try #require(loaded.surface.registry.command(id: "deco.late"))
    #expect(throws: FolioError.self) { try loaded.surface.registry.invoke(command, words: []) }
    #expect(loaded.surface.workspace.tableDecorations.rowDecorations.isEmpty)
  }
}
