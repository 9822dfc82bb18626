/// The three cases a context menu is built for [contextMenu(forSelectionType:)].
public enum ContextMenuCase: String, Sendable, Equatable, CaseIterable {
  /// Nothing is selected: the menu of the empty area.
  case empty
  /// One row is selected.
  case single
  /// Several rows are selected.
  case multiple

  /// The case for a selection of `count` rows.
  public init(selectionCount count: Int) {
    self = count == 0 ? .empty : count == 1 ? .single : .multiple
  }
}

/// What a context menu entry is built for: the case and the document.
public struct ContextMenuContext: Sendable, Equatable {
  /// The case.
  public var selectionCase: ContextMenuCase
  /// How many rows are selected.
  public var selectionCount: Int
  /// The kind of the document.
  public var documentKind: DocumentKind

  /// Creates a context.
  public init(selectionCount: Int, documentKind: DocumentKind) {
    selectionCase = ContextMenuCase(selectionCount: selectionCount)
    self.selectionCount = selectionCount
    self.documentKind = documentKind
  }
}

/// Entries a context menu is built from, per case: built-ins now, plugins' later.
public struct ContextMenuEntry: Sendable {
  /// The cases the entry applies to.
  public var cases: Set<ContextMenuCase> {
    didSet { contexts = Self.contexts(cases, documentKinds) }
  }
  /// The kinds of document it applies to.
  public var documentKinds: Set<DocumentKind> {
    didSet { contexts = Self.contexts(cases, documentKinds) }
  }
  /// A bit for each case and kind of document the entry applies to (`bit(_:_:)`): a menu
  /// tests one bit an entry, where looking into the two sets hashed the case's and the
  /// kind's raw value (about 600 instructions an entry).
  private var contexts: UInt32
  /// Who registered it: `built-in`, or `plugin NAME`.
  public var owner: String
  /// Makes the entry's elements for a context; the count lets a title say "Delete 3 Rows".
  public var makeElements: @Sendable (ContextMenuContext) -> [MenuElement]

  /// Creates an entry whose elements depend on the context.
  public init(
    cases: Set<ContextMenuCase>, documentKinds: Set<DocumentKind> = [.table], owner: String = "built-in",
    makeElements: @escaping @Sendable (ContextMenuContext) -> [MenuElement]
  ) {
    self.cases = cases
    self.documentKinds = documentKinds
    self.owner = owner
    self.makeElements = makeElements
    contexts = Self.contexts(cases, documentKinds)
  }

  /// Whether the entry applies to a context's case and kind of document.
  public func applies(to context: ContextMenuContext) -> Bool {
    contexts & Self.bit(context.selectionCase, context.documentKind) != 0
  }

  /// The bits of every pair of a case and a kind.
  private static func contexts(_ cases: Set<ContextMenuCase>, _ kinds: Set<DocumentKind>) -> UInt32 {
    var bits: UInt32 = 0
    for selectionCase in cases {
      for kind in kinds { bits |= bit(selectionCase, kind) }
    }
    return bits
  }

  /// The bit of a case and a kind of document.
  private static func bit(_ selectionCase: ContextMenuCase, _ kind: DocumentKind) -> UInt32 {
    let caseIndex: UInt32 =
      switch selectionCase {
      case .empty: 0
      case .single: 1
      case .multiple: 2
      }
    let kindIndex: UInt32 =
      switch kind {
      case .text: 0
      case .table: 1
      }
    return 1 << (caseIndex * 4 + kindIndex)
  }

  /// Creates an entry with fixed elements.
  public init(
    cases: Set<ContextMenuCase>, documentKinds: Set<DocumentKind> = [.table], owner: String = "built-in",
    @MenuContentBuilder content: () -> [MenuElement]
  ) {
    let elements = content()
    self.init(cases: cases, documentKinds: documentKinds, owner: owner) { _ in elements }
  }
}

/// The registered context menu entries, and the menu they make for a selection.
public final class ContextMenuRegistry {
  /// The entries, in registration order.
  public var entries: [ContextMenuEntry] {
    includeBuiltIns()
    return registered
  }

  private var registered: [ContextMenuEntry] = []
  /// Whether the built-in entries are still to be put first in `registered`. They are made on
  /// first use: their first making instantiates generic metadata (their sets of cases and
  /// document kinds) that costs about 5% of a start to the first command, which most runs
  /// never spend on a context menu.
  private var builtInsPending: Bool

  /// Creates a registry, with or without the built-in entries: on empty "New Row"; on one row
  /// "Favorite", "Delete" and "Actions…" (the row's action sheet); on several "Delete N Rows".
  public init(includingBuiltIns: Bool = true) {
    builtInsPending = includingBuiltIns
  }

  private func includeBuiltIns() {
    guard builtInsPending else { return }
    builtInsPending = false
    registered.insert(contentsOf: Self.builtIns, at: 0)
  }

  /// Adds an entry after the others.
  public func add(_ entry: ContextMenuEntry) {
    includeBuiltIns()
    registered.append(entry)
  }

  /// Removes every entry `owner` added (an unloaded plugin).
  public func removeEntries(ownedBy owner: String) {
    registered.removeAll { $0.owner == owner }
  }

  /// The elements for a context: those of every entry that applies, in registration order,
  /// with a divider between entries of different owners.
  ///
  /// The entries are read in place, through the array's buffer: taken one by one as values,
  /// each was copied, its sets, owner and closure retained and released (about 250
  /// instructions an entry).
  public func elements(for context: ContextMenuContext) -> [MenuElement] {
    includeBuiltIns()
    var elements: [MenuElement] = []
    // Nearly every entry makes one element (a plugin's, one item).
    elements.reserveCapacity(registered.count)
    // The last entry that made elements.
    var lastEntry: Int?
    registered.withUnsafeBufferPointer { entries in
      for index in entries.indices where entries[index].applies(to: context) {
        let made = entries[index].makeElements(context)
        guard !made.isEmpty else { continue }
        if let lastEntry, entries[lastEntry].owner != entries[index].owner {
          elements.append(.divider)
        }
        if made.count == 1 {
          elements.append(made[0])
        } else {
          elements += made
        }
        lastEntry = index
      }
    }
    return elements
  }

  /// The context menu for a context, titled `title`; nil when no entry applies.
  public func menu(for context: ContextMenuContext, title: String) -> Menu? {
    let elements = elements(for: context)
    guard !elements.isEmpty else { return nil }
    return Menu(id: "context", title: title, order: .fixed, elements: elements)
  }

  private static let builtIns: [ContextMenuEntry] = [
    ContextMenuEntry(cases: [.empty]) {
      Button("New Row", systemImage: "plus", command: "edit.add")
    },
    ContextMenuEntry(cases: [.single]) {
      Toggle("Favorite", systemImage: "star", command: "row.favorite")
      Button("Delete", systemImage: "trash", role: .destructive, command: "edit.delete")
      Button("Actions…", systemImage: "ellipsis.circle", command: "row.actions")
    },
    ContextMenuEntry(cases: [.multiple]) { context in
      [
        .item(
          MenuItem(
            command: "edit.delete", title: "Delete \(context.selectionCount) Rows", icon: "trash",
            role: .destructive))
      ]
    },
  ]
}
