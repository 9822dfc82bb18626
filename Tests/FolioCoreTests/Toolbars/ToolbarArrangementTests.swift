import Foundation
import Testing

@testable import FolioCore

/// Customisation: add, remove, move, reset; unknown ids kept and restored; new items placed
/// at their default; the state store round trip.
@Suite struct ToolbarArrangementTests {
  private static func toolbar(withPlugin: Bool = true, withNew: Bool = false) -> Toolbar {
    var toolbar = Toolbar(id: "document") {
      ToolbarItem(id: "new", placement: .primaryAction) { Button(command: "document.new") }
      ToolbarItem(id: "favorite", placement: .secondaryAction) { Button(command: "fav") }
      ToolbarItem(id: "share", placement: .secondaryAction, showsByDefault: false) {
        Button(command: "share")
      }
      ToolbarItemGroup(placement: .bottomBar) { Button(command: "fixed") }
    }
    if withNew {
      toolbar = toolbar.adding(ToolbarItem(id: "later", elements: [.item(MenuItem(command: "x"))]))
    }
    if withPlugin {
      toolbar = toolbar.adding(
        ToolbarItem(
          id: "checkin", placement: .secondaryAction, owner: "plugin checkin",
          elements: [.item(MenuItem(command: "c"))]))
    }
    return toolbar
  }

  @Test("defaults: showsByDefault items on the bar, the rest available, group members not customisable")
  func defaults() {
    let arrangement = ToolbarArrangement(toolbar: Self.toolbar(), customization: nil)
    #expect(arrangement.onBar == ["new", "favorite", "checkin"])
    #expect(arrangement.available == ["share"])
    #expect(arrangement.notCustomizable == ["fixed"])
    #expect(!arrangement.isCustomized && arrangement.missing.isEmpty && arrangement.new.isEmpty)
  }

  @Test("on ipad and iphone primary actions are not customisable; mac customises every item with an id")
  func fixedPrimaryActions() throws {
    for platform in [MenuPlatform.ipad, .iphone] {
      let arrangement = ToolbarArrangement(toolbar: Self.toolbar(), customization: nil, platform: platform)
      #expect(arrangement.onBar == ["favorite", "checkin"])
      #expect(arrangement.fixedItems == ["new"] && arrangement.notCustomizable == ["fixed", "new"])
      #expect(throws: FolioError.self) { try arrangement.removing("new") }
      #expect(throws: FolioError.self) { try arrangement.moving("new", to: 1) }
      // A layout saved there keeps the primary action's place for mac.
      let saved = try arrangement.removing("favorite")
      #expect(saved.items == ["new", "checkin"])
      #expect(ToolbarArrangement(toolbar: Self.toolbar(), customization: saved).onBar == ["new", "checkin"])
    }
    let mac = try ToolbarArrangement(toolbar: Self.toolbar(), customization: nil).removing("new")
    #expect(mac.items == ["favorite", "checkin"])
    let ipad = ToolbarArrangement(toolbar: Self.toolbar(), customization: mac, platform: .ipad)
    #expect(ipad.onBar == ["favorite", "checkin"] && ipad.missing.isEmpty && ipad.new.isEmpty)
  }

  @Test("add, move and remove change exactly the bar")
  func edits() throws {
    let start = ToolbarArrangement(toolbar: Self.toolbar(), customization: nil)
    let added = try start.adding("share", at: 2)
    #expect(added.items == ["new", "share", "favorite", "checkin"])
    let moved = try ToolbarArrangement(toolbar: Self.toolbar(), customization: added).moving("new", to: 4)
    #expect(moved.items == ["share", "favorite", "checkin", "new"])
    let removed = try ToolbarArrangement(toolbar: Self.toolbar(), customization: moved).removing("favorite")
    #expect(removed.items == ["share", "checkin", "new"])
    #expect(removed.knownItems == ["checkin", "favorite", "new", "share"])
    let byDefault = try start.adding("share")
    #expect(byDefault.items == ["new", "favorite", "share", "checkin"])
    #expect(throws: FolioError.self) { try start.adding("fixed") }
    #expect(throws: FolioError.self) { try start.adding("new") }
    #expect(throws: FolioError.self) { try start.removing("share") }
    #expect(throws: FolioError.self) { try start.moving("new", to: 4) }
  }

  @Test("an item of a removed plugin is kept, skipped, reported, and restored in place when it returns")
  func unknownIDs() throws {
    let saved = try ToolbarArrangement(toolbar: Self.toolbar(), customization: nil).moving("checkin", to: 1)
    let without = ToolbarArrangement(toolbar: Self.toolbar(withPlugin: false), customization: saved)
    #expect(without.onBar == ["new", "favorite"] && without.missing == ["checkin"])
    // Edits made meanwhile keep the id.
    let edited = try without.adding("share", at: 1)
    #expect(edited.items == ["checkin", "share", "new", "favorite"])
    let back = ToolbarArrangement(toolbar: Self.toolbar(), customization: edited)
    #expect(
      back.onBar == ["checkin", "share", "new", "favorite"] && back.missing.isEmpty && back.new.isEmpty)
  }

  @Test("items declared since the layout was saved appear at their default place and are reported")
  func newItems() throws {
    let saved = try ToolbarArrangement(toolbar: Self.toolbar(withPlugin: false), customization: nil).removing(
      "favorite")
    let later = ToolbarArrangement(
      toolbar: Self.toolbar(withPlugin: false, withNew: true), customization: saved)
    #expect(later.new == ["later"])
    #expect(later.onBar == ["new", "later"])
    #expect(later.available == ["favorite", "share"])
  }

  @Test("a layout from a newer Folio is ignored and not overwritten by edits")
  func newerVersion() {
    let newer = ToolbarCustomization(version: 99, items: ["share"], knownItems: ["share"])
    let arrangement = ToolbarArrangement(toolbar: Self.toolbar(), customization: newer)
    #expect(arrangement.ignoredVersion == 99 && arrangement.onBar == ["new", "favorite", "checkin"])
    #expect(throws: FolioError.self) { try arrangement.adding("share") }
  }

  @Test("the state store keeps a layout per toolbar, with its version, and forgets it on reset")
  func storeRoundTrip() throws {
    let folder = try StateTestFolder()
    let layout = ToolbarCustomization(items: ["b", "a"], knownItems: ["a", "b", "c"])
    do {
      let store = try StateStore(directory: folder.path)
      #expect(try store.toolbarCustomization(for: "document") == nil)
      try store.setToolbarCustomization(layout, for: "document")
    }
    let store = try StateStore(directory: folder.path)
    #expect(try store.toolbarCustomization(for: "document") == layout)
    #expect(try store.toolbarCustomization(for: "other") == nil)
    #expect(throws: FolioError.self) {
      try store.setToolbarCustomization(
        ToolbarCustomization(items: ["a\nb"], knownItems: []), for: "document")
    }
    try store.setToolbarCustomization(nil, for: "document")
    #expect(try store.toolbarCustomization(for: "document") == nil)
  }
}
