import FolioCore

/// Everything a predicate's `ctx` describes. A `ctx` made for one key is passed again to the
/// plugin's next predicate while the key is equal, so the 1,000 `enabled` predicates of one
/// menu share one `ctx`. Comparing the selection costs nothing while it is the same set (Swift
/// compares a set's storage first).
struct ContextKey: Equatable {
  var document: ObjectIdentifier?
  var window: Int
  var title: String
  var path: String?
  var dirty: Bool
  var selection: Set<Int>
  var environment: AppEnvironment

  init(document: Document?, environment: AppEnvironment) {
    self.document = document.map(ObjectIdentifier.init)
    window = document?.windowID ?? 0
    title = document?.title ?? ""
    path = document?.path
    dirty = document?.isDirty ?? false
    selection = document?.selection ?? []
    self.environment = environment
  }

  /// Whether this key is what `ContextKey(document:environment:)` would make now, compared
  /// field by field without copying them (cheapest and likeliest to differ first).
  func describes(_ document: Document?, environment: AppEnvironment) -> Bool {
    guard let document else {
      return self.document == nil && window == 0 && title.isEmpty && path == nil && !dirty
        && selection.isEmpty
        && self.environment == environment
    }
    return self.document == ObjectIdentifier(document) && window == document.windowID
      && dirty == document.isDirty && selection == document.selection && title == document.title
      && path == document.path && self.environment == environment
  }
}
