/// Sorts rows by runs of bytes (`TableSortKeys`), stably: a most-significant-digit radix
/// sort that takes the runs 8 bytes at a time.
///
/// Every row starts with the first 8 bytes of its run as a big-endian integer; the rows are
/// sorted by that integer and their position, and each group of rows whose integers are equal
/// and whose runs go on is sorted again by the next 8 bytes. Most comparisons are then of two
/// integers next to each other in memory rather than of two strings somewhere in a large
/// buffer, and each byte of a run is read about once. Small groups are finished by insertion.
enum ByteRunSorter {
  /// A row being sorted: the 8 bytes of its run being compared, and its position.
  private struct Entry {
    var bytes: UInt64
    var row: Int
  }

  /// Groups at most this large are finished by insertion.
  private static let smallGroup = 12

  /// The rows in the order of their runs, rows with equal runs in their order.
  ///
  /// - Parameters:
  ///   - runs: the runs of all rows, one after the other.
  ///   - starts: where each row's run starts in `runs`, followed by the end of the last one.
  ///   - isCancelled: asked between groups; sorting stops once it says yes.
  /// - Returns: for each new position, the row's position (0-based); nil when cancelled.
  static func order(
    runs: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>, isCancelled: () -> Bool = { false }
  ) -> [Int]? {
    let count = starts.count - 1
    guard count > 1, !runs.isEmpty else { return Array(0..<max(count, 0)) }
    var entries = [Entry](unsafeUninitializedCapacity: count) { buffer, initialized in
      for row in 0..<count {
        buffer[row] = Entry(bytes: word(of: row, at: 0, runs: runs, starts: starts), row: row)
      }
      initialized = count
    }
    var wasCancelled = false
    entries.withUnsafeMutableBufferPointer { entries in
      // Groups still to sort, and how far into their runs their rows are known to be equal.
      var pending = [(lower: 0, upper: count, depth: 0)]
      // Where a group larger than a block is merged; allocated for the first one.
      var scratch: [Entry] = []
      while let (lower, upper, depth) = pending.popLast() {
        if isCancelled() {
          wasCancelled = true
          return
        }
        let group = UnsafeMutableBufferPointer(rebasing: entries[lower..<upper])
        if depth > 0 {
          for index in group.indices {
            group[index].bytes = word(of: group[index].row, at: depth, runs: runs, starts: starts)
          }
        }
        if group.count <= smallGroup {
          insertionSort(group, from: depth, runs: runs, starts: starts)
          continue
        }
        guard sort(group, scratch: &scratch, isCancelled: isCancelled) else {
          wasCancelled = true
          return
        }
        var first = lower
        while first < upper {
          var next = first + 1
          while next < upper, entries[next].bytes == entries[first].bytes { next += 1 }
          // Runs equal this far and ending within these 8 bytes are equal: no run is the
          // beginning of another, so none can go on where an equal one ends.
          let row = entries[first].row
          if next - first > 1, starts[row + 1] - starts[row] > depth + 8 {
            pending.append((first, next, depth + 8))
          }
          first = next
        }
      }
    }
    return wasCancelled ? nil : entries.map(\.row)
  }

  /// Groups larger than this are sorted a block at a time and the blocks merged, asking
  /// `isCancelled` between blocks: sorting a million rows in one step took about 100 ms.
  private static let block = 32_768

  /// Sorts a group by its words and then rows; false, leaving the group in some order, once
  /// `isCancelled` says yes (asked after each block sorted and each two runs merged, a few
  /// milliseconds of work at most for a million rows).
  private static func sort(
    _ group: UnsafeMutableBufferPointer<Entry>, scratch: inout [Entry], isCancelled: () -> Bool
  ) -> Bool {
    func precedes(_ left: Entry, _ right: Entry) -> Bool {
      left.bytes != right.bytes ? left.bytes < right.bytes : left.row < right.row
    }
    guard group.count > block else {
      var group = group
      group.sort(by: precedes)
      return true
    }
    for lower in stride(from: 0, to: group.count, by: block) {
      if isCancelled() { return false }
      var part = UnsafeMutableBufferPointer(rebasing: group[lower..<min(lower + block, group.count)])
      part.sort(by: precedes)
    }
    if scratch.count < group.count {
      scratch = [Entry](repeating: Entry(bytes: 0, row: 0), count: group.count)
    }
    return scratch.withUnsafeMutableBufferPointer { scratch in
      // Merges sorted runs of `width` pairwise from `source` into `target`, then swaps them.
      var source = group
      var target = UnsafeMutableBufferPointer(rebasing: scratch[0..<group.count])
      var width = block
      while width < group.count {
        for lower in stride(from: 0, to: group.count, by: 2 * width) {
          let middle = min(lower + width, group.count)
          let upper = min(lower + 2 * width, group.count)
          var left = lower
          var right = middle
          for index in lower..<upper {
            if right == upper || (left < middle && !precedes(source[right], source[left])) {
              target[index] = source[left]
              left += 1
            } else {
              target[index] = source[right]
              right += 1
            }
          }
          if isCancelled() { return false }
        }
        swap(&source, &target)
        width *= 2
      }
      if source.baseAddress != group.baseAddress {
        for index in group.indices { group[index] = source[index] }
      }
      return true
    }
  }

  /// Eight bytes of a row's run from `depth` on, big-endian, zeros past its end.
  @inline(__always)
  private static func word(
    of row: Int, at depth: Int, runs: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>
  ) -> UInt64 {
    let offset = starts[row] + depth
    let remaining = starts[row + 1] - offset
    guard remaining > 0 else { return 0 }
    guard offset + 8 <= runs.count else {
      var word: UInt64 = 0
      for index in 0..<8 { word = word << 8 | UInt64(index < remaining ? runs[offset + index] : 0) }
      return word
    }
    let word = UInt64(bigEndian: UnsafeRawPointer(runs.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    return remaining >= 8 ? word : word & ~(UInt64.max >> (8 * remaining))
  }

  /// Sorts a few rows whose runs are equal up to `depth` by the rest of their runs.
  private static func insertionSort(
    _ group: UnsafeMutableBufferPointer<Entry>, from depth: Int, runs: UnsafeBufferPointer<UInt8>,
    starts: UnsafeBufferPointer<Int>
  ) {
    func precedes(_ left: Entry, _ right: Entry) -> Bool {
      var offset = depth
      while true {
        let leftWord = word(of: left.row, at: offset, runs: runs, starts: starts)
        let rightWord = word(of: right.row, at: offset, runs: runs, starts: starts)
        if leftWord != rightWord { return leftWord < rightWord }
        let leftEnd = starts[left.row + 1] - starts[left.row]
        let rightEnd = starts[right.row + 1] - starts[right.row]
        // Equal words where one run ends mean equal runs (no run begins another).
        if leftEnd <= offset + 8 || rightEnd <= offset + 8 { return left.row < right.row }
        offset += 8
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
