/// A table's row ids in row order, kept once they stop being the rows' positions, and where
/// each id is.
///
/// Finding a row by id is the first step of every edit by id (`Workspace.setCell(rowID:…)`,
/// a plugin's `d:set`, the protocol's `cell.set`); searching the order for it cost 0.35 ms on
/// a sorted million-row table, eighteen times the rest of the edit. Where each id is
/// (`positions`) is worked out by the first lookup that may build it (`locate(_:)`) and kept
/// by every change after, so an edit of a sorted table finds its row at once; a table that is
/// only sorted and saved never builds it, and its 4 bytes a row.
struct RowIDs: Sendable {
  /// The ids, in row order.
  private(set) var order: [Int]
  /// Each id's position plus one, by id; 0 for an id not in the table; nil until built, and
  /// dropped by the changes that move every row (a sort, a deletion of many rows).
  private var positions: [UInt32]?

  /// The ids `order`, in row order.
  init(_ order: [Int]) {
    self.order = order
  }

  var count: Int { order.count }

  subscript(index: Int) -> Int { order[index] }

  /// The position of `id`, from `positions` when they are built, else by a search.
  func position(of id: Int) -> Int? {
    guard let positions else { return order.firstIndex(of: id) }
    guard id >= 0, id < positions.count, positions[id] != 0 else { return nil }
    return Int(positions[id]) - 1
  }

  /// The position of `id`, building `positions` first when they are not built.
  mutating func locate(_ id: Int) -> Int? {
    if positions == nil { buildPositions() }
    return position(of: id)
  }

  mutating func append(_ id: Int) {
    order.append(id)
    note(from: order.count - 1)
  }

  mutating func insert(_ id: Int, at index: Int) {
    order.insert(id, at: index)
    note(from: index)
  }

  mutating func remove(at index: Int) {
    forget(order[index])
    order.remove(at: index)
    note(from: index)
  }

  /// Replaces the ids at `range` with `newIDs`.
  mutating func replaceSubrange(_ range: Range<Int>, with newIDs: some Collection<Int>) {
    for id in order[range] { forget(id) }
    order.replaceSubrange(range, with: newIDs)
    note(from: range.lowerBound)
  }

  /// Lets `body` move ids within `span`, in place, and notes where they went.
  mutating func rearrange(_ span: Range<Int>, _ body: (inout [Int]) -> Void) {
    body(&order)
    note(span)
  }

  /// Replaces every id, as a sort or a deletion of many rows does; where each is is worked
  /// out again at the next `locate(_:)`.
  mutating func replaceAll(with newOrder: [Int]) {
    order = newOrder
    positions = nil
  }

  private mutating func buildPositions() {
    // Ids reach past 2^32 only after billions of rows were added; a search serves then.
    guard let largest = order.max(), largest < Int(UInt32.max), order.count < Int(UInt32.max) else { return }
    positions = [UInt32](repeating: 0, count: largest + 1)
    note(0..<order.count)
  }

  /// Notes where the ids from `start` to the end are.
  private mutating func note(from start: Int) {
    note(start..<order.count)
  }

  /// Notes where the ids in `range` are; drops the positions for an id they cannot hold.
  private mutating func note(_ range: Range<Int>) {
    // Taken out while it changes, so that it is changed in place.
    guard var built = positions.take() else { return }
    for index in range {
      let id = order[index]
      guard id >= 0, id < Int(UInt32.max), index < Int(UInt32.max) - 1 else { return }
      if id >= built.count { built.append(contentsOf: repeatElement(0, count: id + 1 - built.count)) }
      built[id] = UInt32(index + 1)
    }
    positions = built
  }

  private mutating func forget(_ id: Int) {
    guard id >= 0, let count = positions?.count, id < count else { return }
    positions?[id] = 0
  }
}
