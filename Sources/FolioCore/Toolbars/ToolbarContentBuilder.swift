/// Something that can appear in a toolbar built with `ToolbarContentBuilder`.
public protocol ToolbarContent: ListContent where Element == ToolbarEntry {}

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
}

extension ToolbarItem: ToolbarContent {
  /// The item as an entry.
  public var listElements: [ToolbarEntry] { [.item(self)] }
}

extension ToolbarItemGroup: ToolbarContent {
  /// The group as an entry.
  public var listElements: [ToolbarEntry] { [.group(self)] }
}
