import FolioCore
import FolioSession
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// The one rule while a dialog waits, over the embedding protocol: requests that read are
/// answered, requests that change the session are refused with the error naming the dialog,
/// and the answer acts on the dialog's `target`.
@Suite struct EmbedDialogRuleTests {
  private typealias Harness = EmbedSessionHarness

  fileprivate static func field(_ value: JSONValue, _ key: String) -> JSONValue? {
    EmbedSessionHarness.field(value, key)
  }

  private static let table = "name,n\na,1\nb,2\nc,3\n"

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
    let harness = try Harness(csv: Self.table)
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
    let harness = try Harness(csv: Self.table, plugin: Self.keeper)
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

extension EmbedSessionHarness {
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
