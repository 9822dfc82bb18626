/// Which items of a toolbar are on the bar and in what order, once a stored customisation
/// (if any) is applied — the palette `toolbar customize` shows — and the edits that make a
/// new customisation from it.
public struct ToolbarArrangement: Sendable, Equatable {
  /// The toolbar arranged.
  public var toolbarID: String
  /// The customisable items on the bar, in order.
  public var onBar: [String]
  /// The customisable items that can be added, in declaration order.
  public var available: [String]
  /// The members of toolbar item groups (always on the bar, not customisable item by item),
  /// then `fixedItems`.
  public var notCustomizable: [String]
  /// The items the platform does not let people customise, always on the bar at their
  /// declared place: on ipad and iphone every item that is not a secondary action, as only
  /// secondary actions are customisable there; none on mac, which customises every item with
  /// an id.
  public var fixedItems: [String]
  /// The platform arranged for.
  public var platform: MenuPlatform
  /// Ids the stored layout has but the toolbar does not declare now: kept, skipped.
  public var missing: [String]
  /// Items declared since the layout was saved, placed at their declared default place.
  public var new: [String]
  /// Whether a stored customisation applies.
  public var isCustomized: Bool
  /// The version of a stored layout written by a newer Folio, which was ignored.
  public var ignoredVersion: Int?

  /// The stored order with new items woven in, undeclared ids included.
  var sequence: [String]
  /// The ids known when the layout was saved, plus those declared now.
  var known: [String]
  /// The customisable ids in declaration order.
  private var declared: [String]
  /// Where each fixed item is placed, for the refusal that says why it is fixed.
  private var placements: [String: ToolbarPlacement] = [:]

  /// Arranges a toolbar's items by a stored customisation, or by their defaults without one.
  ///
  /// - Parameters:
  ///   - toolbar: the declared toolbar.
  ///   - customization: the stored layout, if any.
  ///   - platform: the platform; on ipad and iphone only secondary actions are customisable.
  public init(toolbar: Toolbar, customization: ToolbarCustomization?, platform: MenuPlatform = .mac) {
    var declared: [String] = []
    var defaults: [String] = []
    var fixedItems: [String] = []
    var fixedPlacements: [String: ToolbarPlacement] = [:]
    // Every declared id, fixed ones included: a layout saved on ipad keeps mac's place for them.
    var allDeclared: [String] = []
    for item in toolbar.items where !allDeclared.contains(item.id) {
      allDeclared.append(item.id)
      if platform != .mac, item.placement != .secondaryAction {
        fixedItems.append(item.id)
        fixedPlacements[item.id] = item.placement
        continue
      }
      declared.append(item.id)
      if item.showsByDefault { defaults.append(item.id) }
    }
    var notCustomizable: [String] = []
    for case .group(let group) in toolbar.entries {
      notCustomizable += group.elements.map(ToolbarArrangement.memberID)
    }
    toolbarID = toolbar.id
    self.declared = declared
    self.notCustomizable = notCustomizable + fixedItems
    self.fixedItems = fixedItems
    placements = fixedPlacements
    self.platform = platform
    ignoredVersion = nil
    // The stored order keeps fixed items in place, for the platforms that customise them.
    let defaultSequence = allDeclared.filter { defaults.contains($0) || fixedItems.contains($0) }
    guard let customization else {
      (onBar, sequence, known, missing, new, isCustomized) = (
        defaults, defaultSequence, allDeclared, [], [], false
      )
      available = declared.filter { !defaults.contains($0) }
      return
    }
    guard customization.version <= ToolbarCustomization.currentVersion else {
      (onBar, sequence, known, missing, new, isCustomized) = (
        defaults, defaultSequence, allDeclared, [], [], false
      )
      available = declared.filter { !defaults.contains($0) }
      ignoredVersion = customization.version
      return
    }
    var sequence: [String] = []
    for id in customization.items where !sequence.contains(id) { sequence.append(id) }
    let new = allDeclared.filter { !customization.knownItems.contains($0) }
    for id in new where defaults.contains(id) || fixedItems.contains(id) {
      sequence.insert(id, at: Self.defaultIndex(of: id, in: sequence, declared: allDeclared))
    }
    self.sequence = sequence
    self.new = new.filter { declared.contains($0) }
    known = (customization.knownItems + new).sorted()
    onBar = sequence.filter { declared.contains($0) }
    missing = sequence.filter { !allDeclared.contains($0) }
    available = declared.filter { !sequence.contains($0) }
    isCustomized = true
  }

  /// The id a group member goes by: its command's id, or its control group's title.
  static func memberID(_ element: MenuElement) -> String {
    switch element {
    case .item(let item): item.command
    case .picker(let picker): picker.command
    case .controlGroup(let group): group.title ?? "controlGroup"
    case .submenu(let menu): menu.id
    case .section(let section): section.header ?? "section"
    case .divider: "divider"
    }
  }

  /// Where an item goes when nobody placed it: after the nearest item declared before it
  /// that is on the bar, else before everything.
  private static func defaultIndex(of id: String, in sequence: [String], declared: [String]) -> Int {
    guard let position = declared.firstIndex(of: id) else { return sequence.count }
    for earlier in declared[..<position].reversed() {
      if let index = sequence.firstIndex(of: earlier) { return index + 1 }
    }
    return 0
  }

  /// The customisation with `id` added to the bar.
  ///
  /// - Parameters:
  ///   - id: a customisable item not on the bar.
  ///   - position: its place among the items on the bar, from 1; its declared default place
  ///     when nil.
  /// - Throws: `FolioError.invalidArgument` for an id that is not a customisable item, is
  ///   already on the bar, or a position out of range; `FolioError.conflict` when the stored
  ///   layout was written by a newer Folio.
  public func adding(_ id: String, at position: Int? = nil) throws(FolioError) -> ToolbarCustomization {
    try checkWritable()
    try checkCustomizable(id)
    guard !onBar.contains(id) else {
      throw FolioError(
        .invalidArgument, "'\(id)' is already on toolbar '\(toolbarID)'",
        values: ["id": id, "toolbar": toolbarID],
        remedies: [.run("toolbar.move", ["id": .string(id)], blanks: ["position"], effect: "moves it")])
    }
    var sequence = self.sequence
    sequence.removeAll { $0 == id }
    if let position {
      sequence.insert(id, at: try index(for: position, in: sequence, limit: onBar.count + 1))
    } else {
      sequence.insert(id, at: Self.defaultIndex(of: id, in: sequence, declared: declared))
    }
    return saved(sequence)
  }

  /// - Throws: `FolioError.invalidArgument` when `id` is not on the bar.
  private func checkOnBar(_ id: String) throws(FolioError) {
    guard !onBar.contains(id) else { return }
    throw FolioError(
      .invalidArgument, "'\(id)' is not on toolbar '\(toolbarID)'", values: ["id": id, "toolbar": toolbarID],
      remedies: [.run("toolbar.add", ["id": .string(id)], effect: "adds it")])
  }

  /// The customisation with `id` taken off the bar (back to the palette).
  ///
  /// - Throws: `FolioError.invalidArgument` for an id that is not a customisable item on the
  ///   bar; `FolioError.conflict` when the stored layout was written by a newer Folio.
  public func removing(_ id: String) throws(FolioError) -> ToolbarCustomization {
    try checkWritable()
    try checkCustomizable(id)
    try checkOnBar(id)
    return saved(sequence.filter { $0 != id })
  }

  /// The customisation with `id` moved to `position` among the items on the bar, from 1.
  ///
  /// - Throws: `FolioError.invalidArgument` for an id that is not a customisable item on the
  ///   bar or a position out of range; `FolioError.conflict` when the stored layout was
  ///   written by a newer Folio.
  public func moving(_ id: String, to position: Int) throws(FolioError) -> ToolbarCustomization {
    try checkWritable()
    try checkCustomizable(id)
    try checkOnBar(id)
    var sequence = self.sequence.filter { $0 != id }
    sequence.insert(id, at: try index(for: position, in: sequence, limit: onBar.count))
    return saved(sequence)
  }

  /// The index in the stored sequence before which an item lands at a bar position.
  private func index(for position: Int, in sequence: [String], limit: Int) throws(FolioError) -> Int {
    guard position >= 1, position <= limit else {
      throw .invalidArgument(
        "position \(position) is out of range: toolbar '\(toolbarID)' takes 1 to \(limit)")
    }
    let visible = sequence.filter { declared.contains($0) }
    guard position <= visible.count, let index = sequence.firstIndex(of: visible[position - 1]) else {
      return sequence.count
    }
    return index
  }

  private func saved(_ sequence: [String]) -> ToolbarCustomization {
    ToolbarCustomization(items: sequence, knownItems: known)
  }

  private func checkWritable() throws(FolioError) {
    if let ignoredVersion {
      throw FolioError(
        .conflict,
        "toolbar '\(toolbarID)' has a layout saved by a newer Folio (version \(ignoredVersion); this build "
          + "knows up to \(ToolbarCustomization.currentVersion))", values: ["toolbar": toolbarID],
        remedies: [.run("toolbar.reset", effect: "discards it")])
    }
  }

  private func checkCustomizable(_ id: String) throws(FolioError) {
    guard declared.contains(id) else {
      if fixedItems.contains(id) {
        let placement = placements[id].map {
          $0 == .primaryAction ? "a primary action" : "placed \($0.rawValue)"
        }
        throw FolioError(
          .invalidArgument,
          "'\(id)' is \(placement ?? "not a secondary action"), which is not customisable on \(platform.rawValue): "
            + "only secondary actions are; on mac every item is", values: ["id": id, "toolbar": toolbarID])
      }
      if notCustomizable.contains(id) {
        throw .invalidArgument(
          "'\(id)' belongs to a toolbar item group, which is not customisable item by item")
      }
      throw .invalidArgument(
        "toolbar '\(toolbarID)' has no item '\(id)'; items: \(declared.joined(separator: ", "))")
    }
  }
}
