import FolioCore
import FolioSession
import FolioShell
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// The one rule while a dialog waits, over the embedding protocol: requests that read are
/// answered, requests that change the session are refused with the error naming the dialog,
/// and the answer acts on the dialog's `target`.
@Suite struct EmbedDialogRuleTests {
  /// A server over a session in a folder holding `t.csv` (and a plugin, when given).
  private final class Harness {
    let folder: TemporaryFolder
    let shell: Shell
    var sent: [JSONValue] = []
    var server: EmbedServer!

    init(plugin: String? = nil) throws {
      folder = try TemporaryFolder()
      try folder.write("t.csv", "name,n\na,1\nb,2\nc,3\n")
      shell = EmbedServerTests.quietShell(in: folder)
      if let plugin {
        try FileManager.default.createDirectory(
          atPath: folder.path("plugins/keeper"), withIntermediateDirectories: true)
        try folder.write("plugins/keeper/plugin.lua", plugin)
        #expect(shell.session.loadPlugins(extraFolders: [folder.path("plugins")], shippedFolder: nil).isEmpty)
        _ = shell.session.finishCommand()
      }
      server = EmbedServer(shell: shell) { [unowned self] in sent.append($0) }
      request(0, "initialize", #"{"protocolVersion":"1.3","notifications":[]}"#)
      request(1, "document.open", #"{"path":"t.csv"}"#)
    }

    /// Sends a request and returns its response.
    @discardableResult
    func request(_ id: Int, _ method: String, _ params: String = "{}") -> JSONValue {
      let start = sent.count
      server.receive(
        .line(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
      return sent[start...].last { EmbedDialogRuleTests.field($0, "id") == .int(id) } ?? .null
    }

    /// The cells of column `name`, in order.
    func names() -> [String] {
      let rows = EmbedDialogRuleTests.field(request(99, "table.rows", #"{"columns":["name"]}"#), "result")
      guard case .array(let items)? = rows.flatMap({ EmbedDialogRuleTests.field($0, "rows") }) else {
        return []
      }
      return items.compactMap {
        guard
          case .string(let name)? = EmbedDialogRuleTests.field($0, "cells").flatMap({
            EmbedDialogRuleTests.field($0, "name")
          })
        else { return nil }
        return name
      }
    }
  }

  fileprivate static func field(_ value: JSONValue, _ key: String) -> JSONValue? {
    guard case .object(let fields) = value else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  /// Whether `response` is the one rule's refusal naming the dialog titled `title`.
  private static func isRefusal(_ response: JSONValue, naming title: String) -> Bool {
    guard let error = field(response, "error"), let data = field(error, "data") else { return false }
    return field(error, "code") == .int(-32000) && field(data, "code") == .string("disabled")
      && field(data, "values").flatMap { field($0, "dialog") } == .string(title)
  }

  @Test(
    "table.deleteRows [2]: the dialog names row 2 as its target; selection.set [3] is refused; Delete removes 2"
  )
  func deleteRowsActsOnTarget() throws {
    let harness = try Harness()
    let asked = harness.request(2, "table.deleteRows", #"{"ids":[2]}"#)
    let dialog = try #require(Self.field(asked, "result").flatMap { Self.field($0, "dialog") })
    #expect(Self.field(dialog, "title") == .string("Delete 1 row: b?"))
    #expect(
      Self.field(dialog, "target")?.serialized
        == #"{"document":1,"title":"t","rows":[2],"rowTitles":["b"],"lines":[]}"#)
    let title = "Delete 1 row: b?"

    // Changes are refused, naming the dialog.
    #expect(Self.isRefusal(harness.request(3, "selection.set", #"{"ids":[3]}"#), naming: title))
    #expect(
      Self.isRefusal(harness.request(4, "cell.set", #"{"row":2,"column":"name","value":"x"}"#), naming: title)
    )
    #expect(Self.isRefusal(harness.request(5, "table.sort", #"{"keys":[{"column":"n"}]}"#), naming: title))
    #expect(Self.isRefusal(harness.request(6, "document.close"), naming: title))
    #expect(Self.isRefusal(harness.request(7, "menu.open", #"{"id":"file"}"#), naming: title))
    #expect(Self.isRefusal(harness.request(8, "commands.run", #"{"command":"edit.add"}"#), naming: title))

    // Reads are answered.
    for (id, method, params) in [
      (10, "document.info", "{}"), (11, "table.rows", "{}"), (12, "selection.get", "{}"),
      (13, "menu.resolve", #"{"id":"file"}"#), (14, "document.list", "{}"), (15, "plugin.list", "{}"),
      (16, "dialog.get", "{}"), (17, "cell.get", #"{"row":2,"column":"name"}"#),
    ] {
      let response = harness.request(id, method, params)
      #expect(Self.field(response, "error") == nil, "\(method): \(response.serialized)")
    }
    let selection = harness.request(18, "selection.get")
    #expect(selection.serialized.contains(#""ids":[2]"#), "\(selection.serialized)")

    harness.request(19, "dialog.answer", #"{"button":"delete"}"#)
    #expect(harness.names() == ["a", "c"])
  }

  private static let keeper = """
    folio.command { id = "keeper.edit", title = "Edit", run = function(ctx)
      ctx.document:set(1, "name", "plugin")
      local answer = ctx:confirm { title = "Keep the plugin's edit?",
        buttons = { { title = "Keep" }, { title = "Fail", role = "destructive" } } }
      if answer == "Fail" then error("the plugin gave up") end
      return answer
    end }
    """

  @Test("cell.set while a plugin's ctx:confirm waits is refused: it never joins the plugin's transaction")
  func clientEditOutsidePluginTransaction() throws {
    let harness = try Harness(plugin: Self.keeper)
    let asked = harness.request(2, "commands.run", #"{"command":"keeper.edit"}"#)
    let dialog = try #require(Self.field(asked, "result").flatMap { Self.field($0, "dialog") })
    let title = "Keep the plugin's edit?"
    #expect(Self.field(dialog, "title") == .string(title))
    #expect(Self.field(dialog, "target").flatMap { Self.field($0, "title") } == .string("t"))

    let refused = harness.request(3, "cell.set", #"{"row":2,"column":"name","value":"client"}"#)
    #expect(Self.isRefusal(refused, naming: title), "\(refused.serialized)")
    #expect(
      Self.field(harness.request(4, "cell.get", #"{"row":2,"column":"name"}"#), "result")
        .flatMap { Self.field($0, "value") } == .string("b"))

    // The plugin fails: its own edit is rolled back, and no client edit went with it.
    let failed = harness.request(5, "dialog.answer", #"{"button":"fail"}"#)
    #expect(Self.field(failed, "error") != nil)
    #expect(harness.names() == ["a", "b", "c"])
    // After the dialog, the client's edit runs and stays.
    harness.request(6, "cell.set", #"{"row":2,"column":"name","value":"client"}"#)
    #expect(harness.names() == ["a", "client", "c"])
  }
}
