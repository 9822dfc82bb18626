import FolioCore
import FolioTestSupport
import Testing

@testable import FolioEmbed

/// The palette's search over the app's own commands (an embedding session's: no shell
/// built-ins), pinned: every match and its score, in
/// order, for a few filters (ASCII and not, with spaces, a dot, upper case, none matching), as
/// the search gave them before the index walked its commands' masks together and the
/// alignment used a sentinel for "no alignment". A change to the search's speed must leave
/// these as they are.
@Suite struct SearchOrderTests {
  private static let pinned: [(query: String, matches: [(String, Int)])] = [
    ("sav", [("document.save", 116), ("document.revert", 98), ("document.recover", 74)]),
    ("open", [("document.open", 150), ("document.recent.open", 150)]),
    (
      "s",
      [
        ("column.type", 48), ("document.save", 48), ("document.share", 48), ("edit.substitute", 48),
        ("scene.env", 48),
        ("scene.list", 48),
        ("scene.screen", 48), ("scene.settings", 48), ("scene.sidebar", 48), ("scene.tab", 48),
        ("scene.tabs", 48), ("selection.context-menu", 48), ("selection.edit-mode", 48),
        ("selection.select", 48), ("selection.show", 48), ("shell.cancel", 48), ("shell.choose", 48),
        ("shell.quit", 48), ("view.show", 48),
        ("view.sort", 48), ("view.summary", 48), ("menu.show", 35), ("toolbar.show", 32),
        ("document.revert", 30),
        ("toolbar.use", 15), ("edit.insert", 14), ("toolbar.customize", 14), ("toolbar.reset", 14),
        ("document.close", 13), ("document.list", 13), ("document.focus", 12), ("image.adjust", 12),
        ("map.adjust", 12), ("menu.list", 12), ("plugin.list", 10), ("row.actions", 10),
        ("view.count", 7), ("document.recent", 6), ("document.recent.clear", 6), ("document.recover", 6),
      ]
    ),
    ("tbl", [("toolbar.layout", 98)]),
    ("Save As…", [("document.recover", 167)]),
    ("doc.cl", [("document.close", 219), ("document.recent.clear", 212)]),
    ("zz", []),
    ("é", []),
    (
      "RUN",
      [
        ("document.recover", 115), ("column.run", 101),
        ("column.rename", 70), ("document.recent", 69),
        ("document.recent.open", 56), ("document.recent.clear", 55),
      ]
    ),
    (
      "d s",
      [
        ("document.save", 80), ("document.share", 80), ("document.list", 62), ("document.close", 53),
        ("document.focus", 52), ("edit.substitute", 52), ("document.recent", 42),

        ("document.recent.clear", 39), ("image.adjust", 29), ("map.adjust", 29),
        ("edit.insert", 26), ("document.recover", 15),
      ]
    ),
  ]

  @Test("the app's commands are found in the same order with the same scores")
  func pinnedOrder() throws {
    let folder = try TemporaryFolder()
    let registry = EmbedServerTests.quietSession(in: folder).registry
    for (query, expected) in Self.pinned {
      let found = registry.search(query, limit: 1_000)
      #expect(found.total == expected.count, "\(query)")
      #expect(found.matches.map(\.command.id) == expected.map(\.0), "\(query)")
      #expect(found.matches.map(\.score) == expected.map(\.1), "\(query)")
    }
  }

  @Test("a palette's keystrokes — typed on, asked again, deleted, retyped — find what a fresh search finds")
  func keystrokes() throws {
    let folder = try TemporaryFolder()
    let typed = EmbedServerTests.quietSession(in: folder).registry
    var queries: [String] = []
    for word in ["save", "Doc cl", "sav", "d s", "tbl"] {
      // Typed a character at a time, asked again, then deleted a character at a time.
      let prefixes = (1...word.count).map { String(word.prefix($0)) }
      queries += prefixes + [word] + prefixes.reversed()
    }
    queries += ["s", "Save As…", "Save As", "é", "sé", "s", "x", "xz", "x", " ", "  s", "s"]
    for query in queries {
      let fresh = EmbedServerTests.quietSession(in: folder).registry.search(query, limit: 1_000)
      let found = typed.search(query, limit: 1_000)
      #expect(found.total == fresh.total, "\(query)")
      #expect(found.matches.map(\.command.id) == fresh.matches.map(\.command.id), "\(query)")
      #expect(found.matches.map(\.score) == fresh.matches.map(\.score), "\(query)")
    }
    // A command registered between two keystrokes is found by the next one.
    #expect(typed.search("zq", limit: 10).total == 0)
    try typed.register(Command(id: "zq.probe", title: "Zq probe", behavior: .action { _ in .none }))
    #expect(typed.search("zq", limit: 10).matches.map(\.command.id) == ["zq.probe"])
    #expect(typed.search("zqp", limit: 10).matches.map(\.command.id) == ["zq.probe"])
  }
}
