/// A document's title menu [navigationTitle(_:actions:), navigationDocument]: a header
/// describing the document, then its document actions — Print, Rename, Share — as commands
/// bound to it.
public struct TitleMenu: Sendable, Equatable {
  /// The header: title, file, kind, size, modified time.
  public var header: DocumentInfo
  /// The actions, in menu order, as they stand now (enabled or not).
  public var items: [CommandSummary]

  /// The ids of the built-in actions, in menu order.
  public static let commandIDs = ["document.print", "document.rename", "document.share"]
}

extension Workspace {
  /// The active document's title menu.
  ///
  /// - Throws: `FolioError.disabled` when no document is open.
  public func titleMenu(commands registry: CommandRegistry) throws(FolioError) -> TitleMenu {
    let document = try requireActive()
    return TitleMenu(
      header: DocumentInfo(document, in: self),
      items: TitleMenu.commandIDs.compactMap { registry.command(id: $0) }.map(CommandSummary.init))
  }
}
