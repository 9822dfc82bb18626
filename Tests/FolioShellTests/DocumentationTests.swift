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
