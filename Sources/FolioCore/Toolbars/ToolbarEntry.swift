/// One declared part of a toolbar: a customisable item or a fixed group.
public enum ToolbarEntry: Sendable, Equatable {
  case item(ToolbarItem)
  case group(ToolbarItemGroup)
}
