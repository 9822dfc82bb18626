import FolioCore
import FolioSession
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// FolioEmbed as a front end of its own over the session (issue 37, §1): no shell beneath it,
/// so no shell-only command, one error for a name no command has, and no command line in a
/// protocol error's message.
@Suite struct EmbedFrontEndTests {
  private static let csv = "name,n\na,1\nb,2\n"

  private static func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
    value.flatMap { EmbedSessionHarness.field($0, key) }
  }

  @Test("commands.list and commands.search offer no shell-only command (option.pager, shell.record, help)")
  func noShellCommands() throws {
    let harness = try EmbedSessionHarness(csv: Self.csv)
    let listed = Self.field(harness.request(2, "commands.list"), "result")
    guard case .array(let commands)? = Self.field(listed, "commands") else {
      Issue.record("no commands: \(listed?.serialized ?? "nothing")")
      return
    }
    let ids = Set(
      commands.compactMap { Self.field($0, "id") }.compactMap { value -> String? in
        if case .string(let id) = value { return id }
        return nil
      })
    #expect(ids.contains("document.open"))
    #expect(ids.contains("shell.quit"), "the session's own commands stay")
    for shellOnly in [
      "option.pager", "option.echo", "shell.record", "shell.help", "shell.source", "shell.commands",
    ] {
      #expect(!ids.contains(shellOnly), "\(shellOnly)")
    }
    let found = harness.request(3, "commands.search", #"{"query":"record","limit":50}"#)
    #expect(!found.serialized.contains("shell.record"), "\(found.serialized)")
  }

  @Test("an id no command has gets one error from commands.run, command.execute and commands.explain")
  func oneUnknownCommandError() throws {
    let harness = try EmbedSessionHarness(csv: Self.csv)
    let run = Self.field(harness.request(2, "commands.run", #"{"command":"nope.nothing"}"#), "error")
    let execute = Self.field(harness.request(3, "command.execute", #"{"line":"nope.nothing"}"#), "error")
    let explain = Self.field(harness.request(4, "commands.explain", #"{"command":"nope.nothing"}"#), "error")
    #expect(run != nil)
    #expect(run == execute, "\(run?.serialized ?? "") vs \(execute?.serialized ?? "")")
    #expect(run == explain, "\(run?.serialized ?? "") vs \(explain?.serialized ?? "")")
    #expect(Self.field(run, "code") == .int(ProtocolError.Code.invalidParams.rawValue))
    #expect(Self.field(Self.field(run, "data"), "code") == .string("unknown-command"))
    #expect(
      Self.field(Self.field(Self.field(run, "data"), "values"), "command") == .string("nope.nothing"))
    // No command-line usage text: the shell's "'help' lists the commands" is the shell's.
    guard case .string(let message)? = Self.field(run, "message") else {
      Issue.record("no message: \(run?.serialized ?? "")")
      return
    }
    #expect(message == "no command has the name or id 'nope.nothing'")
  }

  @Test("a near miss names the closest commands, in the same error from both methods")
  func unknownCommandSuggestions() throws {
    let harness = try EmbedSessionHarness(csv: Self.csv)
    let run = Self.field(harness.request(2, "commands.run", #"{"command":"document.opne"}"#), "error")
    let execute = Self.field(harness.request(3, "command.execute", #"{"line":"document.opne"}"#), "error")
    #expect(run == execute)
    let values = Self.field(Self.field(run, "data"), "values")
    guard case .string(let suggestions)? = Self.field(values, "suggestions") else {
      Issue.record("no suggestions: \(run?.serialized ?? "")")
      return
    }
    #expect(suggestions.split(separator: " ").contains("document.open"))
  }

  @Test("command.execute runs the session's commands, not the shell's built-ins")
  func executeHasNoShellBuiltins() throws {
    let harness = try EmbedSessionHarness(csv: Self.csv)
    let info = harness.request(2, "command.execute", #"{"line":"info"}"#)
    #expect(Self.field(info, "result") != nil, "\(info.serialized)")
    for line in ["help", "record x.folio", "echo hi", "option pager off"] {
      let reply = harness.request(3, "command.execute", #"{"line":"\#(line)"}"#)
      #expect(
        Self.field(Self.field(Self.field(reply, "error"), "data"), "code") == .string("unknown-command"),
        "\(line): \(reply.serialized)")
    }
  }

  @Test("a protocol error's message has no remedy phrased as a command line; data keeps them typed")
  func noCommandLinesInMessages() throws {
    let harness = try EmbedSessionHarness(csv: Self.csv)
    _ = harness.request(2, "cell.set", #"{"row":1,"column":"name","value":"z"}"#)
    // Saving a document that changed on disk is refused with a remedy (`save --force`).
    try harness.folder.write("t.csv", "name,n\nq,9\n")
    let error = Self.field(harness.request(3, "document.save"), "error")
    let data = Self.field(error, "data")
    guard case .string(let message)? = Self.field(error, "message"),
      case .array(let remedies)? = Self.field(data, "remedies"), !remedies.isEmpty
    else {
      Issue.record("no error with remedies: \(error?.serialized ?? "nothing")")
      return
    }
    #expect(!message.contains("--force"), "\(message)")
    #expect(!message.contains("'"), "\(message)")
    #expect(Self.field(remedies[0], "command") == .string("document.save"))
  }

  @Test("FolioEmbed imports no other front end: FolioSession, FolioCore and FolioPresentation only")
  func dependsOnNoOtherFrontEnd() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let sources = root.appendingPathComponent("Sources/FolioEmbed")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap {
      $0 as? String
    }
    .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    let allowed: Set<String> = ["FolioCore", "FolioSession", "FolioPresentation", "Glibc", "Synchronization"]
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n")
      where line.trimmingCharacters(in: .whitespaces).hasPrefix("import ") {
        let module = String(line.trimmingCharacters(in: .whitespaces).dropFirst("import ".count))
        #expect(allowed.contains(module), "\(file) imports \(module)")
      }
    }
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let target = try #require(manifest.range(of: #"name: "FolioEmbed", dependencies: ["#))
    let dependencies = manifest[target.upperBound...].prefix { $0 != "]" }
    #expect(!dependencies.contains("FolioShell"), "\(dependencies)")
  }
}
