import FolioCore

/// The commands that open, save, close and print documents and edit their content:
/// `open`, `save`, `undo`, `show`, `cell`, ….
enum DocumentCommands {
  /// Every document command, bound to `context`, in the order help lists them.
  static func commands(in context: CommandContext) -> [Command] {
    [
      Open.makeCommand(in: context),
      New.makeCommand(in: context),
      List.makeCommand(in: context),
      Focus.makeCommand(in: context),
      Title.makeCommand(in: context),
      Info.makeCommand(in: context),
      Rename.makeCommand(in: context),
      Save.makeCommand(in: context),
      Revert.makeCommand(in: context),
      Close.makeCommand(in: context),
      Print.makeCommand(in: context),
      Share.makeCommand(in: context),
      Undo.makeCommand(in: context),
      Redo.makeCommand(in: context),
      Show.makeCommand(in: context),
      Append.makeCommand(in: context),
      Insert.makeCommand(in: context),
      Replace.makeCommand(in: context),
      AddRow.makeCommand(in: context),
      SetCell.makeCommand(in: context),
    ]
  }
}
