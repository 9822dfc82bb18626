/// Where `Menu.placing(_:)` put one plugin contribution and why, for `explain MENU ITEM`.
public struct ContributionPlacement: Sendable, Equatable {
  /// Which placement hint decided where the items went.
  public enum Anchor: Sendable, Equatable {
    /// After the `after` item.
    case after
    /// Before the `before` item (the `after` item, if any, was not there).
    case before
    /// At the end: no hint, or no hinted item was there.
    case end
  }

  /// The contribution.
  public var contribution: MenuContribution
  /// Its place in the order contributions to the menu were placed in, from 1.
  public var rank: Int
  /// How many contributions the menu got.
  public var count: Int
  /// The header of the section the items went into; nil for the menu's top level.
  public var section: String?
  /// Whether that section was added because the menu had none with the header.
  public var addedSection = false
  /// Whether the section was chosen because a hint named an item in it (no `section` given).
  public var sectionFromHint = false
  /// Which hint decided.
  public var anchor = Anchor.end

  /// Creates a placement at the end of the menu; `placing` fills in the rest.
  public init(contribution: MenuContribution, rank: Int, count: Int) {
    self.contribution = contribution
    self.rank = rank
    self.count = count
  }

  /// The placement whose items include the command `command` shown as `title`: the first
  /// contribution with an item for that command whose own title, if it has one, is `title`.
  public static func placement(
    of command: String?, titled title: String?, in placements: [ContributionPlacement]
  ) -> ContributionPlacement? {
    guard let command else { return nil }
    return placements.first { placement in
      Self.items(in: placement.contribution.elements).contains {
        $0.command == command && ($0.title == nil || $0.title == title)
      }
    }
  }

  private static func items(in elements: [MenuElement]) -> [(command: String, title: String?)] {
    elements.flatMap { element -> [(command: String, title: String?)] in
      switch element {
      case .item(let item): [(item.command, item.title)]
      case .picker(let picker): [(picker.command, picker.title)]
      case .section(let section): items(in: section.elements)
      case .controlGroup(let group): items(in: group.elements)
      case .submenu(let menu): items(in: menu.elements)
      case .divider: []
      }
    }
  }

  /// The explanation as lines for people.
  public var lines: [String] {
    let contribution = contribution
    var lines = [
      "contributed by \(contribution.owner) (its declaration \(contribution.sequence + 1)); "
        + "placed \(rank) of \(count) contributions to '\(contribution.menu)'"
    ]
    switch (contribution.section, section) {
    case (let asked?, _):
      lines.append("section '\(asked)' asked for" + (addedSection ? ": added, the menu had none" : ": found"))
    case (nil, let header?) where sectionFromHint:
      lines.append("no section asked for; the hint's item is in section '\(header)'")
    default:
      lines.append("no section asked for: the menu's top level")
    }
    let after = contribution.after.map { "after '\($0)'" }
    let before = contribution.before.map { "before '\($0)'" }
    switch anchor {
    case .after:
      lines.append("hint \(after ?? "after") honoured")
    case .before:
      lines.append(
        (after.map { "hint \($0) not found here; " } ?? "") + "hint \(before ?? "before") honoured")
    case .end:
      let hints = [after, before].compactMap { $0 }
      lines.append(
        hints.isEmpty
          ? "no before/after hint: added at the end"
          : "hint \(hints.joined(separator: ", ")) not found here: added at the end")
    }
    lines.append(
      "rule: contributions are ordered by section, then before/after hints, then plugin name, "
        + "then declaration order")
    return lines
  }
}
