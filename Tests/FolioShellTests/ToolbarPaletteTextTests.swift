import FolioCore
import FolioPresentation
import Testing

@testable import FolioShell

/// The customisation palette's text: what it says of a layout it ignores, its columns, and
/// how it wraps in a narrow window.
@Suite struct ToolbarPaletteTextTests {
  private static func registry() throws -> CommandRegistry {
    let registry = CommandRegistry()
    for (id, title) in [
      ("document.new", "New"), ("document.favorite", "Favorite"), ("document.share", "Share"),
    ] {
      try registry.register(Command(id: id, title: title, behavior: .action { _ in .none }))
    }
    return registry
  }

  private static let toolbar = Toolbar(id: "document") {
    ToolbarItem(id: "new", placement: .primaryAction) { Button(command: "document.new") }
    ToolbarItem(id: "document.favorite", placement: .secondaryAction) { Button(command: "document.favorite") }
    ToolbarItem(id: "share", placement: .secondaryAction, showsByDefault: false) {
      Button(command: "document.share")
    }
  }

  @Test("a layout saved by a newer Folio is said to be ignored, not shown as the defaults")
  func ignoredLayout() throws {
    let newer = ToolbarCustomization(version: 99, items: ["share"], knownItems: ["share"])
    let arrangement = ToolbarArrangement(toolbar: Self.toolbar, customization: newer)
    let palette = ToolbarPalette(
      toolbar: Self.toolbar, arrangement: arrangement, registry: try Self.registry())
    let text = ToolbarTextRenderer(style: TextStyle(usesColor: false)).render(palette)
    #expect(
      text.hasPrefix(
        "toolbar document (defaults: a layout saved by a newer Folio, version 99, is ignored; "
          + "'toolbar reset' discards it)\n"), "\(text)")
    #expect(JSONRenderer.toolbarPalette(palette).serialized.contains("\"ignoredVersion\":99"))
  }

  @Test("ids and titles line up in one column across the sections; a narrow window breaks no id mid-word")
  func columnsAndNarrowLines() throws {
    let arrangement = ToolbarArrangement(toolbar: Self.toolbar, customization: nil)
    let palette = ToolbarPalette(
      toolbar: Self.toolbar, arrangement: arrangement, registry: try Self.registry())
    let lines = ToolbarTextRenderer(style: TextStyle(usesColor: false)).render(palette).split(separator: "\n")
    let titleColumns = lines.compactMap { line -> Int? in
      guard let range = line.range(of: "New") ?? line.range(of: "Favorite") ?? line.range(of: "Share") else {
        return nil
      }
      return line.distance(from: line.startIndex, to: range.lowerBound)
    }
    #expect(titleColumns.count == 3 && Set(titleColumns).count == 1, "\(lines)")
    for width in 20...40 {
      let narrow = ToolbarTextRenderer(style: TextStyle(usesColor: false), width: width).render(palette)
      #expect(!narrow.contains("document.favor\n") && !narrow.contains("\n    ite"), "at \(width): \(narrow)")
      #expect(narrow.contains("favorite"), "at \(width): \(narrow)")
    }
  }
}
