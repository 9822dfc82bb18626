/// Something that can appear in a toolbar built with `ToolbarContentBuilder`.
public protocol ToolbarContent {
  /// The declared entries this content stands for.
  var toolbarEntries: [ToolbarEntry] { get }
}

/// Builds a toolbar's entries from SwiftUI-shaped declarations [ToolbarContentBuilder]:
///
/// ```swift
/// Toolbar(id: "document") {
///   ToolbarItem(id: "new", placement: .primaryAction) { Button(command: "document.new") }
///   ToolbarItem(id: "share", placement: .secondaryAction, showsByDefault: false) {
///     Button(command: "document.share")
///   }
/// }
/// .toolbarRole(.editor)
/// ```
@resultBuilder
public enum ToolbarContentBuilder: ListBuilder {
  /// The builder makes a list of toolbar entries.
  public typealias Element = ToolbarEntry

  public static func buildExpression(_ content: some ToolbarContent) -> [ToolbarEntry] {
    content.toolbarEntries
  }
}

extension ToolbarItem: ToolbarContent {
  /// The item as an entry.
  public var toolbarEntries: [ToolbarEntry] { [.item(self)] }
}

extension ToolbarItemGroup: ToolbarContent {
  /// The group as an entry.
  public var toolbarEntries: [ToolbarEntry] { [.group(self)] }
}
