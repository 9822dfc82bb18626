/// Strings kept as one buffer of UTF-8 and the offsets where each ends.
///
/// Printing a table of a million rows holds its cells and its laid-out lines this way rather
/// than as a `String` (and an array) per row, so that building them allocates a few large
/// arrays and giving them up, when Ctrl-C stops a print, frees those few arrays at once
/// instead of millions of small ones.
struct PackedStrings: Sendable, Equatable {
  /// The strings' UTF-8, one after another.
  private(set) var bytes: [UInt8] = []
  /// Where each string ends in `bytes`; a string starts where the one before ends.
  private var ends: [Int] = []

  /// No strings.
  init() {}

  /// The strings given, in order.
  init(_ strings: some Sequence<String>) {
    for string in strings { append(string) }
  }

  /// The number of strings.
  var count: Int { ends.count }

  /// Where string `index` is in `bytes`.
  func range(of index: Int) -> Range<Int> {
    (index == 0 ? 0 : ends[index - 1])..<ends[index]
  }

  /// String `index`.
  subscript(index: Int) -> String {
    String(decoding: bytes[range(of: index)], as: UTF8.self)
  }

  /// Appends a string.
  mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { bytes.append(contentsOf: $0) }
    ends.append(bytes.count)
  }

  /// Appends a string made of UTF-8 bytes.
  mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: utf8)
    ends.append(bytes.count)
  }

  /// Appends the string `body` writes at the end of the buffer it is given.
  mutating func append(writing body: (inout [UInt8]) -> Void) {
    body(&bytes)
    ends.append(bytes.count)
  }

  /// Sets aside room for `count` more strings of `size` bytes in all.
  mutating func reserve(strings count: Int, bytes size: Int) {
    ends.reserveCapacity(ends.count + count)
    bytes.reserveCapacity(bytes.count + size)
  }
}
