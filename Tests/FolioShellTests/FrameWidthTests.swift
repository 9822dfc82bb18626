import FolioCore
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

/// The text pictures of `toolbar` and `screen` fit the window: the frame comes off the width
/// before the bars and panes are fitted, and the lines around the frame wrap.
@Suite struct FrameWidthTests {
  /// A shell with a table under a long title and a text document under a wide-character
  /// title open, laid out with the text renderers' metrics.
  private static func shell(in folder: TemporaryDirectory) throws -> Shell {
    try folder.write(
      "quarterly-visits-of-every-reading-room.csv",
      "name,city,visited\nCafé Central,Wien,yes\nStadtbibliothek Reading Room,Stuttgart,no\n")
    try folder.write("蔦屋書店の読書メモ.txt", "一行目\nsecond line\n")
    let shell = Shell(
      console: Console { _, _ in },
      workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil))
    _ = try shell.session.open(folder.path("蔦屋書店の読書メモ.txt"))
    _ = try shell.session.open(folder.path("quarterly-visits-of-every-reading-room.csv"))
    return shell
  }

  /// Every line of `text` wider than `width` columns, with its number.
  private static func overlong(_ text: String, width: Int) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .filter { String($0.element).displayWidth > width }
      .map { "\($0.offset + 1): \($0.element)" }
  }

  @Test(
    "every line of toolbar and screen is at most the window's width, at every width 20–200, on every platform, two and three columns",
    arguments: MenuPlatform.allCases)
  func everyWidth(platform: MenuPlatform) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let shell = try Self.shell(in: folder)
    let renderer = TextRenderer(style: TextStyle(usesColor: false))
    for columns in ["2", "3"] {
      _ = try shell.session.changeSetting("split.columns", to: columns)
      for width in 20...200 {
        shell.session.appEnvironment = AppEnvironment(platform: platform, width: width)
        let toolbar = try shell.session.toolbarLayout(width: nil)
        let screen = try shell.session.makeScreen()
        #expect(toolbar.barWidth == width - ToolbarTextRenderer.frameWidth)
        #expect(toolbar.usedWidth <= toolbar.barWidth, "\(platform) \(width)")
        for output in [CommandOutput.toolbar(toolbar), .screen(screen)] {
          let text = try #require(renderer.render(output))
          let wide = Self.overlong(text, width: width)
          #expect(wide.isEmpty, "\(platform) \(columns) columns, width \(width): \(wide)")
        }
      }
    }
    // Another tab shows its lines instead of the split view, in the same frame.
    for tab in ["Recent", "Settings"] {
      shell.session.selectedTabName = tab
      for width in 20...200 {
        shell.session.appEnvironment = AppEnvironment(platform: platform, width: width)
        let text = try #require(renderer.render(.screen(try shell.session.makeScreen())))
        let wide = Self.overlong(text, width: width)
        #expect(wide.isEmpty, "\(platform) tab \(tab), width \(width): \(wide)")
      }
    }
  }

  @Test(
    "the bar's frame lines are exactly the window's width; the title is cut with … only when nothing else can give way"
  )
  func barFillsTheFrame() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let shell = try Self.shell(in: folder)
    let renderer = ToolbarTextRenderer(style: TextStyle(usesColor: false))
    for width in [20, 30, 40] {
      shell.session.appEnvironment = AppEnvironment(platform: .iphone, width: width)
      let layout = try shell.session.toolbarLayout(width: nil)
      #expect(("│" + renderer.bar(layout) + "│").displayWidth == width)
      #expect(layout.title.hasSuffix("…") && layout.leading.isEmpty && layout.center.isEmpty)
    }
    shell.session.appEnvironment = AppEnvironment(platform: .mac, width: 120)
    let wide = try shell.session.toolbarLayout(width: nil)
    #expect(wide.title == "quarterly-visits-of-every-reading-room")
  }

  @Test("no line of the toolbar-frames golden transcript is wider than its 40 columns")
  func golden() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FolioEndToEndTests/Scripts/toolbar-frames.expected")
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains("┌" + String(repeating: "─", count: 18) + "┐"))
    // The messages of `open` say what was opened whole; every picture fits.
    let pictures = text.split(separator: "\n").filter { !$0.hasPrefix("Opened ") }.joined(separator: "\n")
    #expect(Self.overlong(pictures, width: 40).isEmpty, "\(Self.overlong(pictures, width: 40))")
  }

  @Test(
    "no line of the toolbar-narrow golden transcript is wider than its 30 columns, and cut titles keep their ▾"
  )
  func narrowGolden() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FolioEndToEndTests/Scripts/toolbar-narrow.expected")
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(separator: "\n").filter { !$0.hasPrefix("Opened ") }.joined(separator: "\n")
    #expect(Self.overlong(lines, width: 30).isEmpty, "\(Self.overlong(lines, width: 30))")
    #expect(text.contains("… ▾"))
  }

  @Test("the embedding client's metrics have no frame: its width is all the bars' and the panes'")
  func embeddingHasNoFrame() throws {
    let shell = Shell(
      console: Console { _, _ in }, workspace: Workspace(store: nil, currentDirectory: "/", home: nil),
      layoutMetrics: Shell.embeddingLayoutMetrics)
    shell.session.appEnvironment = AppEnvironment(platform: .mac, width: 100)
    let layout = try shell.session.layOutToolbar(width: 40)
    #expect(layout.width == 40 && layout.barWidth == 40)
    #expect(shell.session.splitViewLayout.width == 100)
    let text = Shell(
      console: Console { _, _ in }, workspace: Workspace(store: nil, currentDirectory: "/", home: nil))
    text.session.appEnvironment = AppEnvironment(platform: .mac, width: 100)
    #expect(try text.session.layOutToolbar(width: 40).barWidth == 38)
    #expect(text.session.splitViewLayout.width == 98)
  }
}
