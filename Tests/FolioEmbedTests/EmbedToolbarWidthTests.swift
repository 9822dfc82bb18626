import FolioCore
import Testing

@testable import FolioEmbed

/// `toolbar.layout {width}` over the embedding protocol: the overflow menu it shows exists,
/// and `explain toolbar` answers for that width, until the environment's width changes.
@Suite struct EmbedToolbarWidthTests {
  @Test("after toolbar.layout {width: 40} the overflow menu opens and explain answers for 40 columns")
  func overflowFollowsLaidOutWidth() throws {
    let harness = try EmbedSessionHarness(csv: "name\na\n")
    let session = harness.session
    session.appEnvironment = AppEnvironment(platform: .mac, width: 160)
    let layout = harness.request(2, "toolbar.layout", #"{"width":40}"#)
    let overflow = EmbedSessionHarness.field(layout, "result").flatMap {
      EmbedSessionHarness.field($0, "overflow")
    }
    guard case .array(let items)? = overflow else {
      Issue.record("no overflow in \(layout.serialized)")
      return
    }
    #expect(!items.isEmpty, "\(layout.serialized)")
    #expect(session.toolbarLaidOutWidth == 40)
    let opened = harness.request(3, "menu.open", #"{"id":"toolbar.overflow"}"#)
    #expect(EmbedSessionHarness.field(opened, "error") == nil, "\(opened.serialized)")
    #expect(try session.explainToolbarItem("favorite").layout.width == 40)
    session.appEnvironment = AppEnvironment(platform: .mac, width: 120)
    #expect(session.toolbarLaidOutWidth == nil)
    #expect(try session.explainToolbarItem("favorite").layout.width == 120)
  }
}
