import FolioCore
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

/// Keeps docs/commands.md true: it documents exactly the commands that have names, each
/// with its current usage line.
@Suite struct DocumentationTests {
  private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  private static func page(_ name: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent("docs/\(name)"), encoding: .utf8)
  }

  @Test("docs/commands.md has a section with the usage line of every named command")
  func everyCommandDocumented() throws {
    let page = try Self.page("commands.md")
    for command in CapturedShell().shell.session.registry.commands {
      if let verb = command.verb {
        #expect(page.contains("### `\(verb)`\n"), "docs/commands.md lacks a section for '\(verb)'")
        #expect(page.contains("`\(command.usage)`"), "docs/commands.md lacks the usage `\(command.usage)`")
      } else {
        #expect(page.contains("`\(command.id)`"), "docs/commands.md does not mention '\(command.id)'")
      }
    }
  }

  @Test("docs/commands.md documents no command that does not exist")
  func noStaleCommands() throws {
    let registry = CapturedShell().shell.session.registry
    let headings = try Self.page("commands.md").split(separator: "\n").filter { $0.hasPrefix("### `") }
    for heading in headings {
      let name = heading.dropFirst("### `".count).prefix { $0 != "`" }
      #expect(registry.resolve(String(name)) != nil, "docs/commands.md documents unknown command '\(name)'")
    }
  }

  /// The ```lua blocks of a page, each with whether its info string marks it a fragment
  /// (```lua fragment), which need not load on its own.
  private static func luaBlocks(of page: String) -> [(code: String, isFragment: Bool)] {
    var blocks: [(code: String, isFragment: Bool)] = []
    var current: [String]?
    var isFragment = false
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed.hasPrefix("```lua") {
        current = []
        isFragment = trimmed.contains("fragment")
      } else if let lines = current, trimmed == "```" {
        blocks.append((lines.joined(separator: "\n"), isFragment))
        current = nil
      } else if current != nil {
        current?.append(String(line))
      }
    }
    return blocks
  }

  @Test(
    "every ```lua block of docs/plugins.md loads as a plugin (a manifest as a manifest), unless marked a fragment"
  )
  func pluginExamplesLoad() throws {
    let blocks = Self.luaBlocks(of: try Self.page("plugins.md"))
    #expect(blocks.count >= 8)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-doc-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    var loaded = 0
    for (index, block) in blocks.enumerated() where !block.isFragment {
      let code = block.code.split(separator: "\n").map { $0.hasPrefix("  ") ? $0.dropFirst(2) : $0 }
        .joined(separator: "\n")
      // A plugin declares ids in its own namespace: the folder is named by the example's ids
      // (several examples share one, so each loads in a session of its own).
      let name = code.firstMatch(of: #/id = "([A-Za-z0-9_-]+)\./#).map { String($0.1) } ?? "doc\(index + 1)"
      let folder = root.appendingPathComponent("\(index + 1)/\(name)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let isManifest = code.hasPrefix("-- manifest.lua")
      try (isManifest ? "-- the manifest's plugin\n" : code).write(
        to: folder.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
      if isManifest {
        // The example names its plugin; the folder carries that name's place in the test.
        try code.replacing(#/name = "[^"]*"/#, with: "name = \"\(name)\"").write(
          to: folder.appendingPathComponent("manifest.lua"), atomically: true, encoding: .utf8)
      }
      let session = CapturedShell().shell.session
      let failed = session.loadPlugins(
        extraFolders: [folder.deletingLastPathComponent().path], shippedFolder: nil)
      #expect(failed.isEmpty, "block \(index + 1): \(failed.map { "\($0.name): \($0.status)" })")
      loaded += session.pluginHost?.plugins.filter { $0.status == .loaded }.count ?? 0
    }
    #expect(loaded == blocks.filter { !$0.isFragment }.count)
  }

  @Test("docs/json.md lists every error code")
  func errorCodes() throws {
    let page = try Self.page("json.md")
    let codes: [FolioError.Code] = [
      .unknownCommand, .invalidArgument, .syntax, .disabled, .duplicateCommand, .io, .format, .conflict,
      .interrupted, .lua, .internal,
    ]
    for code in codes {
      #expect(page.contains("`\(code)`"), "docs/json.md lacks the error code \(code)")
    }
  }
}
