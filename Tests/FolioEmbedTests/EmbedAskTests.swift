import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// A plugin's `ctx:prompt` and `ctx:choose` over the embedding protocol: the command's result
/// is the dialog (with a `textField` for a prompt), and `dialog.answer` with a button and a
/// text resumes the command with it. A failing `document.changed` handler is a `log` warning.
@Suite struct EmbedAskTests {
  private static let plugin = """
    folio.command { id = "keeper.tag", title = "Tag…", run = function(ctx)
      local name = ctx:prompt { title = "New tag", default = "red", placeholder = "Tag" }
      return name and ("tag " .. name) or "no tag"
    end }
    folio.command { id = "keeper.pick", title = "Pick…", run = function(ctx)
      local value = ctx:choose { title = "Pick", items = { "One", { title = "Two", value = 2 } } }
      return "picked " .. tostring(value)
    end }
    folio.on("document.changed", function(ctx, change) error("no counting") end)
    """

  private static func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
    value.flatMap { EmbedSessionHarness.field($0, key) }
  }

  @Test("ctx:prompt's dialog carries a textField; dialog.answer with a text returns it to the plugin")
  func prompt() throws {
    let harness = try EmbedSessionHarness(csv: "name\na\n", plugin: Self.plugin)
    let asked = harness.request(2, "commands.run", #"{"command":"keeper.tag"}"#)
    let dialog = Self.field(Self.field(asked, "result"), "dialog")
    #expect(Self.field(dialog, "title") == .string("New tag"))
    #expect(Self.field(dialog, "textField")?.serialized.contains(#""text":"red""#) == true)
    let answered = harness.request(3, "dialog.answer", #"{"button":"ok","text":"Blue"}"#)
    #expect(answered.serialized.contains("tag Blue"), "\(answered.serialized)")
    _ = harness.request(4, "commands.run", #"{"command":"keeper.tag"}"#)
    let cancelled = harness.request(5, "dialog.answer", #"{"button":"cancel"}"#)
    #expect(cancelled.serialized.contains("no tag"), "\(cancelled.serialized)")
  }

  @Test("ctx:choose's items are the dialog's buttons; the answer returns the item's value")
  func choose() throws {
    let harness = try EmbedSessionHarness(csv: "name\na\n", plugin: Self.plugin)
    let asked = harness.request(2, "commands.run", #"{"command":"keeper.pick"}"#)
    let buttons = Self.field(Self.field(Self.field(asked, "result"), "dialog"), "buttons")?.serialized ?? ""
    #expect(buttons.contains(#""id":"two""#), "\(buttons)")
    let answered = harness.request(3, "dialog.answer", #"{"button":"two"}"#)
    #expect(answered.serialized.contains("picked 2"), "\(answered.serialized)")
  }

  @Test("a failing document.changed handler is a log warning with FILE:LINE; the edit succeeds")
  func handlerFailure() throws {
    let harness = try EmbedSessionHarness(csv: "name\na\n", plugin: Self.plugin, notifications: #"["log"]"#)
    let response = harness.request(2, "cell.set", #"{"row":1,"column":"name","value":"b"}"#)
    #expect(Self.field(response, "error") == nil, "\(response.serialized)")
    let warning = harness.sent.first { message in
      Self.field(message, "method") == .string("log")
        && Self.field(Self.field(message, "params"), "message")?.serialized.contains(
          "plugin keeper: plugin.lua:9: no counting (in a document.changed handler)") == true
    }
    #expect(warning != nil, "\(harness.sent.map(\.serialized))")
  }
}
