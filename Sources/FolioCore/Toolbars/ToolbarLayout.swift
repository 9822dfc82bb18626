/// A toolbar laid out for one environment and width: the title, the items of each region, and
/// the overflow menu (») — the model `toolbar` shows and `--json` reports (docs/json.md).
///
/// `ToolbarLayout.make` is a pure function of its inputs; the width model and the overflow
/// order are described in docs/toolbars.md.
public struct ToolbarLayout: Sendable, Equatable {
  /// Where the title is drawn.
  public enum TitlePlacement: String, Sendable, Equatable {
    case leading
    case center
  }

  /// The toolbar laid out.
  public var toolbarID: String
  /// Its role.
  public var role: ToolbarRole
  /// The platform laid out for.
  public var platform: MenuPlatform
  /// The size class laid out for.
  public var sizeClass: AppEnvironment.SizeClass
  /// The window's width, the front end's frame included.
  public var width: Int
  /// The columns the bars are fitted into: `width` less the frame
  /// (`ToolbarMetrics.frameWidth`).
  public var barWidth: Int
  /// The columns the top bar takes, at most `barWidth` unless even the title cut to nothing
  /// does not fit.
  public var usedWidth: Int
  /// The window's title, cut with `…` when the bar could not hold it whole.
  public var title: String
  /// Where the title is.
  public var titlePlacement: TitlePlacement
  /// The items at the leading edge, in order.
  public var leading: [ToolbarLayoutItem]
  /// The items in the center, in order.
  public var center: [ToolbarLayoutItem]
  /// The items at the trailing edge, in order.
  public var trailing: [ToolbarLayoutItem]
  /// The bottom bar's items, in order.
  public var bottom: [ToolbarLayoutItem]
  /// The overflow menu's items, in bar order; empty when everything fits.
  public var overflow: [ToolbarLayoutItem]

  /// The overflow menu as a menu `menu open toolbar.overflow` opens: items as buttons, a
  /// collapsed group as a submenu under its label.
  public var overflowMenu: Menu {
    func element(_ item: ToolbarLayoutItem) -> MenuElement {
      guard let command = item.command else {
        return .submenu(
          Menu(
            id: item.id, title: item.title ?? item.id, icon: item.icon, elements: item.children.map(element)))
      }
      return .item(MenuItem(command: command, title: item.title, icon: item.icon))
    }
    return Menu(id: Self.overflowMenuID, title: "»", order: .fixed, elements: overflow.map(element))
  }

  /// The id the overflow menu goes by in `menus` and `menu open`.
  public static let overflowMenuID = "toolbar.overflow"
}
