extension Menu {
  /// The menu with the contributions meant for it placed in it; others are ignored.
  public func adding(_ contributions: [MenuContribution]) -> Menu {
    placing(contributions).menu
  }

  /// The menu with the contributions meant for it placed in it, and where each went and why
  /// (what `explain` shows).
  ///
  /// Contributions are placed in the order: section header, then owner (plugin name), then
  /// declaration order; each goes after its `after` item (following what earlier ones put
  /// there), else before its `before` item, else at the end of its section or the menu.
  public func placing(_ contributions: [MenuContribution]) -> (
    menu: Menu, placements: [ContributionPlacement]
  ) {
    let mine = contributions.filter { $0.menu.lowercased() == id.lowercased() }.sorted {
      ($0.section ?? "", $0.owner, $0.sequence) < ($1.section ?? "", $1.owner, $1.sequence)
    }
    guard !mine.isEmpty else { return (self, []) }
    var copy = self
    var placedAfter: [String: Int] = [:]
    var placements: [ContributionPlacement] = []
    for (rank, contribution) in mine.enumerated() {
      var placement = ContributionPlacement(contribution: contribution, rank: rank + 1, count: mine.count)
      if let header = contribution.section {
        let index =
          copy.elements.firstIndex {
            if case .section(let section) = $0 { section.header == header } else { false }
          }
          ?? {
            placement.addedSection = true
            copy.elements.append(.section(MenuSection(header: header, elements: [])))
            return copy.elements.count - 1
          }()
        guard case .section(var section) = copy.elements[index] else { continue }
        placement.anchor = Self.insert(
          contribution, into: &section.elements, container: "\(index)", placedAfter: &placedAfter)
        copy.elements[index] = .section(section)
        placement.section = header
        placements.append(placement)
        continue
      }
      let anchors = [contribution.after, contribution.before].compactMap { $0 }
      if anchors.isEmpty || anchors.contains(where: { Self.index(of: $0, in: copy.elements) != nil }) {
        placement.anchor = Self.insert(
          contribution, into: &copy.elements, container: "top", placedAfter: &placedAfter)
        placements.append(placement)
        continue
      }
      // The hint names an item inside a section: go there.
      let sectionIndex = copy.elements.indices.first { index in
        guard case .section(let section) = copy.elements[index] else { return false }
        return anchors.contains { Self.index(of: $0, in: section.elements) != nil }
      }
      if let sectionIndex, case .section(var section) = copy.elements[sectionIndex] {
        placement.anchor = Self.insert(
          contribution, into: &section.elements, container: "\(sectionIndex)", placedAfter: &placedAfter)
        copy.elements[sectionIndex] = .section(section)
        placement.section = section.header ?? ""
        placement.sectionFromHint = true
      } else {
        placement.anchor = Self.insert(
          contribution, into: &copy.elements, container: "top", placedAfter: &placedAfter)
      }
      placements.append(placement)
    }
    return (copy, placements)
  }

  private static func index(of command: String, in elements: [MenuElement]) -> Int? {
    elements.firstIndex {
      switch $0 {
      case .item(let item): item.command == command
      case .picker(let picker): picker.command == command
      default: false
      }
    }
  }

  /// Inserts after the `after` item (following what earlier contributions put there), else
  /// before the `before` item, else at the end; returns which.
  private static func insert(
    _ contribution: MenuContribution, into elements: inout [MenuElement], container: String,
    placedAfter: inout [String: Int]
  ) -> ContributionPlacement.Anchor {
    if let after = contribution.after, let anchor = index(of: after, in: elements) {
      let key = container + "|" + after
      let position = min(anchor + 1 + placedAfter[key, default: 0], elements.count)
      elements.insert(contentsOf: contribution.elements, at: position)
      placedAfter[key, default: 0] += contribution.elements.count
      return .after
    } else if let before = contribution.before, let anchor = index(of: before, in: elements) {
      elements.insert(contentsOf: contribution.elements, at: anchor)
      return .before
    } else {
      elements.append(contentsOf: contribution.elements)
      return .end
    }
  }
}
