import FolioCore

/// The commands that open, save, close and print documents and edit their content:
/// `open`, `save`, `undo`, `show`, `cell`, ….
enum DocumentCommands {
  /// Every document command, in the order help lists them.
  static var declarations: [any DeclaredCommand<CommandContext>.Type] {
    [
      Open.self, New.self, List.self, Focus.self, Title.self, Info.self, Rename.self, Save.self, Revert.self,
      Close.self, Print.self, Share.self, Undo.self, Redo.self, Show.self, Append.self, Insert.self,
      Replace.self, AddRow.self, SetCell.self,
    ]
  }
}
