import Foundation
import Testing

/// Sandbox, round 2, through the real executable: a plugin cannot write to Folio's output
/// streams, and no plugin text or file name sends the terminal a control sequence.
@Suite struct HostilePluginOutputTests {
  /// A terminal hijack: set the window title, ring the bell, clear the screen, an 8-bit CSI.
  static let hijack = "\\27]0;pwned\\7\\27[2J\\u{9B}31m"

  /// Whether text holds a control character besides line feeds and tabs (what a terminal
  /// would act on).
  static func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      $0 != "\n" && $0 != "\t" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
    }
  }

  /// Writes `plugins/NAME/plugin.lua` under `folder`.
  static func writePlugin(_ name: String, _ source: String, in folder: URL) throws {
    let pluginFolder = folder.appendingPathComponent("plugins/" + name)
    try FileManager.default.createDirectory(at: pluginFolder, withIntermediateDirectories: true)
    try source.write(
      to: pluginFolder.appendingPathComponent("plugin.lua"), atomically: false, encoding: .utf8)
  }

  @Test("a plugin's print cannot forge --json result lines: it goes to the plugin's log")
  func printCannotForgeJSON() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let forged = #"print('{"ok":true,"command":"forged","result":null}')"#
    try Self.writePlugin(
      "forger",
      forged
        + "\nfolio.command { id = 'forger.run', title = 'Run', run = function() \(forged) return 'done' end }",
      in: folder)
    let commands = ["forger.run", "plugin info forger"]
    let result = try FolioProcess.run(
      ["--json", "--plugins", "plugins"], input: Data((commands.joined(separator: "\n") + "\n").utf8),
      in: folder)
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == commands.count, "\(result.output)")
    for line in lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(commands.contains(object["command"] as? String ?? ""), "\(line)")
    }
    let info = try #require(
      try lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
    let plugin = (info["result"] as? [String: Any])?["plugin"] as? [String: Any]
    let log = plugin?["log"] as? [String] ?? []
    #expect(
      log.prefix(2) == [
        #"{"ok":true,"command":"forged","result":null}"#, #"{"ok":true,"command":"forged","result":null}"#,
      ], "\(info)")
  }

  /// A plugin whose text — notices, results, errors, dialogs, the log — carries `hijack`.
  static let loud = """
    local hijack = "\(hijack)"
    folio.command { id = "loud.notify", title = "Notify", run = function(ctx) ctx:notify("note " .. hijack) return "result " .. hijack end }
    folio.command { id = "loud.fail", title = "Fail", run = function() error("failure " .. hijack) end }
    folio.command { id = "loud.ask", title = "Ask", run = function(ctx)
      ctx:confirm { title = "title " .. hijack, message = "message " .. hijack, buttons = { { title = "OK " .. hijack } } }
    end }
    folio.log("log " .. hijack)
    """

  /// Commands that print plugin text and a file name holding `hijack`.
  static let script = """
    new text
    loud.notify
    loud.fail
    loud.ask
    cancel
    plugin info loud
    open "evil\\u{1B}]0;pwned\\u{7}.csv"
    docs
    info
    title
    recent
    open "missing\\u{1B}[2J.csv"

    """

  @Test("plugin text and file names reach the terminal with control characters escaped as in cells")
  func terminalOutputIsEscaped() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writePlugin("loud", Self.loud, in: folder)
    try "a\n1\n".write(
      to: folder.appendingPathComponent("evil\u{1B}]0;pwned\u{7}.csv"), atomically: false, encoding: .utf8)
    let result = try FolioProcess.run(
      ["--keep-going", "--echo", "--plugins", "plugins"], input: Data(Self.script.utf8), in: folder)
    let everything = result.output + result.errors
    #expect(!Self.hasControls(everything), "\(everything.debugDescription)")
    for shown in [
      "note \\u{1B}]0;pwned\\u{07}\\u{1B}[2J\\u{9B}31m", "result \\u{1B}]0;pwned",
      "title \\u{1B}]0;pwned", "message \\u{1B}]0;pwned", "OK \\u{1B}]0;pwned", "log \\u{1B}]0;pwned",
      "evil\\u{1B}]0;pwned\\u{07}> docs",
    ] {
      #expect(result.output.contains(shown), "\(shown) in \(result.output)")
    }
    #expect(result.errors.contains("failure \\u{1B}]0;pwned\\u{07}"), "\(result.errors)")
    #expect(result.errors.contains("missing\\u{1B}[2J.csv"), "\(result.errors)")
    for fileName in [
      "Opened evil\\u{1B}]0;pwned\\u{07} (table", "▸ 2 │ evil\\u{1B}]0;pwned\\u{07} │ table │ /",
      "Title:           evil\\u{1B}]0;pwned\\u{07}\n", "\nevil\\u{1B}]0;pwned\\u{07} — file:///",
      "1  /", "/evil\\u{1B}]0;pwned\\u{07}.csv\n",
    ] {
      #expect(result.output.contains(fileName), "\(fileName) in \(result.output)")
    }
  }

  @Test("JSON output keeps the same text as JSON escapes, C1 controls included")
  func jsonKeepsEscapes() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writePlugin("loud", Self.loud, in: folder)
    let result = try FolioProcess.run(
      ["--json", "--plugins", "plugins"], input: Data("new text\nloud.notify\n".utf8), in: folder)
    #expect(!Self.hasControls(result.output), "\(result.output.debugDescription)")
    #expect(result.output.contains(#"note \u001b]0;pwned\u0007\u001b[2J\u009b31m"#), "\(result.output)")
    let last = try #require(result.output.split(separator: "\n").last)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    let text = try #require((object["result"] as? [String: Any])?["text"] as? String)
    #expect(
      text == "note \u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m\nresult \u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m")
  }

  @Test("a document's own text sent to a pipe (share stdout, print --to -) keeps its bytes")
  func documentTextToAPipeIsVerbatim() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = "bold \u{1B}[1mon\u{1B}[0m\r\nbell \u{7}\n"
    try Data(text.utf8).write(to: folder.appendingPathComponent("raw.txt"))
    let shared = try FolioProcess.run(["-c", "open raw.txt; share stdout"], in: folder)
    #expect(shared.status == 0, "\(shared.errors)")
    #expect(shared.output.hasSuffix(text), "\(shared.output.debugDescription)")
    // The messages around it are still escaped: only the document's own bytes pass.
    #expect(!Self.hasControls(shared.output.replacingOccurrences(of: text, with: "")))
  }
}
