/// Sorts rows by runs of bytes (`TableSortKeys`), stably: a most-significant-digit radix
/// sort that takes the runs 4 bytes at a time.
///
/// Every row starts with the first 4 bytes of its run as a big-endian integer; the rows are
/// sorted by that integer and their position, and each group of rows whose integers are equal
/// and whose runs go on is sorted again by the next 4 bytes. Most comparisons are then of two
/// integers next to each other in memory rather than of two strings somewhere in a large
/// buffer, and each byte of a run is read about once. Small groups are finished by insertion.
///
/// Memory: an entry takes 8 bytes (the 4 bytes and a 4-byte row number: tables of up to
/// 2³² − 1 rows), and groups are sorted in place, with no second array; the caller can free
/// the runs before the order is taken out of the entries (`Sorted.order()`).
enum ByteRunSorter {
  /// A row being sorted: the 4 bytes of its run being compared and its position, in one
  /// integer that orders as they do (the bytes above, the row below).
  struct Entry {
    var key: UInt64

    init(bytes: UInt32, row: UInt32) { key = UInt64(bytes) << 32 | UInt64(row) }

    var bytes: UInt32 {
      get { UInt32(truncatingIfNeeded: key >> 32) }
      set { key = UInt64(newValue) << 32 | (key & 0xFFFF_FFFF) }
    }

    var row: UInt32 { UInt32(truncatingIfNeeded: key) }

    /// Whether this entry goes before `other`: by their bytes, then by row.
    @inline(__always)
    func precedes(_ other: Entry) -> Bool { key < other.key }
  }

  /// The most rows `sort` takes: row numbers are 4 bytes.
  static let maximumRowCount = Int(UInt32.max)

  /// The rows in sorted order, as entries, until they are taken out with `order()`.
  final class Sorted {
    private let entries: UnsafeMutableBufferPointer<Entry>

    fileprivate init(_ entries: UnsafeMutableBufferPointer<Entry>) { self.entries = entries }
    deinit { entries.deallocate() }

    /// For each new position, the row's position (0-based).
    func order() -> [Int] {
      // An empty array is the one shared empty storage, whose count the initializer below
      // would write (ThreadSanitizer saw two sorts of empty tables race on it).
      guard !entries.isEmpty else { return [] }
      return [Int](unsafeUninitializedCapacity: entries.count) { buffer, initialized in
        for index in entries.indices { buffer[index] = Int(entries[index].row) }
        initialized = entries.count
      }
    }
  }

  /// Groups at most this large are finished by insertion.
  private static let smallGroup = 12

  /// The rows in the order of their runs, rows with equal runs in their order.
  ///
  /// - Parameters:
  ///   - runs: the runs of all rows, one after the other.
  ///   - starts: where each row's run starts in `runs`, followed by the end of the last one;
  ///     at most `maximumRowCount` rows.
  ///   - isCancelled: asked between groups, and between the passes over a large one; sorting
  ///     stops once it says yes.
  /// - Returns: for each new position, the row's position (0-based); nil when cancelled.
  static func order<Start: BinaryInteger>(
    runs: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Start>, isCancelled: () -> Bool = { false }
  ) -> [Int]? {
    sort(runs: runs, starts: starts, isCancelled: isCancelled)?.order()
  }

  /// Sorts the rows as `order` does, keeping the result in its entries so that the runs can
  /// be freed before the order is taken out.
  static func sort<Start: BinaryInteger>(
    runs: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Start>, isCancelled: () -> Bool = { false }
  ) -> Sorted? {
    let count = max(starts.count - 1, 0)
    precondition(count <= maximumRowCount, "at most \(maximumRowCount) rows can be sorted")
    let entries = UnsafeMutableBufferPointer<Entry>.allocate(capacity: count)
    let sorted = Sorted(entries)
    var firstWordsEqual = true
    for row in 0..<count {
      let bytes = runs.isEmpty ? 0 : word(of: row, at: 0, runs: runs, starts: starts)
      entries[row] = Entry(bytes: bytes, row: UInt32(row))
      firstWordsEqual = firstWordsEqual && bytes == entries[0].bytes
    }
    guard count > 1, !runs.isEmpty else { return sorted }
    // Groups still to sort, and how far into their runs their rows are known to be equal.
    // Every group is in the order of its rows: the first is, and sorting a group by its
    // bytes and rows leaves each run of equal bytes in that order.
    var pending = [(lower: 0, upper: count, depth: 0)]
    while let (lower, upper, depth) = pending.popLast() {
      if isCancelled() { return nil }
      let group = UnsafeMutableBufferPointer(rebasing: entries[lower..<upper])
      // A group whose words are all equal is in order already: it is in the order of its rows.
      var allEqual = true
      if depth > 0 {
        let first = word(of: Int(group[0].row), at: depth, runs: runs, starts: starts)
        for index in group.indices {
          let bytes = word(of: Int(group[index].row), at: depth, runs: runs, starts: starts)
          group[index].bytes = bytes
          allEqual = allEqual && bytes == first
        }
      } else {
        allEqual = firstWordsEqual
      }
      if !allEqual {
        if group.count <= smallGroup {
          insertionSort(group, from: depth, runs: runs, starts: starts)
          continue
        }
        guard quicksort(group, isCancelled: isCancelled) else { return nil }
      }
      var first = lower
      while first < upper {
        var next = first + 1
        while next < upper, entries[next].bytes == entries[first].bytes { next += 1 }
        // Runs equal this far and ending within these 4 bytes are equal: no run is the
        // beginning of another, so none can go on where an equal one ends.
        let row = Int(entries[first].row)
        if next - first > 1, Int(starts[row + 1] - starts[row]) > depth + 4 {
          pending.append((first, next, depth + 4))
        }
        first = next
      }
    }
    return sorted
  }

  /// Groups larger than this ask `isCancelled` before each pass over them.
  private static let block = 32_768

  /// Sorts a group by its bytes and then rows, in place: a quicksort with the median of
  /// three as pivot, the smaller side first, insertion below 16 entries. False, leaving the
  /// group in some order, once `isCancelled` says yes (asked before each pass over more
  /// than `block` entries: a few milliseconds of work apart at most).
  private static func quicksort(
    _ group: UnsafeMutableBufferPointer<Entry>, isCancelled: () -> Bool
  ) -> Bool {
    var ranges = [(group.startIndex, group.endIndex)]
    while let (lower, upper) = ranges.popLast() {
      var lower = lower
      var upper = upper
      while upper - lower > 16 {
        if upper - lower > block, isCancelled() { return false }
        let middle = lower + (upper - lower) / 2
        // The median of the first, middle and last entries, moved to the middle.
        if group[middle].precedes(group[lower]) { group.swapAt(middle, lower) }
        if group[upper - 1].precedes(group[middle]) {
          group.swapAt(upper - 1, middle)
          if group[middle].precedes(group[lower]) { group.swapAt(middle, lower) }
        }
        let pivot = group[middle]
        var left = lower
        var right = upper - 1
        // Hoare's partition: entries are distinct (rows differ), so both scans stop.
        while left <= right {
          while group[left].precedes(pivot) { left += 1 }
          while pivot.precedes(group[right]) { right -= 1 }
          if left <= right {
            group.swapAt(left, right)
            left += 1
            right -= 1
          }
        }
        // [lower, right] and [left, upper): the smaller one now, the larger one later.
        if right + 1 - lower < upper - left {
          ranges.append((left, upper))
          upper = right + 1
        } else {
          ranges.append((lower, right + 1))
          lower = left
        }
      }
      if upper - lower > 1 {
        for index in (lower + 1)..<upper {
          let entry = group[index]
          var target = index
          while target > lower, entry.precedes(group[target - 1]) {
            group[target] = group[target - 1]
            target -= 1
          }
          group[target] = entry
        }
      }
    }
    return true
  }

  /// Four bytes of a row's run from `depth` on, big-endian, zeros past its end.
  @inline(__always)
  private static func word<Start: BinaryInteger>(
    of row: Int, at depth: Int, runs: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Start>
  ) -> UInt32 {
    let offset = Int(starts[row]) + depth
    let remaining = Int(starts[row + 1]) - offset
    guard remaining > 0 else { return 0 }
    guard offset + 4 <= runs.count, let base = runs.baseAddress else {
      var word: UInt32 = 0
      for index in 0..<4 { word = word << 8 | UInt32(index < remaining ? runs[offset + index] : 0) }
      return word
    }
    let word = UInt32(bigEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
    return remaining >= 4 ? word : word & ~(UInt32.max >> (8 * remaining))
  }

  /// Sorts a few rows whose runs are equal up to `depth` by the rest of their runs.
  private static func insertionSort<Start: BinaryInteger>(
    _ group: UnsafeMutableBufferPointer<Entry>, from depth: Int, runs: UnsafeBufferPointer<UInt8>,
    starts: UnsafeBufferPointer<Start>
  ) {
    func precedes(_ left: Entry, _ right: Entry) -> Bool {
      var offset = depth
      let leftRow = Int(left.row)
      let rightRow = Int(right.row)
      while true {
        let leftWord = word(of: leftRow, at: offset, runs: runs, starts: starts)
        let rightWord = word(of: rightRow, at: offset, runs: runs, starts: starts)
        if leftWord != rightWord { return leftWord < rightWord }
        let leftEnd = Int(starts[leftRow + 1] - starts[leftRow])
        let rightEnd = Int(starts[rightRow + 1] - starts[rightRow])
        // Equal words where one run ends mean equal runs (no run begins another).
        if leftEnd <= offset + 4 || rightEnd <= offset + 4 { return leftRow < rightRow }
        offset += 4
      }
    }
    guard group.count > 1 else { return }
    for index in 1..<group.count {
      let entry = group[index]
      var target = index
      while target > 0, precedes(entry, group[target - 1]) {
        group[target] = group[target - 1]
        target -= 1
      }
      group[target] = entry
    }
  }
}
