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
public enum ToolbarContentBuilder {
  public static func buildExpression(_ content: some ToolbarContent) -> [ToolbarEntry] {
    content.toolbarEntries
  }

  public static func buildBlock(_ parts: [ToolbarEntry]...) -> [ToolbarEntry] { parts.flatMap { $0 } }

  public static func buildOptional(_ part: [ToolbarEntry]?) -> [ToolbarEntry] { part ?? [] }

  public static func buildEither(first part: [ToolbarEntry]) -> [ToolbarEntry] { part }

  public static func buildEither(second part: [ToolbarEntry]) -> [ToolbarEntry] { part }

  public static func buildArray(_ parts: [[ToolbarEntry]]) -> [ToolbarEntry] { parts.flatMap { $0 } }
}

extension ToolbarItem: ToolbarContent {
  /// The item as an entry.
  public var toolbarEntries: [ToolbarEntry] { [.item(self)] }
}

extension ToolbarItemGroup: ToolbarContent {
  /// The group as an entry.
  public var toolbarEntries: [ToolbarEntry] { [.group(self)] }
}
